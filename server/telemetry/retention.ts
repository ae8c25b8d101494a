import type { Kysely } from 'kysely';
import type { Settings } from '../../contract/settings';
import type { DB } from '../db/schema';
import { loadSettings } from '../settings/settings-repository';

const DAY_MS = 86_400_000;
/** Rows deleted by one statement: each is its own short transaction, so ingest gets the database in between. */
export const PRUNE_BATCH = 1_000;

export type Retention = Settings['retention'];

/** What one pruning pass deleted, per table. */
export interface PruneResult {
  raw: number;
  minute: number;
  hour: number;
  messages: number;
  logs: number;
  alarms: number;
  /** Online/offline changes (t_history_online), kept as long as the hourly rollups. */
  online: number;
}

export interface PruneOptions {
  /** Rows per statement (default {@link PRUNE_BATCH}). */
  batch?: number;
  /** Asked between batches: true ends the pass early (the server is closing). */
  shouldStop?: () => boolean;
  /** Awaited between batches (default: one turn of the event loop), so requests and ingest run in between. */
  pause?: () => Promise<void>;
  /** The length of a retention "day" (default 86,400,000 ms); the accelerated soak bench shortens it. */
  dayMs?: number;
}

/** The retention settings (contract/settings.ts); a missing or unreadable one takes its default. */
export async function readRetention(db: Kysely<DB>): Promise<Retention> {
  return (await loadSettings(db)).retention;
}

/** The instant before which each table's rows are removed (rows at the instant are kept). */
export function retentionCutoffs(r: Retention, now: number, dayMs = DAY_MS) {
  return {
    raw: now - r.rawDays * dayMs,
    minute: now - r.minuteDays * dayMs,
    hour: now - r.hourDays * dayMs,
    messages: now - r.messageDays * dayMs,
    logs: now - r.logDays * dayMs,
    alarms: now - r.alarmDays * dayMs,
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type PointTable = 't_history_measure' | 't_history_measure_1m' | 't_history_measure_1h';
type IdTable = 't_history_message' | 't_history_log' | 't_history_measure_warning';

/**
 * Deletes what is older than the retention settings: raw samples, 1-minute and 1-hour buckets,
 * users' messages, the operation log, cleared alarms of the alarm history (their delivery logs
 * and escalations go with them by foreign key; an alarm still active stays), and online/offline
 * changes older than the hourly buckets (each device's last one before the cut-off stays). A row
 * exactly at the cut-off is kept.
 *
 * Small batches that never block ingest: every statement deletes at most `batch` rows found by a
 * primary-key or indexed range (history per point over its (device, measure, time) key; the id
 * tables from their oldest id), runs as its own short transaction, and the pass yields to the
 * event loop between statements. Tables are plain (not time-partitioned) on SQLite and PostgreSQL
 * alike, so PostgreSQL prunes by the same batched deletes.
 */
export async function pruneHistory(db: Kysely<DB>, now: number, opts: PruneOptions = {}): Promise<PruneResult> {
  const cut = retentionCutoffs(await readRetention(db), now, opts.dayMs);
  const batch = opts.batch ?? PRUNE_BATCH;
  const pause = opts.pause ?? nextTurn;
  const stop = opts.shouldStop ?? (() => false);
  const out: PruneResult = { raw: 0, minute: 0, hour: 0, messages: 0, logs: 0, alarms: 0, online: 0 };
  const anyDb = db as unknown as Kysely<Record<string, Record<string, number | null>>>;

  // Every point that ever stored a sample has a current value.
  const points = await db.selectFrom('t_real_measure').select(['device_id as deviceId', 'measure_id as measureId'])
    .orderBy('device_id').orderBy('measure_id').execute();
  const pointPlans: { table: PointTable; column: 'ts' | 'bucket'; cutoff: number; field: keyof PruneResult }[] = [
    { table: 't_history_measure', column: 'ts', cutoff: cut.raw, field: 'raw' },
    { table: 't_history_measure_1m', column: 'bucket', cutoff: cut.minute, field: 'minute' },
    { table: 't_history_measure_1h', column: 'bucket', cutoff: cut.hour, field: 'hour' },
  ];
  for (const plan of pointPlans) {
    for (const p of points) {
      for (;;) {
        if (stop()) return out;
        const oldest = anyDb.selectFrom(plan.table).select(plan.column)
          .where('device_id', '=', p.deviceId).where('measure_id', '=', p.measureId)
          .where(plan.column, '<', plan.cutoff).orderBy(plan.column).limit(batch);
        const res = await anyDb.deleteFrom(plan.table)
          .where('device_id', '=', p.deviceId).where('measure_id', '=', p.measureId)
          .where(plan.column, 'in', oldest).executeTakeFirst();
        const n = Number(res.numDeletedRows);
        out[plan.field] += n;
        if (n > 0) await pause();
        if (n < batch) break;
      }
    }
  }

  const idPlans: { table: IdTable; column: string; cutoff: number; field: keyof PruneResult; clearedOnly?: boolean }[] = [
    { table: 't_history_message', column: 'created_at', cutoff: cut.messages, field: 'messages' },
    { table: 't_history_log', column: 'created_at', cutoff: cut.logs, field: 'logs' },
    { table: 't_history_measure_warning', column: 'raised_at', cutoff: cut.alarms, field: 'alarms', clearedOnly: true },
  ];
  for (const plan of idPlans) {
    for (;;) {
      if (stop()) return out;
      let oldest = anyDb.selectFrom(plan.table).select('id').where(plan.column, '<', plan.cutoff);
      if (plan.clearedOnly) oldest = oldest.where('cleared_at', 'is not', null);
      const res = await anyDb.deleteFrom(plan.table).where('id', 'in', oldest.orderBy('id').limit(batch)).executeTakeFirst();
      const n = Number(res.numDeletedRows);
      out[plan.field] += n;
      if (n > 0) await pause();
      if (n < batch) break;
    }
  }

  // Online/offline changes live as long as the hourly trend they are read beside. A device's last
  // change before the cut-off stays: it says what state the device was in at the cut-off (an
  // availability report starting there needs it); only changes a later one before the cut-off
  // replaced go.
  for (;;) {
    if (stop()) return out;
    const replaced = db.selectFrom('t_history_online as o').select('o.id').where('o.ts', '<', cut.hour)
      .where(({ exists, selectFrom }) => exists(selectFrom('t_history_online as n').select('n.id')
        .whereRef('n.device_id', '=', 'o.device_id').whereRef('n.ts', '>', 'o.ts').where('n.ts', '<=', cut.hour)))
      .orderBy('o.id').limit(batch);
    const res = await db.deleteFrom('t_history_online').where('id', 'in', replaced).executeTakeFirst();
    const n = Number(res.numDeletedRows);
    out.online += n;
    if (n > 0) await pause();
    if (n < batch) break;
  }
  return out;
}
