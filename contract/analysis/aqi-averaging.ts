import { computeAqi, type AqiReport, type AqiValues } from './aqi';
import { AQI_STANDARDS, DEFAULT_AQI_STANDARD, type AqiPollutant, type AqiStandardId } from './aqi-tables';

/**
 * Averages the AQI reports are built from, out of hourly values (one per clock hour, null or
 * NaN where the hour is missing). Minimum-data rules of GB 3095—2026 Table 4 (unchanged from
 * GB 3095—2012): a daily mean needs at least 20 hourly values, an O3 8-hour mean at least 6 of
 * its 8 hours.
 */

/** Hourly values a daily (or 24-hour sliding) mean needs (GB 3095 Table 4). */
export const MIN_HOURS_PER_DAY = 20;
/** Hourly values an O3 8-hour mean needs (GB 3095 Table 4). */
export const MIN_HOURS_PER_8H = 6;
/**
 * Valid 8-hour means (of the 17 ending 08:00…24:00) a daily maximum 8-hour O3 needs. From
 * HJ 663 (环境空气质量评价技术规范) as commonly applied; not checked against its text here.
 */
export const MIN_8H_WINDOWS_PER_DAY = 14;

export type HourlySeries = readonly (number | null | undefined)[];

const valid = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Trailing sliding means: out[i] is the mean of the valid values among series[i-window+1 … i],
 * or null when fewer than `minValid` of them are valid (the first window-1 hours count only the
 * hours that exist). O(n).
 */
export function slidingMeans(series: HourlySeries, window: number, minValid: number): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(series.length);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < series.length; i++) {
    const v = series[i];
    if (valid(v)) { sum += v; count++; }
    const old = i - window >= 0 ? series[i - window] : null;
    if (valid(old)) { sum -= old; count--; }
    out[i] = count >= minValid ? (count ? sum / count : null) : null;
  }
  return out;
}

/** 24-hour sliding means (valid with ≥ 20 hours), as the 2012 hourly report indexes PM with. */
export function sliding24hMeans(series: HourlySeries): (number | null)[] {
  return slidingMeans(series, 24, MIN_HOURS_PER_DAY);
}

/** O3 8-hour sliding means (valid with ≥ 6 of 8 hours). */
export function sliding8hMeans(series: HourlySeries): (number | null)[] {
  return slidingMeans(series, 8, MIN_HOURS_PER_8H);
}

/** The mean of one day's hourly values (valid with ≥ 20 of them), or null. */
export function dailyMean(dayHours: HourlySeries): number | null {
  let sum = 0;
  let count = 0;
  for (const v of dayHours) if (valid(v)) { sum += v; count++; }
  return count >= MIN_HOURS_PER_DAY ? sum / count : null;
}

/** The largest valid hourly value of a day, or null (O3's daily maximum 1-hour value, 2012). */
export function dailyMax1h(dayHours: HourlySeries): number | null {
  let max: number | null = null;
  for (const v of dayHours) if (valid(v) && (max === null || v > max)) max = v;
  return max;
}

/**
 * O3's daily maximum 8-hour mean from one day's 24 hourly values (index 0 = 00:00–01:00): the
 * largest of the 17 8-hour means lying within the day (ending 08:00 … 24:00), each valid with
 * ≥ 6 hours; null with fewer than `minWindows` valid means.
 */
export function dailyMax8h(dayHours: HourlySeries, minWindows = MIN_8H_WINDOWS_PER_DAY): number | null {
  const means = sliding8hMeans(dayHours.slice(0, 24));
  let max: number | null = null;
  let windows = 0;
  for (let end = 7; end < means.length; end++) {
    const m = means[end];
    if (m === null) continue;
    windows++;
    if (max === null || m > max) max = m;
  }
  return windows >= minWindows ? max : null;
}

/** Hourly series by pollutant, all of the same length and aligned on the same clock hours. */
export type PollutantSeries = Partial<Record<AqiPollutant, HourlySeries>>;

/**
 * One hourly (real-time) AQI report per hour of the series. HJ 633—2026: the 1-hour values of
 * all six pollutants. HJ 633—2012: SO2, NO2, CO, O3 1-hour values, the O3 8-hour sliding mean
 * and PM's 24-hour sliding means (and SO2's 24-hour sliding mean for its above-800 rule).
 */
export function hourlyAqiSeries(series: PollutantSeries, standard: AqiStandardId = DEFAULT_AQI_STANDARD): AqiReport[] {
  const length = Math.max(0, ...Object.values(series).map((s) => s?.length ?? 0));
  const derived: Partial<Record<keyof AqiValues, HourlySeries>> = {};
  const { so2, no2, co, o3, pm10, pm25 } = series;
  if (so2) derived.so2_1h = so2;
  if (no2) derived.no2_1h = no2;
  if (co) derived.co_1h = co;
  if (o3) derived.o3_1h = o3;
  if (standard === 'HJ633-2012') {
    if (so2) derived.so2_24h = sliding24hMeans(so2);
    if (o3) derived.o3_8h = sliding8hMeans(o3);
    if (pm10) derived.pm10_24h = sliding24hMeans(pm10);
    if (pm25) derived.pm25_24h = sliding24hMeans(pm25);
  } else {
    if (pm10) derived.pm10_1h = pm10;
    if (pm25) derived.pm25_1h = pm25;
  }
  const entries = Object.entries(derived) as [keyof AqiValues, HourlySeries][];
  const out: AqiReport[] = [];
  for (let i = 0; i < length; i++) {
    const values: AqiValues = {};
    for (const [key, s] of entries) values[key] = s[i] ?? null;
    out.push(computeAqi(values, { period: 'hour', standard }));
  }
  return out;
}

/**
 * One daily AQI report per whole day of the series (index 0 must be 00:00 of the first day;
 * a trailing partial day is left out): daily means, O3's daily maximum 8-hour mean, and under
 * HJ 633—2012 also O3's daily maximum 1-hour value.
 */
export function dailyAqiSeries(series: PollutantSeries, standard: AqiStandardId = DEFAULT_AQI_STANDARD): AqiReport[] {
  const length = Math.max(0, ...Object.values(series).map((s) => s?.length ?? 0));
  const withO3Max1h = AQI_STANDARDS[standard].daily.includes('o3_1h');
  const out: AqiReport[] = [];
  for (let start = 0; start + 24 <= length; start += 24) {
    const day = (s: HourlySeries | undefined) => (s ? s.slice(start, start + 24) : undefined);
    const values: AqiValues = {};
    const so2 = day(series.so2);
    const no2 = day(series.no2);
    const co = day(series.co);
    const o3 = day(series.o3);
    const pm10 = day(series.pm10);
    const pm25 = day(series.pm25);
    if (so2) values.so2_24h = dailyMean(so2);
    if (no2) values.no2_24h = dailyMean(no2);
    if (co) values.co_24h = dailyMean(co);
    if (o3) {
      values.o3_8h = dailyMax8h(o3);
      if (withO3Max1h) values.o3_1h = dailyMax1h(o3);
    }
    if (pm10) values.pm10_24h = dailyMean(pm10);
    if (pm25) values.pm25_24h = dailyMean(pm25);
    out.push(computeAqi(values, { period: 'day', standard }));
  }
  return out;
}
