import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../../kiosk/browser';
import type { KioskBrowser } from '../../kiosk/kiosk-browser';
import { createLog } from '../../kiosk/log';
import { heapComposition, snapshotComposition, type HeapComposition } from './page-memory';
import { size } from './quick';
import { report } from './report';

/** Requests the page makes in each browser. */
const REQUESTS = size(2_000, 100);

/** A heap snapshot of the launcher's page, taken over its own DevTools pipe, summed by kind. */
export async function launcherHeapComposition(browser: KioskBrowser): Promise<HeapComposition> {
  const chunks: string[] = [];
  const onEvent = (method: string, params: { chunk?: string }) => { if (method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(params.chunk!); };
  browser.on('protocol', onEvent);
  try {
    await browser.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    browser.off('protocol', onEvent);
  }
  return snapshotComposition(chunks.join(''));
}

/** A page script that reads `/data` `n` times, one after the other. */
export const fetchMany = (n: number, path = '/data') => `(async () => { for (let i = 0; i < ${n}; i++) await (await fetch('${path}?n=' + i)).text(); return ${n}; })()`;

async function launcherRecords(origin: string): Promise<HeapComposition> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-records-'));
  const browser = await launchBrowser({ chromium: '/usr/bin/chromium', headless: true, kiosk: true, sandbox: false, softwareGl: true }, profile);
  try {
    await browser.goto(`${origin}/`, 30_000);
    await browser.evaluate(fetchMany(REQUESTS));
    return await launcherHeapComposition(browser);
  } finally {
    await closeBrowser(browser, profile, createLog({ write: () => undefined }));
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** The launcher as it was: Chromium driven by Playwright (launchPersistentContext). */
async function playwrightRecords(origin: string): Promise<HeapComposition> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-records-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto(`${origin}/`);
    await page.evaluate(fetchMany(REQUESTS));
    return await heapComposition(page);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

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
    report(`kiosk launcher: DevTools request records after ${REQUESTS} requests`, launcher.requestRecords, 'records', { max: 50 });
    report('kiosk launcher: DevTools request records, memory', launcher.inspectorMB * 1024, 'kB');
    report(`Playwright-driven Chromium (the launcher before): records after ${REQUESTS} requests`, playwright.requestRecords, 'records');
    report('Playwright-driven Chromium: DevTools request records, memory', playwright.inspectorMB * 1024, 'kB');
  } finally {
    server.close();
  }
}
