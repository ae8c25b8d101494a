import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { RETENTION_DEFAULTS } from '../db/migrations/002-telemetry';

const DAY = 86_400_000;
/** Points per transaction while pruning, so ingest gets the database in between. */
const POINTS_PER_STEP = 200;

export interface Retention {
  rawDays: number;
  minuteDays: number;
  hourDays: number;
}

export interface PruneResult {
  raw: number;
  minute: number;
  hour: number;
}

/** The retention settings from sys_setting; a missing or unreadable one takes its default. */
export async function readRetention(db: Kysely<DB>): Promise<Retention> {
  const rows = await db.selectFrom('sys_setting').select(['key', 'value'])
    .where('key', 'in', Object.keys(RETENTION_DEFAULTS)).execute();
  const get = (key: keyof typeof RETENTION_DEFAULTS) => {
    const n = Number(rows.find((r) => r.key === key)?.value);
    return Number.isFinite(n) && n > 0 ? n : RETENTION_DEFAULTS[key];
  };
  return { rawDays: get('retention.raw.days'), minuteDays: get('retention.1m.days'), hourDays: get('retention.1h.days') };
}

/**
 * Deletes history past its retention: raw samples, 1-minute and 1-hour buckets. Works point by
 * point over each table's primary key (no time index to slow ingest down), a few hundred points
 * per transaction. Cost grows with the number of points: fine for a site; a fleet of 100,000
 * reporting devices wants time-partitioned tables instead.
 */
export async function pruneHistory(db: Kysely<DB>, now: number): Promise<PruneResult> {
  const r = await readRetention(db);
  const out: PruneResult = { raw: 0, minute: 0, hour: 0 };
  // Every point that ever stored a sample has a current value.
  const points = await db.selectFrom('t_real_measure').select(['device_id as deviceId', 'measure_id as measureId'])
    .orderBy('device_id').orderBy('measure_id').execute();
  const plans = [
    { table: 't_history_measure', column: 'ts', cutoff: now - r.rawDays * DAY, field: 'raw' },
    { table: 't_history_measure_1m', column: 'bucket', cutoff: now - r.minuteDays * DAY, field: 'minute' },
    { table: 't_history_measure_1h', column: 'bucket', cutoff: now - r.hourDays * DAY, field: 'hour' },
  ] as const;
  for (let i = 0; i < points.length; i += POINTS_PER_STEP) {
    const step = points.slice(i, i + POINTS_PER_STEP);
    await db.transaction().execute(async (trx) => {
      for (const p of step) {
        for (const plan of plans) {
          const res = await (trx as unknown as Kysely<Record<string, { device_id: number; measure_id: number; ts: number; bucket: number }>>)
            .deleteFrom(plan.table).where('device_id', '=', p.deviceId).where('measure_id', '=', p.measureId)
            .where(plan.column, '<', plan.cutoff).executeTakeFirst();
          out[plan.field] += Number(res.numDeletedRows);
        }
      }
    });
  }
  return out;
}
