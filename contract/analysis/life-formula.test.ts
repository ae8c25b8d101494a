import { describe, expect, it } from 'vitest';
import { DAY_MS, analyzeFilterLife, type FilterDay, type FilterLifeSettings } from './filter-life';
import {
  LIFE_FORMULA_SAMPLE, compileLifeFormula, lifeFormulaVariables, remainingDaysFromUsedPercent, runLifeFormula, testLifeFormula,
} from './life-formula';

const SETTINGS: FilterLifeSettings = {
  initialPa: 150, finalResistance: { kind: 'fixed', pa: 450 }, ratedAirVolumeM3h: 10_000,
  dustCapacityG: 5000, captureEfficiency: 0.8, maxServiceDays: 365, warningDays: 10,
};

describe('life formulas', () => {
  it('test-runs a formula on the sample values', () => {
    // (300 - 150) / (450 - 150) * 100 = 50
    expect(testLifeFormula('(resistance - initialResistance) / (finalResistance - initialResistance) * 100'))
      .toEqual({ ok: true, usedPercent: 50, uses: ['resistance', 'initialResistance', 'finalResistance'] });
    // Whichever is further along, with the math functions: max(50, 40, 27.4) = 50.
    expect(testLifeFormula('max((resistance - initialResistance) / (finalResistance - initialResistance), dust / dustCapacity, serviceDays / maxServiceDays) * 100'))
      .toMatchObject({ ok: true, usedPercent: 50 });
    // Exponential growth read in log space: ln(2) / ln(3) * 100 = 63.09.
    const log = testLifeFormula('ln(resistance / initialResistance) / ln(finalResistance / initialResistance) * 100');
    expect(log.ok && log.usedPercent).toBeCloseTo(63.093, 3);
    // Sample values given replace the defaults.
    expect(testLifeFormula('dust / dustCapacity * 100', { dust: 2500 })).toMatchObject({ ok: true, usedPercent: 50 });
    expect(Object.keys(LIFE_FORMULA_SAMPLE)).toHaveLength(12);
  });

  it('names every unknown variable at once', () => {
    const r = testLifeFormula('resistanse / finalResistance * 100 + foo + "bar" + 1e5 + 0xFF + foo');
    expect(r).toMatchObject({ ok: false, code: 'unknown-variable', unknown: ['resistanse', 'foo'] });
    if (r.ok) throw new Error('accepted');
    expect(r.error).toMatch(/unknown variables "resistanse", "foo": use resistance, initialResistance/);
    expect(r.errorZh).toMatch(/^未知变量 resistanse、foo；可用变量：resistance、/);
    expect(testLifeFormula('value * 2')).toMatchObject({ ok: false, code: 'unknown-variable', unknown: ['value'] });
  });

  it('refuses code and bad syntax with a clear reason', () => {
    expect(testLifeFormula('constructor.constructor("return process")()')).toMatchObject({ ok: false, code: 'unknown-variable', unknown: ['constructor'] });
    expect(testLifeFormula('resistance.constructor')).toMatchObject({ ok: false, code: 'unknown-variable', unknown: ['constructor'] });
    const r = testLifeFormula('resistance[0]');
    expect(r).toMatchObject({ ok: false, code: 'syntax' });
    expect(!r.ok && r.error).toMatch(/brackets are not allowed \(at 10\)/);
    expect(!r.ok && r.errorZh).toMatch(/^公式有误：brackets are not allowed/);
    expect(testLifeFormula('resistance +')).toMatchObject({ ok: false, code: 'syntax' });
    expect(testLifeFormula('pow(resistance)')).toMatchObject({ ok: false, code: 'syntax', error: expect.stringMatching(/pow takes 2 arguments/) });
    expect(testLifeFormula('')).toMatchObject({ ok: false, code: 'syntax', error: expect.stringMatching(/empty/) });
  });

  it('answers results that are not a usable number', () => {
    expect(testLifeFormula('resistance > 400 ? "更换" : "正常"')).toMatchObject({ ok: false, code: 'not-a-number', errorZh: '公式结果必须是数字' });
    expect(testLifeFormula('resistance > 400')).toMatchObject({ ok: false, code: 'not-a-number' });
    expect(testLifeFormula('resistance / (initialResistance - 150)')).toMatchObject({ ok: false, code: 'not-a-number', error: expect.stringMatching(/division by zero/) });
    const compiled = compileLifeFormula('dust / dustCapacity * 100');
    if (!compiled.ok) throw new Error(compiled.error);
    expect(runLifeFormula(compiled.formula, { dust: 10 })).toMatchObject({ ok: false, code: 'missing-value', error: 'no value for "dustCapacity"', errorZh: '缺少变量的值：dustCapacity' });
  });

  it('builds a filter\'s variables from its analysis and history', () => {
    const days: FilterDay[] = Array.from({ length: 30 }, (_, d) => ({
      day: d * DAY_MS, resistancePa: 150 + 2 * d, airVolumeM3h: 9000, upstreamPm: 50, runHours: 20,
    }));
    const analysis = analyzeFilterLife(days, SETTINGS);
    const vars = lifeFormulaVariables(analysis, SETTINGS, days);
    // 50 μg/m³ × 9,000 m³/h × 0.8 × 20 h / 1e6 = 7.2 g/day over 30 days.
    expect(vars).toEqual({
      resistance: 206, initialResistance: 150, finalResistance: 450, ratedAirVolume: 10_000, serviceDays: 30, hours: 600,
      efficiency: 0.8, airVolume: 9000, upstreamPm: 50, dust: expect.closeTo(216, 9) as number, dustCapacity: 5000, maxServiceDays: 365,
    });
    const compiled = compileLifeFormula('(resistance - initialResistance) / (finalResistance - initialResistance) * 100');
    if (!compiled.ok) throw new Error(compiled.error);
    const used = runLifeFormula(compiled.formula, vars);
    expect(used.ok && used.usedPercent).toBeCloseTo(56 / 3, 10);
    expect(remainingDaysFromUsedPercent(25, 30)).toBe(90);
    expect(remainingDaysFromUsedPercent(120, 30)).toBe(0);
    expect(remainingDaysFromUsedPercent(0, 30)).toBeNull();
  });
});
