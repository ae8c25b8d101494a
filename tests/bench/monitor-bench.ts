import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { SUPERADMIN } from '../e2e/pages/accounts';
import { benchApi, benchLogin, signedInContext } from './bench-api';
import { size } from './quick';
import { percentile, report } from './report';
import { benchSpareServer } from './spare-server';

interface ManifestChunk { file: string; imports?: string[]; isEntry?: boolean; src?: string }

/** The static-import closure of the entry, the console chunk and the monitor page: what /monitor loads before any widget. */
export function benchMonitorBundle(distDir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const roots = ['index.html', 'src/app/Console.tsx', 'src/features/monitor/MonitorPage.tsx'];
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  for (const r of roots) {
    if (!manifest[r]) throw new Error(`manifest has no ${r}`);
    walk(r);
  }
  let gzip = 0;
  for (const key of seen) gzip += gzipSync(fs.readFileSync(path.join(distDir, manifest[key].file))).length;
  report('monitor-initial-js-gzip', gzip / 1024, 'KB', { max: 180 });
}

/** Cold loads the median is taken over (each in a fresh browser context, after the warm-up loads). */
const COLD_LOADS = size(9, 1);
/** Loads before the measured ones, warming the just-started server (not the browser). */
const WARM_LOADS = size(3, 0);
/** Seconds of alarm pushes before the soak's baseline. */
const SOAK_WARM_SECONDS = size(45, 2);
/** Settling waits before a look at the page's memory. */
const SETTLE_MS = size(1_000, 200);

/**
 * Milliseconds from navigation start until every widget shows its data: each frame left its
 * loading state and each chart in it has drawn its data (`data-echart`, set from the commit on).
 * A frame is "ready" as soon as its data is in, before its charts start, and the offline map waits
 * for its outline: the frames alone would stop the clock early. The page notes the moment itself,
 * from a mutation observer on those attributes, and settles a promise the bench awaits in one
 * call: polling from the test cost the page's main thread and the browser part of the load it
 * measured (every animation frame: ~15 %; every 100 ms still a round trip each time).
 */
// A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
const COLD_LOAD_PROBE = `(() => {
  let settle;
  window.__nvColdLoadDone = new Promise((resolve) => { settle = resolve; });
  const done = () => {
    const all = [...document.querySelectorAll('[data-screen-widget]')];
    return all.length > 0 && all.every((x) => x.getAttribute('data-state') === 'ready')
      && !document.querySelector('[data-echart]:not([data-echart="drawn"])');
  };
  const observer = new MutationObserver(() => {
    if (done()) {
      observer.disconnect();
      settle(performance.now());
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state', 'data-echart'] });
})();`;

async function loadMonitor(page: Page, base: string): Promise<number> {
  await page.addInitScript({ content: COLD_LOAD_PROBE });
  await page.goto(`${base}/monitor`, { waitUntil: 'commit' });
  const done = page.evaluate(() => (window as unknown as { __nvColdLoadDone: Promise<number> }).__nvColdLoadDone);
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('/monitor did not show every widget with data in 30 s')), 30_000).unref());
  return Promise.race([done, timeout]);
}

interface Vitals { heapMB: number; nodes: number; listeners: number; charts: number; scenes: number; maps: number }

async function vitals(page: Page): Promise<Vitals> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  await cdp.detach();
  const live = await page.evaluate(() => (window as unknown as { __nvLive?: { charts: number; scenes: number; maps: number } }).__nvLive
    ?? { charts: -1, scenes: -1, maps: -1 });
  return { heapMB: heap.usedSize / 1024 / 1024, nodes: dom.nodes, listeners: dom.jsEventListeners, ...live };
}

interface Point { deviceId: number; measureId: number }

/** Resistance points of demo filters: values above 450 Pa raise an alarm, below clear it. */
async function alarmPoints(base: string, token: string, count: number): Promise<Point[]> {
  const api = <T>(pathname: string) => benchApi<T>(base, token, pathname);
  const devices = await api<{ list: { id: number; deviceTypeId: number; projectId: number | null }[] }>('/t_device?Page=1&Size=200');
  const points: Point[] = [];
  for (const d of devices.list.filter((x) => x.deviceTypeId === 2006 && x.projectId !== null)) {
    const values = await api<{ measureId: number; measureName: string }[]>(`/t_real_measure/values?deviceId=${d.id}`);
    const p = values.find((v) => v.measureName === '阻力');
    if (p) points.push({ deviceId: d.id, measureId: p.measureId });
    if (points.length === count) break;
  }
  return points;
}

/**
 * /monitor on the real server in headless Chromium (no GPU: WebGL is software-rendered):
 * - cold load until every widget shows data (fresh browser context each run, median of COLD_LOADS);
 * - JS heap after load and a forced GC;
 * - soak: the overview with alarms raised and cleared through the real ingest path far faster
 *   than a real site (each transition pushes measureWarning + deviceState to the wall), then heap
 *   growth, DOM nodes and live chart/WebGL/map instances, start against end.
 */
export async function benchMonitor(soakSeconds = Number(process.env.SOAK_SECONDS ?? size(120, 4))): Promise<void> {
  const server = await benchSpareServer();
  const base = server.baseURL;
  await server.start();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const token = await benchLogin(base, SUPERADMIN);

    // The browser is cold for every measured load (a fresh context); the server is not, as a wall's
    // server that has run for weeks is not: a few loads first warm its code paths (a just-started
    // server answered the first loads' reads several times slower).
    for (let i = 0; i < WARM_LOADS; i++) {
      const warm = await signedInContext(browser, base, token);
      await loadMonitor(await warm.newPage(), base);
      await warm.close();
    }
    const loads: number[] = [];
    let heapAfterLoad = 0;
    for (let i = 0; i < COLD_LOADS; i++) {
      const context = await signedInContext(browser, base, token);
      const page = await context.newPage();
      loads.push(await loadMonitor(page, base));
      if (i === 0) {
        await page.waitForTimeout(2 * SETTLE_MS);
        heapAfterLoad = (await vitals(page)).heapMB;
      }
      await context.close();
    }
    report('monitor-cold-load-median', percentile(loads, 50), `ms (${loads.map((x) => x.toFixed(0)).join(' ')})`, { max: 1000 });
    report('monitor-heap-after-gc', heapAfterLoad, 'MB', { max: 40 });

    const context = await signedInContext(browser, base, token);
    const page = await context.newPage();
    await loadMonitor(page, base);
    const points = await alarmPoints(base, token, 8);
    let round = 0;
    let transitions = 0;
    const first = Date.now() + 10_000;
    /** Two violating samples raise an alarm, two normal ones clear it: 2 transitions per 4 rounds and point. */
    const push = async (seconds: number) => {
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        const value = round % 4 < 2 ? 520 + (round % 7) : 120 + (round % 5);
        await benchApi(base, token, '/ingest', { items: points.map((p) => ({ ...p, value, ts: first + round * 100 })) });
        if (round % 4 === 1 || round % 4 === 3) transitions += points.length;
        round++;
        await new Promise((r) => setTimeout(r, 40));
      }
    };
    // Warm-up under the same load, so the baseline includes what the first pushes legitimately
    // allocate (JIT code, chart caches, the ticker's full list).
    await push(SOAK_WARM_SECONDS);
    await page.waitForTimeout(3 * SETTLE_MS);
    const before = await vitals(page);
    transitions = 0;
    const samples: string[] = [];
    for (let q = 0; q < 4; q++) {
      await push(soakSeconds / 4);
      samples.push((await vitals(page)).heapMB.toFixed(1));
    }
    await page.waitForTimeout(5 * SETTLE_MS);
    const after = await vitals(page);
    // A busy real site: one alarm raised or cleared every 30 s on the overview's topics.
    const hours = transitions / 120;
    report('monitor-soak-alarm-transitions', transitions, `pushes (~${hours.toFixed(0)} h of a busy site)`);
    report('monitor-soak-heap-growth', ((after.heapMB - before.heapMB) / before.heapMB) * 100,
      `% (${before.heapMB.toFixed(1)} -> ${samples.join(' -> ')} -> ${after.heapMB.toFixed(1)} MB)`, { max: 10 });
    report('monitor-soak-dom-nodes', after.nodes, `nodes (start ${before.nodes})`);
    report('monitor-soak-live-charts', after.charts, `(start ${before.charts})`);
    report('monitor-soak-live-webgl-scenes', after.scenes, `(start ${before.scenes})`);
    report('monitor-soak-js-listeners', after.listeners, `(start ${before.listeners})`);
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
  }
}
