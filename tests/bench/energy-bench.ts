import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { periodStart } from '../../contract/analysis/fan-energy';
import { foldEnergyDays, foldEnergyMonths, type HourRollup } from '../../server/analysis/energy/energy-fold';
import { prng } from '../../server/seed/prng';
import { ADMIN } from '../e2e/pages/accounts';
import { benchLogin } from './bench-api';
import { size } from './quick';
import { percentile, report } from './report';
import { benchSpareServer } from './spare-server';

const DEVICES = size(1_000, 100);
const PROJECTS = size(20, 5);
/** The biggest project's devices; the others share the rest. */
const BIGGEST = DEVICES / 5;
const DAYS = 365;
const ROUNDS = Number(process.env.ENERGY_BENCH_ROUNDS ?? size(40, 3));
const WARM = size(3, 1);
const HOUR = 3_600_000;
const DAY = 86_400_000;

interface BenchDevice { id: number; fan: boolean; seed: number }

/**
 * A year of hourly rollups of one device, folded into its day and month sums by the server's own
 * fold (energy-fold.ts): a purifier unit (electricity counter and air volume) or a filter bank
 * (resistance and air volume) whose filter loads over 120–240 days and is then replaced.
 */
function foldedYear(device: BenchDevice, from: number) {
  const random = prng(device.seed);
  const life = 120 + Math.floor(random() * 120);
  const offset = Math.floor(random() * life);
  const rated = device.fan ? 12_000 : 4_000;
  const energy: HourRollup[] = [];
  const air: HourRollup[] = [];
  const resistance: HourRollup[] = [];
  let counter = 10_000 * random();
  for (let h = 0; h < DAYS * 24; h++) {
    const bucket = from + h * HOUR;
    const load = (((h / 24) + offset) % life) / life;
    const pa = 150 + 300 * load * load + 5 * (random() - 0.5);
    const q = rated * (1 - 0.25 * load) * (0.95 + 0.1 * random());
    air.push({ bucket, min_value: q, max_value: q, sum_value: q, sample_count: 1 });
    if (device.fan) {
      // Electric power of the fan against the filters' resistance (≈ 10 % system efficiency, as the demo).
      const kw = (q / 3600) * (pa + 600) / 0.1 / 1000;
      counter += kw;
      energy.push({ bucket, min_value: counter, max_value: counter, sum_value: counter, sample_count: 1 });
    } else {
      resistance.push({ bucket, min_value: pa, max_value: pa, sum_value: pa, sample_count: 1 });
    }
  }
  const days = foldEnergyDays(device.id, device.fan ? { energy, air, energyBefore: null } : { air, resistance });
  return { days, months: foldEnergyMonths(device.id, days) };
}

/**
 * 1,000 devices in 20 projects of the demo's organisation (200 in the first, a quarter of them
 * purifier units and the rest filter banks, on the demo's models), each with a year of day and month
 * sums folded by the real fold from hourly rollups, straight into the stopped server's database.
 * Returns the biggest project's id.
 */
function addDevices(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'nv-console.db'));
  try {
    const org = (db.prepare("SELECT org_id FROM t_project WHERE code = 'P-SH-01'").get() as { org_id: number }).org_id;
    const model = (code: string) => db.prepare('SELECT id, device_type_id FROM t_device_model WHERE code = ?').get(code) as { id: number; device_type_id: number };
    const unit = model('NV-AP900');
    const filter = model('NV-F600');
    const now = Date.now();
    const from = periodStart(now, 'day') - DAYS * DAY;
    const insertProject = db.prepare('INSERT INTO t_project (name, code, org_id, created_at) VALUES (?, ?, ?, ?)');
    const insertDevice = db.prepare(`INSERT INTO t_device (name, code, project_id, device_model_id, device_type_id, iot_id, iccid, state, created_at)
      VALUES (?, ?, ?, ?, ?, '', '', 0, ?)`);
    const columns = 'hours, energy_kwh, energy_hours, air_m3, air_hours, pa_sum, pa_hours, qp_m3, qpa, qp_hours';
    const values = '@hours, @energy_kwh, @energy_hours, @air_m3, @air_hours, @pa_sum, @pa_hours, @qp_m3, @qpa, @qp_hours';
    const insertDay = db.prepare(`INSERT INTO t_energy_day (device_id, day, ${columns}) VALUES (@device_id, @day, ${values})`);
    const insertMonth = db.prepare(`INSERT INTO t_energy_month (device_id, month, ${columns}) VALUES (@device_id, @month, ${values})`);
    let biggest = 0;
    db.transaction(() => {
      const projects = Array.from({ length: PROJECTS }, (_, i) =>
        Number(insertProject.run(`能效压测项目 ${i + 1}`, `BENCH-EN-${i + 1}`, org, now).lastInsertRowid));
      biggest = projects[0];
      for (let i = 0; i < DEVICES; i++) {
        const project = i < BIGGEST ? projects[0] : projects[1 + ((i - BIGGEST) % (PROJECTS - 1))];
        const fan = i % 4 === 0;
        const m = fan ? unit : filter;
        const id = Number(insertDevice.run(`能效压测${fan ? '机组' : '过滤器'}-${i}`, `BENCH-EN-D-${i}`, project, m.id, m.device_type_id, now).lastInsertRowid);
        const { days, months } = foldedYear({ id, fan, seed: i + 1 }, from);
        for (const d of days) insertDay.run(d);
        for (const mo of months) insertMonth.run(mo);
      }
    })();
    return biggest;
  } finally {
    db.close();
  }
}

async function timed(base: string, token: string, pathname: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const response = await fetch(`${base}/app-api${pathname}`, { headers: { Authorization: `Bearer ${token}` } });
  const text = await response.text();
  const ms = performance.now() - t0;
  const body = JSON.parse(text) as { success: boolean; error?: string };
  if (!body.success) throw new Error(`${pathname}: ${body.error}`);
  return { ms, bytes: text.length };
}

/**
 * 能效分析's server time over 1,000 devices with a year of sums each: GET
 * /app-api/v_energy_prj_list?period=year (every visible project, the year before, the monthly
 * trend) and v_energy_dev_list of the biggest project (200 devices), real HTTP calls against a
 * spare demo server, p95 over ROUNDS calls each after a warm-up. Budget: ≤ 300 ms p95 (issue 20).
 */
export async function benchEnergy(): Promise<void> {
  const server = await benchSpareServer();
  try {
    await server.start();
    await server.stop();
    const s0 = performance.now();
    const projectId = addDevices(server.dataDir);
    const seedMs = performance.now() - s0;
    await server.start();
    const token = await benchLogin(server.baseURL, ADMIN);
    const calls = [
      { name: 'energy v_energy_prj_list year', path: '/v_energy_prj_list?period=year' },
      { name: 'energy v_energy_dev_list year', path: `/v_energy_dev_list?period=year&projectId=${projectId}` },
    ];
    for (const call of calls) {
      for (let i = 0; i < WARM; i++) await timed(server.baseURL, token, call.path);
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const r = await timed(server.baseURL, token, call.path);
        samples.push(r.ms);
        bytes = r.bytes;
      }
      report(call.name, percentile(samples, 95), `ms p95 (${DEVICES.toLocaleString('en')} devices × ${DAYS} days; median ${percentile(samples, 50).toFixed(0)} ms, `
        + `${ROUNDS} calls, ${(bytes / 1024).toFixed(0)} KiB; sums seeded in ${(seedMs / 1000).toFixed(1)} s)`, { max: 300 });
    }
  } finally {
    await server.dispose();
  }
}

if (process.argv[1]?.endsWith('energy-bench.ts')) {
  benchEnergy().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
