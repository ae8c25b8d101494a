import { z } from 'zod';
import { HistoryAlarm } from './alarms';
import { DeviceListItem } from './devices';
import { PageQuery, QueryId, paged } from './envelope';

/**
 * The device detail and online-data pages (issue 19): /nv_monitor/nv_device_detail/{deviceId} and
 * /nv_monitor/nv_device_onlinedata/{deviceId}. Every call needs `device-preview` and answers 404
 * for a device outside the caller's data scope.
 */

/** A point's open alarm, as the detail shows it beside the value. */
export const DetailAlarm = z.object({
  id: z.number().int(),
  /** 0 hint, 1 minor, 2 important (SPEC §3). */
  warnLevel: z.number().int(),
  alarmContent: z.string(),
  raisedAt: z.number().int(),
});
export type DetailAlarm = z.infer<typeof DetailAlarm>;

/** One measure point of the device's model with its current value. */
export const DetailMeasure = z.object({
  measureId: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  tagId: z.number().int().nullable(),
  /** 0 sample, 1 alarm, 2 flag, -1 not collected (SPEC §3). */
  measureType: z.number().int(),
  /** How a value becomes text (contract/measure-printf.ts): '' for none. */
  printf: z.string(),
  /** The current value, null before the first sample. */
  value: z.number().nullable(),
  /** Epoch ms of the current value, null before the first sample. */
  ts: z.number().int().nullable(),
  alarm: DetailAlarm.nullable(),
});
export type DetailMeasure = z.infer<typeof DetailMeasure>;

/** GET /api/t_device/detail/{id}: the device, its points with current values and open alarms. */
export const DeviceDetail = z.object({
  device: DeviceListItem,
  measures: z.array(DetailMeasure),
  /** The server's clock when answering (epoch ms): ages are measured against it. */
  serverTime: z.number().int(),
});
export type DeviceDetail = z.infer<typeof DeviceDetail>;

/** GET /api/t_device/alarms: one device's alarms, newest first; `open` keeps those not cleared. */
export const DeviceAlarmQuery = PageQuery.extend({
  deviceId: QueryId,
  state: z.enum(['open', 'all']).default('all'),
});
export const DeviceAlarmPage = paged(HistoryAlarm);

export const AVAILABILITY_STEPS = ['none', 'day', 'week', 'month'] as const;
export type AvailabilityStep = (typeof AVAILABILITY_STEPS)[number];
/** Longest range one availability call covers (a little over a year). */
export const MAX_AVAILABILITY_RANGE_MS = 400 * 86_400_000;

/**
 * GET /api/t_history_online/availability: how long the device was online in [from, to), as a whole
 * and per calendar `step` (days, weeks from Monday, months) in the caller's time zone, given as
 * `tzOffset` = minutes to add to UTC (China: 480).
 */
export const AvailabilityQuery = z.object({
  deviceId: QueryId,
  from: z.coerce.number().int().min(0).max(8.64e15),
  to: z.coerce.number().int().min(0).max(8.64e15),
  step: z.enum(AVAILABILITY_STEPS).default('none'),
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
}).refine((q) => q.from < q.to, { message: 'from must be before to', path: ['from'] })
  .refine((q) => q.to - q.from <= MAX_AVAILABILITY_RANGE_MS, { message: 'the range may span at most 400 days', path: ['to'] });
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

/**
 * One period's account. Only time already past counts. `onlineMs` includes `alarmMs` (a device in
 * alarm is online); `unknownMs` is time before the device's first recorded state. `availability`
 * is online ÷ (online + offline) in percent with two decimals, null when no time is known.
 */
export const AvailabilitySpan = z.object({
  from: z.number().int(),
  to: z.number().int(),
  onlineMs: z.number().int(),
  alarmMs: z.number().int(),
  offlineMs: z.number().int(),
  unknownMs: z.number().int(),
  /** State changes inside the period. */
  changes: z.number().int(),
  availability: z.number().nullable(),
});
export type AvailabilitySpan = z.infer<typeof AvailabilitySpan>;

export const Availability = z.object({
  total: AvailabilitySpan,
  periods: z.array(AvailabilitySpan),
  /** The state carried into the range from before it (0, 1, 2), null when none was recorded. */
  stateAtFrom: z.number().int().nullable(),
});
export type Availability = z.infer<typeof Availability>;
