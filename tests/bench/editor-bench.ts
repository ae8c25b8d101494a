import { chromium } from 'playwright-core';
import { SCREEN_TEMPLATE_VERSION } from '../../contract/screen-template';
import { SUPERADMIN } from '../e2e/pages/accounts';
import { benchApi, benchLogin, signedInContext } from './bench-api';
import { chunkGraph } from './manifest';
import { size } from './quick';
import { percentile, report } from './report';
import { benchSpareServer } from './spare-server';

const WIDGETS = size(200, 40);
const MOVES = size(120, 20);
/** The widget dragged: one in the middle of the template. */
const DRAGGED = `k${WIDGETS / 2 - 1}`;

/** The template editor's lazy JS (gzip): its chunk and what it imports that the console's start does not load. */
export function benchEditorBundle(distDir: string): void {
  const { closure, gzipKb, start } = chunkGraph(distDir);
  const gzip = gzipKb([...closure('src/features/screens/editor/EditorPage.tsx')].filter((key) => !start.has(key)));
  report('editor-chunk-js-gzip', gzip, 'KB', { max: 600 });
}

/** A 1920×1080 template of 200 KPI cards on one source (20 × 10), as a crowded wall would be. */
function crowdedTemplate() {
  return {
    version: SCREEN_TEMPLATE_VERSION,
    canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' },
    sources: [{ id: 'overview', kind: 'rest', endpoint: '/api/s/screen/overview', params: {}, refreshSeconds: 60 }],
    widgets: Array.from({ length: WIDGETS }, (_, i) => ({
      id: `k${i}`, type: 'kpi', x: (i % 20) * 96, y: Math.floor(i / 20) * 108, w: 90, h: 100, title: `指标 ${i}`,
      source: { sourceId: 'overview', path: 'energyToday' }, props: { unit: 'kWh', decimals: 1 },
    })),
  };
}

/**
 * Dragging one widget on a crowded template (200 widgets) in the editor, in real Chromium: for each pointer
 * move, the main thread's work for it (the handlers, Moveable's snapping against every other
 * widget's guidelines, then the frame's style, layout and paint), p95 (budget ≤ 8 ms) and max.
 */
export async function benchEditorDrag(): Promise<void> {
  const server = await benchSpareServer();
  const base = server.baseURL;
  await server.start();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const token = await benchLogin(base, SUPERADMIN);
    const made = await benchApi<{ id: number }>(base, token, '/t_screen_tpl/save', { name: '编辑器压测', content: crowdedTemplate() });
    const context = await signedInContext(browser, base, token);
    const page = await context.newPage();
    await page.goto(`${base}/nv_screen_graph_editor?id=${made.id}`);
    await page.locator(`[data-editor-widget="${DRAGGED}"] [data-state="ready"]`).waitFor({ timeout: 60_000 });
    // A capture listener notes when a move arrives; one added after the drag began (so after
    // Moveable's own) notes the handlers' time, then the frame's rendering is timed from its
    // animation frame to the task after it (style, layout, paint): the sum is the frame's work.
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __t0: number };
      w.__frames = [];
      window.addEventListener('pointermove', () => { w.__t0 = performance.now(); }, { capture: true });
    });
    const target = page.locator(`[data-editor-widget="${DRAGGED}"]`);
    await target.click();
    const box = (await target.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 1, y + 1);
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __t0: number };
      window.addEventListener('pointermove', () => {
        const handlers = performance.now() - w.__t0;
        requestAnimationFrame(() => {
          const r0 = performance.now();
          setTimeout(() => w.__frames.push(handlers + performance.now() - r0), 0);
        });
      });
    });
    for (let i = 1; i <= MOVES; i++) await page.mouse.move(x + Math.sin(i / 10) * 200, y + i * 1.5);
    await page.mouse.up();
    const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames);
    if (frames.length < MOVES / 2) throw new Error(`only ${frames.length} frames measured`);
    report('editor-drag-frame-p95', percentile(frames, 95), 'ms', { max: 8 });
    report('editor-drag-frame-max', Math.max(...frames), 'ms');
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
  }
}
