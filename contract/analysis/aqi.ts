import {
  AQI_INDICATORS, AQI_STANDARDS, DEFAULT_AQI_STANDARD,
  type AqiIndicator, type AqiPollutant, type AqiStandardId,
} from './aqi-tables';

/**
 * China's air quality index (HJ 633): individual indices (IAQI), the AQI, its category and
 * colour, and the primary pollutant, for either standard in `aqi-tables.ts`. Plain TypeScript
 * without zod: the console's monitor bundle imports it.
 */

/** The highest index: concentrations beyond a column's last breakpoint read 500. */
export const AQI_MAX = 500;

export type AqiLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface AqiLevelInfo {
  /** Highest AQI of the level (Infinity for 6). */
  readonly upTo: number;
  /** The category: 优, 良, 轻度污染, 中度污染, 重度污染, 严重污染. */
  readonly name: string;
  readonly en: string;
  /** Screen colour (Appendix A, RGB) as #rrggbb. */
  readonly colour: string;
  /** The colour's name in the standard: 绿色, 黄色, 橙色, 红色, 紫色, 褐红色. */
  readonly colourName: string;
}

/** The six AQI categories, identical in both standards (HJ 633—2026 Table 1, Appendix A). */
export const AQI_LEVELS: Readonly<Record<AqiLevel, AqiLevelInfo>> = {
  1: { upTo: 50, name: '优', en: 'Good', colour: '#00e400', colourName: '绿色' },
  2: { upTo: 100, name: '良', en: 'Moderate', colour: '#ffff00', colourName: '黄色' },
  3: { upTo: 150, name: '轻度污染', en: 'Lightly polluted', colour: '#ff7e00', colourName: '橙色' },
  4: { upTo: 200, name: '中度污染', en: 'Moderately polluted', colour: '#ff0000', colourName: '红色' },
  5: { upTo: 300, name: '重度污染', en: 'Heavily polluted', colour: '#99004c', colourName: '紫色' },
  6: { upTo: Infinity, name: '严重污染', en: 'Severely polluted', colour: '#7e0023', colourName: '褐红色' },
};

/** The category of an AQI: 1 优 (0–50), 2 良, 3 轻度污染, 4 中度污染, 5 重度污染 (201–300), 6 严重污染 (> 300). */
export function aqiLevel(aqi: number): AqiLevel {
  for (const level of [1, 2, 3, 4, 5] as const) if (aqi <= AQI_LEVELS[level].upTo) return level;
  return 6;
}

/**
 * GB/T 8170 rounding to `decimals` places: half to even when the dropped part is exactly 5
 * (四舍六入五成双), so 34.5 → 34 and 35.5 → 36. Tolerates binary noise (0.15 → 0.2 at 1 place).
 */
export function roundGbT8170(value: number, decimals = 0): number {
  const scale = 10 ** decimals;
  const scaled = Math.abs(value) * scale;
  const floor = Math.floor(scaled);
  const rest = scaled - floor;
  let rounded: number;
  if (Math.abs(rest - 0.5) < 1e-9) rounded = floor % 2 === 0 ? floor : floor + 1;
  else rounded = rest > 0.5 ? floor + 1 : floor;
  return (Math.sign(value) * rounded) / scale || 0;
}

/** The concentration an indicator is indexed with under `standard` (rounded where it says so). */
export function indexedConcentration(indicator: AqiIndicator, concentration: number, standard: AqiStandardId = DEFAULT_AQI_STANDARD): number {
  if (!AQI_STANDARDS[standard].roundConcentrations) return concentration;
  return roundGbT8170(concentration, AQI_INDICATORS[indicator].unit === 'mg/m³' ? 1 : 0);
}

/**
 * The IAQI of one indicator by formula (1): linear between breakpoints, rounded up to an
 * integer (2012 §6.2, 2026 §4.2.6). Below zero (a sensor's zero drift) reads 0; above a full
 * column's last breakpoint reads 500. Null where the standard indexes no such indicator, or where
 * its column ends early and a special rule applies (SO2 1-hour or O3 8-hour above 800 μg/m³:
 * `computeAqi` applies the rule). `concentration` in the indicator's unit, finite; rounded first
 * under a standard that says so.
 */
export function iaqiOf(indicator: AqiIndicator, concentration: number, standard: AqiStandardId = DEFAULT_AQI_STANDARD): number | null {
  const table = AQI_STANDARDS[standard];
  const bp = table.breakpoints[indicator];
  if (!bp || !Number.isFinite(concentration)) return null;
  const c = indexedConcentration(indicator, concentration, standard);
  if (!(c > 0)) return 0;
  const last = bp.length - 1;
  if (c > bp[last]) return last === table.iaqi.length - 1 ? AQI_MAX : null;
  let i = 1;
  while (c > bp[i]) i++;
  const lo = table.iaqi[i - 1];
  const value = lo + ((table.iaqi[i] - lo) / (bp[i] - bp[i - 1])) * (c - bp[i - 1]);
  // Floating point may put an exact breakpoint a hair above its integer (35 μg/m³ -> 50.000…1).
  return Math.ceil(value - 1e-9);
}

/**
 * The IAQI of PM2.5 or PM10 from a 24-hour mean. Kept for the big-screen overview; it defaults
 * to HJ 633—2012 as it always did: pass a standard (or use `computeAqi`) for current figures.
 */
export function iaqi(pollutant: 'pm25' | 'pm10', concentration: number, standard: AqiStandardId = 'HJ633-2012'): number {
  return iaqiOf(pollutant === 'pm25' ? 'pm25_24h' : 'pm10_24h', concentration, standard) ?? 0;
}

/** AQI = the larger IAQI of PM2.5 and PM10 24-hour means; null when neither is finite. HJ 633—2012 unless told. */
export function aqiOf(c: { pm25?: number | null; pm10?: number | null }, standard: AqiStandardId = 'HJ633-2012'): number | null {
  const parts: number[] = [];
  if (c.pm25 != null && Number.isFinite(c.pm25)) parts.push(iaqi('pm25', c.pm25, standard));
  if (c.pm10 != null && Number.isFinite(c.pm10)) parts.push(iaqi('pm10', c.pm10, standard));
  return parts.length ? Math.max(...parts) : null;
}

/**
 * Concentrations by indicator. An indicator left out is not monitored (the standard's "/"); one
 * given as null or a non-finite number is missing (缺测, "NA"). Extra indicators outside the
 * report's set are only read by a rule that needs them (2012: `so2_24h` in an hourly report).
 */
export type AqiValues = Partial<Record<AqiIndicator, number | null>>;

/** Why an IAQI is not plain formula (1). */
export type AqiPartNote =
  /** Above a full column's last breakpoint: read as 500. */
  | 'above-scale'
  /** SO2 1-hour above 800 μg/m³: 2012 reports the 24-hour IAQI, 2026 reads 200. */
  | 'so2-1h-above-800'
  /** O3 8-hour above 800 μg/m³: 2012 reports the 1-hour IAQI, 2026 reads 300. */
  | 'o3-8h-above-800';

export interface AqiPart {
  readonly indicator: AqiIndicator;
  /** The concentration indexed (rounded where the standard says so), in the indicator's unit. */
  readonly concentration: number;
  readonly iaqi: number;
  readonly note?: AqiPartNote;
}

export interface AqiReport {
  readonly standard: AqiStandardId;
  readonly period: 'hour' | 'day';
  /** The indexed indicators, in the standard's order. */
  readonly parts: readonly AqiPart[];
  /** Indicators of the report given as missing (or whose special rule lacked its other value). */
  readonly missing: readonly AqiIndicator[];
  /** The largest IAQI, whether or not it may be published; null without any part. */
  readonly maxIaqi: number | null;
  /**
   * The AQI to publish: `maxIaqi`, except null under HJ 633—2026 §5.3.1 when a pollutant is
   * missing and the others give 100 or less (the missing one could have changed the category).
   */
  readonly aqi: number | null;
  readonly level: AqiLevel | null;
  /** The indicators of the largest IAQI when the AQI is above 50 (ties: all of them); else empty. */
  readonly primary: readonly AqiIndicator[];
  /** `primary` by pollutant, without repeats (2012's daily O3 1-hour and 8-hour are one pollutant). */
  readonly primaryPollutants: readonly AqiPollutant[];
}

const given = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The AQI report for one hour (`period: 'hour'`, the real-time report) or one day under a
 * standard (default: the one in force, HJ 633—2026), from the values of that period's
 * indicators (see `AQI_STANDARDS[…].hourly` / `.daily`; `aqi-averaging.ts` builds them).
 */
export function computeAqi(values: AqiValues, options: { period: 'hour' | 'day'; standard?: AqiStandardId }): AqiReport {
  const standard = options.standard ?? DEFAULT_AQI_STANDARD;
  const table = AQI_STANDARDS[standard];
  const indicators = options.period === 'hour' ? table.hourly : table.daily;
  const parts: AqiPart[] = [];
  const missing: AqiIndicator[] = [];
  for (const indicator of indicators) {
    if (!(indicator in values)) continue;
    const raw = values[indicator];
    if (!given(raw)) {
      missing.push(indicator);
      continue;
    }
    const concentration = indexedConcentration(indicator, raw, standard);
    const index = iaqiOf(indicator, raw, standard);
    if (index !== null) {
      const bp = table.breakpoints[indicator]!;
      parts.push(concentration > bp[bp.length - 1] ? { indicator, concentration, iaqi: index, note: 'above-scale' } : { indicator, concentration, iaqi: index });
      continue;
    }
    const rule = table.above[indicator];
    const note: AqiPartNote = indicator === 'so2_1h' ? 'so2-1h-above-800' : 'o3-8h-above-800';
    if (rule?.kind === 'fixed') {
      parts.push({ indicator, concentration, iaqi: rule.iaqi, note });
    } else if (rule?.kind === 'use') {
      const other = values[rule.indicator];
      const otherIndex = given(other) ? iaqiOf(rule.indicator, other, standard) : null;
      if (otherIndex === null) missing.push(indicator);
      else parts.push({ indicator, concentration, iaqi: otherIndex, note });
    }
  }
  const maxIaqi = parts.length ? Math.max(...parts.map((p) => p.iaqi)) : null;
  const hidden = maxIaqi !== null && missing.length > 0 && table.incompleteAqiAbove !== null && maxIaqi <= table.incompleteAqiAbove;
  const aqi = hidden ? null : maxIaqi;
  const primary = aqi !== null && aqi > 50 ? parts.filter((p) => p.iaqi === aqi).map((p) => p.indicator) : [];
  return {
    standard,
    period: options.period,
    parts,
    missing,
    maxIaqi,
    aqi,
    level: aqi === null ? null : aqiLevel(aqi),
    primary,
    primaryPollutants: [...new Set(primary.map((i) => AQI_INDICATORS[i].pollutant))],
  };
}
