import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';
import { markEnergyDirty } from '../analysis/energy/energy-repository';

/** One stored sample. */
export interface Sample {
  deviceId: number;
  measureId: number;
  ts: number;
  value: number;
}

export const ROLLUPS = [
  { table: 't_history_measure_1m', bucketMs: 60_000 },
  { table: 't_history_measure_1h', bucketMs: 3_600_000 },
] as const;
export type RollupTable = (typeof ROLLUPS)[number]['table'];

/** Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 1000;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The start (epoch ms) of the bucket `ts` falls in. */
export const bucketOf = (ts: number, bucketMs: number) => Math.floor(ts / bucketMs) * bucketMs;

interface Bucket { device_id: number; measure_id: number; bucket: number; min_value: number; max_value: number; sum_value: number; sample_count: number }

/** Folds samples into one row per point and bucket, so a batch upserts each bucket once. */
export function foldBuckets(samples: Sample[], bucketMs: number): Bucket[] {
  const byKey = new Map<string, Bucket>();
  for (const s of samples) {
    const bucket = bucketOf(s.ts, bucketMs);
    const key = `${s.deviceId}:${s.measureId}:${bucket}`;
    const b = byKey.get(key);
    if (!b) {
      byKey.set(key, { device_id: s.deviceId, measure_id: s.measureId, bucket, min_value: s.value, max_value: s.value, sum_value: s.value, sample_count: 1 });
    } else {
      b.min_value = Math.min(b.min_value, s.value);
      b.max_value = Math.max(b.max_value, s.value);
      b.sum_value += s.value;
      b.sample_count += 1;
    }
  }
  return [...byKey.values()];
}

/**
 * Writes samples to the raw history and folds them into the 1-minute and 1-hour rollups, inside
 * the caller's transaction. The caller passes only samples not stored before (ingest sorts out
 * duplicates), so the rollups count every sample exactly once.
 */
export async function writeHistory(trx: Transaction<DB>, dialect: Dialect, samples: Sample[]): Promise<void> {
  if (!samples.length) return;
  // The energy page's day sums of these days are folded again before its next read.
  await markEnergyDirty(trx, samples);
  for (const part of chunks(samples)) {
    await trx.insertInto('t_history_measure')
      .values(part.map((s) => ({ device_id: s.deviceId, measure_id: s.measureId, ts: s.ts, value: s.value })))
      .onConflict((oc) => oc.columns(['device_id', 'measure_id', 'ts']).doNothing())
      .execute();
  }
  const least = dialect === 'postgres' ? sql.raw('least') : sql.raw('min');
  const greatest = dialect === 'postgres' ? sql.raw('greatest') : sql.raw('max');
  for (const { table, bucketMs } of ROLLUPS) {
    const col = (name: string) => sql.ref(`${table}.${name}`);
    for (const part of chunks(foldBuckets(samples, bucketMs))) {
      await trx.insertInto(table).values(part)
        .onConflict((oc) => oc.columns(['device_id', 'measure_id', 'bucket']).doUpdateSet({
          min_value: sql<number>`${least}(${col('min_value')}, excluded.min_value)`,
          max_value: sql<number>`${greatest}(${col('max_value')}, excluded.max_value)`,
          sum_value: sql<number>`${col('sum_value')} + excluded.sum_value`,
          sample_count: sql<number>`${col('sample_count')} + excluded.sample_count`,
        }))
        .execute();
    }
  }
}

/** Which of `candidates` (samples of one batch older than the point's current value) are stored already. */
export async function storedAlready(trx: Transaction<DB>, candidates: Sample[]): Promise<Set<string>> {
  const found = new Set<string>();
  const byPoint = new Map<string, Sample[]>();
  for (const s of candidates) {
    const key = `${s.deviceId}:${s.measureId}`;
    byPoint.set(key, [...(byPoint.get(key) ?? []), s]);
  }
  for (const list of byPoint.values()) {
    for (const part of chunks(list)) {
      const rows = await trx.selectFrom('t_history_measure').select('ts')
        .where('device_id', '=', part[0].deviceId).where('measure_id', '=', part[0].measureId)
        .where('ts', 'in', part.map((s) => s.ts)).execute();
      for (const r of rows) found.add(`${part[0].deviceId}:${part[0].measureId}:${Number(r.ts)}`);
    }
  }
  return found;
}
