import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandCode } from '../../contract/gateway-commands';
import { GatewayCommandQueue } from '../../server/gateway/command-queue';
import { issueGatewayKey } from '../../server/telemetry/gateway-keys';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

/** A gateway's side of the queue over HTTP, with its key. */
class GatewayClient {
  constructor(readonly api: ApiClient, readonly key: string) {}
  take(body?: unknown) {
    return this.api.request('POST', '/api/gateway/commands/take', body, { 'x-gateway-key': this.key });
  }
  result(id: number, body: unknown) {
    return this.api.request('POST', `/api/gateway/commands/${id}/result`, body, { 'x-gateway-key': this.key });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('gateway command queue', () => {
  let server: TestServer;
  let queue: GatewayCommandQueue;
  /** P-SH-01's gateway (the operator's organisation) and P-BJ-01's (another owner's). */
  let a: { id: number; deviceId: number; gw: GatewayClient };
  let b: { id: number; deviceId: number; gw: GatewayClient };

  const gatewayOf = async (projectCode: string) => {
    const db = server.database.db;
    const row = await db.selectFrom('t_gateway as g').innerJoin('t_project as p', 'p.id', 'g.project_id')
      .innerJoin('t_device as d', 'd.gateway_id', 'g.id').select(['g.id', 'd.id as deviceId'])
      .where('p.code', '=', projectCode).orderBy('d.id').executeTakeFirstOrThrow();
    return { id: row.id, deviceId: row.deviceId, gw: new GatewayClient(new ApiClient(server.url), await issueGatewayKey(db, row.id)) };
  };
  const restart = (gatewayId: number, deviceId: number | null = null, ttlS?: number) =>
    queue.enqueue({ gatewayId, deviceId, kind: 'restart', payload: {}, createdBy: null, ttlS });
  const row = (id: number) => server.database.db.selectFrom('t_gateway_command').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer();
    queue = new GatewayCommandQueue(server.database.db);
    a = await gatewayOf('P-SH-01');
    b = await gatewayOf('P-BJ-01');
  });
  afterAll(async () => { await server?.dispose(); });

  it('refuses a missing or wrong gateway key', async () => {
    const anon = new ApiClient(server.url);
    expect((await anon.post('/api/gateway/commands/take', {})).status).toBe(401);
    const wrong = await new GatewayClient(anon, 'gk_not-a-key-of-any-gateway').take({});
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('网关密钥无效');
    expect((await new GatewayClient(anon, 'gk_wrong-key-123456').result(1, { code: 0 })).status).toBe(401);
  });

  it('hands a gateway its own commands, oldest first, once per lease; the body may be left out', async () => {
    const ids = [await restart(a.id, a.deviceId), await restart(a.id), await queue.enqueue({
      gatewayId: a.id, deviceId: a.deviceId, kind: 'write', createdBy: null,
      payload: { measureId: 1, modbusCode: 3, registerAddr: 10, dataType: 'UInt16', value: 42 },
    })];
    const other = await restart(b.id, b.deviceId);

    const took = await a.gw.api.request('POST', '/api/gateway/commands/take', undefined, { 'x-gateway-key': a.gw.key });
    expect(took.status).toBe(200);
    expect(took.body.data.commands.map((c: { id: number }) => c.id)).toEqual(ids);
    expect(took.body.data.commands[2]).toMatchObject({
      kind: 'write', deviceId: a.deviceId, attempt: 1,
      payload: { measureId: 1, modbusCode: 3, registerAddr: 10, dataType: 'UInt16', value: 42 },
    });
    const first = took.body.data.commands[0];
    expect(first.leaseUntil - took.body.data.now).toBeGreaterThanOrEqual(29_000);
    expect(first.deadline).toBeGreaterThan(first.leaseUntil);
    expect((await row(ids[0])).state).toBe('sent');

    // Under lease: not handed out again; the other gateway sees only its own.
    expect((await a.gw.take({})).body.data.commands).toEqual([]);
    expect((await b.gw.take({})).body.data.commands.map((c: { id: number }) => c.id)).toEqual([other]);

    for (const id of [...ids, other]) {
      const gw = id === other ? b.gw : a.gw;
      expect((await gw.result(id, { code: 0 })).body.data).toMatchObject({ id, state: 'succeeded', code: 0, duplicate: false });
    }
  });

  it('takes at most `max`, and checks the take body', async () => {
    const ids = [await restart(a.id), await restart(a.id), await restart(a.id)];
    const r = await a.gw.take({ max: 2, leaseS: 60 });
    expect(r.body.data.commands.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 2));
    expect((await a.gw.take({ max: 0 })).body.error).toMatch(/^body\.max:/);
    expect((await a.gw.take({ leaseS: 601 })).body.error).toMatch(/^body\.leaseS:/);
    expect((await a.gw.take({ extra: 1 })).status).toBe(400);
    expect((await a.gw.take({})).body.data.commands.map((c: { id: number }) => c.id)).toEqual([ids[2]]);
    for (const id of ids) await a.gw.result(id, { code: 0 });
  });

  it('records a result once: a second one, whatever it says, changes nothing', async () => {
    const id = await restart(a.id, a.deviceId);
    await a.gw.take({});
    const first = await a.gw.result(id, { code: CommandCode.DeviceBusy, message: '设备忙' });
    expect(first.body.data).toMatchObject({ id, state: 'failed', code: 6, duplicate: false });
    const before = await row(id);
    const again = await a.gw.result(id, { code: 0 });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ ...first.body.data, duplicate: true });
    expect(await row(id)).toEqual(before);
  });

  it('answers 404 for another gateway\'s command and 409 for one not taken yet, changing nothing', async () => {
    const id = await restart(a.id);
    const before = await row(id);
    const foreign = await b.gw.result(id, { code: 0 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('网关命令不存在');
    const early = await a.gw.result(id, { code: 0 });
    expect(early.status).toBe(409);
    expect(await row(id)).toEqual(before);
    expect((await a.gw.result(999_999, { code: 0 })).status).toBe(404);
    await a.gw.take({});
    await a.gw.result(id, { code: 0 });
  });

  it('checks result bodies, naming the field, and records nothing', async () => {
    const id = await restart(a.id, a.deviceId);
    await a.gw.take({});
    const before = await row(id);
    for (const [body, field] of [
      [{}, 'body.code'], [{ code: -1 }, 'body.code'], [{ code: 1.5 }, 'body.code'], [{ code: 70_000 }, 'body.code'],
      [{ code: 0, message: 'x'.repeat(501) }, 'body.message'], [{ code: 0, other: 1 }, 'body'],
      [{ code: 0, devices: [{ deviceId: b.deviceId, code: 0 }] }, 'body.devices.0.deviceId'],
      [{ code: 0, devices: [{ deviceId: a.deviceId }] }, 'body.devices.0.code'],
    ] as const) {
      const r = await a.gw.result(id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error!.startsWith(field), `${JSON.stringify(body)}: ${r.body.error}`).toBe(true);
    }
    expect((await a.gw.api.request('POST', '/api/gateway/commands/abc/result', { code: 0 }, { 'x-gateway-key': a.gw.key })).body.error)
      .toMatch(/^params\.id:/);
    expect(await row(id)).toEqual(before);
    await a.gw.result(id, { code: 0, devices: [{ deviceId: a.deviceId, code: 0 }] });
  });

  it('offers a command again when its lease ends without a result (at least once); the first result wins', async () => {
    const id = await restart(a.id, a.deviceId);
    const t1 = await a.gw.take({ leaseS: 1 });
    expect(t1.body.data.commands).toMatchObject([{ id, attempt: 1 }]);
    expect((await a.gw.take({ leaseS: 1 })).body.data.commands).toEqual([]);
    await sleep(1_100);
    const t2 = await a.gw.take({ leaseS: 30 });
    expect(t2.body.data.commands).toMatchObject([{ id, attempt: 2 }]);
    expect((await row(id)).attempts).toBe(2);
    // The answer to the first hand-out arrives late: it is the result; the second one is a duplicate.
    expect((await a.gw.result(id, { code: 0 })).body.data).toMatchObject({ state: 'succeeded', duplicate: false });
    expect((await a.gw.result(id, { code: CommandCode.NoAnswer })).body.data).toMatchObject({ state: 'succeeded', code: 0, duplicate: true });
    await sleep(1_100);
    expect((await a.gw.take({})).body.data.commands).toEqual([]);
  });

  it('expires a command past its deadline with the timeout code, taken or not', async () => {
    const taken = await restart(a.id, a.deviceId, 1);
    const untaken = await restart(b.id, b.deviceId, 1);
    await a.gw.take({ leaseS: 60 });
    await sleep(1_100);
    const late = await a.gw.result(taken, { code: 0 });
    expect(late.body.data).toMatchObject({ id: taken, state: 'expired', code: CommandCode.Timeout, duplicate: true });
    expect((await b.gw.take({})).body.data.commands).toEqual([]);
    expect(await row(untaken)).toMatchObject({ state: 'expired', result_code: 99 });
    const admin = await loginAs(server, 'admin');
    const detail = await admin.get(`/api/t_gateway_command/${taken}`);
    expect(detail.body.data).toMatchObject({ state: 'expired', code: 99, codeText: '命令超时', attempts: 1 });
    expect((await queue.expireOverdue())).toEqual([]);
  });

  it('hands out each command to one of two racing takes, and records one of five racing results', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => restart(a.id)));
    const [x, y] = await Promise.all([a.gw.take({ max: 50 }), a.gw.take({ max: 50 })]);
    const got = [...x.body.data.commands, ...y.body.data.commands].map((c: { id: number }) => c.id).sort((p, q) => p - q);
    expect(got).toEqual(ids.sort((p, q) => p - q));
    const answers = await Promise.all([0, 6, 11, 240, 303].map((code) => a.gw.result(ids[0], { code })));
    expect(answers.filter((r) => r.body.data.duplicate === false)).toHaveLength(1);
    const recorded = (await row(ids[0])).result_code;
    for (const r of answers) expect(r.body.data.code).toBe(recorded);
    for (const id of ids.slice(1)) await a.gw.result(id, { code: 0 });
  });

  it('shows commands to the console within the data scope of the gateway\'s project', async () => {
    const mine = await restart(a.id, a.deviceId);
    const theirs = await restart(b.id, b.deviceId);
    const admin = await loginAs(server, 'admin');
    const operator = await loginAs(server, 'operator');
    expect((await admin.get(`/api/t_gateway_command/${theirs}`)).body.data).toMatchObject({
      id: theirs, gatewayId: b.id, deviceId: b.deviceId, kind: 'restart', state: 'queued', code: null, codeText: null, attempts: 0, payload: {},
    });
    expect((await operator.get(`/api/t_gateway_command/${mine}`)).body.data.id).toBe(mine);
    const hidden = await operator.get(`/api/t_gateway_command/${theirs}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('网关命令不存在');

    const page = (await operator.get(`/api/t_gateway_command?Page=1&Size=500`)).body.data;
    expect(page.list.every((c: { gatewayId: number }) => c.gatewayId === a.id)).toBe(true);
    expect(page.count).toBe(page.list.length);
    const all = (await admin.get(`/api/t_gateway_command?gatewayId=${b.id}&state=queued`)).body.data;
    expect(all.list.map((c: { id: number }) => c.id)).toEqual([theirs]);
    expect((await admin.get('/api/t_gateway_command?state=lost')).body.error).toMatch(/^query\.state:/);
    expect((await admin.get('/api/t_gateway_command?kind=write&Page=1&Size=1')).body.data).toMatchObject({ count: 1 });
    expect((await admin.get('/api/t_gateway_command/999999')).status).toBe(404);
    await a.gw.take({});
    await b.gw.take({});
    await a.gw.result(mine, { code: 0 });
    await b.gw.result(theirs, { code: 0 });
  });

  it('checks payloads when commands are queued', async () => {
    await expect(queue.enqueue({ gatewayId: a.id, kind: 'write', payload: { value: 1 }, createdBy: null })).rejects.toThrow();
    await expect(queue.enqueue({ gatewayId: a.id, kind: 'restart', payload: { now: true }, createdBy: null })).rejects.toThrow();
    await expect(queue.enqueue({ gatewayId: a.id, kind: 'restart', payload: {}, createdBy: null, ttlS: 0 })).rejects.toThrow(/ttlS/);
  });
});
