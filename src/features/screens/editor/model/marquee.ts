import { stackOrder } from './docHelpers';
import { contains, intersects } from './geometry';
import type { EditorDoc, Point, Rect } from './types';

/**
 * The visible widgets a marquee (design px) selects, in document order: those it touches
 * (`intersect`) or those wholly inside it (`contain`). Group members are not added here; the
 * select command does that.
 */
export function widgetsInMarquee(doc: EditorDoc, marquee: Rect, mode: 'intersect' | 'contain' = 'intersect'): string[] {
  if (marquee.w <= 0 && marquee.h <= 0) return [];
  const hit = mode === 'contain' ? (r: Rect) => contains(marquee, r) : (r: Rect) => intersects(marquee, r);
  return doc.widgets.filter((w) => !w.hidden && hit(w)).map((w) => w.id);
}

/** The topmost visible widget under a point (design px): highest z, then last in the list; undefined on the bare canvas. */
export function widgetAt(doc: EditorDoc, p: Point): string | undefined {
  const stack = stackOrder(doc.widgets);
  for (let i = stack.length - 1; i >= 0; i--) {
    const w = stack[i];
    if (!w.hidden && p.x >= w.x && p.x < w.x + w.w && p.y >= w.y && p.y < w.y + w.h) return w.id;
  }
  return undefined;
}
