import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SUPERADMIN } from '../e2e/pages/accounts';
import { benchApi, benchLogin, signedInContext } from './bench-api';
import { size } from './quick';
import { percentile, report } from './report';
import { benchSpareServer } from './spare-server';

/**
 * The video-wall tile's health reporter (src/features/walls/sync/tileHealthReporter.ts) alone, for
 * the page: `window.__nvStartReporter(fpsWindowMs)` starts one that reports every 5 s into
 * `window.__nvReports` (the hub call itself is a WebSocket frame: not what is measured here).
 */
const ENTRY = `
import { browserHeapMb, createTileHealthReporter } from './src/features/walls/sync/tileHealthReporter';
window.__nvReports = [];
window.__nvStartReporter = (fpsWindowMs) => createTileHealthReporter({ wallId: 1, tile: [0, 0], fpsWindowMs }, {
  send: (r) => { window.__nvReports.push(r); return Promise.resolve(true); },
  state: () => ({ templateId: 1, templateVersion: 1, itemIndex: 0, ready: true }),
  dataVersion: () => 1,
  dataAgeMs: () => 1000,
  reconnects: () => 0,
  heapMb: browserHeapMb,
  now: () => performance.timeOrigin + performance.now(),
  requestFrame: (cb) => requestAnimationFrame(cb),
  cancelFrame: (h) => cancelAnimationFrame(h),
  errors: window,
});
`;

async function reporterBundle(root: string): Promise<string> {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'wall-report-entry.ts' },
    bundle: true, write: false, format: 'iife', target: 'es2022', minify: true, logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** A still page of a wall's size and weight: panels of text, nothing animating (the worst case: only the reporter asks for frames). */
const STILL_PAGE = `<!doctype html><html><body style="margin:0;background:#0b1730;color:#cde;font:16px sans-serif">
<div style="display:grid;grid-template-columns:repeat(8,1fr);gap:8px;padding:8px">${
  Array.from({ length: 64 }, (_, i) => `<div style="border:1px solid #2a4a7a;padding:8px;height:100px">面板 ${i}<br>${(i * 37.3).toFixed(1)} Pa</div>`).join('')
}</div></body></html>`;

/** Main-thread busy share (%) of `page` over `seconds`: Chromium's TaskDuration against wall time. */
async function busyPercent(page: Page, seconds: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { task: get('TaskDuration'), at: get('Timestamp') };
  };
  const a = await read();
  await page.waitForTimeout(seconds * 1000);
  const b = await read();
  await cdp.detach();
  return ((b.task - a.task) / (b.at - a.at)) * 100;
}

type Variant = { name: string; fpsWindowMs: number | null };
const VARIANTS: Variant[] = [
  { name: 'none', fpsWindowMs: null },
  { name: 'reporter', fpsWindowMs: 1_000 },
  { name: 'continuous', fpsWindowMs: 5_000 },
];

/** Rounds of each variant, interleaved so a busy machine weighs on all alike; the median is taken. */
async function stillPage(browser: Browser, bundle: string, rounds: number, seconds: number): Promise<Record<string, number[]>> {
  const busy: Record<string, number[]> = Object.fromEntries(VARIANTS.map((v) => [v.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const v of VARIANTS) {
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      const page = await context.newPage();
      await page.setContent(STILL_PAGE);
      await page.addScriptTag({ content: bundle });
      if (v.fpsWindowMs !== null) await page.evaluate(`window.__nvStartReporter(${v.fpsWindowMs})`);
      await page.waitForTimeout(1_000);
      busy[v.name].push(await busyPercent(page, seconds));
      if (v.fpsWindowMs !== null) {
        const reports = await page.evaluate('window.__nvReports.length') as number;
        if (reports < Math.floor(seconds / 5)) throw new Error(`the reporter sent ${reports} reports in ${seconds + 1} s`);
      }
      await context.close();
    }
  }
  return busy;
}

/** Where the injected reporter's code is, for the profiler to tell its samples from the page's. */
const REPORTER_URL = 'nv-wall-reporter.js';

interface ProfileNode { id: number; callFrame: { url: string } }

/**
 * The JS time (% of wall time) of the injected reporter on `page` over `seconds`, and the page's
 * own busy share, from a sampling CPU profile (100 µs): the page's load swings by more than the
 * reporter costs, so an A/B of busy time cannot see it; its samples can be counted.
 */
async function reporterSelfPercent(page: Page, seconds: number): Promise<{ reporter: number; busy: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const busy = await busyPercent(page, seconds);
  const { profile } = await cdp.send('Profiler.stop') as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number } };
  await cdp.detach();
  const mine = new Set(profile.nodes.filter((n) => n.callFrame.url.endsWith(REPORTER_URL)).map((n) => n.id));
  let micros = 0;
  profile.samples.forEach((id, i) => { if (mine.has(id)) micros += profile.timeDeltas[i + 1] ?? 0; });
  return { reporter: (micros / (profile.endTime - profile.startTime)) * 100, busy };
}

/**
 * The same on a real tile (/monitor?wall=<the demo wall>&tile=0,0 on the bench's own server, its
 * widgets animating and refreshing, its own reporter running): a second reporter is injected and
 * its own JS time counted by the profiler (on a page that draws every frame anyway, asking for
 * frames costs nothing more). Null when the server has no wall (the walls API not there).
 */
async function realTile(browser: Browser, bundle: string, rounds: number, seconds: number): Promise<{ reporter: number[]; busy: number[] } | null> {
  const server = await benchSpareServer('WALL_BENCH_PORT');
  const base = server.baseURL;
  await server.start();
  try {
    const token = await benchLogin(base, SUPERADMIN);
    let walls: { id: number }[];
    try {
      walls = await benchApi<{ id: number }[] | { list: { id: number }[] }>(base, token, '/t_wall')
        .then((w) => (Array.isArray(w) ? w : w.list));
    } catch {
      return null;
    }
    if (!walls.length) return null;
    const context = await signedInContext(browser, base, token);
    const page = await context.newPage();
    await page.goto(`${base}/monitor?wall=${walls[0].id}&tile=0,0`);
    await page.waitForSelector('[data-wall-item]', { timeout: 30_000 });
    await page.waitForTimeout(size(10_000, 2_000)); // cold start, charts' first animations
    // Evaluated through the DevTools protocol (the console's CSP refuses inline scripts), named for the profiler.
    await page.evaluate(`${bundle}\n//# sourceURL=${REPORTER_URL}`);
    await page.evaluate('window.__nvExtra = window.__nvStartReporter(1000)');
    const out = { reporter: [] as number[], busy: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      const { reporter, busy } = await reporterSelfPercent(page, seconds);
      out.reporter.push(reporter);
      out.busy.push(busy);
    }
    await page.evaluate('window.__nvExtra.dispose()');
    // The page's own reporter reached the server's wall health over the hub (what the health page shows).
    const health = await benchApi<{ wall: { id: number }; tiles: { tile: [number, number]; state: string; lastReport: Record<string, unknown> | null }[] }[]>(base, token, '/t_wall/health')
      .catch(() => null);
    const last = health?.find((h) => h.wall.id === walls[0].id)?.tiles.find((x) => x.tile[0] === 0 && x.tile[1] === 0);
    console.log(`bench wall-report-tile-health: ${last?.lastReport ? `${last.state}, last report ${JSON.stringify(last.lastReport)}` : 'no report reached the server'}`);
    await context.close();
    return out;
  } finally {
    await server.dispose();
  }
}

/**
 * `npm run bench`: the main-thread share a wall tile's health reporter costs (issue 23: ≤ 1 %).
 * On a still 1920×1080 page (where its animation-frame counting is the only thing asking for
 * frames: the worst case) with and without it, interleaved rounds, medians; the figure is the
 * difference. Then on a real tile page, when the server has a wall.
 */
export async function benchWallReportOverhead(): Promise<void> {
  const seconds = Number(process.env.WALL_REPORT_SECONDS ?? size(20, 2));
  const rounds = Number(process.env.WALL_REPORT_ROUNDS ?? size(3, 1));
  const root = process.cwd();
  const bundle = await reporterBundle(root);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const still = await stillPage(browser, bundle, rounds, seconds);
    const m = (name: string) => percentile(still[name], 50);
    const shown = (name: string) => still[name].map((x) => x.toFixed(2)).join(' ');
    report('wall-report-overhead-still-page', m('reporter') - m('none'),
      `% main thread (busy ${m('none').toFixed(2)} -> ${m('reporter').toFixed(2)} %; rounds ${shown('none')} | ${shown('reporter')}; `
      + `counting every frame instead: +${(m('continuous') - m('none')).toFixed(2)} %)`, { max: 1 });
    const hasDist = fs.existsSync(path.join(path.resolve(root, process.env.E2E_DIST ?? 'dist'), 'index.html'));
    const tile = hasDist ? await realTile(browser, bundle, rounds, seconds) : null;
    if (tile) {
      const r = percentile(tile.reporter, 50);
      report('wall-report-overhead-tile', r,
        `% main thread (the reporter's own JS on a live tile, profiled: ${tile.reporter.map((x) => x.toFixed(3)).join(' ')}; the page busy ${tile.busy.map((x) => x.toFixed(0)).join(' ')} %)`, { max: 1 });
    } else {
      console.log('bench wall-report-overhead-tile: skipped (no built console or no wall on the server)');
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchWallReportOverhead().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
