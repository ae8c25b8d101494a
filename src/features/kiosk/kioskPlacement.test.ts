import { describe, expect, it } from 'vitest';
import { KIOSK_STRIP_VMIN, kioskPlacer, kioskStripPx } from './kioskPlacement';

const canvas = { width: 1920, height: 1080, background: '#000', scaleMode: 'fit' as const };

describe('kioskPlacer', () => {
  it('is the strip\'s vmin of the smaller side', () => {
    expect(kioskStripPx({ width: 1920, height: 1080 })).toBeCloseTo(1080 * KIOSK_STRIP_VMIN / 100, 9);
    expect(kioskStripPx({ width: 1080, height: 1920 })).toBeCloseTo(1080 * KIOSK_STRIP_VMIN / 100, 9);
  });

  it('fits a template into the window above the strip: nothing of it lies under the caption', () => {
    for (const viewport of [{ width: 1920, height: 1080 }, { width: 3840, height: 2160 }, { width: 1920, height: 1200 }]) {
      const p = kioskPlacer(canvas, viewport);
      const strip = kioskStripPx(viewport);
      expect(p.top + canvas.height * p.scaleY).toBeLessThanOrEqual(viewport.height - strip + 1e-9);
      expect(p.left + canvas.width * p.scaleX).toBeLessThanOrEqual(viewport.width + 1e-9);
      // Centred across, as the fit mode places it.
      expect(p.left).toBeCloseTo((viewport.width - canvas.width * p.scaleX) / 2, 9);
    }
    // A 16:9 window: the canvas shrinks by the strip's height (3.6 %), no more.
    expect(kioskPlacer(canvas, { width: 1920, height: 1080 }).scaleY).toBeCloseTo(1 - KIOSK_STRIP_VMIN / 100, 9);
    // 16:10: the letterbox already holds the strip; the canvas keeps the full width.
    expect(kioskPlacer(canvas, { width: 1920, height: 1200 }).scaleX).toBe(1);
  });

  it('keeps the other scale modes', () => {
    const p = kioskPlacer({ ...canvas, scaleMode: 'stretch' }, { width: 1000, height: 500 });
    expect(p).toMatchObject({ left: 0, top: 0, scaleX: 1000 / 1920 });
    expect(p.scaleY).toBeCloseTo((500 - kioskStripPx({ width: 1000, height: 500 })) / 1080, 9);
  });
});
