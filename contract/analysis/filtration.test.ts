import { describe, expect, it } from 'vitest';
import {
  detectEfficiencyDrops, efficiencySeries, filtrationEfficiency, periodEfficiency, stageEfficiencies, type FiltrationSample,
} from './filtration';

const HOUR = 3_600_000;
const samples = (pairs: [number, number][]): FiltrationSample[] => pairs.map(([upstream, downstream], i) => ({ t: i * HOUR, upstream, downstream }));
/** η 0.9 with a little noise: 80 μg/m³ upstream, 7–9 downstream. */
const normal = (n: number): [number, number][] => Array.from({ length: n }, (_, i) => [80, 8 + ((i % 3) - 1)]);

describe('filtration efficiency', () => {
  it('computes η = 1 − downstream ÷ upstream and skips clean or missing air', () => {
    expect(filtrationEfficiency(100, 20)).toBeCloseTo(0.8, 12);
    expect(filtrationEfficiency(100, 120)).toBeCloseTo(-0.2, 12);
    expect(filtrationEfficiency(10, 2)).toBeNull();
    expect(filtrationEfficiency(10, 2, 5)).toBeCloseTo(0.8, 12);
    expect(filtrationEfficiency(null, 2)).toBeNull();
    expect(filtrationEfficiency(100, Number.NaN)).toBeNull();
    expect(filtrationEfficiency(100, -3)).toBe(1);
  });

  it('splits a filter train into stages', () => {
    const r = stageEfficiencies([100, 40, 10]);
    expect(r.stages[0]).toBeCloseTo(0.6, 12);
    expect(r.stages[1]).toBeCloseTo(0.75, 12);
    expect(r.overall).toBeCloseTo(0.9, 12);
    expect(stageEfficiencies([100, 12, 3]).stages[1]).toBeNull();
    expect(stageEfficiencies([100])).toEqual({ stages: [], overall: null });
  });

  it('gives a series over time and a concentration-weighted period value', () => {
    const s = samples([[100, 10], [50, 10], [5, 5]]);
    expect(efficiencySeries(s).map((p) => p.efficiency)).toEqual([0.9, 0.8, null]);
    // 1 − (10 + 10) / (100 + 50)
    expect(periodEfficiency(s)).toBeCloseTo(1 - 20 / 150, 12);
    expect(periodEfficiency(samples([[5, 1]]))).toBeNull();
  });
});

describe('leak and bypass detection', () => {
  it('flags a sustained drop against the recent median, and its end', () => {
    const s = samples([...normal(30), ...Array.from({ length: 5 }, (): [number, number] => [80, 30]), ...normal(10)]);
    const events = detectEfficiencyDrops(s);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: 30 * HOUR, end: 34 * HOUR, baseline: 0.9 });
    expect(events[0].efficiency).toBeCloseTo(1 - 30 / 80, 12);
    expect(events[0].drop).toBeCloseTo(0.275, 12);
  });

  it('keeps a lasting leak open instead of learning it as normal', () => {
    const events = detectEfficiencyDrops(samples([...normal(30), ...Array.from({ length: 60 }, (): [number, number] => [80, 40])]));
    expect(events).toEqual([{ start: 30 * HOUR, end: null, baseline: 0.9, efficiency: 0.5, drop: expect.closeTo(0.4, 12) as number }]);
  });

  it('ignores single low readings, clean air and small changes', () => {
    // One bad reading.
    expect(detectEfficiencyDrops(samples([...normal(30), [80, 40], ...normal(10)]))).toEqual([]);
    // Clean air: 6 → 4 μg/m³ reads η 0.33 but is below the minimum upstream.
    expect(detectEfficiencyDrops(samples([...normal(30), ...Array.from({ length: 10 }, (): [number, number] => [6, 4]), ...normal(5)]))).toEqual([]);
    // 0.9 → 0.85: penetration 1.5 × and a 0.05 drop, within the filter's normal drift.
    expect(detectEfficiencyDrops(samples([...normal(30), ...Array.from({ length: 10 }, (): [number, number] => [80, 12])]))).toEqual([]);
    // Clean hours in the middle neither raise nor break an event.
    const broken = detectEfficiencyDrops(samples([...normal(30), [80, 30], [5, 5], [80, 30], [5, 5], [80, 30], ...normal(5)]));
    expect(broken).toMatchObject([{ start: 30 * HOUR, end: 34 * HOUR }]);
    // Too little history: nothing judged.
    expect(detectEfficiencyDrops(samples([...normal(5), [80, 40], [80, 40], [80, 40]]))).toEqual([]);
  });
});
