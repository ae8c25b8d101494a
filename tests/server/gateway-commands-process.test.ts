import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATEWAY_KEYS_FILE } from '../../server/seed/demo-gateway-keys';
import { openDatabase, type Database } from '../../server/db/database';
import { call, killServer, scratchData, spawnServer, type ServerProcess } from './child-server';

/**
 * The command queue survives a crash: a real server process, killed with SIGKILL in the middle
 * of gateways taking and answering commands, restarted on the same data. No command is lost,
 * none is finished twice, and what was taken without an answer is handed out again.
 * With TEST_DATABASE_URL the process runs on a new PostgreSQL database, else on SQLite.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('gateway command queue across a crash (kill -9)', () => {
  let scratch: Awaited<ReturnType<typeof scratchData>> | undefined;
  let dataDir = '';
  let databaseUrl: string | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    scratch = await scratchData('nv-cmd-');
    ({ dataDir, databaseUrl } = scratch);
    env = scratch.env;
  });
  afterAll(async () => {
    await killServer(server);
    await database?.close();
    await scratch?.dispose();
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
