import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, profileProcesses } from './browser';
import type { KioskBrowser } from './kiosk-browser';
import { createLog } from './log';
import { fetchMany, launcherHeapComposition } from '../tests/bench/kiosk-records-bench';
import { TestPageServer } from './test-page-server';

/**
 * The launcher's browser over its DevTools pipe, against a real headless Chromium: what a wall
 * tile makes of it for weeks. Blink keeps a record of every request (NetworkResourcesData, ~0.3 kB
 * each, for the page's life) while a DevTools client has the Network domain on, as Playwright
 * always does; the launcher never turns it on.
 */

let server: TestPageServer;
let profileDir: string;
let browser: KioskBrowser | undefined;

beforeEach(async () => {
  server = new TestPageServer();
  await server.start();
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-browser-'));
});

afterEach(async () => {
  if (browser) await closeBrowser(browser, profileDir, createLog({ write: () => undefined }));
  browser = undefined;
  await server.stop();
  expect(profileProcesses(profileDir)).toEqual([]);
  fs.rmSync(profileDir, { recursive: true, force: true });
});

describe('the launcher\'s browser (real Chromium over its DevTools pipe)', { timeout: 60_000 }, () => {
  it('opens a page, evaluates in it, sets and reads the origin\'s cookies, and keeps no record of its requests', async () => {
    browser = await launchBrowser({ chromium: '/usr/bin/chromium', headless: true, kiosk: true, sandbox: false, softwareGl: true }, profileDir);
    await browser.setCookies(server.url, [{ name: 'nv_token', value: 'abc' }]);
    expect(await browser.cookies(server.url)).toEqual([{ name: 'nv_token', value: 'abc' }]);
    await browser.goto(`${server.url}/`, 20_000);
    expect(server.loads).toBe(1);
    expect(await browser.evaluate('({ w: innerWidth, h: innerHeight, cookie: document.cookie })')).toEqual({ w: 1920, h: 1080, cookie: 'nv_token=abc' });
    expect((await browser.heapUsage()).usedSize).toBeGreaterThan(0);

    // A long-running page's requests leave nothing behind for DevTools…
    await browser.evaluate(fetchMany(300, '/trigger'));
    expect((await launcherHeapComposition(browser)).requestRecords).toBe(0);
    // …and the count sees them once the Network domain is on (Playwright keeps one per request:
    // tests/bench/kiosk-records-bench.ts).
    await browser.send('Network.enable');
    await browser.evaluate(fetchMany(300, '/trigger'));
    expect((await launcherHeapComposition(browser)).requestRecords).toBeGreaterThan(0);
  });

  it('says why an address cannot be opened', async () => {
    browser = await launchBrowser({ chromium: '/usr/bin/chromium', headless: true, kiosk: true, sandbox: false, softwareGl: true }, profileDir);
    const port = new URL(server.url).port;
    await server.stop();
    await expect(browser.goto(`http://127.0.0.1:${port}/`, 20_000)).rejects.toThrow(/net::ERR_CONNECTION_REFUSED/);
    await server.start();
  });
});
