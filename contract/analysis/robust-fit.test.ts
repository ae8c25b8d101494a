import { describe, expect, it } from 'vitest';
import { blockMedians, fitTrend, median, theilSen, trendAt, trendReaches } from './robust-fit';

describe('robust fit', () => {
  it('finds the Theil–Sen slope despite outliers, with an interval around it', () => {
    const pts = Array.from({ length: 30 }, (_, x) => ({ x, y: 10 + 2 * x + (x % 7 === 3 ? 500 : 0) }));
    const fit = theilSen(pts)!;
    expect(fit.slope).toBeCloseTo(2, 6);
    expect(fit.intercept).toBeCloseTo(10, 6);
    expect(fit.slopeLow).toBeLessThanOrEqual(2);
    expect(fit.slopeHigh).toBeGreaterThanOrEqual(2);
    expect(theilSen([{ x: 1, y: 1 }, { x: 1, y: 2 }])).toBeNull();
  });

  it('thins long series to block medians and chooses the model that follows the data', () => {
    const long = Array.from({ length: 365 }, (_, x) => ({ x, y: x }));
    const blocks = blockMedians(long, 40);
    expect(blocks.length).toBeLessThanOrEqual(40);
    expect(blocks[0]).toEqual({ x: 4.5, y: 4.5 }); // days 0..9
    expect(fitTrend(Array.from({ length: 20 }, (_, x) => ({ x, y: 100 + 3 * x })))!.model).toBe('linear');
    expect(fitTrend(Array.from({ length: 20 }, (_, x) => ({ x, y: 100 * Math.exp(x / 10) })))!.model).toBe('exponential');
  });
});

describe('trend arithmetic', () => {
  it('evaluates and inverts both models', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const line = { model: 'linear' as const, a: 100, b: 2, bLow: 1, bHigh: 3, base: 0, score: 0 };
    expect(trendAt(line, 10)).toBe(120);
    expect(trendReaches(line, 200)).toBe(50);
    // From x = 10 (level 120) with the low slope 1: 80 more days.
    expect(trendReaches(line, 200, 1, 10)).toBe(90);
    expect(trendReaches(line, 200, 0, 10)).toBeNull();
    const exp = { model: 'exponential' as const, a: Math.log(50), b: 0.1, bLow: 0.05, bHigh: 0.2, base: 100, score: 0 };
    expect(trendAt(exp, 0)).toBeCloseTo(150, 10);
    // 100 + 50·e^(0.1x) = 300 at x = 10·ln 4.
    expect(trendReaches(exp, 300)!).toBeCloseTo(10 * Math.log(4), 10);
    expect(trendReaches(exp, 90)).toBeNull();
  });
});
