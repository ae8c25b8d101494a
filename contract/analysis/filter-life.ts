import { blockMedians, fitTrend, median, trendAt, trendReaches, type Trend, type TrendModel, type XY } from './robust-fit';

/**
 * Filter-life prediction for one filter from its daily rollups: the current life cycle (after the
 * last replacement), a robust resistance trend extrapolated to the final resistance, dust loading
 * against the dust-holding capacity, and the service-days limit — whichever comes first.
 * Times are epoch ms; a "day" is 86,400,000 ms.
 */

export const DAY_MS = 86_400_000;

/** The final resistance of a filter model: a fixed value, or a multiple of the initial resistance. */
export type FinalResistance = { readonly kind: 'fixed'; readonly pa: number } | { readonly kind: 'multiple'; readonly factor: number };

/** A filter model's life settings (nv_life_set). */
export interface FilterLifeSettings {
  /** Resistance of a clean filter at rated air volume, Pa. */
  readonly initialPa: number;
  readonly finalResistance: FinalResistance;
  /** Rated air volume, m³/h: the air volume assumed on days without a reading. */
  readonly ratedAirVolumeM3h: number;
  /** Dust-holding capacity, g; null: no dust limit. */
  readonly dustCapacityG: number | null;
  /** Share of upstream dust the filter keeps (0…1), used where a day has no measured efficiency. */
  readonly captureEfficiency: number;
  /** Longest service, days; null: no limit. */
  readonly maxServiceDays: number | null;
  /** Warn when this many days or fewer remain. */
  readonly warningDays: number;
}

/** The final resistance in Pa. */
export function finalResistancePa(s: Pick<FilterLifeSettings, 'initialPa' | 'finalResistance'>): number {
  return s.finalResistance.kind === 'fixed' ? s.finalResistance.pa : s.finalResistance.factor * s.initialPa;
}

/** The first field of the settings that is out of range, with the reason; null when all are fine. */
export function checkFilterLifeSettings(s: FilterLifeSettings): { field: keyof FilterLifeSettings; reason: string } | null {
  const pos = (v: number) => Number.isFinite(v) && v > 0;
  if (!pos(s.initialPa)) return { field: 'initialPa', reason: 'must be above 0 Pa' };
  if (s.finalResistance.kind === 'multiple' && !(pos(s.finalResistance.factor) && s.finalResistance.factor > 1)) {
    return { field: 'finalResistance', reason: 'the multiple must be above 1' };
  }
  if (!(finalResistancePa(s) > s.initialPa)) return { field: 'finalResistance', reason: 'must be above the initial resistance' };
  if (!pos(s.ratedAirVolumeM3h)) return { field: 'ratedAirVolumeM3h', reason: 'must be above 0 m³/h' };
  if (s.dustCapacityG !== null && !pos(s.dustCapacityG)) return { field: 'dustCapacityG', reason: 'must be above 0 g' };
  if (!(s.captureEfficiency >= 0 && s.captureEfficiency <= 1)) return { field: 'captureEfficiency', reason: 'must be between 0 and 1' };
  if (s.maxServiceDays !== null && !pos(s.maxServiceDays)) return { field: 'maxServiceDays', reason: 'must be above 0 days' };
  if (!(Number.isFinite(s.warningDays) && s.warningDays >= 0)) return { field: 'warningDays', reason: 'must be 0 or more days' };
  return null;
}

/** One day of a filter's history (daily rollups). Missing readings are null or left out. */
export interface FilterDay {
  /** Start of the day, epoch ms. */
  readonly day: number;
  /** Mean resistance (pressure drop) of the filter that day, Pa. */
  readonly resistancePa?: number | null;
  /** Mean air volume while running, m³/h. */
  readonly airVolumeM3h?: number | null;
  /** Hours the fan ran (default 24). */
  readonly runHours?: number | null;
  /** Mean upstream particulate concentration (PM10, or the coarsest measured), μg/m³. */
  readonly upstreamPm?: number | null;
  /** Measured capture efficiency that day (0…1); else the settings' value. */
  readonly efficiency?: number | null;
}

/** Why a criterion cannot predict. */
export type LifeUnpredictable = 'no-data' | 'too-few-points' | 'flat' | 'falling' | 'no-limit';

export const LIFE_UNPREDICTABLE_TEXT: Readonly<Record<LifeUnpredictable, { zh: string; en: string }>> = {
  'no-data': { zh: '没有数据', en: 'No data' },
  'too-few-points': { zh: '本周期数据点太少，无法预测', en: 'Too few data points in this life cycle to predict' },
  flat: { zh: '阻力没有上升趋势，无法预测', en: 'Resistance is not rising: nothing to extrapolate' },
  falling: { zh: '阻力呈下降趋势，无法预测（检查传感器或旁通）', en: 'Resistance is falling: cannot predict (check the sensor or a bypass)' },
  'no-limit': { zh: '未设置限值', en: 'No limit set' },
};

/** What ends a filter's life first. */
export type LifeReason = 'resistance' | 'dust' | 'service-days';

export const LIFE_REASON_TEXT: Readonly<Record<LifeReason, { zh: string; en: string }>> = {
  resistance: { zh: '阻力达到终阻力', en: 'Resistance reaches the final resistance' },
  dust: { zh: '容尘量达到额定容尘量', en: 'Dust load reaches the dust-holding capacity' },
  'service-days': { zh: '达到最长使用天数', en: 'Service reaches the maximum days' },
};

/** A criterion's prediction: days left from `asOf`, the date, and how much of its quantity is used. */
export interface CriterionPrediction {
  readonly ok: true;
  readonly remainingDays: number;
  /** Predicted end, epoch ms. */
  readonly date: number;
  /** The criterion's own measure of use: resistance span, dust or days used, percent (may pass 100). */
  readonly usedPercent: number;
}
export type CriterionResult<T> = (CriterionPrediction & T) | { readonly ok: false; readonly reason: LifeUnpredictable };

export interface ResistanceDetail {
  readonly model: TrendModel;
  /** The trend's level now, Pa. */
  readonly currentPa: number;
  readonly finalPa: number;
  /** Current growth, Pa/day (the trend's derivative now). */
  readonly slopePaPerDay: number;
  /** 95 % interval of the date from the slope's interval; `latest` null when the low slope is not rising. */
  readonly earliest: number;
  readonly latest: number | null;
  /** Points of the cycle the fit used. */
  readonly points: number;
}
export interface DustDetail {
  readonly accumulatedG: number;
  readonly capacityG: number;
  /** Recent loading rate, g/day. */
  readonly gramsPerDay: number;
}
export interface ServiceDetail {
  readonly ageDays: number;
  readonly maxDays: number;
}

export interface FilterLifeAnalysis {
  /** The moment predictions count from (the last day's end, or `now`). */
  readonly asOf: number;
  /** Start of the current life cycle (first day, or the last replacement). */
  readonly cycleStart: number | null;
  /** Days on which a replacement was detected (or given), oldest first. */
  readonly replacements: readonly number[];
  readonly ageDays: number;
  readonly resistance: CriterionResult<ResistanceDetail>;
  readonly dust: CriterionResult<DustDetail>;
  readonly serviceDays: CriterionResult<ServiceDetail>;
  /** Whichever comes first; null when no criterion can predict. */
  readonly decision: {
    readonly reason: LifeReason;
    readonly remainingDays: number;
    readonly date: number;
    /** Time-based use of the deciding criterion: age ÷ (age + remaining), percent. */
    readonly usedLifePercent: number;
  } | null;
  /** remainingDays ≤ warningDays. */
  readonly warning: boolean;
}

export interface LifeOptions {
  /** Predictions count from here (default: the end of the last day given). */
  readonly now?: number;
  /** Known replacement days (maintenance records), in addition to the detected ones. */
  readonly replacedAt?: readonly number[];
  /** Days of recent loading the dust rate is taken over (default 14). */
  readonly dustRateDays?: number;
}

/** Fewest resistance points of the cycle a trend is fitted to. */
export const MIN_TREND_POINTS = 7;
/** Blocks the cycle is thinned to before fitting (block medians). */
const MAX_FIT_BLOCKS = 40;
/** Slower than this (Pa/day) counts as flat. */
const FLAT_PA_PER_DAY = 0.01;
/** Predictions beyond this many days read as "flat". */
const HORIZON_DAYS = 3650;
/** "Near the initial resistance": within this share of the initial-to-final span. */
const NEAR_INITIAL = 0.3;

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
/** A resistance reading: 0 or below is a sensor dropout, not a filter. */
const validPa = (v: number | null | undefined): v is number => finite(v) && v > 0;

/**
 * Replacement days: a drop to near the initial resistance (within 30 % of the span) from a level
 * (median of the 3 points before) above that and at least 30 % of the span higher, confirmed by
 * the median of the point and the two after it staying near the initial value (a single low
 * reading is noise). Readings of 0 Pa or less are dropouts and skipped.
 */
export function detectReplacements(days: readonly FilterDay[], settings: FilterLifeSettings): number[] {
  const span = finalResistancePa(settings) - settings.initialPa;
  const near = settings.initialPa + NEAR_INITIAL * span;
  const pts = days.filter((d) => validPa(d.resistancePa)) as (FilterDay & { resistancePa: number })[];
  const out: number[] = [];
  for (let i = 1; i < pts.length; i++) {
    const y = pts[i].resistancePa;
    // The point before must still be high: the days after a replacement are not new drops.
    if (y > near || pts[i - 1].resistancePa <= near) continue;
    const before = median(pts.slice(Math.max(0, i - 3), i).map((p) => p.resistancePa));
    if (before <= near || before - y < NEAR_INITIAL * span) continue;
    const after = pts.slice(i, i + 3).map((p) => p.resistancePa);
    if (after.length >= 2 && median(after) > near) continue;
    out.push(pts[i].day);
  }
  return out;
}

function predictResistance(cycle: readonly FilterDay[], cycleStart: number, asOf: number, settings: FilterLifeSettings): CriterionResult<ResistanceDetail> {
  const points: XY[] = [];
  for (const d of cycle) if (validPa(d.resistancePa)) points.push({ x: (d.day - cycleStart) / DAY_MS, y: d.resistancePa });
  if (!points.length) return { ok: false, reason: 'no-data' };
  if (points.length < MIN_TREND_POINTS) return { ok: false, reason: 'too-few-points' };
  const trend: Trend | null = fitTrend(blockMedians(points, MAX_FIT_BLOCKS));
  if (!trend) return { ok: false, reason: 'too-few-points' };
  const finalPa = finalResistancePa(settings);
  const xNow = (asOf - cycleStart) / DAY_MS;
  const currentPa = trendAt(trend, xNow);
  const slopeNow = trend.model === 'linear' ? trend.b : trend.b * (currentPa - trend.base);
  const usedPercent = (100 * (currentPa - settings.initialPa)) / (finalPa - settings.initialPa);
  const detail = { model: trend.model, currentPa, finalPa, slopePaPerDay: slopeNow, points: points.length };
  // Already there: the recent readings (not only the trend) say so.
  const recent = median(points.slice(-3).map((p) => p.y));
  if (recent >= finalPa || currentPa >= finalPa) {
    return { ok: true, remainingDays: 0, date: asOf, usedPercent, earliest: asOf, latest: asOf, ...detail };
  }
  if (slopeNow < -FLAT_PA_PER_DAY && trend.bHigh < 0) return { ok: false, reason: 'falling' };
  if (!(slopeNow > FLAT_PA_PER_DAY)) return { ok: false, reason: 'flat' };
  const xEnd = trendReaches(trend, finalPa, trend.b, xNow);
  if (xEnd === null || xEnd - xNow > HORIZON_DAYS) return { ok: false, reason: 'flat' };
  const xEarly = trendReaches(trend, finalPa, Math.max(trend.bHigh, trend.b), xNow) ?? xEnd;
  const xLate = trendReaches(trend, finalPa, Math.min(trend.bLow, trend.b), xNow);
  const at = (x: number) => cycleStart + x * DAY_MS;
  return {
    ok: true,
    remainingDays: xEnd - xNow,
    date: at(xEnd),
    usedPercent,
    ...detail,
    earliest: at(xEarly),
    latest: xLate === null || xLate - xNow > HORIZON_DAYS ? null : at(xLate),
  };
}

/**
 * Dust caught per day (g) = upstream PM (μg/m³) × air volume (m³/h, else the rated one) ×
 * capture efficiency (the day's measured one, else the settings') × run hours (default 24) ÷ 1e6;
 * null on days without a PM reading.
 */
export function dailyDustG(days: readonly FilterDay[], settings: FilterLifeSettings): (number | null)[] {
  return days.map((d) => {
    if (!finite(d.upstreamPm)) return null;
    const q = finite(d.airVolumeM3h) ? d.airVolumeM3h : settings.ratedAirVolumeM3h;
    const hours = finite(d.runHours) ? d.runHours : 24;
    const eff = finite(d.efficiency) ? Math.min(1, Math.max(0, d.efficiency)) : settings.captureEfficiency;
    return (Math.max(0, d.upstreamPm) * q * eff * hours) / 1e6;
  });
}

/** Dust accumulated over `days` (g); days without a PM reading load at the mean of those with one. Null without any reading. */
export function accumulatedDustG(days: readonly FilterDay[], settings: FilterLifeSettings): number | null {
  return accumulate(dailyDustG(days, settings));
}

function accumulate(grams: readonly (number | null)[]): number | null {
  const known = grams.filter((g): g is number => g !== null);
  if (!known.length) return null;
  const meanKnown = known.reduce((s, g) => s + g, 0) / known.length;
  return grams.reduce<number>((s, g) => s + (g ?? meanKnown), 0);
}

function predictDust(cycle: readonly FilterDay[], asOf: number, settings: FilterLifeSettings, rateDays: number): CriterionResult<DustDetail> {
  const capacity = settings.dustCapacityG;
  if (capacity === null) return { ok: false, reason: 'no-limit' };
  const grams = dailyDustG(cycle, settings);
  const accumulated = accumulate(grams);
  if (accumulated === null) return { ok: false, reason: 'no-data' };
  const known = grams.filter((g): g is number => g !== null);
  const recent = known.slice(-rateDays);
  const rate = recent.reduce((s, g) => s + g, 0) / recent.length;
  const usedPercent = (100 * accumulated) / capacity;
  const detail = { accumulatedG: accumulated, capacityG: capacity, gramsPerDay: rate };
  if (accumulated >= capacity) return { ok: true, remainingDays: 0, date: asOf, usedPercent, ...detail };
  if (!(rate > 0)) return { ok: false, reason: 'flat' };
  const remaining = (capacity - accumulated) / rate;
  if (remaining > HORIZON_DAYS) return { ok: false, reason: 'flat' };
  return { ok: true, remainingDays: remaining, date: asOf + remaining * DAY_MS, usedPercent, ...detail };
}

function isSorted(days: readonly FilterDay[]): boolean {
  for (let i = 1; i < days.length; i++) if (days[i].day < days[i - 1].day) return false;
  return true;
}

/**
 * Analyses one filter: finds its current life cycle, predicts from resistance, dust and service
 * days, and takes whichever comes first. `days` need not be sorted; days after `now` are ignored.
 */
export function analyzeFilterLife(days: readonly FilterDay[], settings: FilterLifeSettings, options: LifeOptions = {}): FilterLifeAnalysis {
  const sorted = days.filter((d) => finite(d.day) && (options.now === undefined || d.day <= options.now));
  if (!isSorted(sorted)) sorted.sort((a, b) => a.day - b.day);
  const asOf = options.now ?? (sorted.length ? sorted[sorted.length - 1].day + DAY_MS : 0);
  const replacements = [...new Set([...detectReplacements(sorted, settings), ...(options.replacedAt ?? []).filter((t) => t <= asOf)])].sort((a, b) => a - b);
  const cycleStart = replacements.length ? replacements[replacements.length - 1] : sorted.length ? sorted[0].day : null;
  const cycle = cycleStart === null ? [] : sorted.filter((d) => d.day >= cycleStart);
  const ageDays = cycleStart === null ? 0 : (asOf - cycleStart) / DAY_MS;

  const resistance: CriterionResult<ResistanceDetail> = cycleStart === null ? { ok: false, reason: 'no-data' } : predictResistance(cycle, cycleStart, asOf, settings);
  const dust = predictDust(cycle, asOf, settings, options.dustRateDays ?? 14);
  let serviceDays: CriterionResult<ServiceDetail>;
  if (settings.maxServiceDays === null) serviceDays = { ok: false, reason: 'no-limit' };
  else if (cycleStart === null) serviceDays = { ok: false, reason: 'no-data' };
  else {
    const remaining = Math.max(0, settings.maxServiceDays - ageDays);
    serviceDays = {
      ok: true, remainingDays: remaining, date: asOf + remaining * DAY_MS, usedPercent: (100 * ageDays) / settings.maxServiceDays,
      ageDays, maxDays: settings.maxServiceDays,
    };
  }

  let decision: FilterLifeAnalysis['decision'] = null;
  const candidates: [LifeReason, CriterionResult<object>][] = [['resistance', resistance], ['dust', dust], ['service-days', serviceDays]];
  for (const [reason, r] of candidates) {
    if (r.ok && (decision === null || r.remainingDays < decision.remainingDays)) {
      const total = ageDays + r.remainingDays;
      decision = { reason, remainingDays: r.remainingDays, date: r.date, usedLifePercent: total > 0 ? (100 * ageDays) / total : 100 };
    }
  }
  return {
    asOf, cycleStart, replacements, ageDays, resistance, dust, serviceDays, decision,
    warning: decision !== null && decision.remainingDays <= settings.warningDays,
  };
}
