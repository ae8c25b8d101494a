import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DAY_MS, analyzeFilterLife, type FilterDay, type FilterLifeSettings } from '../../contract/analysis/filter-life';
import { recalcDeviceLife, siteDayStart } from '../../server/analysis/life/life-service';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { prng } from '../../server/seed/prng';
import { size } from './quick';
import { report } from './report';

const FILTERS = size(10_000, 200);
const DAYS = 365;
/** Filters generated and analysed at a time: a year of rollups for all 10,000 at once is ~300 MB. */
const CHUNK = Math.min(500, FILTERS);

const SETTINGS: FilterLifeSettings = {
  initialPa: 150, finalResistance: { kind: 'multiple', factor: 3 }, ratedAirVolumeM3h: 12_000,
  dustCapacityG: 8_000, captureEfficiency: 0.8, maxServiceDays: 365, warningDays: 15,
};

/** A year of daily rollups: linear or exponential loading, replacements, noise, gaps and spikes. */
function filterYear(seed: number, start: number): FilterDay[] {
  const random = prng(seed);
  const exponential = seed % 2 === 0;
  const life = 90 + Math.floor(random() * 200);
  const days: FilterDay[] = [];
  for (let d = 0; d < DAYS; d++) {
    const age = d % life;
    const load = age / life;
    const base = exponential ? 150 * Math.exp(load * Math.log(3)) : 150 + 300 * load;
    const r = random();
    days.push({
      day: start + d * DAY_MS,
      resistancePa: r < 0.03 ? null : r < 0.05 ? base + 200 : base * (1 + 0.02 * (random() - 0.5)),
      airVolumeM3h: 12_000 * (1 - 0.3 * load),
      runHours: 12 + Math.floor(random() * 12),
      upstreamPm: 40 + 60 * random(),
    });
  }
  return days;
}

/** Life analysis of 10,000 filters with a year of daily rollups each: the pure computation's time. */
function benchLifePure(): void {
  const start = Date.UTC(2025, 0, 1) - 8 * 3_600_000;
  const now = start + DAYS * DAY_MS;
  let ms = 0;
  let cpuUs = 0;
  let predicted = 0;
  for (let first = 0; first < FILTERS; first += CHUNK) {
    const histories = Array.from({ length: CHUNK }, (_, i) => filterYear(first + i + 1, start));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const days of histories) if (analyzeFilterLife(days, SETTINGS, { now }).decision) predicted++;
    const c = process.cpuUsage(c0);
    cpuUs += c.user + c.system;
    ms += performance.now() - t0;
  }
  if (predicted < FILTERS * 0.9) throw new Error(`life-analyze predicted only ${predicted} of ${FILTERS} filters`);
  // CPU time beside the wall time: on a shared machine the wall time mostly measures the neighbours.
  const cpu = Math.round(cpuUs / 1000).toLocaleString('en');
  report('life-analyze (pure computation)', ms, `ms (${FILTERS.toLocaleString('en')} filters × ${DAYS} daily rollups, ${cpu} ms CPU)`, { max: 5000 });
}

/**
 * A temporary SQLite database with 10,000 devices, each holding a filter model (four models:
 * fixed and multiple final resistance, with and without dust capacity and a service-day limit)
 * installed a year ago, and a year of daily means each in t_device_life_day: bulk inserts in one
 * transaction through prepared statements.
 */
async function seedLifeDatabase(dataDir: string, now: number): Promise<ReturnType<typeof openDatabase>> {
  const database = openDatabase({ dataDir });
  await migrate(database.db as never, 'sqlite');
  const sqlite = database.sqlite!;
  const start = siteDayStart(now) - (DAYS - 1) * DAY_MS;
  sqlite.transaction(() => {
    const org = sqlite.prepare(`INSERT INTO t_org (name, code, org_type, created_at) VALUES ('压测组织', 'BENCH-ORG', 1, ?)`).run(now).lastInsertRowid;
    const projects = Array.from({ length: 10 }, (_, i) =>
      sqlite.prepare('INSERT INTO t_project (name, code, org_id, created_at) VALUES (?, ?, ?, ?)').run(`压测项目 ${i + 1}`, `BENCH-P-${i + 1}`, org, now).lastInsertRowid);
    sqlite.prepare("INSERT OR IGNORE INTO t_device_type (id, name) VALUES (2006, '过滤器')").run();
    const model = sqlite.prepare(`INSERT INTO t_device_model (name, code, device_type_id, created_at) VALUES ('压测过滤器', 'BENCH-F', 2006, ?)`).run(now).lastInsertRowid;
    const type = sqlite.prepare(`INSERT INTO t_filter_type (code, name, created_at) VALUES ('BENCH-T', '中效', ?)`).run(now).lastInsertRowid;
    const insertFilter = sqlite.prepare(`INSERT INTO t_filter (code, name, filter_type_id, initial_pa, final_pa, final_multiple, rated_air_m3h,
      dust_capacity_g, capture_efficiency, max_days, warn_days, alg, created_at, updated_at) VALUES (?, ?, ?, 150, ?, ?, 12000, ?, 0.8, ?, 15, 'auto', ?, ?)`);
    const filters = [
      insertFilter.run('BENCH-F1', '压测滤材 1', type, null, 3, 8000, 365, now, now).lastInsertRowid,
      insertFilter.run('BENCH-F2', '压测滤材 2', type, 450, null, 8000, null, now, now).lastInsertRowid,
      insertFilter.run('BENCH-F3', '压测滤材 3', type, null, 3, null, 365, now, now).lastInsertRowid,
      insertFilter.run('BENCH-F4', '压测滤材 4', type, 400, null, null, null, now, now).lastInsertRowid,
    ];
    const insertDevice = sqlite.prepare(`INSERT INTO t_device (name, code, project_id, device_model_id, device_type_id, state, created_at)
      VALUES (?, ?, ?, ?, 2006, 0, ?)`);
    const insertHolding = sqlite.prepare('INSERT INTO t_device_filter (device_id, filter_id, quantity, installed_at) VALUES (?, ?, 2, ?)');
    const insertDay = sqlite.prepare(`INSERT INTO t_device_life_day (device_id, day, resistance_pa, air_m3h, upstream_pm, run_hours)
      VALUES (?, ?, ?, ?, ?, ?)`);
    for (let i = 0; i < FILTERS; i++) {
      const id = insertDevice.run(`压测过滤器-${i}`, `BENCH-LIFE-${i}`, projects[i % projects.length], model, now).lastInsertRowid;
      insertHolding.run(id, filters[i % filters.length], start);
      for (const d of filterYear(i + 1, start)) insertDay.run(id, d.day, d.resistancePa, d.airVolumeM3h, d.upstreamPm, d.runHours);
    }
  })();
  return database;
}

/**
 * The real service over 10,000 filters with a year of daily rollups each in t_device_life_day of a
 * temporary SQLite database: `recalcDeviceLife` of every device (its reads, the analysis, the
 * writes of t_device_life and the life alarms), the days already folded. Budget: ≤ 5 s (issue 20).
 */
async function benchLifeService(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-bench-life-'));
  try {
    const now = siteDayStart(Date.now()) + 12 * 3_600_000;
    const s0 = performance.now();
    const database = await seedLifeDatabase(dataDir, now);
    const seedMs = performance.now() - s0;
    try {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = await recalcDeviceLife(database.db, undefined, now, { skipFold: true });
      const c = process.cpuUsage(c0);
      const ms = performance.now() - t0;
      const predicted = Number((await database.db.selectFrom('t_device_life').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('predicted_at', 'is not', null).executeTakeFirstOrThrow()).n);
      if (r.computed !== FILTERS || predicted < FILTERS * 0.9) throw new Error(`life-analyze computed ${r.computed} and predicted ${predicted} of ${FILTERS} filters`);
      const cpu = Math.round((c.user + c.system) / 1000).toLocaleString('en');
      report('life-analyze', ms, `ms (recalcDeviceLife of ${FILTERS.toLocaleString('en')} filters × ${DAYS} daily rollups in SQLite, ${cpu} ms CPU; `
        + `${r.warned.toLocaleString('en')} warned; seeded in ${(seedMs / 1000).toFixed(1)} s)`, { max: 5000 });
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench`'s life-analyze figures: the real service over SQLite, and the pure computation beside it. */
export async function benchLifeAnalyze(): Promise<void> {
  await benchLifeService();
  benchLifePure();
}

if (process.argv[1]?.endsWith('life-bench.ts')) {
  benchLifeAnalyze().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
