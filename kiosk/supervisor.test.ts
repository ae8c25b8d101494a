import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileProcesses } from './browser';
import { createLog } from './log';
import { Supervisor, type SupervisorIncident } from './supervisor';
import { TestPageServer } from './test-page-server';

/**
 * The supervisor against a real headless Chromium and a real HTTP server. Timeouts are generous
 * (a loaded 2-core machine); nothing here asserts on speed, only on what happened.
 */

let server: TestPageServer;
let profileDir: string;
let lines: string[];
let incidents: SupervisorIncident[];
let supervisor: Supervisor | undefined;
let running: Promise<void> | undefined;

function start(options: { hangTimeoutSec?: number; heapCeilingMb?: number } = {}): Supervisor {
  lines = [];
  incidents = [];
  supervisor = new Supervisor({
    target: `${server.url}/`,
    origin: server.url,
    profileDir,
    browser: { chromium: '/usr/bin/chromium', headless: true, kiosk: true, sandbox: false, softwareGl: true },
    hangTimeoutSec: options.hangTimeoutSec ?? 30,
    heapCeilingMb: options.heapCeilingMb ?? 1024,
    log: createLog({ write: (line) => lines.push(line) }),
    timing: { tickMs: 200, heapCheckMs: 1_000, serverCheckMs: 1_000, backoffMs: [500, 1_000], reloadTimeoutMs: 4_000, navigationTimeoutMs: 20_000 },
    onIncident: (incident) => incidents.push(incident),
  });
  running = supervisor.run();
  return supervisor;
}

/** Polls until `condition` holds; fails with the log when it never does. */
async function until(condition: () => boolean, what: string, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; log:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const count = (event: string) => lines.filter((l) => /^\S+ \S+\s+(\S+)/.exec(l)?.[1] === event).length;

beforeEach(async () => {
  server = new TestPageServer();
  await server.start();
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-test-'));
});

afterEach(async () => {
  await supervisor?.stop('test over');
  await running;
  supervisor = undefined;
  const left = profileProcesses(profileDir);
  for (const pid of left) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  }
  await server.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
  expect(left, 'Chromium processes left after the test').toEqual([]);
});

// Generous: a Chromium launch alone can take seconds on a busy 2-core machine.
describe('kiosk supervisor (real Chromium)', { timeout: 60_000 }, () => {
  it('relaunches a browser killed with SIGKILL and opens the page again', async () => {
    const s = start();
    await until(() => count('page.open') === 1, 'the first page load');
    const firstPid = s.browserPid();
    expect(firstPid).toBeGreaterThan(0);
    process.kill(firstPid!, 'SIGKILL');
    await until(() => count('page.open') === 2, 'the page open again after the relaunch');
    expect(s.browserPid()).not.toBe(firstPid);
    expect(s.stats.launches).toBe(2);
    expect(server.loads).toBe(2);
    expect(lines.find((l) => l.includes('WARN  browser.relaunch'))).toContain('reason="browser closed or crashed"');
    expect(incidents).toEqual([
      { kind: 'started', detail: 'page open (launch 1)' },
      { kind: 'restarted', detail: 'browser closed or crashed; relaunching the browser in 0.5 s (attempt 1)' },
    ]);
  });

  it('notices a hung page within the hang timeout and brings it back (reload, else relaunch)', async () => {
    start({ hangTimeoutSec: 5 });
    await until(() => count('page.open') === 1, 'the first page load');
    server.fire('hang');
    await until(() => count('page.hung') === 1, 'the hang to be noticed');
    await until(() => count('page.open') === 2, 'the page open again');
    expect(server.loads).toBeGreaterThanOrEqual(2);
    const hung = lines.findIndex((l) => l.includes(' page.hung '));
    expect(lines[hung + 1]).toMatch(/INFO {2}page\.reload reason=hung/);
    expect(incidents[1]).toEqual({ kind: 'hung', detail: 'the page did not answer for 2.5 s; reloading it' });
  });

  it('reloads a page whose JS heap grows above the ceiling', async () => {
    start({ heapCeilingMb: 48 });
    await until(() => count('page.open') === 1, 'the first page load');
    expect(count('heap.ceiling')).toBe(0);
    server.fire('alloc');
    await until(() => count('heap.ceiling') === 1, 'the heap check to see the ceiling passed');
    await until(() => count('page.open') === 2, 'the page reloaded');
    expect(lines.find((l) => l.includes('heap.ceiling'))).toMatch(/used_mb=\d+ ceiling_mb=48/);
    expect(incidents.map((i) => i.kind)).toEqual(['started', 'restarted']);
    expect(incidents[1].detail).toMatch(/^JS heap \d+ MB above the 48 MB ceiling; reloading the page$/);
    expect(server.loads).toBeGreaterThanOrEqual(2);
  });

  it('brings back a page whose renderer crashed (a fresh browser)', async () => {
    start();
    await until(() => count('page.open') === 1, 'the first page load');
    const renderers = profileProcesses(profileDir).filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer'));
    expect(renderers.length).toBeGreaterThan(0);
    for (const pid of renderers) process.kill(pid, 'SIGKILL');
    await until(() => count('page.crashed') === 1, 'the crash to be noticed');
    await until(() => count('page.open') === 2, 'the page open again');
    expect(lines.find((l) => l.includes('browser.relaunch'))).toContain('reason="page crashed"');
    expect(incidents.map((i) => i.kind)).toEqual(['started', 'crashed']);
  });

  it('sees the console fall back to its login page and opens the playlist again', async () => {
    start({ hangTimeoutSec: 5 });
    await until(() => count('page.open') === 1, 'the first page load');
    server.fire('logout');
    await until(() => count('session.expired') === 1, 'the login page to be noticed');
    await until(() => count('page.open') === 2, 'the page open again');
    expect(lines.find((l) => l.includes('session.expired'))).toContain('page=/passport/login');
    expect(count('browser.relaunch')).toBe(0);
    expect(incidents.map((i) => i.kind)).toEqual(['started']); // a session that ended is no tile failure
  });

  it('waits out a server that went away and reloads when it answers again', async () => {
    start();
    await until(() => count('page.open') === 1, 'the first page load');
    await server.stop();
    await until(() => count('network.down') === 1, 'the loss to be noticed');
    await server.start();
    await until(() => count('network.up') === 1, 'the server to be seen again');
    await until(() => count('page.open') === 2, 'the page reloaded');
    expect(lines.some((l) => l.includes('page.reload reason="network back"'))).toBe(true);
  });

  it('closes the browser cleanly on stop', async () => {
    const s = start();
    await until(() => count('page.open') === 1, 'the first page load');
    expect(profileProcesses(profileDir).length).toBeGreaterThan(0);
    await s.stop('SIGTERM');
    await running;
    expect(profileProcesses(profileDir)).toEqual([]);
    expect(count('shutdown')).toBe(1);
    expect(count('shutdown.done')).toBe(1);
    expect(count('browser.kill')).toBe(0);
    expect(count('browser.relaunch')).toBe(0);
  });
});
