import fs from 'node:fs';
import { sql } from 'kysely';
import { saveSettings } from '../../server/settings/settings-repository';
import { databaseSizeBytes } from '../../server/http/metrics-repository';
import { pruneHistory } from '../../server/telemetry/retention';
import { benchServer } from './telemetry-bench';
import { size } from './quick';
import { report } from './report';

const HOUR = 3_600_000;
/** The demo simulator's rate: every point of every device once per tick (server/simulator, tickMs 5 s); a minute in a quick run. */
const DEMO_TICK_MS = size(5_000, 60_000);
const BATCH = 5_000;

/**
 * Retention soak (issue 22): SOAK_HOURS (24) of simulated time ingested at the demo rate — every
 * demo point (144 devices, ~590 points) every 5 s — through the real ingest path, with the retention
 * pass run every simulated hour as the server runs it. Accelerated: a retention "day" lasts one
 * simulated hour (PruneOptions.dayMs) and the settings keep raw 1, minute rollups 2, hour rollups 3,
 * messages, logs and alarms 3 "days", so every window has filled after three hours. Prints, per
 * hour, the database's size in use (pages in use) and the file's size, and then the growth from
 * the fourth hour to the end: flat means retention removes what ingest adds. SOAK_HOURS=6 gives a
 * quick run.
 */
export async function benchRetentionSoak(hours = Number(process.env.SOAK_HOURS ?? size(24, 2))): Promise<void> {
  const { server, dataDir } = await benchServer();
  try {
    const db = server.database.db;
    await saveSettings(db, { retention: { rawDays: 1, minuteDays: 2, hourDays: 3, messageDays: 3, logDays: 3, alarmDays: 3 } });
    const points = await db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId', 'm.condition_val1 as v1']).orderBy('d.id').orderBy('m.id').execute();
    const start = Math.floor(Date.now() / HOUR) * HOUR - hours * HOUR;
    const fileBytes = () => {
      const sqlite = server.database.location;
      return fs.statSync(sqlite).size + (fs.existsSync(`${sqlite}-wal`) ? fs.statSync(`${sqlite}-wal`).size : 0);
    };
    const sizes: number[] = [];
    /** Bytes per table and index (SQLite's dbstat), to name what grows after the windows filled. */
    const tableSizes = async (): Promise<Map<string, number>> => {
      if (server.database.dialect !== 'sqlite') return new Map();
      const rows = await sql<{ name: string; bytes: number }>`SELECT name, SUM(pgsize - unused) AS bytes FROM dbstat GROUP BY name`.execute(db);
      return new Map(rows.rows.map((r) => [r.name, Number(r.bytes)]));
    };
    let filledTables = new Map<string, number>();
    let ts = start;
    let ingested = 0;
    let ingestMs = 0;
    let pruneMs = 0;
    let pruned = 0;
    for (let h = 1; h <= hours; h++) {
      const end = start + h * HOUR;
      let items: { deviceId: number; measureId: number; value: number; ts: number }[] = [];
      const flush = async () => {
        const t0 = performance.now();
        const r = await server.telemetry.ingest.ingest(items);
        ingestMs += performance.now() - t0;
        if (r.rejected.length) throw new Error(`soak items rejected: ${JSON.stringify(r.rejected.slice(0, 3))}`);
        ingested += r.accepted;
        items = [];
      };
      for (; ts < end; ts += DEMO_TICK_MS) {
        for (const p of points) {
          const phase = Math.sin(ts / 600_000 + p.deviceId);
          items.push({ deviceId: p.deviceId, measureId: p.measureId, value: Math.round((p.v1 ?? 100) * (1 + 0.25 * phase) * 10) / 10, ts });
        }
        if (items.length >= BATCH) await flush();
      }
      if (items.length) await flush();
      // Alarm messages and log lines are stamped with the real clock, which stands still beside the
      // simulated hours: they are put at the simulated hour they were written in, as a real day would.
      await db.updateTable('t_history_message').set({ created_at: end }).where('created_at', '>', end).execute();
      await db.updateTable('t_history_log').set({ created_at: end }).where('created_at', '>', end).execute();
      const t0 = performance.now();
      const r = await pruneHistory(db, end, { dayMs: HOUR });
      pruneMs += performance.now() - t0;
      pruned += r.raw + r.minute + r.hour + r.messages + r.logs + r.alarms + r.online;
      const used = await databaseSizeBytes(db, server.database.dialect);
      sizes.push(used);
      if (h === Math.min(4, hours)) filledTables = await tableSizes();
      console.log(`soak hour ${String(h).padStart(2)}: ${(used / 1e6).toFixed(1)} MB in use, file ${(fileBytes() / 1e6).toFixed(1)} MB, `
        + `raw pruned ${r.raw}, minute ${r.minute}, hour ${r.hour}, alarms ${r.alarms}, online ${r.online}, prune ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const endTables = await tableSizes();
    const growth = [...endTables].map(([name, bytes]) => ({ name, delta: bytes - (filledTables.get(name) ?? 0) }))
      .filter((g) => g.delta !== 0).sort((a, b) => b.delta - a.delta).slice(0, 8);
    if (growth.length) console.log(`soak growth by table/index after hour 4: ${growth.map((g) => `${g.name} ${(g.delta / 1e3).toFixed(0)} kB`).join(', ')}`);
    const filled = sizes[Math.min(3, sizes.length - 1)];
    const last = sizes[sizes.length - 1];
    report('retention-soak-points', points.length, 'points');
    report('retention-soak-ingest', ingested / (ingestMs / 1000), 'values/s');
    report('retention-soak-pruned', pruned, 'rows');
    report('retention-soak-prune-per-hour', pruneMs / hours, 'ms');
    report('retention-soak-size-filled', filled / 1e6, 'MB');
    report('retention-soak-size-end', last / 1e6, 'MB');
    report('retention-soak-growth-after-fill', ((last - filled) / filled) * 100, '%', { max: 5 });
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('retention-soak.ts')) {
  benchRetentionSoak().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
