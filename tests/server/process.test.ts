import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port';

// The server as `npm start` runs it: a real process, real signals, its real log output.

interface ServerProcess { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> }

async function spawnServer(dataDir: string, port: number, host: string | undefined = '127.0.0.1'): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: host, DATA_DIR: dataDir, STATIC_DIR: '', DEMO: '1', DEMO_HISTORY_DAYS: '1', LOG_LEVEL: 'debug' };
  if (host === undefined) delete env.HOST;
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!out.includes('nv-console is running at')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

const login = (url: string) => fetch(`${url}/api/user/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ user: 'admin', password: 'Admin@2026', tokenExpired: 30 }),
}).then((r) => r.json() as Promise<{ success: boolean; data: { token: string } }>);

describe('server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-proc-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints the URL and demo accounts, keeps secrets out of its log, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = await spawnServer(dataDir, port);
    expect(server.output()).toContain('admin        Admin@2026');
    const { data } = await login(server.url);
    const changed = await fetch(`${server.url}/api/user/customSet?token=${data.token}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: { wall: 'A1' } }),
    }).then((r) => r.json());
    expect(changed.success).toBe(true);
    await fetch(`${server.url}/api/user/info`, { headers: { authorization: `Bearer ${data.token}` } });

    // A request in flight when the signal arrives still gets its answer. The signal goes once the
    // server's log shows the request taken in: sent after a fixed 5 ms, it could beat the
    // connection's acceptance on a busy machine, and a connection never accepted is closed unanswered.
    const loginsLogged = () => server.output().split('/api/user/login').length;
    const logged = loginsLogged();
    const inFlight = login(server.url);
    while (loginsLogged() === logged) await new Promise((r) => setTimeout(r, 2));
    server.child.kill('SIGTERM');
    expect((await inFlight).success).toBe(true);
    expect(await server.exited).toBe(0);
    const log = server.output();
    expect(log).toContain('SIGTERM: finishing requests and closing the database');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(data.token);
    expect(log).not.toContain('Admin@2026"');

    const again = await spawnServer(dataDir, port);
    try {
      expect(again.output()).not.toContain('demo data seeded');
      const { data: d2 } = await login(again.url);
      const custom = await fetch(`${again.url}/api/user/customSet`, { headers: { authorization: `Bearer ${d2.token}` } }).then((r) => r.json());
      expect(custom.data).toEqual({ wall: 'A1' });
    } finally {
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    }
  });

  it('keeps the demo on this machine unless HOST says otherwise, and then warns at start and in sys/info', async () => {
    const sysInfo = (url: string) => fetch(`${url}/api/sys/info`).then((r) => r.json() as Promise<{ data: { demoExposed: boolean } }>);
    const port = await freePort();
    const local = await spawnServer(dataDir, port, undefined);
    try {
      expect(local.output()).toContain(`nv-console is running at http://127.0.0.1:${port}`);
      expect(local.output()).not.toContain('WARNING');
      expect((await sysInfo(local.url)).data.demoExposed).toBe(false);
    } finally {
      local.child.kill('SIGTERM');
      await local.exited;
    }
    const exposed = await spawnServer(dataDir, port, '0.0.0.0');
    try {
      expect(exposed.output()).toContain('WARNING: demo mode is listening on 0.0.0.0: the demo accounts above');
      expect((await sysInfo(exposed.url)).data.demoExposed).toBe(true);
    } finally {
      exposed.child.kill('SIGTERM');
      await exposed.exited;
    }
  });
});
