import { describe, expect, it } from 'vitest';
import {
  DAY_MS, analyzeFilterLife, checkFilterLifeSettings, detectReplacements, finalResistancePa,
  type FilterDay, type FilterLifeSettings,
} from './filter-life';

const T0 = Date.UTC(2026, 0, 1) - 8 * 3_600_000;
const dayAt = (d: number) => T0 + d * DAY_MS;
const SETTINGS: FilterLifeSettings = {
  initialPa: 150, finalResistance: { kind: 'fixed', pa: 450 }, ratedAirVolumeM3h: 10_000,
  dustCapacityG: null, captureEfficiency: 0.8, maxServiceDays: null, warningDays: 10,
};

/** Deterministic noise: mulberry32 and Box–Muller. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function gauss(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const history = (from: number, to: number, pa: (d: number) => number | null): FilterDay[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ day: dayAt(from + i), resistancePa: pa(from + i) }));

/** Days between the predicted date and the true crossing day. */
const offBy = (date: number, trueDay: number) => Math.abs(date - dayAt(trueDay)) / DAY_MS;

describe('filter life settings', () => {
  it('computes the final resistance and names the first bad field', () => {
    expect(finalResistancePa(SETTINGS)).toBe(450);
    expect(finalResistancePa({ initialPa: 120, finalResistance: { kind: 'multiple', factor: 2.5 } })).toBe(300);
    expect(checkFilterLifeSettings(SETTINGS)).toBeNull();
    expect(checkFilterLifeSettings({ ...SETTINGS, initialPa: 0 })?.field).toBe('initialPa');
    expect(checkFilterLifeSettings({ ...SETTINGS, finalResistance: { kind: 'fixed', pa: 100 } })?.field).toBe('finalResistance');
    expect(checkFilterLifeSettings({ ...SETTINGS, finalResistance: { kind: 'multiple', factor: 1 } })?.field).toBe('finalResistance');
    expect(checkFilterLifeSettings({ ...SETTINGS, captureEfficiency: 1.2 })?.field).toBe('captureEfficiency');
    expect(checkFilterLifeSettings({ ...SETTINGS, dustCapacityG: -1 })?.field).toBe('dustCapacityG');
    expect(checkFilterLifeSettings({ ...SETTINGS, warningDays: Number.NaN })?.field).toBe('warningDays');
  });
});

describe('filter life from resistance', () => {
  it('predicts a linear history within 3 days', () => {
    // 150 + 2 Pa/day reaches 450 Pa on day 150; the history ends with day 99.
    const r = analyzeFilterLife(history(0, 99, (d) => 150 + 2 * d), SETTINGS);
    expect(r.resistance.ok && r.resistance.model).toBe('linear');
    expect(r.decision?.reason).toBe('resistance');
    expect(offBy(r.decision!.date, 150)).toBeLessThanOrEqual(3);
    expect(r.decision!.remainingDays).toBeCloseTo(50, 0);
    expect(r.decision!.usedLifePercent).toBeCloseTo(100 * 100 / 150, 0);
    if (!r.resistance.ok) throw new Error('no prediction');
    expect(r.resistance.earliest).toBeLessThanOrEqual(r.resistance.date);
    expect(r.resistance.latest!).toBeGreaterThanOrEqual(r.resistance.date);
    expect(r.resistance.usedPercent).toBeCloseTo(100 * (350 - 150) / 300, 0);
    expect(r.warning).toBe(false);
  });

  it('predicts an exponential history within 3 days', () => {
    // 150·e^(d/100) reaches 3 × 150 Pa on day 100·ln 3 = 109.9; the history ends with day 89.
    const settings = { ...SETTINGS, finalResistance: { kind: 'multiple', factor: 3 } as const };
    const r = analyzeFilterLife(history(0, 89, (d) => 150 * Math.exp(d / 100)), settings);
    expect(r.resistance.ok && r.resistance.model).toBe('exponential');
    expect(offBy(r.decision!.date, 100 * Math.log(3))).toBeLessThanOrEqual(3);
  });

  it('predicts an offset exponential (slow start, fast end) within 3 days', () => {
    // 140 + 10·e^(d/30): 450 Pa on day 30·ln 31 = 103.0; the history ends with day 84.
    const r = analyzeFilterLife(history(0, 84, (d) => 140 + 10 * Math.exp(d / 30)), SETTINGS);
    expect(r.resistance.ok && r.resistance.model).toBe('exponential');
    expect(offBy(r.decision!.date, 30 * Math.log(31))).toBeLessThanOrEqual(3);
  });

  it('predicts a noisy history with outliers and dropouts within 3 days', () => {
    const random = rng(20);
    // 150 + 1.5 Pa/day reaches 450 Pa on day 200; noise σ 6 Pa, spikes every 13th day, zero readings every 29th, gaps.
    const days = history(0, 149, (d) => {
      if (d % 29 === 5) return 0;
      if (d % 13 === 7) return 150 + 1.5 * d + 180 + 60 * random();
      if (d % 17 === 2) return null;
      return 150 + 1.5 * d + 6 * gauss(random);
    });
    const r = analyzeFilterLife(days, SETTINGS);
    expect(r.replacements).toEqual([]);
    expect(r.resistance.ok && r.resistance.model).toBe('linear');
    expect(offBy(r.decision!.date, 200)).toBeLessThanOrEqual(3);
  });

  it('uses only the life cycle after a replacement in the middle', () => {
    // Cycle 1: 150 + 3.5 Pa/day for 70 days; day 70 mixes old and new; cycle 2 from day 71 at
    // 155 + 2.5 Pa/day reaches 450 Pa on day 71 + 118 = 189.
    const days = history(0, 129, (d) => (d < 70 ? 150 + 3.5 * d : d === 70 ? 270 : 155 + 2.5 * (d - 71)));
    expect(detectReplacements(days, SETTINGS)).toEqual([dayAt(71)]);
    const r = analyzeFilterLife(days, SETTINGS);
    expect(r.cycleStart).toBe(dayAt(71));
    expect(r.ageDays).toBe(59);
    expect(offBy(r.decision!.date, 189)).toBeLessThanOrEqual(3);
    // A maintenance record starts the cycle where the data alone would not.
    const told = analyzeFilterLife(history(0, 59, (d) => 150 + 2 * d), SETTINGS, { replacedAt: [dayAt(40)] });
    expect(told.cycleStart).toBe(dayAt(40));
    expect(told.resistance.ok && told.resistance.points).toBe(20);
  });

  it('ignores a single low reading and notices a filter already past its final resistance', () => {
    const dip = history(0, 40, (d) => (d === 20 ? 150 : 200 + 5 * d));
    expect(detectReplacements(dip, SETTINGS)).toEqual([]);
    const past = analyzeFilterLife(history(0, 60, (d) => 160 + 5 * d), SETTINGS);
    expect(past.decision).toMatchObject({ reason: 'resistance', remainingDays: 0 });
    expect(past.warning).toBe(true);
  });

  it('answers "cannot predict" for too few points, flat and falling histories', () => {
    expect(analyzeFilterLife(history(0, 4, (d) => 150 + 5 * d), SETTINGS).resistance).toEqual({ ok: false, reason: 'too-few-points' });
    const flat = analyzeFilterLife(history(0, 30, (d) => 200 + (d % 2 ? 0.5 : -0.5)), SETTINGS);
    expect(flat.resistance).toEqual({ ok: false, reason: 'flat' });
    expect(flat.decision).toBeNull();
    expect(flat.warning).toBe(false);
    expect(analyzeFilterLife(history(0, 30, (d) => 400 - 2 * d), SETTINGS).resistance).toEqual({ ok: false, reason: 'falling' });
    const none = analyzeFilterLife([], SETTINGS);
    expect(none).toMatchObject({ cycleStart: null, decision: null, resistance: { ok: false, reason: 'no-data' }, serviceDays: { ok: false, reason: 'no-limit' } });
    expect(analyzeFilterLife(history(0, 30, () => null), SETTINGS).resistance).toEqual({ ok: false, reason: 'no-data' });
  });
});

describe('filter life from dust and service days', () => {
  it('loads dust from upstream PM, air volume, efficiency and hours, and projects it', () => {
    // 100 μg/m³ × 10,000 m³/h × 0.8 × 24 h = 19.2 g/day; 30 days = 576 g of 1,000 g.
    const days: FilterDay[] = Array.from({ length: 30 }, (_, d) => ({
      day: dayAt(d), resistancePa: 150 + d, airVolumeM3h: 10_000, upstreamPm: d >= 10 && d < 15 ? null : 100,
    }));
    const r = analyzeFilterLife(days, { ...SETTINGS, dustCapacityG: 1000, warningDays: 25 });
    if (!r.dust.ok) throw new Error('no dust prediction');
    expect(r.dust.accumulatedG).toBeCloseTo(576, 6);
    expect(r.dust.gramsPerDay).toBeCloseTo(19.2, 6);
    expect(r.dust.remainingDays).toBeCloseTo(424 / 19.2, 6);
    expect(r.dust.usedPercent).toBeCloseTo(57.6, 6);
    // Resistance would last to day 300: dust decides, and 22 days left is within the 25 warning days.
    expect(r.decision?.reason).toBe('dust');
    expect(r.warning).toBe(true);
    // Half the run hours and a measured efficiency of 0.5: 100 × 10,000 × 0.5 × 12 / 1e6 = 6 g/day.
    const slow = analyzeFilterLife(days.map((d) => ({ ...d, runHours: 12, efficiency: 0.5 })), { ...SETTINGS, dustCapacityG: 1000 });
    expect(slow.dust.ok && slow.dust.gramsPerDay).toBeCloseTo(6, 6);
    expect(analyzeFilterLife(days.map((d) => ({ ...d, upstreamPm: null })), { ...SETTINGS, dustCapacityG: 1000 }).dust).toEqual({ ok: false, reason: 'no-data' });
    expect(r.serviceDays).toEqual({ ok: false, reason: 'no-limit' });
  });

  it('ends the life at the service-days limit when that comes first', () => {
    const r = analyzeFilterLife(history(0, 99, (d) => 150 + 0.5 * d), { ...SETTINGS, maxServiceDays: 90 });
    expect(r.decision).toMatchObject({ reason: 'service-days', remainingDays: 0, usedLifePercent: 100 });
    expect(r.serviceDays.ok && r.serviceDays.usedPercent).toBeCloseTo(100 * 100 / 90, 6);
    expect(r.warning).toBe(true);
    // With `now` later than the data, age and the days left count from now.
    const later = analyzeFilterLife(history(0, 9, (d) => 150 + 0.5 * d), { ...SETTINGS, maxServiceDays: 90 }, { now: dayAt(20) });
    expect(later.ageDays).toBe(20);
    expect(later.decision).toMatchObject({ reason: 'service-days', remainingDays: 70 });
  });
});
