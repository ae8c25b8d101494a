import { chromium, type Page } from 'playwright-core';
import { SpareServer } from '../e2e/pages/SpareServer';
import { benchApi } from './bench-api';
import { report } from './report';

const PORT = 8393;
const BASE = `http://localhost:${PORT}`;
/** The player's fastest speed: every item's time is up at once, so a switch is as quick as the next item gets ready. */
const TIME_SCALE = 1000;

interface Live { charts: number; scenes: number; maps: number; graphs: number }
interface Sample { heapMB: number; nodes: number; elements: number; layers: string; listeners: number; live: Live; rotations: number }
interface KioskState { rotations: number; current: { kind: string; id: number; title: string } | null; paused: boolean }

const api = <T>(token: string, pathname: string) => benchApi<T>(BASE, token, pathname);

/** A guest session, as a lobby kiosk signs in. */
const guestToken = async () => (await benchApi<{ token: string }>(BASE, null, '/user-manage/guest', { tokenExpired: 120 })).token;

const kioskState = (page: Page) => page.evaluate('window.__nvKiosk ?? null') as Promise<KioskState | null>;

/**
 * Waits until the item the cycle started with is on screen again and `due(rotations)` says a
 * sample is due, then pauses the player there with a key press (it goes on `idleSec` after the
 * last one) for the sample. Null at the deadline.
 */
async function atAnchor(page: Page, anchor: string, due: (rotations: number) => boolean, deadline: number): Promise<number | null> {
  for (;;) {
    const s = await kioskState(page);
    if (s?.current && `${s.current.kind}:${s.current.id}` === anchor && due(s.rotations)) {
      await page.keyboard.press('Shift');
      const held = await kioskState(page);
      // It may have switched between the look and the key: then wait for the next time round.
      if (held?.current && `${held.current.kind}:${held.current.id}` === anchor && held.rotations === s.rotations) return s.rotations;
    }
    if (Date.now() > deadline) return null;
    await page.waitForTimeout(20);
  }
}

/** The key of the player's hidden next item once it shows its widgets or graph and nothing in it is loading; else null. */
const NEXT_PREPARED = `(() => {
  const next = document.querySelector('[data-kiosk-layer="next"]');
  const ready = !!next && !!next.querySelector('[data-screen-widget], [data-graph-live]')
    && !next.querySelector('[data-state="loading"], [data-graph-phase="loading"]');
  return ready ? next.getAttribute('data-kiosk-key') + ' ' + next.getElementsByTagName('*').length : null;
})()`;

/**
 * Keeps the player paused (a key press every half second; it resumes `idleSec` after the last)
 * until the next item is prepared and has stopped drawing (the same element count for a second: a
 * graph reports ready before maxGraph has drawn every cell); resolves with its key, or null when
 * that does not happen in 30 s.
 */
async function holdUntilNextPrepared(page: Page): Promise<string | null> {
  const end = Date.now() + 30_000;
  const seen: string[] = [];
  while (Date.now() < end) {
    const state = await page.evaluate(NEXT_PREPARED) as string | null;
    seen.push(state ?? '');
    if (state && seen.length >= 3 && seen.slice(-3).every((x) => x === state)) return state.split(' ')[0];
    await page.keyboard.press('Shift');
    await page.waitForTimeout(500);
  }
  return null;
}

/**
 * One sample at the cycle's fixed point: the first item on screen and `expectNext` (the item
 * after it in the first sample) prepared behind it. Null when the player prepared another item
 * (one it skipped under load) or none: such a sample would not compare.
 */
async function sample(page: Page, rotations: number, expectNext: string | null): Promise<(Sample & { next: string }) | null> {
  const next = await holdUntilNextPrepared(page);
  if (!next || (expectNext !== null && next !== expectNext)) return null;
  await page.keyboard.press('Shift');
  await page.waitForTimeout(500); // what was just drawn settles
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  await cdp.detach();
  const live = await page.evaluate('window.__nvLive ?? null') as Live | null;
  // Elements in the document (what is on screen or prepared), and per player layer.
  const elements = await page.evaluate("document.getElementsByTagName('*').length") as number;
  const layers = await page.evaluate(`[...document.querySelectorAll('[data-kiosk-layer]')]
    .map((l) => l.getAttribute('data-kiosk-layer') + ' ' + l.getElementsByTagName('*').length).join(', ')`) as string;
  return {
    heapMB: heap.usedSize / 1024 / 1024, nodes: dom.nodes, elements, layers, listeners: dom.jsEventListeners, rotations, next,
    live: live ?? { charts: -1, scenes: -1, maps: -1, graphs: -1 },
  };
}

/** The median of the first (or last) three values: one sample's noise (a GC that kept a buffer) does not decide. */
function edge(values: number[], at: 'start' | 'end'): number {
  const part = at === 'start' ? values.slice(0, 3) : values.slice(-3);
  return [...part].sort((a, b) => a - b)[Math.floor(part.length / 2)];
}

/** Visits of the first item whose sample was left out: the item behind it was not the usual one, or not ready in 30 s. */
let unprepared = 0;

const growth = (from: number, to: number) => ((to - from) / from) * 100;

/**
 * Kiosk soak (DESIGN "Budgets"): the seeded demo playlist 大厅轮播 (platform overview, each
 * project's live graph, the 3D view) played by the real /kiosk player in headless Chromium at
 * `timeScale=1000` on the real server, as the guest a lobby kiosk signs in as. After one warm-up
 * cycle, JS heap after forced GC, DOM nodes and `__nvLive` are sampled each time the first item
 * is back on screen and the next one prepared behind it (about 20 times), until `rotations` more
 * switches are done or `maxSeconds` have passed (then the rotation count says so against its budget).
 * Growth compares the median of the first three samples with that of the last three.
 */
export async function benchKiosk(rotations = Number(process.env.KIOSK_ROTATIONS ?? 500), maxSeconds = Number(process.env.KIOSK_SOAK_MAX_S ?? 300)): Promise<void> {
  const server = new SpareServer(PORT);
  await server.start();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--enable-unsafe-swiftshader'] });
  try {
    const token = await guestToken();
    const playlists = await api<{ id: number; name: string; enabled: boolean; items: { name: string }[] }[]>(token, '/t_playlist/all');
    const playlist = playlists.find((p) => p.enabled && p.name === '大厅轮播') ?? playlists.find((p) => p.enabled);
    if (!playlist) throw new Error('no enabled playlist seeded');
    const items = playlist.items.filter((i) => i.name).length;

    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addCookies([
      { name: 'nv_token', value: token, url: BASE },
      { name: 'nv_token_time', value: String(Date.now()), url: BASE },
    ]);
    const page = await context.newPage();
    let pageErrors = 0;
    page.on('pageerror', () => { pageErrors++; });
    unprepared = 0;
    const started = Date.now();
    await page.goto(`${BASE}/kiosk?playlist=${playlist.id}&timeScale=${TIME_SCALE}&idleSec=2`);
    // A function, not a string: the console's CSP forbids the page evaluating text.
    await page.waitForFunction(() => (window as unknown as { __nvKiosk?: KioskState }).__nvKiosk?.current != null, null, { timeout: 60_000 });
    const first = (await kioskState(page))!.current!;
    const anchor = `${first.kind}:${first.id}`;

    // Warm-up: one whole cycle, so every item's chunk, template and graph styles are loaded once.
    // (Items the player cannot show are skipped, so a cycle is what it takes the first item to come back.)
    const warm = await atAnchor(page, anchor, (r) => r > 0, Date.now() + 240_000);
    if (warm === null) throw new Error('kiosk soak: the first item did not come back within 4 minutes');
    let firstSample = await sample(page, warm, null);
    for (let at: number | null = warm; !firstSample && at !== null;) {
      const after: number = at;
      at = await atAnchor(page, anchor, (r) => r > after, Date.now() + 120_000);
      if (at !== null) firstSample = await sample(page, at, null);
    }
    if (!firstSample) throw new Error('kiosk soak: the item after the first one never got ready');
    const samples = [firstSample];
    const target = warm + rotations;
    // About 20 samples over the run (by switches, or by time when the switches come slowly);
    // each holds the player for a second or two. The last one is taken at the deadline's cycle.
    const every = { switches: Math.max(warm, Math.floor(rotations / 20)), ms: (maxSeconds * 1000) / 20 };
    let last = warm;
    let lastAt = Date.now();
    const end = Date.now() + maxSeconds * 1000;
    // Room for the cycle under way when time is up (a switch takes seconds on a busy machine).
    const deadline = end + 120_000;
    for (;;) {
      const at = await atAnchor(page, anchor, (r) => r > last
        && (r - last >= every.switches || Date.now() - lastAt >= every.ms || r >= target || Date.now() > end - every.ms), deadline);
      if (at === null) break;
      const taken = await sample(page, at, firstSample.next);
      last = at;
      if (!taken) {
        unprepared++;
        continue;
      }
      samples.push(taken);
      lastAt = Date.now();
      if (at >= target || Date.now() > end - every.ms) break;
    }
    const seconds = (Date.now() - started) / 1000;
    const base = samples[0];
    const final = samples[samples.length - 1];
    const done = final.rotations - base.rotations;
    const heaps = samples.map((x) => x.heapMB);
    const nodes = samples.map((x) => x.nodes);
    const elements = samples.map((x) => x.elements);
    const trail = samples.filter((_, i) => i % Math.max(1, Math.floor(samples.length / 5)) === 0 || i === samples.length - 1);
    report('kiosk-soak-rotations', done, `switches after warm-up (${warm} a cycle over ${items} items, ${samples.length} samples, ${unprepared} left out: another item or none prepared behind the first)`, { min: rotations });
    report('kiosk-soak-heap-growth', growth(edge(heaps, 'start'), edge(heaps, 'end')),
      `% (${trail.map((s) => s.heapMB.toFixed(1)).join(' -> ')} MB)`, { max: 10 });
    report('kiosk-soak-dom-nodes-growth', growth(edge(elements, 'start'), edge(elements, 'end')),
      `% (${trail.map((s) => s.elements).join(' -> ')} elements in the document; layers at the end: ${final.layers})`, { max: 5 });
    report('kiosk-soak-dom-nodes-in-memory-growth', growth(edge(nodes, 'start'), edge(nodes, 'end')),
      `% (${trail.map((s) => s.nodes).join(' -> ')} nodes, CDP Memory.getDOMCounters after GC: attached and detached)`);
    report('kiosk-soak-js-listeners-growth', growth(base.listeners, final.listeners), `% (${base.listeners} -> ${final.listeners})`);
    const kinds = Object.keys(base.live) as (keyof Live)[];
    const leftover = kinds.reduce((sum, k) => sum + Math.max(0, final.live[k] - base.live[k]), 0);
    report('kiosk-soak-live-leftover', leftover, `instances (${kinds.map((k) => `${k} ${base.live[k]}->${final.live[k]}`).join(', ')})`, { max: 0 });
    report('kiosk-soak-page-errors', pageErrors, 'uncaught errors', { max: 0 });
    report('kiosk-soak-wall-time', seconds, `s (${(done / Math.max(1, seconds - 0)).toFixed(1)} switches/s incl. sampling)`);
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
  }
}
