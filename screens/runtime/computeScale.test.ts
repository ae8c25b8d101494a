import { describe, expect, it } from 'vitest';
import { computeScale, renderScale } from './computeScale';

describe('computeScale', () => {
  it('fits a 1920×1080 canvas into 4K exactly twice as large', () => {
    expect(computeScale('fit', 1920, 1080, 3840, 2160)).toEqual({ scaleX: 2, scaleY: 2, left: 0, top: 0 });
  });

  it('letterboxes a 16:9 canvas on a 4:3 screen, centred vertically', () => {
    const p = computeScale('fit', 1920, 1080, 1024, 768);
    expect(p.scaleX).toBeCloseTo(1024 / 1920);
    expect(p.scaleY).toBe(p.scaleX);
    expect(p.left).toBe(0);
    expect(p.top).toBeCloseTo((768 - 1080 * (1024 / 1920)) / 2);
  });

  it('fills the width or the height, keeping the aspect', () => {
    expect(computeScale('fillWidth', 1920, 1080, 3840, 1000).scaleX).toBe(2);
    const h = computeScale('fillHeight', 1920, 1080, 1000, 2160);
    expect(h.scaleY).toBe(2);
    expect(h.scaleX).toBe(2);
  });

  it('stretches both axes independently', () => {
    expect(computeScale('stretch', 1920, 1080, 3840, 1080)).toEqual({ scaleX: 2, scaleY: 1, left: 0, top: 0 });
  });

  it('renders charts at the larger axis scale', () => {
    expect(renderScale({ scaleX: 2, scaleY: 1, left: 0, top: 0 })).toBe(2);
  });
});
