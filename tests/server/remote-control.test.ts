import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_TTL_S } from '../../contract/device-control';
import { CommandCode, type CommandKind } from '../../contract/gateway-commands';
import { GatewayCommandQueue } from '../../server/gateway/command-queue';
import { digestOf, registerMaps } from '../../server/gateway/register-map';
import { SimGateways } from '../../server/simulator/sim-gateways';
import { Simulator } from '../../server/simulator/simulator';
import { md5 } from './endpoint-table';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

const ADMIN_PASSWORD = 'Admin@2026';
const NO_DELAY: Record<CommandKind, [number, number]> = { write: [0, 0], config: [0, 0], refresh: [0, 0], restart: [0, 0], upgrade: [0, 0] };

describe('gateways and remote control', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let sim: Simulator;
  let gateways: SimGateways;
  /** 上海张江 (P-SH-01): its gateway, its first purifier (NV-AP900) and that model's set-points by name. */
  let gw: number;
  let purifier: number;
  let points: Record<string, number>;
  /** Another owner's gateway (北京, P-BJ-01), outside the operator's scope. */
  let foreignGw: number;

  const db = () => server.database.db;
  const control = (body: Record<string, unknown>, who: ApiClient = admin) =>
    who.post('/api/t_device/control', { password: md5(ADMIN_PASSWORD), ...body });
  const value = async (deviceId: number, measureId: number) => (await db().selectFrom('t_real_measure').select('value')
    .where('device_id', '=', deviceId).where('measure_id', '=', measureId).executeTakeFirst())?.value ?? null;
  const command = async (id: number) => (await admin.get(`/api/t_gateway_command/${id}`)).body.data;
  const auditLines = () => db().selectFrom('t_history_log').selectAll().where('action', '=', 'remote-control').orderBy('id').execute();
  const commandCount = async () => Number((await db().selectFrom('t_gateway_command').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const row = await db().selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
      .select(['d.id', 'd.gateway_id', 'd.device_model_id']).where('p.code', '=', 'P-SH-01').where('m.code', '=', 'NV-AP900')
      .orderBy('d.id').executeTakeFirstOrThrow();
    purifier = row.id;
    gw = row.gateway_id!;
    // The purifier answers (it is online), whatever the seed drew for it.
    await db().updateTable('t_device').set({ state: 1, last_seen_at: Date.now() }).where('id', '=', purifier).execute();
    points = Object.fromEntries((await db().selectFrom('t_measure').select(['id', 'name']).where('device_model_id', '=', row.device_model_id)
      .execute()).map((m) => [m.name, m.id]));
    foreignGw = (await db().selectFrom('t_gateway as g').innerJoin('t_project as p', 'p.id', 'g.project_id').select('g.id')
      .where('p.code', '=', 'P-BJ-01').executeTakeFirstOrThrow()).id;
    sim = new Simulator({ db: db(), ingest: server.telemetry.ingest, seed: 7 });
    await sim.load();
    gateways = new SimGateways({
      db: db(), queue: new GatewayCommandQueue(db()), ingest: server.telemetry.ingest, delays: NO_DELAY,
      onWritten: (d, m, v) => sim.setPoint(d, m, v), onRefreshed: (ids) => sim.sampleNow(ids),
    });
  });
  afterAll(async () => { await server?.dispose(); });

  it('lists the gateways of the caller\'s scope with their devices, and previews a gateway\'s register map from its devices\' models', async () => {
    const all = (await admin.get('/api/t_gateway?Page=1&Size=50')).body.data;
    expect(all.count).toBeGreaterThanOrEqual(6);
    const mine = all.list.find((g: { id: number }) => g.id === gw);
    expect(mine).toMatchObject({ code: 'GW-P-SH-01', projectName: expect.any(String), hasKey: true });
    const wired = await db().selectFrom('t_device').select('id').where('gateway_id', '=', gw).orderBy('id').execute();
    expect(mine.deviceCount).toBe(wired.length);
    // The operator sees its own organisation's gateways only; another's is 404.
    const seen = (await operator.get('/api/t_gateway?Page=1&Size=50')).body.data.list.map((g: { id: number }) => g.id);
    expect(seen).toContain(gw);
    expect(seen).not.toContain(foreignGw);
    for (const url of [`/api/t_gateway/${foreignGw}`, `/api/t_gateway/config/preview/${foreignGw}`, `/api/t_gateway/measureIdName/${foreignGw}`]) {
      expect((await operator.get(url)).status).toBe(404);
    }
    expect((await admin.get('/api/t_gateway/999999')).status).toBe(404);
    expect((await admin.get('/api/t_gateway?Page=1&Size=5&keyword=GW-P-SH-01')).body.data.list.map((g: { id: number }) => g.id)).toEqual([gw]);

    const preview = (await admin.get(`/api/t_gateway/config/preview/${gw}`)).body.data;
    expect(preview.devices.map((d: { deviceId: number }) => d.deviceId)).toEqual(wired.map((d) => d.id));
    const maps = await registerMaps(db(), wired.map((d) => d.id));
    expect(preview.digest).toBe(digestOf({ devices: maps }));
    expect(preview.registerCount).toBe(maps.reduce((n, m) => n + m.registers.length, 0));
    const registers = preview.devices.find((d: { deviceId: number }) => d.deviceId === purifier).registers;
    expect(registers.find((r: { name: string }) => r.name === '开关')).toMatchObject({ modbusCode: 1, registerAddr: 0, dataType: 'Boolean', access: 2, scale: 1 });
    expect(registers.find((r: { name: string }) => r.name === '风机频率设定')).toMatchObject({ modbusCode: 3, registerAddr: 101, dataType: 'UInt16', access: 2, scale: 0.1 });
    expect(registers.find((r: { name: string }) => r.name === '送风量')).toMatchObject({ access: 0, dataType: 'Float', scale: 1 });

    const names = (await admin.get(`/api/t_gateway/measureIdName/${gw}`)).body.data as { id: number; name: string }[];
    expect(names).toContainEqual({ id: points['风机频率设定'], name: '风机频率设定' });
    expect(new Set(names.map((n) => n.id)).size).toBe(names.length);
  });

  it('lists a device\'s writable points with their values and options; only with device-control', async () => {
    const r = await admin.get(`/api/t_device/control-points/${purifier}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ deviceId: purifier, gatewayId: gw });
    const byName = Object.fromEntries(r.body.data.points.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(byName)).toEqual(['开关', '运行模式', '风机频率设定', '风量设定']);
    expect(byName['开关'].options.map((o: { label: { zh: string } }) => o.label.zh)).toEqual(['关', '开']);
    expect(byName['运行模式'].options).toEqual([
      { value: 0, label: { zh: '自动', en: '自动' } }, { value: 1, label: { zh: '手动', en: '手动' } }, { value: 2, label: { zh: '睡眠', en: '睡眠' } },
    ]);
    expect(byName['风机频率设定']).toMatchObject({ unit: 'Hz', min: 0, max: 50, decimals: 1, options: [] });

    // The operator lacks device-control: refused, and nothing queued.
    const before = await commandCount();
    const refused = await operator.get(`/api/t_device/control-points/${purifier}`);
    expect([refused.status, refused.body.error]).toEqual([403, '没有权限：device-control']);
    const write = await control({ deviceId: purifier, measureId: points['风机频率设定'], value: 30, password: md5('Operator@2026') }, operator);
    expect([write.status, write.body.error]).toEqual([403, '没有权限：device-control']);
    expect(await commandCount()).toBe(before);
  });

  it('writes a set-point through the queue: the simulated gateway takes it, the device holds the value, one 远程控制 line', async () => {
    const auditBefore = (await auditLines()).length;
    const r = await control({ deviceId: purifier, measureId: points['风机频率设定'], value: 42.5 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'write', state: 'queued', deviceId: purifier, gatewayId: gw, code: null });
    expect(r.body.data.deadline - r.body.data.createdAt).toBe(CONTROL_TTL_S * 1000);
    const id = r.body.data.id;
    expect((await command(id)).payload).toEqual({ measureId: points['风机频率设定'], modbusCode: 3, registerAddr: 101, dataType: 'UInt16', value: 42.5 });

    expect(await gateways.poll()).toContain(id);
    expect(await command(id)).toMatchObject({ state: 'succeeded', code: 0, codeText: '无' });
    expect(await value(purifier, points['风机频率设定'])).toBe(42.5);
    // The simulator goes on reporting what was written.
    await sim.tick();
    expect(await value(purifier, points['风机频率设定'])).toBe(42.5);
    const points2 = (await admin.get(`/api/t_device/control-points/${purifier}`)).body.data;
    expect(points2.points.find((p: { name: string }) => p.name === '风机频率设定').value).toBe(42.5);
    expect(points2.pending).toEqual([]);

    const lines = (await auditLines()).slice(auditBefore);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ username: 'admin', target: expect.stringContaining('风机频率设定') });
    expect(JSON.parse(lines[0].detail)).toMatchObject({ command: 'write', commandId: id, point: '风机频率设定', value: 42.5, unit: 'Hz' });
    expect(lines[0].detail).not.toContain(md5(ADMIN_PASSWORD));
    // 我的日志 shows it as 远程控制.
    const log = (await admin.get('/api/t_history_log?Page=1&Size=5&action=remote-control')).body.data;
    expect(log.list[0]).toMatchObject({ target: expect.stringContaining('风机频率设定') });
  });

  it('switching the unit off stops its fan in the simulation', async () => {
    const r = await control({ deviceId: purifier, measureId: points['开关'], value: 0 });
    await gateways.poll();
    expect((await command(r.body.data.id)).state).toBe('succeeded');
    await sim.tick();
    expect(await value(purifier, points['送风量'])).toBe(0);
    await control({ deviceId: purifier, measureId: points['开关'], value: 1 });
    await gateways.poll();
    await sim.tick();
    expect(await value(purifier, points['开关'])).toBe(1);
  });

  it('answers the command error codes: 6666 设备忙, out of range 超出范围, offline 设备无应答, unanswered 命令超时', async () => {
    const before = await value(purifier, points['风量设定']);
    const busy = (await control({ deviceId: purifier, measureId: points['风量设定'], value: 6666 })).body.data.id;
    const range = (await control({ deviceId: purifier, measureId: points['风机频率设定'], value: 60 })).body.data.id;
    await gateways.poll();
    expect(await command(busy)).toMatchObject({ state: 'failed', code: CommandCode.DeviceBusy, codeText: '设备忙' });
    expect(await command(range)).toMatchObject({ state: 'failed', code: CommandCode.OutOfRange, codeText: '超出范围' });
    expect(await value(purifier, points['风量设定'])).toBe(before);

    const other = await db().selectFrom('t_device').select('id').where('gateway_id', '=', gw).where('device_model_id', '=',
      db().selectFrom('t_device').select('device_model_id').where('id', '=', purifier)).where('id', '!=', purifier).executeTakeFirstOrThrow();
    await db().updateTable('t_device').set({ state: 0, last_seen_at: Date.now() - 3_600_000 }).where('id', '=', other.id).execute();
    const silent = (await control({ deviceId: other.id, measureId: points['运行模式'], value: 1 })).body.data.id;
    await gateways.poll();
    expect(await command(silent)).toMatchObject({ state: 'failed', code: CommandCode.NoAnswer, codeText: '设备无应答' });

    // Nobody takes it before its deadline: the console's next read finds it expired.
    const late = (await control({ deviceId: purifier, measureId: points['运行模式'], value: 2 })).body.data.id;
    await db().updateTable('t_gateway_command').set({ deadline: Date.now() - 1 }).where('id', '=', late).execute();
    expect(await command(late)).toMatchObject({ state: 'expired', code: CommandCode.Timeout, codeText: '命令超时' });
  });

  it('checks the password, the point, the value and the route before anything is queued or logged', async () => {
    const before = [await commandCount(), (await auditLines()).length];
    const wrong = await control({ deviceId: purifier, measureId: points['风机频率设定'], value: 30, password: md5('not-my-password') });
    expect([wrong.status, wrong.body.error]).toEqual([400, '密码错误']);
    const missing = await admin.post('/api/t_device/control', { deviceId: purifier, measureId: points['风机频率设定'], value: 30 });
    expect([missing.status, missing.body.error]).toEqual([400, expect.stringMatching(/^body\.password: /)]);
    // The password check of the console's dialog answers the same text.
    expect((await admin.post(`/api/user/login-test?password=${md5('not-my-password')}`)).body.error).toBe('密码错误');

    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ deviceId: purifier, measureId: points['开关'], value: 2 }, 400, /^body\.value: 开关量只能写 0 或 1/],
      [{ deviceId: purifier, measureId: points['风机频率设定'], value: 42.55 }, 400, /^body\.value: 最多 1 位小数/],
      [{ deviceId: purifier, measureId: points['风量设定'], value: 70_000 }, 400, /^body\.value: 超出 UInt16/],
      [{ deviceId: purifier, measureId: points['送风量'], value: 1 }, 400, /^body\.measureId: /],
      [{ deviceId: purifier, measureId: points['风机频率设定'], value: 'fast' }, 400, /^body\.value: /],
      [{ deviceId: 999_999, measureId: points['风机频率设定'], value: 30 }, 404, /设备不存在/],
    ];
    for (const [body, status, error] of cases) {
      const r = await control(body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status, error: expect.stringMatching(error) });
    }
    // A device without a gateway (a 4G DTU) cannot be reached by a command.
    const dtu = await db().selectFrom('t_device').select(['id', 'device_model_id']).where('gateway_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const noGateway = await control({ deviceId: dtu.id, measureId: points['风机频率设定'], value: 30 });
    expect([noGateway.status, noGateway.body.error]).toEqual([400, 'body.deviceId: 设备未接入网关，无法远程控制']);
    // The operator cannot reach a device outside its scope even with the right: 404.
    expect([await commandCount(), (await auditLines()).length]).toEqual(before);
  });

  it('refreshes and restarts a gateway through the queue; a write during the restart is answered 设备忙', async () => {
    const refresh = await admin.post('/api/t_gateway/refresh', { id: gw });
    expect(refresh.body.data).toMatchObject({ kind: 'refresh', state: 'queued', gatewayId: gw, deviceId: null });
    const wrong = await admin.post('/api/t_gateway/restart', { id: gw, password: md5('nope') });
    expect([wrong.status, wrong.body.error]).toEqual([400, '密码错误']);
    expect((await operator.post('/api/t_gateway/restart', { id: gw, password: md5('Operator@2026') })).status).toBe(403);
    expect((await admin.post('/api/t_gateway/refresh', { id: 999_999 })).status).toBe(404);

    const slow = new SimGateways({ db: db(), queue: new GatewayCommandQueue(db()), delays: { ...NO_DELAY, restart: [60_000, 60_000] } });
    const restart = (await admin.post('/api/t_gateway/restart', { id: gw, password: md5(ADMIN_PASSWORD) })).body.data;
    expect(restart).toMatchObject({ kind: 'restart', state: 'queued' });
    const write = (await control({ deviceId: purifier, measureId: points['运行模式'], value: 1 })).body.data.id;
    await slow.poll();
    expect(await command(refresh.body.data.id)).toMatchObject({ state: 'succeeded', code: 0 });
    expect(await command(write)).toMatchObject({ state: 'failed', code: CommandCode.DeviceBusy });
    expect(await command(restart.id)).toMatchObject({ state: 'sent' });
    const lines = (await auditLines()).filter((l) => l.target.startsWith(`t_gateway#${gw}`)).map((l) => JSON.parse(l.detail).command);
    expect(lines).toEqual(['refresh', 'restart']);
  });

  it('answers the device state calls: states, refresh-state, sync-state and set-route', async () => {
    const project = await db().selectFrom('t_device').select('project_id').where('id', '=', purifier).executeTakeFirstOrThrow();
    const states = (await admin.get(`/api/t_device/states?ids=${purifier},999999`)).body.data;
    expect(states).toEqual([{ id: purifier, state: expect.any(Number), lastSeenAt: expect.any(Number), alarmCount: expect.any(Number) }]);
    expect((await admin.get(`/api/t_device/states?projectId=${project.project_id}`)).body.data.length).toBeGreaterThan(1);
    expect((await admin.get('/api/t_device/states')).status).toBe(400);

    // A device marked online that never sent anything is offline by its data; refresh-state says so and asks the gateway.
    await db().updateTable('t_device').set({ state: 1, last_seen_at: null }).where('id', '=', purifier).execute();
    const refreshed = (await admin.post(`/api/t_device/refresh-state/${purifier}`)).body.data;
    expect(refreshed).toMatchObject({ id: purifier, state: 0, lastSeenAt: null, commandId: expect.any(Number) });
    expect(await command(refreshed.commandId)).toMatchObject({ kind: 'refresh', deviceId: purifier, state: 'queued' });
    await db().updateTable('t_device').set({ state: 0, last_seen_at: Date.now() }).where('id', '=', purifier).execute();
    const synced = (await admin.post('/api/t_device/sync-state', { projectId: project.project_id })).body.data;
    expect(synced.changed).toBeGreaterThanOrEqual(1);
    expect((await db().selectFrom('t_device').select('state').where('id', '=', purifier).executeTakeFirstOrThrow()).state).not.toBe(0);
    expect((await operator.post('/api/t_device/sync-state', { projectId: 999_999 })).status).toBe(404);

    // Off the gateway and back: the way back pushes the register map to the gateway.
    const off = (await admin.post('/api/t_device/set-route', { ids: [purifier], gatewayId: null })).body.data;
    expect(off).toEqual({ updated: 1, commandIds: [] });
    const back = (await admin.post('/api/t_device/set-route', { ids: [purifier], gatewayId: gw })).body.data;
    expect(back.updated).toBe(1);
    expect(await command(back.commandIds[0])).toMatchObject({ kind: 'config', gatewayId: gw });
    const foreign = await admin.post('/api/t_device/set-route', { ids: [purifier], gatewayId: foreignGw });
    expect([foreign.status, foreign.body.error]).toEqual([400, expect.stringMatching(/^body\.gatewayId: 网关不属于设备/)]);
    expect((await db().selectFrom('t_device').select('gateway_id').where('id', '=', purifier).executeTakeFirstOrThrow()).gateway_id).toBe(gw);
  });
});

/** A database from before remote control gets the right, the menu entry and the purifier's set-points on its next start. */
describe('migration 016: remote control for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds device-control to the administrators\' roles and the types that may edit devices, 网关管理, and NV-AP900\'s set-points', async () => {
    server = await startTestServer();
    const db = server.database.db;
    const model = (await db.selectFrom('t_device_model').select('id').where('code', '=', 'NV-AP900').executeTakeFirstOrThrow()).id;
    const seededPoints = await db.selectFrom('t_measure').select(['name', 'modbus_code', 'register_addr', 'data_type', 'access', 'decimals', 'min_value', 'max_value', 'printf'])
      .where('device_model_id', '=', model).where('access', '!=', 0).orderBy('sort_order').execute();
    const seededMenu = await db.selectFrom('t_menu').select(['parent_id', 'path', 'right_code']).where('name', '=', 'nv_iot_gateway').executeTakeFirstOrThrow();

    // Back to how a database of the previous release looked.
    await db.deleteFrom('t_role_right').where('right_code', '=', 'device-control').execute();
    await db.deleteFrom('t_org_type_right').where('right_code', '=', 'device-control').execute();
    await db.deleteFrom('t_right').where('code', '=', 'device-control').execute();
    await db.deleteFrom('t_menu').where('name', '=', 'nv_iot_gateway').execute();
    await db.deleteFrom('t_measure').where('device_model_id', '=', model).where('access', '!=', 0).execute();
    await sql`delete from nv_migration where name = '016-remote-control'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['016-remote-control']);
    const db2 = server.database.db;
    const holders = await db2.selectFrom('t_role_right as rr').innerJoin('t_role as r', 'r.id', 'rr.role_id').select('r.name')
      .where('rr.right_code', '=', 'device-control').orderBy('r.name').execute();
    expect(holders.map((h) => h.name).sort()).toEqual(['系统管理员', '超级管理员'].sort());
    expect((await db2.selectFrom('t_org_type_right').select('org_type').where('right_code', '=', 'device-control').execute()).length).toBeGreaterThan(0);
    expect(await db2.selectFrom('t_menu').select(['parent_id', 'path', 'right_code']).where('name', '=', 'nv_iot_gateway').executeTakeFirst()).toEqual(seededMenu);
    const points = await db2.selectFrom('t_measure').select(['name', 'modbus_code', 'register_addr', 'data_type', 'access', 'decimals', 'min_value', 'max_value', 'printf'])
      .where('device_model_id', '=', model).where('access', '!=', 0).orderBy('sort_order').execute();
    expect(points).toEqual(seededPoints);

    const admin = await loginAs(server, 'admin');
    expect((await admin.get('/api/user/rights')).body.data).toContain('device-control');
    expect(JSON.stringify((await admin.get('/api/menu/all?type=app')).body.data)).toContain('/nv_iot/nv_iot_gateway');
    const operator = await loginAs(server, 'operator');
    expect((await operator.get('/api/user/rights')).body.data).not.toContain('device-control');

    server = await server.restart();
    expect(server.migrations).toEqual([]);
  });
});
