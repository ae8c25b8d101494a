import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserPid, profileProcesses } from './browser';

/**
 * The CLI as an operator runs it (`node --import tsx kiosk/main.ts`), against the real server on a
 * fresh demo database and a real headless Chromium. E2E_DIST picks the console build it serves
 * (default dist; without a build the server answers the API only and the kiosk page is its 404).
 */

const root = path.resolve(import.meta.dirname, '..');
const PORT = 8331 + 40;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'Admin@2026';
const dist = process.env.E2E_DIST ?? 'dist';
const consoleHasPlayer = (() => {
  try {
    return fs.readFileSync(path.join(root, dist, '.vite', 'manifest.json'), 'utf8').includes('src/features/kiosk/KioskPlayerPage.tsx');
  } catch {
    return false;
  }
})();

const consoleHasWallTile = (() => {
  try {
    return fs.readFileSync(path.join(root, dist, '.vite', 'manifest.json'), 'utf8').includes('src/features/walls/tile/WallTilePage.tsx');
  } catch {
    return false;
  }
})();

let server: ChildProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-cli-db-'));
let work: string;
let cli: ChildProcess | undefined;

/** Runs the launcher to its end; resolves with its exit code and output. */
function launcher(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'kiosk/main.ts', ...args], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }));
  });
}

/** Starts the launcher in the background; resolves with its exit code once it is stopped. */
function startLauncher(args: string[], env: NodeJS.ProcessEnv = {}): Promise<number | null> {
  cli = spawn(process.execPath, ['--import', 'tsx', 'kiosk/main.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const child = cli;
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** An API call as the admin (signed in once per call: the tests are few). */
async function asAdmin<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const login = await (await fetch(`${BASE}/api/user/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: 'admin', password: ADMIN_PASSWORD, orgBZ: '', tokenExpired: 30 }),
  })).json() as { data: { token: string } };
  const answer = await (await fetch(`${BASE}/api${url}`, {
    method, headers: { Authorization: `Bearer ${login.data.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })).json() as { success: boolean; data: T; error?: string };
  if (!answer.success) throw new Error(`${method} ${url}: ${answer.error}`);
  return answer.data;
}

const logText = () => (fs.existsSync(path.join(work, 'kiosk.log')) ? fs.readFileSync(path.join(work, 'kiosk.log'), 'utf8') : '');

async function until(condition: () => boolean, what: string, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; log:\n${logText()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root, detached: true, stdio: 'ignore',
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DEMO: '1', DEMO_HISTORY_DAYS: '1', LOG_LEVEL: 'warn', STATIC_DIR: dist },
  });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${BASE}/api/sys/info`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server did not start');
});

afterAll(() => {
  try { process.kill(-server.pid!, 'SIGKILL'); } catch { /* gone */ }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  if (cli && cli.exitCode === null) cli.kill('SIGKILL');
  cli = undefined;
  if (work) {
    for (const pid of profileProcesses(path.join(work, 'profile'))) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
});

describe('npm run kiosk', { timeout: 60_000 }, () => {
  it('prints its options for --help and refuses a bad command line with exit code 2', async () => {
    const [help, bad, noPassword, noToken, badToken] = await Promise.all([
      launcher(['--help']),
      launcher(['--playlist', '1', '--guest', '--window-size', 'big']),
      launcher(['--playlist', '1', '--account', 'admin', '--headless'], { NV_KIOSK_PASSWORD: '' }),
      launcher(['--wall', '1', '--tile', '0,0', '--headless'], { NV_DISPLAY_TOKEN: '' }),
      launcher(['--wall', '1', '--tile', '0,0', '--headless'], { NV_DISPLAY_TOKEN: 'not-a-display-token' }),
    ]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--hang-timeout-sec <n>');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('kiosk: --window-size: expected two numbers like 1920,1080, got "big"');
    expect(noPassword.status).toBe(2);
    expect(noPassword.stderr).toContain('no password for --account admin');
    expect(noToken.status).toBe(2);
    expect(noToken.stderr).toContain('kiosk: no display token: set NV_DISPLAY_TOKEN');
    expect(badToken.status).toBe(2);
    expect(badToken.stderr).toContain('kiosk: NV_DISPLAY_TOKEN: a display token starts with nvd_');
    expect(badToken.stderr).not.toContain('not-a-display-token');
  });

  it('signs in as an account from NV_KIOSK_PASSWORD, opens the playlist and closes cleanly on SIGTERM', async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-cli-'));
    const profile = path.join(work, 'profile');
    const exited = startLauncher(['--url', BASE, '--playlist', '1', '--account', 'admin', '--headless', '--no-sandbox',
      '--hang-timeout-sec', '5', '--profile-dir', profile, '--log', path.join(work, 'kiosk.log')], { NV_KIOSK_PASSWORD: ADMIN_PASSWORD });
    await until(() => logText().includes(' page.open '), 'the playlist page');
    expect(logText()).toMatch(/INFO {2}signin\.ok as=admin user=admin/);
    // Two watchdog probes later the console still shows the kiosk page, not its login page.
    const probes = Date.now() + 6_000;
    await until(() => Date.now() > probes && (!consoleHasPlayer || logText().includes(' player.showing ')), 'the player on screen');
    expect(logText()).not.toContain('session.expired');
    const pid = browserPid(profile);
    expect(pid).toBeGreaterThan(0);
    expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain('NV_KIOSK_PASSWORD');
    expect(fs.statSync(profile).mode & 0o777).toBe(0o700);

    cli!.kill('SIGTERM');
    expect(await exited).toBe(0);
    const log = logText();
    expect(log).toMatch(/INFO {2}shutdown reason=SIGTERM/);
    expect(log).toContain('shutdown.done');
    expect(log).not.toContain(ADMIN_PASSWORD);
    expect(log).not.toMatch(/[A-Za-z0-9_-]{43}/); // no session token
    // Nothing of the browser outlives the launcher: Chromium's helpers may still be ending the moment
    // it exits (seen with the real player page on screen); they must be gone soon after, on their own.
    await until(() => profileProcesses(profile).length === 0, 'no process of the kiosk profile left', 10_000);
  });

  it('shows a wall tile with the display token from NV_DISPLAY_TOKEN, relaunches its killed browser and reports it', { timeout: 90_000 }, async () => {
    const [wall] = await asAdmin<{ id: number; name: string }[]>('GET', '/t_wall');
    expect(wall.name).toBe('大厅 2×2 视频墙');
    const { token } = await asAdmin<{ token: string }>('POST', `/t_wall/${wall.id}/tokens/create`, { name: 'kiosk CLI test' });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-kiosk-cli-'));
    const profiles = path.join(work, 'profile');
    const tileProfile = path.join(profiles, 'tile-1-1');
    const exited = startLauncher(['--url', BASE, '--wall', String(wall.id), '--tile', '1,1', '--headless', '--no-sandbox',
      '--profile-dir', profiles, '--log', path.join(work, 'kiosk.log')], { NV_DISPLAY_TOKEN: token });
    await until(() => logText().includes(' page.open '), 'the tile page');
    expect(logText()).toContain(`INFO  tile.plan tile=1,1 url="${BASE}/monitor?wall=${wall.id}&tile=1,1" position=0,0 size=1920,1080`);
    expect(logText()).toMatch(/INFO {2}signin\.ok tile=1,1 as=display-token/);
    if (consoleHasWallTile) await until(() => logText().includes(' tile.showing tile=1,1 '), 'the rotation on screen');
    const pid = browserPid(tileProfile);
    expect(pid).toBeGreaterThan(0);
    expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain(token);
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(token);

    process.kill(pid!, 'SIGKILL');
    await until(() => logText().split(' page.open ').length === 3, 'the tile open again');
    await until(() => logText().includes('tile-event.sent tile=1,1 kind=restarted'), 'the restart reported');
    const history = await asAdmin<{ events: { kind: string; detail: string }[] }>('GET', `/t_wall/${wall.id}/tile-history?tile=1,1`);
    expect(history.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['started', 'restarted']));
    expect(history.events.find((e) => e.kind === 'restarted')!.detail).toMatch(/^browser closed or crashed; relaunching the browser/);

    cli!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(logText()).toMatch(/INFO {2}shutdown\.done tiles=1/);
    expect(logText()).not.toContain(token);
    expect(profileProcesses(tileProfile)).toEqual([]);
  });
});
