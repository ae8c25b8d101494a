import { z } from 'zod';
import { SITE_UTC_OFFSET_MINUTES } from './constants';
import { MEASURE_TAGS } from './enums';
import { QueryId } from './envelope';
import { AlarmStats, DeviceStats } from './statistics';

/**
 * Aggregates of the big-screen monitor (`/api/s/screen/overview`, `/api/s/measure-trend`,
 * `/api/s/filter-life`, `/api/s/featured-unit`), always within the caller's data scope. A
 * `projectId` outside it answers 404 like the other telemetry routes.
 */

const count = z.number().int().min(0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Start (epoch ms) of the site day that holds `ts`: 00:00 at SITE_UTC_OFFSET_MINUTES. */
export function siteDayStart(ts: number): number {
  const offset = SITE_UTC_OFFSET_MINUTES * 60_000;
  return Math.floor((ts + offset) / DAY) * DAY - offset;
}

/** `?projectId=`: the whole data scope, or one project of it. */
export const ScreenScopeQuery = z.object({ projectId: QueryId.optional() });
export type ScreenScopeQuery = z.infer<typeof ScreenScopeQuery>;

export const PROJECT_STATES = ['normal', 'alarm', 'offline'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** One project on the map and in the rankings. */
export const ScreenProject = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  /** The region's name. */
  region: z.string().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** `alarm` with an open alarm; `offline` when it has devices and none is online or in alarm; else `normal`. */
  state: z.enum(PROJECT_STATES),
  devices: count,
  /** Devices in state 1 (online); devices in alarm (2) count in neither `online` nor offline. */
  online: count,
  /** Open alarms. */
  alarms: count,
  /** kWh since 00:00 site time: see ScreenOverview.energyToday. */
  energyToday: z.number(),
  /** μg/m³, one decimal, as ScreenOverview.pm25 within the project. */
  pm25: z.number().nullable(),
  aqi: z.number().int().nullable(),
});
export type ScreenProject = z.infer<typeof ScreenProject>;

/** `data` of GET /api/s/screen/overview. */
export const ScreenOverview = z.object({
  projects: count,
  /** Devices by state, as DeviceStats (without the types). */
  devices: DeviceStats.pick({ total: true, online: true, offline: true, alarm: true }),
  /** Open alarms by warn level, as GET /api/s/wMeasure/count. */
  alarms: AlarmStats,
  /**
   * kWh used today (since 00:00 site time, SITE_UTC_OFFSET_MINUTES): the sum over the points
   * tagged TotalEnergy of their increase in today's hourly rollups (largest minus smallest
   * sample), one decimal.
   */
  energyToday: z.number(),
  /**
   * Average current PM2.5 (μg/m³, one decimal) of the sensors (device type 2001): ambient air.
   * Without sensors, of every PM2.5 point; null without any current value. Current: the
   * `t_real_measure` value of a device that is not offline (an offline device's last reading is
   * no reading of now); the same for `pm10` and `airVolume`.
   */
  pm25: z.number().nullable(),
  /** Average current PM10, chosen like `pm25`. */
  pm10: z.number().nullable(),
  /** aqiOf({pm25, pm10}, standard) of the two averages above under the configured standard (contract/analysis/aqi.ts). */
  aqi: z.number().int().nullable(),
  /** m³/h: the sum of the current AirVolume values. */
  airVolume: z.number(),
  /** Ordered by id. */
  projectList: z.array(ScreenProject),
});
export type ScreenOverview = z.infer<typeof ScreenOverview>;

/** At most this many tags in one trend request. */
export const MAX_TREND_TAGS = 4;
/** Trends up to this many hours read 1-minute buckets, longer ones 1-hour buckets. */
export const TREND_MINUTE_MAX_HOURS = 6;
export const TREND_MAX_HOURS = 168;

/**
 * GET /api/s/measure-trend: `tags` a comma list of 1–4 measure tag ids (contract/enums.ts
 * MeasureTag), `hours` 1–168 (default 24).
 */
export const MeasureTrendQuery = ScreenScopeQuery.extend({
  tags: z.string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be one comma-separated list') })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be comma-separated measure tag ids')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((tags) => tags.length <= MAX_TREND_TAGS, `at most ${MAX_TREND_TAGS} measure tags`)
    .refine((tags) => tags.every((t) => Object.hasOwn(MEASURE_TAGS, t)), 'unknown measure tag'),
  hours: z.coerce.number().int().min(1).max(TREND_MAX_HOURS).default(24),
  /** One device's own measures of these tags (a template bound to a device), instead of the scope's average. */
  deviceId: QueryId.optional(),
});
export type MeasureTrendQuery = z.infer<typeof MeasureTrendQuery>;

export const TrendPoint = z.object({
  /** Bucket start, epoch ms. */
  ts: z.number().int(),
  /** One decimal. */
  value: z.number(),
});
export type TrendPoint = z.infer<typeof TrendPoint>;

/**
 * One tag's trend: per bucket, the mean of the bucket averages of the contributing points (each
 * device weighs the same). Buckets without data are left out. For a tag that sensors (device type
 * 2001) measure, only sensors contribute (ambient air, as ScreenOverview.pm25); otherwise every
 * point with the tag. `measureIds` are those points' t_measure ids, so a client can fold live
 * hub samples (`measureValues`) into the last bucket.
 */
export const TrendSeries = z.object({
  tag: z.number().int(),
  /** MEASURE_TAGS name and unit. */
  name: z.string(),
  unit: z.string(),
  measureIds: z.array(z.number().int()),
  points: z.array(TrendPoint),
});
export type TrendSeries = z.infer<typeof TrendSeries>;

/**
 * `data` of GET /api/s/measure-trend: `hours` buckets of `bucketMs` (60 000 up to
 * TREND_MINUTE_MAX_HOURS, else 3 600 000) ending with the current one; `from` is the first
 * bucket's start, `to` the server's time. One series per tag, in the order asked.
 */
export const MeasureTrend = z.object({
  bucketMs: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  series: z.array(TrendSeries),
});
export type MeasureTrend = z.infer<typeof MeasureTrend>;

/** A new filter's resistance (Pa), where remaining life is 100 %. */
export const FILTER_INITIAL_PA = 80;
/** Final resistance (Pa) when the measure has neither a "greater than" alarm threshold nor a max value. */
export const FILTER_FINAL_PA = 450;

/**
 * Remaining filter life in % (0–100, one decimal) from the resistance: 100 at FILTER_INITIAL_PA,
 * 0 at `finalPa`. Without a reading: 100 (nothing says it is worn).
 */
export function filterRemainingPct(resistance: number | null, finalPa: number): number {
  if (resistance === null) return 100;
  const final = finalPa > FILTER_INITIAL_PA ? finalPa : FILTER_FINAL_PA;
  const pct = (100 * (final - resistance)) / (final - FILTER_INITIAL_PA);
  return Math.round(Math.min(100, Math.max(0, pct)) * 10) / 10;
}

/** GET /api/s/filter-life: `limit` 1–50 (default 10). */
export const FilterLifeQuery = ScreenScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type FilterLifeQuery = z.infer<typeof FilterLifeQuery>;

/**
 * One filter (a device with a Resistance point). Final resistance: the point's "greater than"
 * alarm threshold (the device's override, else the measure's), else its max value, else
 * FILTER_FINAL_PA; `remainingPct` by filterRemainingPct.
 */
export const FilterLifeItem = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  projectName: z.string(),
  /** Last reported resistance (Pa), also of an offline device (a filter does not recover offline); null if none. */
  resistance: z.number().nullable(),
  remainingPct: z.number().min(0).max(100),
});
export type FilterLifeItem = z.infer<typeof FilterLifeItem>;
/** `data` of GET /api/s/filter-life: worst first (lowest remaining life), ties by device id. */
export const FilterLifeList = z.array(FilterLifeItem);
export type FilterLifeList = z.infer<typeof FilterLifeList>;

/**
 * `data` of GET /api/s/featured-unit: the purifier unit to show (a device whose model has an
 * AirVolume and a TotalEnergy point, e.g. NV-AP900), the one with the newest data (ties: lowest
 * id); null when none is visible.
 */
export const FeaturedUnit = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  projectName: z.string(),
  /** 0 offline, 1 online, 2 alarm. */
  state: z.number().int(),
  /** Last reported air volume (m³/h). */
  airVolume: z.number().nullable(),
  /** The AirVolume point's max value, else the current air volume. */
  airVolumeMax: z.number(),
  /** Last reported PM2.5 of the unit's own PM2.5 point (supply air). */
  pm25: z.number().nullable(),
  /** Remaining life (%) of the most worn filter of the unit's project; null without filters there. */
  filterPct: z.number().nullable(),
  /** airVolume > 0 and the unit is not offline. */
  running: z.boolean(),
  /** Epoch ms of the unit's newest value; null if it never reported. */
  ts: z.number().int().nullable(),
}).nullable();
export type FeaturedUnit = z.infer<typeof FeaturedUnit>;
