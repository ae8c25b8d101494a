import type { EditorDoc, Guides, Rect } from './types';

/**
 * A line something can snap to. `vertical` lines sit at an x (`pos`) and run from y = start to
 * end; `horizontal` lines sit at a y and run along x. (Moveable's verticalGuidelines are x values.)
 */
export interface SnapTarget {
  pos: number;
  start: number;
  end: number;
  source: 'widget' | 'canvas' | 'guide';
  kind: 'edge' | 'centre';
  /** The widget it belongs to, for source 'widget'. */
  widgetId?: string;
}

export interface SnapTargets {
  vertical: SnapTarget[];
  horizontal: SnapTarget[];
}

/** An alignment line to draw while dragging, in design pixels. */
export interface AlignmentLine {
  orientation: 'vertical' | 'horizontal';
  pos: number;
  start: number;
  end: number;
}

export interface SnapResult {
  rect: Rect;
  /** The line each axis snapped to; null when it did not (grid snapping does not count). */
  snappedX: number | null;
  snappedY: number | null;
  lines: AlignmentLine[];
}

/** How close (design px) a rectangle's edge or centre must come to a target to snap. */
export const SNAP_THRESHOLD = 6;

/**
 * What a moving selection can snap to: the edges and centres of the other visible widgets, the
 * canvas' edges and centre, and the user guides.
 */
export function snapTargets(doc: EditorDoc, movingIds: readonly string[], guides: Guides): SnapTargets {
  const { width, height } = doc.canvas;
  const moving = new Set(movingIds);
  const vertical: SnapTarget[] = [
    { pos: 0, start: 0, end: height, source: 'canvas', kind: 'edge' },
    { pos: width / 2, start: 0, end: height, source: 'canvas', kind: 'centre' },
    { pos: width, start: 0, end: height, source: 'canvas', kind: 'edge' },
  ];
  const horizontal: SnapTarget[] = [
    { pos: 0, start: 0, end: width, source: 'canvas', kind: 'edge' },
    { pos: height / 2, start: 0, end: width, source: 'canvas', kind: 'centre' },
    { pos: height, start: 0, end: width, source: 'canvas', kind: 'edge' },
  ];
  for (const w of doc.widgets) {
    if (moving.has(w.id) || w.hidden) continue;
    const ys = { start: w.y, end: w.y + w.h, source: 'widget' as const, widgetId: w.id };
    const xs = { start: w.x, end: w.x + w.w, source: 'widget' as const, widgetId: w.id };
    vertical.push({ pos: w.x, kind: 'edge', ...ys }, { pos: w.x + w.w / 2, kind: 'centre', ...ys }, { pos: w.x + w.w, kind: 'edge', ...ys });
    horizontal.push({ pos: w.y, kind: 'edge', ...xs }, { pos: w.y + w.h / 2, kind: 'centre', ...xs }, { pos: w.y + w.h, kind: 'edge', ...xs });
  }
  for (const x of guides.v) vertical.push({ pos: x, start: 0, end: height, source: 'guide', kind: 'edge' });
  for (const y of guides.h) horizontal.push({ pos: y, start: 0, end: width, source: 'guide', kind: 'edge' });
  return { vertical, horizontal };
}

/** The target positions as Moveable's `verticalGuidelines` / `horizontalGuidelines` want them: unique, sorted. */
export function guidelinePositions(targets: SnapTargets): { vertical: number[]; horizontal: number[] } {
  const uniq = (list: SnapTarget[]) => [...new Set(list.map((t) => t.pos))].sort((a, b) => a - b);
  return { vertical: uniq(targets.vertical), horizontal: uniq(targets.horizontal) };
}

/** The offset that brings one of `points` onto the nearest target within `threshold`, or null. */
function nearest(points: number[], targets: SnapTarget[], threshold: number): number | null {
  let best: number | null = null;
  for (const t of targets) {
    for (const p of points) {
      const d = t.pos - p;
      if (Math.abs(d) <= threshold && (best === null || Math.abs(d) < Math.abs(best))) best = d;
    }
  }
  return best;
}

/** The lines through the rectangle's edges and centre on one axis, each spanning the rectangle and what it lines up with. */
function linesFor(points: number[], span: [number, number], targets: SnapTarget[], orientation: AlignmentLine['orientation']): AlignmentLine[] {
  const byPos = new Map<number, AlignmentLine>();
  for (const t of targets) {
    if (!points.some((p) => Math.abs(p - t.pos) <= 0.5)) continue;
    const line = byPos.get(t.pos) ?? { orientation, pos: t.pos, start: span[0], end: span[1] };
    line.start = Math.min(line.start, t.start);
    line.end = Math.max(line.end, t.end);
    byPos.set(t.pos, line);
  }
  return [...byPos.values()];
}

/**
 * Snaps a moving rectangle (size kept): on each axis its nearest edge or centre within
 * `threshold` of a target moves onto it; an axis that snaps to nothing snaps its left / top edge
 * to the `grid` when one is given (> 0). The result is in whole design pixels, with the
 * alignment lines to show (every target the snapped rectangle's edges or centre now touch).
 */
export function snapRect(rect: Rect, targets: SnapTargets, threshold = SNAP_THRESHOLD, grid?: number): SnapResult {
  const xs = [rect.x, rect.x + rect.w / 2, rect.x + rect.w];
  const ys = [rect.y, rect.y + rect.h / 2, rect.y + rect.h];
  const dx = nearest(xs, targets.vertical, threshold);
  const dy = nearest(ys, targets.horizontal, threshold);
  const onGrid = (v: number) => (grid && grid > 0 ? Math.round(v / grid) * grid : v);
  const x = Math.round(dx === null ? onGrid(rect.x) : rect.x + dx);
  const y = Math.round(dy === null ? onGrid(rect.y) : rect.y + dy);
  const out = { x, y, w: rect.w, h: rect.h };
  const lines = [
    ...(dx === null ? [] : linesFor([x, x + out.w / 2, x + out.w], [y, y + out.h], targets.vertical, 'vertical')),
    ...(dy === null ? [] : linesFor([y, y + out.h / 2, y + out.h], [x, x + out.w], targets.horizontal, 'horizontal')),
  ];
  return { rect: out, snappedX: dx === null ? null : x, snappedY: dy === null ? null : y, lines };
}
