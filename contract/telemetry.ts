import { z } from 'zod';
import { Id, MAX_DB_INT, PageQuery, QueryId, paged } from './envelope';

/** Most items one ingest call may carry. */
export const MAX_INGEST_ITEMS = 5000;
/** Largest magnitude a value may have: no sensor reads more, and sums of them stay finite. */
export const MAX_INGEST_VALUE = 1e15;
/** How far ahead of the server's clock a sample's `ts` may lie (device clocks drift). */
export const MAX_FUTURE_MS = 5 * 60_000;

/**
 * One value of POST /api/ingest: the device by id or code, the measure by id or by measure tag
 * (the model's first measure with that tag), the value, and the sample time (epoch ms; absent:
 * the time the server receives it).
 */
export const IngestItem = z.object({
  deviceId: Id.optional(),
  deviceCode: z.string().trim().min(1).max(64).optional(),
  measureId: Id.optional(),
  tag: z.number().int().min(0).max(MAX_DB_INT).optional(),
  value: z.number({ error: 'must be a finite number' })
    .refine((v) => Math.abs(v) <= MAX_INGEST_VALUE, `must lie within ±${MAX_INGEST_VALUE}`),
  ts: z.number().int().min(0).max(8.64e15).optional(),
}).strict()
  .refine((i) => i.deviceId !== undefined || i.deviceCode !== undefined, { message: 'deviceId or deviceCode is required', path: ['deviceId'] })
  .refine((i) => i.measureId !== undefined || i.tag !== undefined, { message: 'measureId or tag is required', path: ['measureId'] });
export type IngestItem = z.infer<typeof IngestItem>;

/** Items are checked one by one (a bad one is rejected, the others are stored). */
export const IngestBody = z.object({
  items: z.array(z.unknown()).min(1, 'items is required').max(MAX_INGEST_ITEMS, `at most ${MAX_INGEST_ITEMS} items`),
});

/**
 * What became of a batch: `accepted` values were stored (`stale` of them older than the point's
 * current value: kept in the history, but they neither replace the current value nor drive
 * alarms); `duplicates` were stored before and were ignored; `rejected` lists the others by index.
 */
export const IngestResult = z.object({
  accepted: z.number().int(),
  stale: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), error: z.string() })),
});
export type IngestResult = z.infer<typeof IngestResult>;

/** GET /api/t_real_measure/values: the current values of one device, or of a project's devices. */
export const RealValuesQuery = z.object({ deviceId: QueryId.optional(), projectId: QueryId.optional() })
  .refine((q) => q.deviceId !== undefined || q.projectId !== undefined, { message: 'deviceId or projectId is required', path: ['deviceId'] });

export const RealValue = z.object({
  deviceId: z.number().int(),
  measureId: z.number().int(),
  measureName: z.string(),
  tagId: z.number().int().nullable(),
  unit: z.string(),
  decimals: z.number().int(),
  value: z.number().nullable(),
  /** Epoch ms of the sample. */
  ts: z.number().int(),
  /** An alarm is open on this point. */
  alarm: z.boolean(),
});
export type RealValue = z.infer<typeof RealValue>;
export const RealValueList = z.array(RealValue);

export const HISTORY_INTERVALS = ['raw', '1m', '1h'] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];
/** Most points one history answer holds; `truncated` says when there were more. */
export const MAX_HISTORY_POINTS = 5000;

/** Fewest points a caller may ask for as its budget (a chart narrower than this is no chart). */
export const MIN_HISTORY_POINTS = 10;

/**
 * GET /api/t_history_measure: a trend. `interval` absent or `auto` lets the server choose by the
 * range and the point budget `maxPoints` (default and most {@link MAX_HISTORY_POINTS}): raw samples
 * for short ranges (up to 6 hours) when they fit the budget and reach back as far as the rollups,
 * 1-minute rollups up to 7 days (merged into 2, 5, 10… minute buckets to fit), 1-hour rollups
 * beyond (merged into 2, 3, 6… hour or day buckets to fit); a finer source whose data does not
 * reach back as far as a coarser one's (retention, a device that reported rarely) is passed over.
 * A named `interval` reads that table as it is, `truncated` past `maxPoints`.
 */
export const HistoryQuery = z.object({
  deviceId: QueryId,
  measureId: QueryId,
  from: z.coerce.number().int().min(0).max(8.64e15),
  to: z.coerce.number().int().min(0).max(8.64e15),
  interval: z.enum([...HISTORY_INTERVALS, 'auto']).default('auto'),
  maxPoints: z.coerce.number().int().min(MIN_HISTORY_POINTS).max(MAX_HISTORY_POINTS).default(MAX_HISTORY_POINTS),
}).refine((q) => q.from < q.to, { message: 'from must be before to', path: ['from'] });

/** One point: a raw sample (min = max = value, count 1) or a bucket (value is the average). */
export const HistoryPoint = z.object({
  ts: z.number().int(),
  value: z.number(),
  min: z.number(),
  max: z.number(),
  count: z.number().int(),
});
export const HistoryResult = z.object({
  /** The table read: raw samples or a rollup. */
  interval: z.enum(HISTORY_INTERVALS),
  /** Width of a point's bucket in ms: 0 for raw samples, 60,000 or more for rollups (merged ones wider). */
  bucketMs: z.number().int().min(0),
  points: z.array(HistoryPoint),
  truncated: z.boolean(),
});
export type HistoryResult = z.infer<typeof HistoryResult>;

/**
 * GET /api/t_history_online: a device's state changes, newest first; `from`/`to` (epoch ms) keep
 * the changes at or after / before them.
 */
export const OnlineHistoryQuery = PageQuery.extend({
  deviceId: QueryId,
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
}).refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, { message: 'from must be before to', path: ['from'] });
export const OnlineHistoryItem = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  /** 0 offline, 1 online, 2 alarm. */
  state: z.number().int(),
  ts: z.number().int(),
  /** When the next change came (epoch ms); null while this state still holds. */
  until: z.number().int().nullable(),
  /** How long the state held: until the next change, or until now. */
  durationMs: z.number().int(),
});
export const OnlineHistoryPage = paged(OnlineHistoryItem);
