import { z } from 'zod';
import { PageQuery, QueryId, paged } from './envelope';

/**
 * Environment analysis (issue 20, /nv_environment_analysis/…) on the second API base: the
 * resistance, particulate and air-volume lists (v_pa_dev_list, v_pm_dev_list, v_air_dev_list),
 * the AQI analysis and the filtration analysis. Every call needs `environment-analysis` and reads
 * only the caller's visible projects. Formulas: contract/analysis/ (aqi*.ts, filtration.ts).
 */

/** Where a particulate reading is taken (server/README.md "Environment analysis" says how it is known). */
export const AIR_POSITIONS = ['outdoor', 'upstream', 'downstream', 'indoor'] as const;
export type AirPosition = (typeof AIR_POSITIONS)[number];
/** The AQI's two sides: outdoor (ambient) air, and the air the rooms get. */
export const AIR_SIDES = ['outdoor', 'indoor'] as const;
export type AirSide = (typeof AIR_SIDES)[number];

/** The periods the analysis pages switch between: the last 24 hours, 7, 30 or 365 days (whole local days). */
export const ENV_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type EnvPeriod = (typeof ENV_PERIODS)[number];
/** Filtration reads hourly pairs per device: a year of them is left to the life pages. */
export const FILTRATION_PERIODS = ['day', 'week', 'month'] as const;

const Epoch = z.coerce.number().int().min(0).max(8.64e15);

/** `?projectId=&keyword=` of the three lists: one project of the scope, a device name part. */
export const EnvListQuery = PageQuery.extend({
  projectId: QueryId.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type EnvListQuery = z.infer<typeof EnvListQuery>;

const DeviceRef = {
  deviceId: z.number().int(),
  deviceName: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  modelName: z.string(),
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state: z.number().int(),
};

/** v_pa_dev_list: a device's filter resistance (tag 5). */
export const PaDevice = z.object({
  ...DeviceRef,
  measureId: z.number().int(),
  /** Current resistance, Pa; null before the first sample. */
  currentPa: z.number().nullable(),
  currentAt: z.number().int().nullable(),
  /** Clean-filter resistance, Pa: the filter model's (nv_life_set) or the default 80 Pa. */
  initialPa: z.number(),
  initialFrom: z.enum(['filter-model', 'default']),
  /** Final (change) resistance, Pa. */
  finalPa: z.number(),
  /** Where `finalPa` comes from: the filter model, the point's "greater than" alarm threshold, its range's maximum, or the default. */
  finalFrom: z.enum(['filter-model', 'alarm', 'max', 'default']),
  /** current ÷ final × 100 (one decimal); null without a current value. */
  percentOfFinal: z.number().nullable(),
  /** Theil–Sen slope over the last 7 days' hourly means, Pa per day; null with too little data. */
  trendPaPerDay: z.number().nullable(),
});
export type PaDevice = z.infer<typeof PaDevice>;
export const PaSummary = z.object({
  devices: z.number().int(),
  /** Devices at or above their final resistance. */
  atFinal: z.number().int(),
  /** Devices at 80 % of it or more (below the final). */
  near: z.number().int(),
  meanPercentOfFinal: z.number().nullable(),
});
export const PaDevicePage = paged(PaDevice).extend({ summary: PaSummary });
export type PaDevicePage = z.infer<typeof PaDevicePage>;

/** v_pm_dev_list: a device's particulate readings (PM2.5, PM10, PM1 μg/m³; PM0.3 count per litre). */
export const PmDevice = z.object({
  ...DeviceRef,
  /** Where its PM2.5 (else its first particulate point) is measured. */
  position: z.enum(AIR_POSITIONS),
  side: z.enum(AIR_SIDES).nullable(),
  pm25: z.number().nullable(),
  pm10: z.number().nullable(),
  pm1: z.number().nullable(),
  pm03: z.number().nullable(),
  /** PM2.5 mean over the last 24 hours (hourly rollups); null without data. */
  pm25Mean24h: z.number().nullable(),
  ts: z.number().int().nullable(),
});
export type PmDevice = z.infer<typeof PmDevice>;
export const PmSummary = z.object({
  devices: z.number().int(),
  /** Mean current PM2.5 of each side's devices. */
  outdoorPm25: z.number().nullable(),
  indoorPm25: z.number().nullable(),
  /** 1 − indoor ÷ outdoor PM2.5 (the site's overall reduction); null without both. */
  reduction: z.number().nullable(),
});
export const PmDeviceQuery = EnvListQuery.extend({ side: z.enum(AIR_SIDES).optional() });
export const PmDevicePage = paged(PmDevice).extend({ summary: PmSummary });
export type PmDevicePage = z.infer<typeof PmDevicePage>;

/** v_air_dev_list: a device's air volume (tag 7) against its rated volume. */
export const AirDevice = z.object({
  ...DeviceRef,
  measureId: z.number().int(),
  currentM3h: z.number().nullable(),
  currentAt: z.number().int().nullable(),
  /** Mean over the last 24 hours, m³/h. */
  mean24hM3h: z.number().nullable(),
  ratedM3h: z.number().nullable(),
  /** `ratedM3h` from the filter model (nv_life_set), the point's range maximum (the unit's nameplate volume), or unknown. */
  ratedFrom: z.enum(['filter-model', 'max', 'none']),
  /** current ÷ rated × 100 (one decimal). */
  percentOfRated: z.number().nullable(),
});
export type AirDevice = z.infer<typeof AirDevice>;
export const AirSummary = z.object({
  devices: z.number().int(),
  /** Running devices (air volume above 0). */
  running: z.number().int(),
  /** Running devices below half their rated volume. */
  low: z.number().int(),
  totalM3h: z.number(),
  meanPercentOfRated: z.number().nullable(),
});
export const AirDevicePage = paged(AirDevice).extend({ summary: AirSummary });
export type AirDevicePage = z.infer<typeof AirDevicePage>;

/** `?projectId=&period=&to=`: the scope (or one project), the period, and its end (default now). */
export const AqiAnalysisQuery = z.object({
  projectId: QueryId.optional(),
  period: z.enum(ENV_PERIODS).default('day'),
  to: Epoch.optional(),
});
export type AqiAnalysisQuery = z.infer<typeof AqiAnalysisQuery>;

const Indicator = z.enum(['so2_24h', 'so2_1h', 'no2_24h', 'no2_1h', 'co_24h', 'co_1h', 'o3_1h', 'o3_8h', 'pm10_24h', 'pm10_1h', 'pm25_24h', 'pm25_1h']);
const Pollutant = z.enum(['so2', 'no2', 'co', 'o3', 'pm10', 'pm25']);

/** One AQI report (contract/analysis/aqi.ts `AqiReport`). */
export const AqiReportOut = z.object({
  period: z.enum(['hour', 'day']),
  /** Start of the hour or day it reports. */
  t: z.number().int(),
  parts: z.array(z.object({
    indicator: Indicator,
    concentration: z.number(),
    iaqi: z.number().int(),
    note: z.enum(['above-scale', 'so2-1h-above-800', 'o3-8h-above-800']).optional(),
  })),
  missing: z.array(Indicator),
  maxIaqi: z.number().int().nullable(),
  aqi: z.number().int().nullable(),
  level: z.number().int().nullable(),
  primaryPollutants: z.array(Pollutant),
});
export type AqiReportOut = z.infer<typeof AqiReportOut>;

/** One side's AQI analysis over the period. */
export const AqiSide = z.object({
  side: z.enum(AIR_SIDES),
  /** Devices whose points feed it. */
  devices: z.number().int(),
  /** Pollutants measured on this side (whether or not they have data). */
  pollutants: z.array(Pollutant),
  /** The real-time report of the latest hour with data; null without any. */
  latestHour: AqiReportOut.nullable(),
  /** The daily-type report over the 24 hours ending with that hour. */
  last24h: AqiReportOut.nullable(),
  /** Hourly reports of the period (day and week; empty for longer ones). */
  hourly: z.array(AqiReportOut),
  /** Daily reports of the period's whole days. */
  daily: z.array(AqiReportOut),
  /** Hours of the period with an hourly AQI, and those above 100 (beyond 良), by pollutant too (IAQI > 100). */
  hoursWithAqi: z.number().int(),
  exceedanceHours: z.number().int(),
  exceedanceByPollutant: z.record(z.string(), z.number().int()),
  /** Period mean concentration by pollutant (μg/m³, CO mg/m³). */
  means: z.record(z.string(), z.number()),
});
export type AqiSide = z.infer<typeof AqiSide>;

export const AqiAnalysis = z.object({
  /** The standard in force (settings `aqiStandard`), with its names. */
  standard: z.object({ id: z.enum(['HJ633-2012', 'HJ633-2026']), zh: z.string(), en: z.string() }),
  period: z.enum(ENV_PERIODS),
  from: z.number().int(),
  to: z.number().int(),
  sides: z.array(AqiSide),
  /** Points left out because their unit cannot be converted to the standard's. */
  skipped: z.array(z.object({ measureId: z.number().int(), name: z.string(), unit: z.string() })),
});
export type AqiAnalysis = z.infer<typeof AqiAnalysis>;

export const FiltrationQuery = z.object({
  projectId: QueryId.optional(),
  period: z.enum(FILTRATION_PERIODS).default('week'),
  to: Epoch.optional(),
});
export type FiltrationQuery = z.infer<typeof FiltrationQuery>;

/** A sustained efficiency drop (contract/analysis/filtration.ts `EfficiencyDrop`). */
export const EfficiencyDropOut = z.object({
  start: z.number().int(),
  end: z.number().int().nullable(),
  baseline: z.number(),
  efficiency: z.number(),
  drop: z.number(),
});

/** One filter stage: a device's downstream PM2.5 point against its upstream. */
export const FilterStage = z.object({
  ...DeviceRef,
  /** 1 for the first stage of the device's air path. */
  stage: z.number().int(),
  /** The downstream point. */
  measureId: z.number().int(),
  measureName: z.string(),
  /** The upstream: the device's own upstream point, the previous stage's, or the project's outdoor mean. */
  upstream: z.enum(['measure', 'previous-stage', 'outdoor']),
  /** Concentration-weighted efficiency over the period (0–1; negative = a fault). */
  efficiency: z.number().nullable(),
  /** Efficiency of the latest usable hour. */
  latest: z.number().nullable(),
  series: z.array(z.object({ t: z.number().int(), efficiency: z.number().nullable() })),
  drops: z.array(EfficiencyDropOut),
  /** A drop is still open at the end of the period (leaking or bypassed now). */
  leaking: z.boolean(),
});
export type FilterStage = z.infer<typeof FilterStage>;

export const FiltrationAnalysis = z.object({
  period: z.enum(FILTRATION_PERIODS),
  from: z.number().int(),
  to: z.number().int(),
  /** Series bucket: an hour (day), six hours (week), a day (month). */
  bucketMs: z.number().int(),
  stages: z.array(FilterStage),
  /** Stages with any drop in the period. */
  flagged: z.number().int(),
});
export type FiltrationAnalysis = z.infer<typeof FiltrationAnalysis>;
