import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { RunningServer } from '../../server/server';

/**
 * Measure history is tens of thousands of append-only rows in the demo: these tables are
 * fingerprinted (row count, sums, newest time) instead of listed row by row, which keeps a
 * snapshot fast and still catches any row added, removed or changed in value.
 */
const FINGERPRINTED: Record<string, { value: string; time: string }> = {
  t_history_measure: { value: 'value', time: 'ts' },
  t_history_measure_1m: { value: 'sum_value', time: 'bucket' },
  t_history_measure_1h: { value: 'sum_value', time: 'bucket' },
};

/**
 * Every row of every table, as sorted JSON lines per table: compare a snapshot taken before a
 * refused or bad request with one taken after to prove the request changed nothing.
 */
export async function dbSnapshot(server: RunningServer): Promise<Record<string, string[]>> {
  const db = server.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const print = FINGERPRINTED[table];
    if (print) {
      const row = await db.selectFrom(table)
        .select((eb) => [
          eb.fn.countAll().as('rows'),
          eb.fn.sum(print.value).as('values'),
          eb.fn.sum('device_id').as('devices'),
          eb.fn.sum('measure_id').as('measures'),
          eb.fn.max(print.time).as('newest'),
        ])
        .executeTakeFirst();
      out[table] = [JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))];
      continue;
    }
    const rows = await db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** Files under DATA_DIR/uploads (relative paths, sorted), temp files included. */
export function uploadedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => fs.statSync(path.join(root, p)).isFile())
    .sort();
}

/**
 * A gateway command past its deadline turns `expired` at whatever reads or sweeps the queue next:
 * time does that, not the request under test, so such rows compare as one settled state.
 */
function settleOverdueCommands(rows: string[], cutoff: number): string[] {
  return rows.map((line) => {
    const r = JSON.parse(line) as { state: string; deadline: number | string | null };
    const overdue = r.deadline !== null && Number(r.deadline) <= cutoff && ['queued', 'taken', 'expired'].includes(r.state);
    return overdue ? JSON.stringify({ ...r, state: 'overdue', result_code: null, finished_at: null, lease_until: null }) : line;
  }).sort();
}

/** Runs `request` and asserts the database (and the upload folder) are exactly as before. */
export async function expectNoChange<T>(server: RunningServer & { config: { dataDir: string } }, request: () => Promise<T>): Promise<T> {
  const before = await dbSnapshot(server);
  const filesBefore = uploadedFiles(server.config.dataDir);
  const result = await request();
  const after = await dbSnapshot(server);
  const cutoff = Date.now();
  for (const snapshot of [before, after]) {
    if (snapshot.t_gateway_command) snapshot.t_gateway_command = settleOverdueCommands(snapshot.t_gateway_command, cutoff);
  }
  for (const table of Object.keys(before)) {
    if (JSON.stringify(after[table]) !== JSON.stringify(before[table])) {
      throw new Error(`table ${table} changed:\nbefore ${before[table].length} rows, after ${after[table].length} rows\n`
        + `added: ${after[table].filter((r) => !before[table].includes(r)).slice(0, 3).join('\n')}\n`
        + `removed: ${before[table].filter((r) => !after[table].includes(r)).slice(0, 3).join('\n')}`);
    }
  }
  const filesAfter = uploadedFiles(server.config.dataDir);
  if (JSON.stringify(filesAfter) !== JSON.stringify(filesBefore)) {
    throw new Error(`upload folder changed: ${JSON.stringify(filesBefore)} -> ${JSON.stringify(filesAfter)}`);
  }
  return result;
}
