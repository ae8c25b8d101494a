import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATEWAY_KEYS_FILE } from '../../server/seed/demo-gateway-keys';
import { openDatabase, type Database } from '../../server/db/database';

/**
 * The command queue survives a crash: a real server process, killed with SIGKILL in the middle
 * of gateways taking and answering commands, restarted on the same data. No command is lost,
 * none is finished twice, and what was taken without an answer is handed out again.
 * With TEST_DATABASE_URL the process runs on a new PostgreSQL database, else on SQLite.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface ServerProcess { child: ChildProcess; url: string; exited: Promise<NodeJS.Signals | number | null> }

/** The server as `npm start` runs it, in one node process (no tsx wrapper, so SIGKILL reaches the server itself). */
async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', DEMO: '1', SIMULATOR: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const deadline = Date.now() + 60_000;
  while (!out.includes('nv-console is running at')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: `http://127.0.0.1:${port}`, exited };
}

async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ success: boolean; data: any; error?: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('gateway command queue across a crash (kill -9)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-cmd-'));
  let databaseUrl: string | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      const name = `nv_test_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new URL(databaseUrl);
      const name = admin.pathname.slice(1);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  });

  it('loses no command, finishes none twice, and hands out again what was taken unanswered', async () => {
    server = await spawnServer(env);
    const login = await call(`${server.url}/api/user/login`, 'POST', { user: 'admin', password: 'Admin@2026', tokenExpired: 30 });
    const auth = { authorization: `Bearer ${login.data.token}` };
    const keys = JSON.parse(fs.readFileSync(path.join(dataDir, DEMO_GATEWAY_KEYS_FILE), 'utf8')) as Record<string, string>;
    database = openDatabase({ dataDir, databaseUrl });
    const db = database.db;
    const gateways = await db.selectFrom('t_gateway').select(['id', 'code']).orderBy('id').execute();
    expect(gateways).toHaveLength(8);
    const keyOf = (gatewayId: number) => ({ 'x-gateway-key': keys[gateways.find((g) => g.id === gatewayId)!.code] });
    const take = (url: string, gatewayId: number, leaseS: number) => call(`${url}/api/gateway/commands/take`, 'POST', { max: 50, leaseS }, keyOf(gatewayId));
    const result = (url: string, gatewayId: number, id: number, code: number) =>
      call(`${url}/api/gateway/commands/${id}/result`, 'POST', { code }, keyOf(gatewayId));

    // Two syncs: sixteen config commands, two for each gateway.
    const models = await db.selectFrom('t_device_model').select(['id', 'code']).where('code', 'in', ['NV-S200', 'NV-F600']).execute();
    const syncIds: number[] = [];
    for (const m of models) {
      const r = await call(`${server.url}/api/t_product_sync/start`, 'POST', { deviceModelId: m.id }, auth);
      expect(r.success, r.error).toBe(true);
      syncIds.push(r.data.id);
    }
    const commandsOf = async () => db.selectFrom('t_gateway_command').selectAll().orderBy('id').execute();
    const all = await commandsOf();
    expect(all).toHaveLength(16);
    const [g1, g2, g3, g4, g5] = gateways.map((g) => g.id);
    const idsOf = (gatewayId: number) => all.filter((c) => c.gateway_id === gatewayId).map((c) => c.id);

    // Gateway 1 takes and answers both; gateways 3 and 4 take (lease 2 s) and never answer.
    expect((await take(server.url, g1, 2)).data.commands).toHaveLength(2);
    for (const id of idsOf(g1)) expect((await result(server.url, g1, id, 0)).data.duplicate).toBe(false);
    for (const g of [g3, g4]) expect((await take(server.url, g, 2)).data.commands).toHaveLength(2);
    expect((await take(server.url, g2, 2)).data.commands).toHaveLength(2);

    // Then, with gateway 2's answers and gateway 5's take on the wire, the process is killed.
    const url = server.url;
    const inFlight = [
      ...idsOf(g2).map((id) => result(url, g2, id, 0).catch(() => null)),
      take(url, g5, 2).catch(() => null),
    ];
    await sleep(5);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    await Promise.all(inFlight);

    const atCrash = await commandsOf();
    expect(atCrash.map((c) => c.id)).toEqual(all.map((c) => c.id));
    for (const c of atCrash.filter((x) => idsOf(g1).includes(x.id))) expect(c).toMatchObject({ state: 'succeeded', result_code: 0, attempts: 1 });
    for (const c of atCrash.filter((x) => idsOf(g2).includes(x.id))) expect(['sent', 'succeeded']).toContain(c.state);
    for (const c of atCrash.filter((x) => idsOf(g5).includes(x.id))) expect(['queued', 'sent']).toContain(c.state);

    // Restarted on the same data: every command is there as it was committed.
    server = await spawnServer(env);
    expect(await commandsOf()).toEqual(atCrash);
    const leaseEnd = Math.max(...atCrash.map((c) => Number(c.lease_until ?? 0)));
    await sleep(Math.max(0, leaseEnd - Date.now() + 50));

    // Every gateway takes: what is finished is never handed out again; the rest comes, once each.
    const handedOut = new Map<number, number>();
    for (const g of gateways) {
      for (const c of (await take(server.url, g.id, 60)).data.commands as { id: number; attempt: number }[]) {
        expect(handedOut.has(c.id)).toBe(false);
        handedOut.set(c.id, g.id);
      }
    }
    const finishedBefore = atCrash.filter((c) => c.state === 'succeeded').map((c) => c.id);
    expect([...handedOut.keys()].sort((a, b) => a - b)).toEqual(all.map((c) => c.id).filter((id) => !finishedBefore.includes(id)));
    for (const [id, g] of handedOut) expect((await result(server.url, g, id, 0)).data).toMatchObject({ state: 'succeeded', duplicate: false });
    // A gateway that sends a result again (it never heard the answer) changes nothing.
    for (const id of [...finishedBefore, ...handedOut.keys()]) {
      const g = all.find((c) => c.id === id)!.gateway_id;
      expect((await result(server.url, g, id, 11)).data).toMatchObject({ state: 'succeeded', code: 0, duplicate: true });
    }

    const end = await commandsOf();
    for (const c of end) {
      expect(c).toMatchObject({ state: 'succeeded', result_code: 0 });
      const before = atCrash.find((x) => x.id === c.id)!;
      if (before.state === 'succeeded') expect(c).toEqual(before);
    }
    // Gateways 3 and 4 were handed their commands twice: before the crash and after it.
    for (const id of [...idsOf(g3), ...idsOf(g4)]) expect(end.find((c) => c.id === id)!.attempts).toBe(2);
    for (const id of syncIds) {
      const d = await call(`${server.url}/api/t_product_sync/${id}`, 'GET', undefined, auth);
      expect(d.data.state).toBe('succeeded');
      expect(d.data.counts.succeeded).toBe(d.data.counts.total);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
