import type { Canvas, EditorWidget, Rect } from './types';

/** The smallest width and height a widget can be resized to, in design pixels. */
export const MIN_WIDGET_SIZE = 8;

export const rectOf = (w: EditorWidget): Rect => ({ x: w.x, y: w.y, w: w.w, h: w.h });

export function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

/** The bounding box of some rectangles; undefined for none. */
export function boundsOf(rects: readonly Rect[]): Rect | undefined {
  if (rects.length === 0) return undefined;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const r of rects) {
    left = Math.min(left, r.x);
    top = Math.min(top, r.y);
    right = Math.max(right, r.x + r.w);
    bottom = Math.max(bottom, r.y + r.h);
  }
  return { x: left, y: top, w: right - left, h: bottom - top };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

/** A rectangle from two corners in any order (a marquee dragged up and left). */
export function rectFromPoints(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** `r` with any value that is not a finite number taken from `fallback` (a stray NaN from a gesture changes nothing). */
export function finiteRect(r: Partial<Rect>, fallback: Rect): Rect {
  const pick = (v: number | undefined, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return { x: pick(r.x, fallback.x), y: pick(r.y, fallback.y), w: pick(r.w, fallback.w), h: pick(r.h, fallback.h) };
}

/**
 * A rectangle placed on the canvas keeping its size where it can: integer, at least
 * `min`×`min` (never more than the canvas), then moved inside. For typed values and moves.
 */
export function placeRect(r: Rect, canvas: Pick<Canvas, 'width' | 'height'>, min = MIN_WIDGET_SIZE): Rect {
  const w = clamp(Math.round(r.w), Math.min(min, canvas.width), canvas.width);
  const h = clamp(Math.round(r.h), Math.min(min, canvas.height), canvas.height);
  return { x: clamp(Math.round(r.x), 0, canvas.width - w), y: clamp(Math.round(r.y), 0, canvas.height - h), w, h };
}

/**
 * A rectangle cut to the canvas by its edges: what a resize handle dragged past the canvas
 * border gives (the edge stops at the border, the opposite edge stays). At least `min`×`min`.
 */
export function clipRect(r: Rect, canvas: Pick<Canvas, 'width' | 'height'>, min = MIN_WIDGET_SIZE): Rect {
  const axis = (start: number, size: number, limit: number) => {
    const m = Math.min(min, limit);
    let a = clamp(Math.round(start), 0, limit);
    let b = clamp(Math.round(start + size), 0, limit);
    if (b - a < m) {
      if (a + m <= limit) b = a + m;
      else {
        b = limit;
        a = limit - m;
      }
    }
    return [a, b - a] as const;
  };
  const [x, w] = axis(r.x, r.w, canvas.width);
  const [y, h] = axis(r.y, r.h, canvas.height);
  return { x, y, w, h };
}

/** The widget with a new rectangle; the same object when nothing changes (untouched widgets keep identity). */
export function withRect(w: EditorWidget, r: Rect): EditorWidget {
  return sameRect(rectOf(w), r) ? w : { ...w, x: r.x, y: r.y, w: r.w, h: r.h };
}
