import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SpareServer } from '../e2e/pages/SpareServer';
import { SUPERADMIN } from '../e2e/pages/accounts';
import { benchApi, benchLogin, signedInContext } from './bench-api';
import { percentile, report } from './report';

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

/**
 * The same on a real tile (/monitor?wall=<the demo wall>&tile=0,0 on the bench's own server, the
 * widgets animating and refreshing): the page with its own reporter, against the page with a
 * second one injected — the marginal cost of one reporter where it really runs. Null when the
 * server has no wall (the walls API not there).
 */
async function realTile(browser: Browser, bundle: string, rounds: number, seconds: number): Promise<Record<string, number[]> | null> {
  const port = Number(process.env.WALL_BENCH_PORT ?? 8399);
  const base = `http://localhost:${port}`;
  const server = new SpareServer(port);
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
    const busy: Record<string, number[]> = { tile: [], tilePlusOne: [] };
    const context = await signedInContext(browser, base, token);
    const page = await context.newPage();
    await page.goto(`${base}/monitor?wall=${walls[0].id}&tile=0,0`);
    await page.waitForSelector('[data-wall-item]', { timeout: 30_000 });
    await page.waitForTimeout(10_000); // cold start, charts' first animations
    await page.addScriptTag({ content: bundle });
    let extra: string | null = null;
    for (let r = 0; r < rounds; r++) {
      busy.tile.push(await busyPercent(page, seconds));
      extra = `window.__nvExtra${r}`;
      await page.evaluate(`${extra} = window.__nvStartReporter(1000)`);
      busy.tilePlusOne.push(await busyPercent(page, seconds));
      await page.evaluate(`${extra}.dispose()`);
    }
    await context.close();
    return busy;
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
  const seconds = Number(process.env.WALL_REPORT_SECONDS ?? 20);
  const rounds = Number(process.env.WALL_REPORT_ROUNDS ?? 3);
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
    const hasDist = fs.existsSync(path.join(root, process.env.E2E_DIST ?? 'dist', 'index.html'));
    const tile = hasDist ? await realTile(browser, bundle, rounds, seconds) : null;
    if (tile) {
      const t = (name: string) => percentile(tile[name], 50);
      report('wall-report-overhead-tile', t('tilePlusOne') - t('tile'),
        `% main thread (a second reporter on a live tile: busy ${t('tile').toFixed(2)} -> ${t('tilePlusOne').toFixed(2)} %)`, { max: 1 });
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
