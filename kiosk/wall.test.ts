import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TileEventBody } from '../contract/walls';
import { profileProcesses } from './browser';
import { createLog } from './log';
import { FatalError } from './supervisor';
import { TestPageServer, type TestWall } from './test-page-server';
import { WallLauncher } from './wall';

/**
 * A wall launcher with two tiles: real headless Chromiums against a real HTTP server that plays
 * the wall's display and tile-event endpoints. Timeouts are generous (a loaded 2-core machine).
 */

const WALL: TestWall = { id: 5, name: '大厅 1×2', rows: 1, cols: 2, screenWidth: 640, screenHeight: 360, token: 'nvd_WallTestToken0123456789abcWallTestToken0123' };
let server: TestPageServer;
let base: string;
let lines: string[];
let launcher: WallLauncher | undefined;
let running: Promise<void> | undefined;

function start(tiles: [number, number][]): WallLauncher {
  lines = [];
  launcher = new WallLauncher({
    options: {
      url: server.url, wall: WALL.id, tiles: tiles.map((tile) => ({ tile })), kiosk: true, heapCeilingMb: 1024, hangTimeoutSec: 30,
      softwareGl: true, headless: true, sandbox: false, chromium: '/usr/bin/chromium',
    },
    token: WALL.token,
    profileBase: base,
    log: createLog({ write: (line) => lines.push(line) }),
    timing: { tickMs: 200, heapCheckMs: 5_000, serverCheckMs: 2_000, backoffMs: [500, 1_000], reloadTimeoutMs: 8_000, navigationTimeoutMs: 30_000 },
  });
  running = launcher.run();
  running.catch(() => undefined);
  return launcher;
}

async function until(condition: () => boolean, what: string, timeoutMs = 50_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; log:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Lines of `event` for tile `key`. */
const of = (event: string, key: string) => lines.filter((l) => l.split(/\s+/)[2] === event && l.includes(` tile=${key}`));
const events = () => server.wallRequests.filter((r) => r.path.endsWith('/tile-event')).map((r) => r.body as TileEventBody);

beforeEach(async () => {
  server = new TestPageServer(WALL);
  await server.start();
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-wall-test-'));
});

afterEach(async () => {
  await launcher?.stop('test over');
  await running?.catch(() => undefined);
  launcher = undefined;
  const left = fs.readdirSync(base).flatMap((d) => profileProcesses(path.join(base, d)));
  for (const pid of left) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  }
  await server.stop();
  fs.rmSync(base, { recursive: true, force: true });
  expect(left, 'Chromium processes left after the test').toEqual([]);
});

describe('wall launcher (real Chromium)', { timeout: 120_000 }, () => {
  it('opens one window per tile with the token in the cookie, restarts a killed tile alone and reports it', async () => {
    const wall = start([[0, 0], [0, 1]]);
    await until(() => of('page.open', '0,0').length === 1 && of('page.open', '0,1').length === 1, 'both tiles open');
    expect(wall.tiles.map((t) => [t.key, t.position, t.size])).toEqual([
      ['0,0', { x: 0, y: 0 }, { width: 640, height: 360 }],
      ['0,1', { x: 640, y: 0 }, { width: 640, height: 360 }],
    ]);
    // Each tile its own profile; the page addresses name the wall and tile, the token is only in the cookie.
    expect(fs.readdirSync(base).sort()).toEqual(['tile-0-0', 'tile-0-1']);
    expect(server.pageLoads.map((l) => l.url).sort()).toEqual(['/monitor?wall=5&tile=0,0', '/monitor?wall=5&tile=0,1']);
    expect(server.pageLoads.every((l) => l.tokenCookie === WALL.token)).toBe(true);
    await until(() => events().length === 2, 'the two start reports');
    expect(events().map((e) => [e.tile.join(','), e.kind]).sort()).toEqual([['0,0', 'started'], ['0,1', 'started']]);

    // Kill tile 0,1's browser: it comes back and is reported; tile 0,0 is left alone.
    const victim = wall.supervisors.get('0,1')!;
    const pid = victim.browserPid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    await until(() => of('page.open', '0,1').length === 2, 'tile 0,1 open again');
    await until(() => events().length === 3, 'the restart report');
    expect(events()[2]).toMatchObject({ tile: [0, 1], kind: 'restarted' });
    expect(events()[2].detail).toMatch(/^browser closed or crashed; relaunching the browser in 0\.5 s \(attempt 1\)$/);
    expect(server.wallRequests.every((r) => r.authorization === `Bearer ${WALL.token}` && !r.path.includes('nvd_'))).toBe(true);
    expect(victim.stats.launches).toBe(2);
    expect(wall.supervisors.get('0,0')!.stats.launches).toBe(1);
    expect(of('page.open', '0,0')).toHaveLength(1);

    // A report the server does not take is logged; the tile still comes back.
    server.tileEventStatus = 500;
    const renderers = profileProcesses(path.join(base, 'tile-0-0')).filter((p) => fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer'));
    for (const p of renderers) process.kill(p, 'SIGKILL');
    await until(() => of('page.open', '0,0').length === 2, 'tile 0,0 open again after its renderer crashed');
    await until(() => of('tile-event.failed', '0,0').length === 1, 'the failed report logged');
    expect(events().at(-1)).toMatchObject({ tile: [0, 0], kind: 'crashed' });
    expect(of('tile-event.failed', '0,0')[0]).toContain('kind=crashed error="HTTP 500: 服务器错误"');

    await wall.stop('SIGTERM');
    await running;
    expect(fs.readdirSync(base).flatMap((d) => profileProcesses(path.join(base, d)))).toEqual([]);
    expect(lines.join('\n')).not.toContain(WALL.token);
  });

  it('ends with a fatal error, launching nothing, when the token is refused at start', async () => {
    server.tokenRevoked = true;
    start([[0, 0]]);
    const err = await running!.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(FatalError);
    expect((err as Error).message).toMatch(/^display token refused for wall 5/);
    expect(fs.readdirSync(base)).toEqual([]);
  });

  it('waits for a server that does not answer yet, and stops cleanly while waiting', async () => {
    await server.stop();
    const wall = start([[0, 0]]);
    await until(() => lines.some((l) => l.includes(' network.down ')), 'the wait to be logged');
    await wall.stop('SIGTERM');
    await running;
    expect(fs.readdirSync(base)).toEqual([]);
  });
});
