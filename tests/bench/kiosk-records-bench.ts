import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../../kiosk/browser';
import type { KioskBrowser } from '../../kiosk/kiosk-browser';
import { createLog } from '../../kiosk/log';
import { report } from './report';

/** Requests the page makes in each browser. */
const REQUESTS = 2_000;

interface Records { count: number; kB: number }

/** DevTools' request records (Blink's NetworkResourcesData) in a heap snapshot's JSON. */
function recordsOf(json: string): Records {
  const snapshot = JSON.parse(json) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  let count = 0;
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    if (!name.startsWith('blink::NetworkResourcesData')) continue;
    bytes += snapshot.nodes[i + sizeAt];
    if (name.startsWith('blink::NetworkResourcesData::ResourceData')) count++;
  }
  return { count, kB: bytes / 1024 };
}

async function launcherRecords(origin: string): Promise<Records> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-records-'));
  const browser: KioskBrowser = await launchBrowser({ chromium: '/usr/bin/chromium', headless: true, kiosk: true, sandbox: false, softwareGl: true }, profile);
  try {
    await browser.goto(`${origin}/`, 30_000);
    await browser.evaluate(fetchMany(REQUESTS));
    const chunks: string[] = [];
    const onEvent = (method: string, params: { chunk?: string }) => { if (method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(params.chunk!); };
    browser.on('protocol', onEvent);
    await browser.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    browser.off('protocol', onEvent);
    return recordsOf(chunks.join(''));
  } finally {
    await closeBrowser(browser, profile, createLog({ write: () => undefined }));
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** The launcher as it was: Chromium driven by Playwright (launchPersistentContext). */
async function playwrightRecords(origin: string): Promise<Records> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-records-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto(`${origin}/`);
    await page.evaluate(fetchMany(REQUESTS));
    const cdp = await context.newCDPSession(page);
    const chunks: string[] = [];
    cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return recordsOf(chunks.join(''));
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const fetchMany = (n: number) => `(async () => { for (let i = 0; i < ${n}; i++) await (await fetch('/data?' + i)).json(); return ${n}; })()`;

/**
 * What DevTools keeps of a wall tile's requests in the kiosk launcher's browser, against the same
 * page in a Playwright-driven Chromium (the launcher before it drove Chromium over its own pipe):
 * the records left after {@link REQUESTS} small JSON reads, from heap snapshots.
 */
export async function benchKioskRequestRecords(): Promise<void> {
  const server = http.createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>records</title>');
    else res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(`{"value":${Math.random()}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const launcher = await launcherRecords(origin);
    const playwright = await playwrightRecords(origin);
    report(`kiosk launcher: DevTools request records after ${REQUESTS} requests`, launcher.count, 'records', { max: 50 });
    report('kiosk launcher: DevTools request records, memory', launcher.kB, 'kB');
    report(`Playwright-driven Chromium (the launcher before): records after ${REQUESTS} requests`, playwright.count, 'records');
    report('Playwright-driven Chromium: DevTools request records, memory', playwright.kB, 'kB');
  } finally {
    server.close();
  }
}
