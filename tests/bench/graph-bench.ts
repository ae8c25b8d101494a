import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { GraphXmlBuilder } from '../../server/seed/demo-graph-builder';
import { SUPERADMIN } from '../e2e/pages/accounts';
import { benchApi, benchLogin, signedInContext } from './bench-api';
import { size } from './quick';
import { report } from './report';
import { benchSpareServer } from './spare-server';

const CELLS = size(500, 100);
/** Values a second, through the real ingest path, in batches of a tenth of a second. */
const RATE = Number(process.env.GRAPH_BENCH_RATE ?? 500);
const BATCHES_PER_SECOND = 10;

interface Point { deviceId: number; measureId: number; name: string }

/**
 * Adds filter devices to the first demo project straight into the stopped server's database
 * (no device API exists), so the graph has 500 distinct points: 125 NV-F600 filters × 4 points.
 */
function addFilters(dataDir: string, count: number): void {
  const db = new Database(path.join(dataDir, 'nv-console.db'));
  try {
    const project = db.prepare("SELECT id FROM t_project WHERE code = 'P-SH-01'").get() as { id: number };
    const model = db.prepare("SELECT id, device_type_id FROM t_device_model WHERE code = 'NV-F600'").get() as { id: number; device_type_id: number };
    const insert = db.prepare(`INSERT INTO t_device (name, code, project_id, device_model_id, device_type_id, iot_id, iccid, state, last_seen_at, created_at)
      VALUES (?, ?, ?, ?, ?, ?, '', 1, ?, ?)`);
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(`压测过滤器-${i}`, `BENCH-F-${i}`, project.id, model.id, model.device_type_id, `BENCH${i}`, now, now);
    })();
  } finally {
    db.close();
  }
}

/** A plain value inside each point's normal band: no alarm is raised, only values move. */
function valueFor(name: string, round: number, i: number): number {
  const wave = Math.sin((round + i) / 7);
  if (name === '阻力') return 250 + 100 * wave;
  if (name === '风量') return 6000 + 2000 * wave;
  if (name === '出口PM2.5') return 20 + 10 * wave;
  return 3000 + 1000 * wave;
}

async function metrics(page: Page, cdp: CDPSession) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(list.map((x) => [x.name, x.value]));
  const stats = await page.evaluate(() => (window as unknown as { __nvGraphStats: { frames: number; cells: number; pushes: number } }).__nvGraphStats);
  return { task: m.TaskDuration as number, at: Date.now(), ...stats };
}

/**
 * A graph of 500 bound value labels on /nv_project_visualization in real Chromium, fed 500 new
 * values a second through the real ingest path (server → hub → the page's one connection) for
 * ~20 s: main-thread busy % (CDP TaskDuration over wall time), frames applied and cells redrawn
 * per second, and the JS heap after a forced GC.
 */
export async function benchGraph(seconds = Number(process.env.GRAPH_BENCH_SECONDS ?? size(20, 2))): Promise<void> {
  const server = await benchSpareServer();
  const base = server.baseURL;
  const api = <T>(token: string, pathname: string, body?: unknown) => benchApi<T>(base, token, pathname, body);
  await server.start();
  await server.stop();
  addFilters(server.dataDir, CELLS / 4);
  await server.start();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const token = await benchLogin(base, SUPERADMIN);
    const projectId = (await api<{ id: number; name: string }[]>(token, '/t_project/names'))[0].id;
    const devices = await api<{ list: { id: number }[] }>(token, `/t_device?Page=1&Size=200&projectId=${projectId}&keyword=压测`);
    const points: Point[] = [];
    for (const d of devices.list) {
      const values = await api<{ measureId: number; measureName: string }[]>(token, `/t_real_measure/values?deviceId=${d.id}`).catch(() => []);
      if (values.length) for (const v of values) points.push({ deviceId: d.id, measureId: v.measureId, name: v.measureName });
    }
    // Points without a current value yet: take them from the model (4 per filter).
    if (points.length < CELLS) {
      const model = await api<{ measureId: number; measureName: string }[]>(token, `/t_real_measure/values?projectId=${projectId}`);
      const filterPoints = [...new Map(model.filter((v) => ['阻力', '风量', '出口PM2.5', '出口PM0.3'].includes(v.measureName))
        .map((v) => [v.measureId, v.measureName])).entries()];
      points.length = 0;
      for (const d of devices.list) for (const [measureId, name] of filterPoints) points.push({ deviceId: d.id, measureId, name });
    }
    if (points.length < CELLS) throw new Error(`only ${points.length} bench points`);

    const g = new GraphXmlBuilder('#061327');
    points.slice(0, CELLS).forEach((p, i) => {
      g.vertex({ x: 20 + (i % 25) * 76, y: 20 + Math.floor(i / 25) * 52, w: 70, h: 40, symbol: 'valueLabel', style: 'fontSize=12',
        deviceId: p.deviceId, measureId: p.measureId, format: '0.0', rules: { blink: true } });
    });
    const saved = await api<{ id: number }>(token, '/t_project_graph/save', { projectId, name: `压测 ${CELLS} 点`, xml: g.toXml(), isDefault: true });

    const context = await signedInContext(browser, base, token);
    const page = await context.newPage();
    await page.goto(`${base}/nv_project_visualization?projectId=${projectId}&graphId=${saved.id}`);
    await page.waitForSelector('[data-graph-live][data-graph-phase="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => ((window as unknown as { __nvGraphStats?: { snapshots: number } }).__nvGraphStats?.snapshots ?? 0) > 0, null, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    let round = 0;
    let sent = 0;
    const perBatch = RATE / BATCHES_PER_SECOND;
    const t0 = Date.now() + 60_000;
    const feed = async (ms: number) => {
      const start = Date.now();
      for (let k = 0; Date.now() - start < ms; k++) {
        const slice = points.slice((round * perBatch) % CELLS, (round * perBatch) % CELLS + perBatch);
        if (slice.length) await api(token, '/ingest', { items: slice.map((p, i) => ({ deviceId: p.deviceId, measureId: p.measureId, value: valueFor(p.name, round, i), ts: t0 + round * 10 })) });
        sent += slice.length;
        round++;
        const wait = start + (k + 1) * (1000 / BATCHES_PER_SECOND) - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    };
    await feed(size(3_000, 500));
    const profile = process.env.GRAPH_BENCH_PROFILE;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const before = await metrics(page, cdp);
    sent = 0;
    await feed(seconds * 1000);
    await page.waitForTimeout(300);
    const after = await metrics(page, cdp);
    if (profile) fs.writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const wall = (after.at - before.at) / 1000;
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();

    report('graph-values-ingested', sent / wall, `values/s (${CELLS} bound cells, ${wall.toFixed(1)} s)`);
    report('graph-main-thread-busy', ((after.task - before.task) / wall) * 100, '%', { max: 50 });
    report('graph-frames-applied', (after.frames - before.frames) / wall, 'frames/s');
    report('graph-cells-redrawn', (after.cells - before.cells) / wall, 'cells/s');
    report('graph-heap-after-gc', heap.usedSize / 1024 / 1024, 'MB');
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
  }
}
