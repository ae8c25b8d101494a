import { describe, expect, it } from 'vitest';
import {
  ZOOM_MAX, ZOOM_MIN, canvasToScreen, clampZoom, fitView, fitZoom, panBy, screenRectToCanvas, screenToCanvas, wheelZoom, zoomAround, zoomIn, zoomOut, zoomPercent,
} from './zoom';

describe('zoom', () => {
  it('fits the canvas in the viewport with padding, within 25–400 %', () => {
    expect(fitZoom({ width: 1920, height: 1080 }, { width: 1040, height: 1000 }, 40)).toBe(0.5);
    expect(fitZoom({ width: 3840, height: 2160 }, { width: 500, height: 400 }, 40)).toBe(ZOOM_MIN);
    expect(fitZoom({ width: 100, height: 100 }, { width: 2000, height: 2000 }, 40)).toBe(ZOOM_MAX);
    expect(fitView({ width: 1920, height: 1080 }, { width: 1040, height: 1000 }, 40)).toEqual({ zoom: 0.5, x: 40, y: 230 });
  });

  it('clamps and steps through the stops', () => {
    expect(clampZoom(0.1)).toBe(0.25);
    expect(clampZoom(9)).toBe(4);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomIn(0.9)).toBe(1);
    expect(zoomIn(4)).toBe(4);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(0.25)).toBe(0.25);
    expect(zoomPercent(0.333)).toBe(33);
  });

  it('keeps the canvas point under the cursor fixed when zooming around it', () => {
    const view = { zoom: 0.5, x: 40, y: 230 };
    const cursor = { x: 500, y: 400 };
    const before = screenToCanvas(view, cursor);
    for (const next of [zoomAround(view, 2, cursor), wheelZoom(view, -240, cursor), wheelZoom(view, 10_000, cursor)]) {
      const after = screenToCanvas(next, cursor);
      expect(after.x).toBeCloseTo(before.x, 9);
      expect(after.y).toBeCloseTo(before.y, 9);
    }
    expect(wheelZoom(view, -100, cursor).zoom).toBeGreaterThan(0.5);
    expect(wheelZoom(view, 100, cursor).zoom).toBeLessThan(0.5);
    expect(wheelZoom(view, 10_000, cursor).zoom).toBe(0.25);
  });

  it('converts between screen and canvas coordinates', () => {
    const view = { zoom: 2, x: 100, y: 50 };
    expect(screenToCanvas(view, { x: 300, y: 250 })).toEqual({ x: 100, y: 100 });
    expect(canvasToScreen(view, { x: 100, y: 100 })).toEqual({ x: 300, y: 250 });
    expect(screenRectToCanvas(view, { x: 100, y: 50, w: 40, h: 20 })).toEqual({ x: 0, y: 0, w: 20, h: 10 });
    expect(panBy(view, 10, -5)).toEqual({ zoom: 2, x: 110, y: 45 });
  });
});
