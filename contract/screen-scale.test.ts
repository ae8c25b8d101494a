import { describe, expect, it } from 'vitest';
import { computeScale, renderScale } from './screen-scale';

describe('computeScale (contract)', () => {
  it('fits a 1920×1080 canvas into 4K exactly twice as large', () => {
    expect(computeScale('fit', 1920, 1080, 3840, 2160)).toEqual({ scaleX: 2, scaleY: 2, left: 0, top: 0 });
  });

  it('pillarboxes a 4:3 canvas on a 16:9 viewport, centred horizontally', () => {
    const p = computeScale('fit', 1024, 768, 1920, 1080);
    expect(p.scaleX).toBeCloseTo(1080 / 768);
    expect(p.scaleY).toBe(p.scaleX);
    expect(p.top).toBe(0);
    expect(p.left).toBeCloseTo((1920 - 1024 * (1080 / 768)) / 2);
  });

  it('fillWidth keeps the overflowing axis at the top (it scrolls), never negative', () => {
    expect(computeScale('fillWidth', 1000, 1000, 2000, 1000)).toEqual({ scaleX: 2, scaleY: 2, left: 0, top: 0 });
    expect(computeScale('fillHeight', 1000, 1000, 1000, 2000)).toEqual({ scaleX: 2, scaleY: 2, left: 0, top: 0 });
  });

  it('centres the short axis of fillWidth', () => {
    expect(computeScale('fillWidth', 1920, 1080, 3840, 2560)).toEqual({ scaleX: 2, scaleY: 2, left: 0, top: 200 });
  });

  it('stretches both axes independently and renders charts at the larger one', () => {
    const p = computeScale('stretch', 1920, 1080, 3840, 1080);
    expect(p).toEqual({ scaleX: 2, scaleY: 1, left: 0, top: 0 });
    expect(renderScale(p)).toBe(2);
  });
});
