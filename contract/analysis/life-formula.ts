import { EXPRESSION_FUNCTIONS, ExpressionError, compileExpression, type CompiledExpression } from '../expression';
import { accumulatedDustG, finalResistancePa, type FilterDay, type FilterLifeAnalysis, type FilterLifeSettings } from './filter-life';
import { median } from './robust-fit';

/**
 * User-defined life formulas (nv_life_formula): an expression over the named variables below
 * that yields the filter's used life in percent (100 = due). Run only by the safe evaluator
 * (contract/expression.ts) with these variable names and its math functions; never as code.
 */

/** The variables a life formula may use. */
export type LifeVariable =
  | 'resistance' | 'initialResistance' | 'finalResistance' | 'airVolume' | 'ratedAirVolume'
  | 'hours' | 'serviceDays' | 'maxServiceDays' | 'dust' | 'dustCapacity' | 'upstreamPm' | 'efficiency';

export const LIFE_FORMULA_VARIABLES: Readonly<Record<LifeVariable, { readonly unit: string; readonly zh: string; readonly en: string }>> = {
  resistance: { unit: 'Pa', zh: '当前阻力', en: 'Current resistance' },
  initialResistance: { unit: 'Pa', zh: '初阻力', en: 'Initial resistance' },
  finalResistance: { unit: 'Pa', zh: '终阻力', en: 'Final resistance' },
  airVolume: { unit: 'm³/h', zh: '近期平均风量', en: 'Recent mean air volume' },
  ratedAirVolume: { unit: 'm³/h', zh: '额定风量', en: 'Rated air volume' },
  hours: { unit: 'h', zh: '本周期运行小时数', en: 'Running hours in this life cycle' },
  serviceDays: { unit: 'd', zh: '已使用天数', en: 'Days in service' },
  maxServiceDays: { unit: 'd', zh: '最长使用天数', en: 'Maximum service days' },
  dust: { unit: 'g', zh: '累计容尘量', en: 'Dust accumulated' },
  dustCapacity: { unit: 'g', zh: '额定容尘量', en: 'Dust-holding capacity' },
  upstreamPm: { unit: 'μg/m³', zh: '近期上游颗粒物浓度', en: 'Recent upstream particulates' },
  efficiency: { unit: '', zh: '过滤效率（0–1）', en: 'Capture efficiency (0–1)' },
};

export type LifeVariables = Partial<Record<LifeVariable, number>>;

const VARIABLE_NAMES = Object.keys(LIFE_FORMULA_VARIABLES) as LifeVariable[];
const FUNCTION_NAMES = Object.keys(EXPRESSION_FUNCTIONS);
const OPTIONS = { variables: VARIABLE_NAMES, functions: FUNCTION_NAMES };

/** Sample values for a formula's test run: a bag filter half-way through its life. */
export const LIFE_FORMULA_SAMPLE: Readonly<Required<LifeVariables>> = {
  resistance: 300, initialResistance: 150, finalResistance: 450, airVolume: 9000, ratedAirVolume: 10_000,
  hours: 2400, serviceDays: 100, maxServiceDays: 365, dust: 2000, dustCapacity: 5000, upstreamPm: 60, efficiency: 0.8,
};

/** A refused or failed formula: a code, and the reason in English and Chinese. */
export interface LifeFormulaError {
  readonly ok: false;
  readonly code: 'unknown-variable' | 'syntax' | 'missing-value' | 'not-a-number';
  readonly error: string;
  readonly errorZh: string;
  /** Unknown names, each once, in order (code unknown-variable). */
  readonly unknown?: readonly string[];
}

/** Every name in `source` outside string literals and numbers (so `1e5` and `0xFF` name nothing). */
function namesIn(source: string): string[] {
  const re = /(["'])(?:\\.|(?!\1)[^\\\n])*\1|0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*/g;
  const names: string[] = [];
  for (const m of source.matchAll(re)) if (/^[A-Za-z_$\u0080-\uffff]/.test(m[0])) names.push(m[0]);
  return [...new Set(names)];
}

const KNOWN = new Set<string>([...VARIABLE_NAMES, ...FUNCTION_NAMES]);

/** Compiles a life formula, or says why not (all unknown names at once). */
export function compileLifeFormula(source: string): { ok: true; formula: CompiledExpression; uses: readonly LifeVariable[] } | LifeFormulaError {
  if (typeof source === 'string') {
    const unknown = namesIn(source).filter((n) => !KNOWN.has(n)).map((n) => n.slice(0, 40));
    if (unknown.length) {
      const list = unknown.map((n) => `"${n}"`).join(', ');
      return {
        ok: false, code: 'unknown-variable', unknown,
        error: `unknown variable${unknown.length > 1 ? 's' : ''} ${list}: use ${VARIABLE_NAMES.join(', ')}`,
        errorZh: `未知变量 ${unknown.join('、')}；可用变量：${VARIABLE_NAMES.join('、')}`,
      };
    }
  }
  try {
    const formula = compileExpression(source, OPTIONS);
    return { ok: true, formula, uses: formula.names as LifeVariable[] };
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    return { ok: false, code: 'syntax', error: err.message, errorZh: `公式有误：${err.message}` };
  }
}

/** Runs a compiled formula: the used life in percent, or why it gave none. */
export function runLifeFormula(formula: CompiledExpression, variables: LifeVariables): { ok: true; usedPercent: number } | LifeFormulaError {
  const missing = formula.names.filter((n) => !Number.isFinite(variables[n as LifeVariable]));
  if (missing.length) {
    return {
      ok: false, code: 'missing-value',
      error: `no value for ${missing.map((n) => `"${n}"`).join(', ')}`,
      errorZh: `缺少变量的值：${missing.join('、')}`,
    };
  }
  let result;
  try {
    result = formula.runWith(variables as Record<string, number>);
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    return { ok: false, code: 'syntax', error: err.message, errorZh: `公式计算出错：${err.message}` };
  }
  if (typeof result !== 'number') {
    return { ok: false, code: 'not-a-number', error: `the formula gives ${typeof result === 'string' ? 'text' : 'true/false'}, not a number`, errorZh: '公式结果必须是数字' };
  }
  if (!Number.isFinite(result)) {
    return { ok: false, code: 'not-a-number', error: 'the formula gives no finite number (a division by zero?)', errorZh: '公式结果不是有限数（可能除以零）' };
  }
  return { ok: true, usedPercent: result };
}

/**
 * The test run of nv_life_formula: checks `source` and runs it on `sample` (default
 * LIFE_FORMULA_SAMPLE, with any values given replacing the defaults).
 */
export function testLifeFormula(source: string, sample: LifeVariables = {}): { ok: true; usedPercent: number; uses: readonly LifeVariable[] } | LifeFormulaError {
  const compiled = compileLifeFormula(source);
  if (!compiled.ok) return compiled;
  const run = runLifeFormula(compiled.formula, { ...LIFE_FORMULA_SAMPLE, ...sample });
  return run.ok ? { ...run, uses: compiled.uses } : run;
}

/** Readings of the last `count` days that have one, newest last. */
function recent(days: readonly FilterDay[], pick: (d: FilterDay) => number | null | undefined, count: number): number[] {
  const out: number[] = [];
  for (let i = days.length - 1; i >= 0 && out.length < count; i--) {
    const v = pick(days[i]);
    if (typeof v === 'number' && Number.isFinite(v)) out.unshift(v);
  }
  return out;
}

/**
 * A filter's variables for its life formula, from its analysis and days: the current cycle's
 * latest resistance (median of the last 3 readings), recent air volume and upstream PM (mean of
 * the last 7 readings), run hours (24 a day unless given), dust loaded, and the settings' limits.
 * A variable without data is left out (a formula that uses it answers missing-value).
 */
export function lifeFormulaVariables(analysis: FilterLifeAnalysis, settings: FilterLifeSettings, days: readonly FilterDay[]): LifeVariables {
  const start = analysis.cycleStart;
  const cycle = start === null ? [] : days.filter((d) => d.day >= start && d.day < analysis.asOf).sort((a, b) => a.day - b.day);
  const mean = (v: number[]) => (v.length ? v.reduce((s, x) => s + x, 0) / v.length : undefined);
  const pa = recent(cycle, (d) => (d.resistancePa != null && d.resistancePa > 0 ? d.resistancePa : null), 3);
  const out: LifeVariables = {
    initialResistance: settings.initialPa,
    finalResistance: finalResistancePa(settings),
    ratedAirVolume: settings.ratedAirVolumeM3h,
    serviceDays: analysis.ageDays,
    hours: cycle.reduce((s, d) => s + (typeof d.runHours === 'number' && Number.isFinite(d.runHours) ? d.runHours : 24), 0),
    efficiency: mean(recent(cycle, (d) => d.efficiency, 7)) ?? settings.captureEfficiency,
  };
  if (pa.length) out.resistance = median(pa);
  const q = mean(recent(cycle, (d) => d.airVolumeM3h, 7));
  if (q !== undefined) out.airVolume = q;
  const pm = mean(recent(cycle, (d) => d.upstreamPm, 7));
  if (pm !== undefined) out.upstreamPm = pm;
  const dust = accumulatedDustG(cycle, settings);
  if (dust !== null) out.dust = dust;
  if (settings.dustCapacityG !== null) out.dustCapacity = settings.dustCapacityG;
  if (settings.maxServiceDays !== null) out.maxServiceDays = settings.maxServiceDays;
  return out;
}

/** Days left by a formula's used-life percentage at the filter's age so far (linear in time); null at 0 %. */
export function remainingDaysFromUsedPercent(usedPercent: number, ageDays: number): number | null {
  if (usedPercent >= 100) return 0;
  if (!(usedPercent > 0)) return null;
  return (ageDays * (100 - usedPercent)) / usedPercent;
}

