import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { ADMIN, OPERATOR } from '../e2e/pages/accounts';
import { benchLogin } from './bench-api';
import { DEMO_HISTORY_DAYS, size } from './quick';
import { percentile, report } from './report';

const BATCH = 5000;
const BUDGET_MS = size(10_000, 1_000);

export async function benchServer(): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-bench-'));
  const server = await startServer({
    ...readConfig({}), port: 0, host: '127.0.0.1', dataDir, demo: true, demoHistoryDays: DEMO_HISTORY_DAYS, simulator: false, offlineAfterS: 0,
    staticDir: undefined, loginRateLimit: 100_000,
  }, { logger: false });
  return { server, dataDir };
}

/**
 * Sustained ingest on SQLite through the same path gateways and the simulator use: every demo
 * point (144 devices) gets a sample a second of simulated time, 5,000 values a batch, with values
 * that cross their alarm thresholds now and then, so raw history, both rollups, current values,
 * device states and alarm raise/clear all do their work. Runs for about 10 seconds.
 */
export async function benchIngest(): Promise<void> {
  const { server, dataDir } = await benchServer();
  try {
    const db = server.database.db;
    const points = await db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId', 'm.condition_val1 as v1']).orderBy('d.id').orderBy('m.id').execute();
    let ts = Date.now() - 6 * 3_600_000;
    let sent = 0;
    let accepted = 0;
    const next = () => {
      const items = [];
      while (items.length < BATCH) {
        ts += 1000;
        for (const p of points) {
          const phase = Math.sin(ts / 60_000 + p.deviceId);
          const value = (p.v1 ?? 100) * (1 + 0.2 * phase);
          items.push({ deviceId: p.deviceId, measureId: p.measureId, value: Math.round(value * 10) / 10, ts });
        }
      }
      return items;
    };
    await server.telemetry.ingest.ingest(next());
    const start = performance.now();
    while (performance.now() - start < BUDGET_MS) {
      const items = next();
      const r = await server.telemetry.ingest.ingest(items);
      if (r.rejected.length) throw new Error(`bench items rejected: ${JSON.stringify(r.rejected.slice(0, 3))}`);
      sent += items.length;
      accepted += r.accepted;
    }
    const seconds = (performance.now() - start) / 1000;
    if (accepted !== sent) throw new Error(`accepted ${accepted} of ${sent}`);
    const alarms = await db.selectFrom('t_history_measure_warning').select('id').limit(1).execute();
    if (!alarms.length) throw new Error('the bench raised no alarm: it would not measure alarm writes');
    report('ingest-throughput', accepted / seconds, 'values/s', { min: 20_000 });
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const DEVICES = size(100_000, 1_000);
/** Rounds over the calls, the first WARM_ROUNDS not counted. */
const ROUNDS = size(60, 3);
const WARM_ROUNDS = size(10, 1);

/**
 * The paged device list over 100,000 devices (inserted straight into a temp SQLite database),
 * as the device pages call it: plain pages near and far, by project, by state, by keyword, and
 * the operator's scope-filtered list. p95 over all of them, server side over loopback.
 */
export async function benchDeviceList(): Promise<void> {
  const { server, dataDir } = await benchServer();
  try {
    const db = server.database.db;
    const projects = await db.selectFrom('t_project').select('id').orderBy('id').execute();
    const models = await db.selectFrom('t_device_model').select(['id', 'device_type_id']).orderBy('id').execute();
    const now = Date.now();
    for (let i = 0; i < DEVICES; i += 1000) {
      await db.insertInto('t_device').values(Array.from({ length: 1000 }, (_, k) => {
        const n = i + k;
        const model = models[n % models.length];
        return {
          name: `批量设备-${n}`, code: `BULK-${String(n).padStart(6, '0')}`, project_id: projects[n % projects.length].id,
          device_model_id: model.id, device_type_id: model.device_type_id, state: n % 11 === 0 ? 0 : n % 13 === 0 ? 2 : 1,
          last_seen_at: now, created_at: now,
        };
      })).execute();
    }
    const admin = { authorization: `Bearer ${await benchLogin(server.url, ADMIN)}` };
    const operator = { authorization: `Bearer ${await benchLogin(server.url, OPERATOR)}` };
    const calls: [Record<string, string>, string][] = [
      [admin, '/api/t_device?Page=1&Size=20'],
      [admin, '/api/t_device?Page=200&Size=20'],
      [admin, `/api/t_device?Page=3&Size=20&projectId=${projects[2].id}`],
      [admin, '/api/t_device?Page=1&Size=20&state=2'],
      [admin, `/api/t_device?Page=1&Size=20&projectId=${projects[5].id}&state=0`],
      [admin, `/api/t_device?Page=1&Size=20&keyword=${encodeURIComponent('BULK-0999')}`],
      [operator, '/api/t_device?Page=1&Size=20'],
      [operator, '/api/t_device?Page=2&Size=50&state=1'],
    ];
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [headers, url] of calls) {
        const t0 = performance.now();
        const r = await fetch(server.url + url, { headers });
        const body = await r.json() as { success: boolean; data: { count: number } };
        if (!body.success) throw new Error(`${url}: ${JSON.stringify(body)}`);
        if (round >= WARM_ROUNDS) samples.push(performance.now() - t0);
      }
    }
    report('device-list-p95', percentile(samples, 95), 'ms', { max: 10 });
    // Keywords under 3 characters (a Chinese city name) cannot use the trigram index: shown, not budgeted.
    const short: number[] = [];
    for (let i = 0; i < size(30, 3); i++) {
      const t0 = performance.now();
      await fetch(`${server.url}/api/t_device?Page=1&Size=20&keyword=${encodeURIComponent('上海')}`, { headers: admin }).then((r) => r.arrayBuffer());
      short.push(performance.now() - t0);
    }
    report('device-list-short-keyword-p95', percentile(short, 95), 'ms');
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
