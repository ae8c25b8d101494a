import type { Point, Rect } from './types';

export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
/** The zoom-in / zoom-out stops (25 %–400 %). */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export interface Size {
  width: number;
  height: number;
}

/** How the canvas sits in the viewport: design px × zoom, its origin at (x, y) viewport px. */
export interface CanvasView {
  zoom: number;
  x: number;
  y: number;
}

export const clampZoom = (zoom: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Number.isFinite(zoom) ? zoom : 1));

/** The zoom at which the whole canvas fits the viewport with `padding` px around it (25–400 %). */
export function fitZoom(canvas: Size, viewport: Size, padding = 40): number {
  const w = Math.max(1, viewport.width - 2 * padding);
  const h = Math.max(1, viewport.height - 2 * padding);
  return clampZoom(Math.min(w / canvas.width, h / canvas.height));
}

/** The canvas fitted and centred in the viewport. */
export function fitView(canvas: Size, viewport: Size, padding = 40): CanvasView {
  const zoom = fitZoom(canvas, viewport, padding);
  return { zoom, x: (viewport.width - canvas.width * zoom) / 2, y: (viewport.height - canvas.height * zoom) / 2 };
}

/** The next stop above the zoom (stays at 400 %). */
export function zoomIn(zoom: number): number {
  return ZOOM_STEPS.find((s) => s > zoom + 1e-9) ?? ZOOM_MAX;
}

/** The next stop below the zoom (stays at 25 %). */
export function zoomOut(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((s) => s < zoom - 1e-9) ?? ZOOM_MIN;
}

/** The view at another zoom with the canvas point under `anchor` (viewport px) staying under it. */
export function zoomAround(view: CanvasView, zoom: number, anchor: Point): CanvasView {
  const next = clampZoom(zoom);
  const p = screenToCanvas(view, anchor);
  return { zoom: next, x: anchor.x - p.x * next, y: anchor.y - p.y * next };
}

/** Ctrl+wheel: zooms by the wheel's delta (a notch of 100 ≈ 16 %) around the cursor. */
export function wheelZoom(view: CanvasView, deltaY: number, cursor: Point, sensitivity = 0.0015): CanvasView {
  return zoomAround(view, view.zoom * Math.exp(-deltaY * sensitivity), cursor);
}

export const panBy = (view: CanvasView, dx: number, dy: number): CanvasView => ({ ...view, x: view.x + dx, y: view.y + dy });

/** A viewport point (px from the viewport's top-left) in design px. */
export function screenToCanvas(view: CanvasView, p: Point): Point {
  return { x: (p.x - view.x) / view.zoom, y: (p.y - view.y) / view.zoom };
}

export function canvasToScreen(view: CanvasView, p: Point): Point {
  return { x: p.x * view.zoom + view.x, y: p.y * view.zoom + view.y };
}

export function screenRectToCanvas(view: CanvasView, r: Rect): Rect {
  const p = screenToCanvas(view, r);
  return { x: p.x, y: p.y, w: r.w / view.zoom, h: r.h / view.zoom };
}

/** The zoom as a whole percentage, for the toolbar. */
export const zoomPercent = (zoom: number): number => Math.round(zoom * 100);
