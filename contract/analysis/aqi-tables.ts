/**
 * The breakpoint tables of China's air quality index, as versioned data. Plain TypeScript
 * without zod: the console's monitor bundle imports it.
 *
 * - `HJ633-2012`: HJ 633—2012 环境空气质量指数（AQI）技术规定（试行）, Table 1 and §5.1.2–5.1.3;
 *   in force 2016-01-01, abolished 2026-03-01.
 * - `HJ633-2026`: HJ 633—2026 环境空气质量指数（AQI）技术规定 (replaces HJ 633—2012, published
 *   2026-02-14, in force 2026-03-01), Table 3, §4.2.2–4.2.6 and §5.3; checked against the
 *   ministry's published text. It lowers the IAQI-100 breakpoints of PM10 (150 → 120 μg/m³) and
 *   PM2.5 (75 → 60 μg/m³), computes the hourly report from 1-hour values of all six pollutants
 *   (PM with the daily breakpoints), reads an SO2 1-hour value above 800 μg/m³ as IAQI 200 and an
 *   O3 8-hour value above 800 μg/m³ as IAQI 300, drops O3's daily maximum 1-hour value from the
 *   daily report, rounds concentrations (GB/T 8170) before indexing, and publishes no AQI when
 *   a pollutant is missing unless the rest already give an AQI above 100.
 */

/** The standards this module knows. */
export type AqiStandardId = 'HJ633-2012' | 'HJ633-2026';

/** The standard in force since 2026-03-01: the default for new settings. */
export const DEFAULT_AQI_STANDARD: AqiStandardId = 'HJ633-2026';

/** The six pollutants of the index. */
export type AqiPollutant = 'so2' | 'no2' | 'co' | 'o3' | 'pm10' | 'pm25';

/**
 * A pollutant over an averaging time: `_1h` one hour, `_8h` eight hours (sliding; in a daily
 * report the day's maximum), `_24h` 24 hours (a day's mean, or in the 2012 hourly report the
 * 24-hour sliding mean). In a 2012 daily report `o3_1h` is the day's maximum 1-hour value.
 */
export type AqiIndicator =
  | 'so2_24h' | 'so2_1h' | 'no2_24h' | 'no2_1h' | 'co_24h' | 'co_1h'
  | 'o3_1h' | 'o3_8h' | 'pm10_24h' | 'pm10_1h' | 'pm25_24h' | 'pm25_1h';

/** Averaging times of an indicator, in hours. */
export type AqiAveraging = 1 | 8 | 24;

/** What an indicator is: pollutant, averaging time, unit, labels. */
export interface AqiIndicatorInfo {
  readonly pollutant: AqiPollutant;
  readonly hours: AqiAveraging;
  /** μg/m³ for every pollutant but CO (mg/m³). */
  readonly unit: 'μg/m³' | 'mg/m³';
  readonly zh: string;
  readonly en: string;
}

export const AQI_INDICATORS: Readonly<Record<AqiIndicator, AqiIndicatorInfo>> = {
  so2_24h: { pollutant: 'so2', hours: 24, unit: 'μg/m³', zh: '二氧化硫（SO₂）日平均', en: 'SO₂ 24-hour' },
  so2_1h: { pollutant: 'so2', hours: 1, unit: 'μg/m³', zh: '二氧化硫（SO₂）1小时平均', en: 'SO₂ 1-hour' },
  no2_24h: { pollutant: 'no2', hours: 24, unit: 'μg/m³', zh: '二氧化氮（NO₂）日平均', en: 'NO₂ 24-hour' },
  no2_1h: { pollutant: 'no2', hours: 1, unit: 'μg/m³', zh: '二氧化氮（NO₂）1小时平均', en: 'NO₂ 1-hour' },
  co_24h: { pollutant: 'co', hours: 24, unit: 'mg/m³', zh: '一氧化碳（CO）日平均', en: 'CO 24-hour' },
  co_1h: { pollutant: 'co', hours: 1, unit: 'mg/m³', zh: '一氧化碳（CO）1小时平均', en: 'CO 1-hour' },
  o3_1h: { pollutant: 'o3', hours: 1, unit: 'μg/m³', zh: '臭氧（O₃）1小时平均', en: 'O₃ 1-hour' },
  o3_8h: { pollutant: 'o3', hours: 8, unit: 'μg/m³', zh: '臭氧（O₃）8小时平均', en: 'O₃ 8-hour' },
  pm10_24h: { pollutant: 'pm10', hours: 24, unit: 'μg/m³', zh: '可吸入颗粒物（PM10）日平均', en: 'PM10 24-hour' },
  pm10_1h: { pollutant: 'pm10', hours: 1, unit: 'μg/m³', zh: '可吸入颗粒物（PM10）1小时平均', en: 'PM10 1-hour' },
  pm25_24h: { pollutant: 'pm25', hours: 24, unit: 'μg/m³', zh: '细颗粒物（PM2.5）日平均', en: 'PM2.5 24-hour' },
  pm25_1h: { pollutant: 'pm25', hours: 1, unit: 'μg/m³', zh: '细颗粒物（PM2.5）1小时平均', en: 'PM2.5 1-hour' },
};

/** Short pollutant names for a page: zh and en read the same. */
export const AQI_POLLUTANT_NAMES: Readonly<Record<AqiPollutant, string>> = {
  so2: 'SO₂', no2: 'NO₂', co: 'CO', o3: 'O₃', pm10: 'PM10', pm25: 'PM2.5',
};

/** What happens above a column's last breakpoint when the standard says so (notes b/c, (2)/(3)). */
export type AqiAboveRule =
  /** 2012: the IAQI is not computed from this value; the other indicator's IAQI is reported. */
  | { readonly kind: 'use'; readonly indicator: AqiIndicator }
  /** 2026: the IAQI reads this fixed value. */
  | { readonly kind: 'fixed'; readonly iaqi: number };

/** One standard: its breakpoints, which indicators make each report, and its special rules. */
export interface AqiStandard {
  readonly id: AqiStandardId;
  readonly zh: string;
  readonly en: string;
  /** ISO dates: in force from, and (when replaced) until, exclusive. */
  readonly validFrom: string;
  readonly validUntil?: string;
  /** IAQI breakpoints shared by every column. */
  readonly iaqi: readonly number[];
  /**
   * Concentration breakpoints per indicator, one per IAQI breakpoint; a shorter column ends where
   * the standard's column ends (SO2 1-hour at 800, O3 8-hour at 800), and `above` says what then.
   */
  readonly breakpoints: Readonly<Partial<Record<AqiIndicator, readonly number[]>>>;
  readonly above: Readonly<Partial<Record<AqiIndicator, AqiAboveRule>>>;
  /** The indicators whose IAQI make the daily report's AQI. */
  readonly daily: readonly AqiIndicator[];
  /** The indicators whose IAQI make the hourly (real-time) report's AQI. */
  readonly hourly: readonly AqiIndicator[];
  /** Round concentrations before indexing (GB/T 8170): μg/m³ to integers, CO mg/m³ to 0.1. */
  readonly roundConcentrations: boolean;
  /**
   * 2026 §5.3.1: with a pollutant missing, an AQI is published only when the others give more
   * than this; otherwise only concentrations and IAQIs are (AQI "NA"). Null: always published.
   */
  readonly incompleteAqiAbove: number | null;
}

const IAQI = [0, 50, 100, 150, 200, 300, 400, 500] as const;

/** Columns the two standards share (HJ 633—2012 Table 1 = HJ 633—2026 Table 3 for these). */
const SHARED = {
  so2_24h: [0, 50, 150, 475, 800, 1600, 2100, 2620],
  so2_1h: [0, 150, 500, 650, 800],
  no2_24h: [0, 40, 80, 180, 280, 565, 750, 940],
  no2_1h: [0, 100, 200, 700, 1200, 2340, 3090, 3840],
  co_24h: [0, 2, 4, 14, 24, 36, 48, 60],
  co_1h: [0, 5, 10, 35, 60, 90, 120, 150],
  o3_1h: [0, 160, 200, 300, 400, 800, 1000, 1200],
  o3_8h: [0, 100, 160, 215, 265, 800],
} as const;

const PM_2012 = { pm10: [0, 50, 150, 250, 350, 420, 500, 600], pm25: [0, 35, 75, 115, 150, 250, 350, 500] } as const;
const PM_2026 = { pm10: [0, 50, 120, 250, 350, 420, 500, 600], pm25: [0, 35, 60, 115, 150, 250, 350, 500] } as const;

export const AQI_STANDARDS: Readonly<Record<AqiStandardId, AqiStandard>> = {
  'HJ633-2012': {
    id: 'HJ633-2012',
    zh: 'HJ 633—2012 环境空气质量指数（AQI）技术规定（试行）',
    en: 'HJ 633-2012 Technical Regulation on Ambient Air Quality Index (on trial)',
    validFrom: '2016-01-01',
    validUntil: '2026-03-01',
    iaqi: IAQI,
    breakpoints: { ...SHARED, pm10_24h: PM_2012.pm10, pm25_24h: PM_2012.pm25 },
    above: { so2_1h: { kind: 'use', indicator: 'so2_24h' }, o3_8h: { kind: 'use', indicator: 'o3_1h' } },
    // §5.1.2: 24-hour means, O3 daily maximum 1-hour and maximum 8-hour sliding mean.
    daily: ['so2_24h', 'no2_24h', 'co_24h', 'o3_1h', 'o3_8h', 'pm10_24h', 'pm25_24h'],
    // §5.1.3 and Table 4: PM 1-hour values are published without an IAQI; PM enters the AQI
    // through its 24-hour sliding mean.
    hourly: ['so2_1h', 'no2_1h', 'co_1h', 'o3_1h', 'o3_8h', 'pm10_24h', 'pm25_24h'],
    roundConcentrations: false,
    incompleteAqiAbove: null,
  },
  'HJ633-2026': {
    id: 'HJ633-2026',
    zh: 'HJ 633—2026 环境空气质量指数（AQI）技术规定',
    en: 'HJ 633-2026 Technical specifications on ambient air quality index',
    validFrom: '2026-03-01',
    iaqi: IAQI,
    // §4.2.4: a PM 1-hour value is indexed with the daily breakpoints.
    breakpoints: { ...SHARED, pm10_24h: PM_2026.pm10, pm25_24h: PM_2026.pm25, pm10_1h: PM_2026.pm10, pm25_1h: PM_2026.pm25 },
    above: { so2_1h: { kind: 'fixed', iaqi: 200 }, o3_8h: { kind: 'fixed', iaqi: 300 } },
    // §4.2.2: daily means and O3's daily maximum 8-hour mean.
    daily: ['so2_24h', 'no2_24h', 'co_24h', 'o3_8h', 'pm10_24h', 'pm25_24h'],
    // §4.2.3: 1-hour means of all six.
    hourly: ['so2_1h', 'no2_1h', 'co_1h', 'o3_1h', 'pm10_1h', 'pm25_1h'],
    roundConcentrations: true,
    incompleteAqiAbove: 100,
  },
};

/** The standard in force on an ISO date (YYYY-MM-DD…); the oldest known before its start. */
export function aqiStandardOn(isoDate: string): AqiStandardId {
  return isoDate.slice(0, 10) >= AQI_STANDARDS['HJ633-2026'].validFrom ? 'HJ633-2026' : 'HJ633-2012';
}

/** True for a known standard id (settings arrive as text). */
export function isAqiStandardId(id: unknown): id is AqiStandardId {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(AQI_STANDARDS, id);
}
