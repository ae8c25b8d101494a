import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { DeviceState, MeasureTag } from '../../contract/enums';
import { GatewayCommandQueue } from '../../server/gateway/command-queue';
import { SimGateways } from '../../server/simulator/sim-gateways';
import { Simulator } from '../../server/simulator/simulator';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

/** Device administration (issue 18): server/routes/devices/, contract/device-admin.ts. */
describe('device administration', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const db = () => server.database.db;
  const project = async (code: string) => (await db().selectFrom('t_project').select(['id', 'name']).where('code', '=', code).executeTakeFirstOrThrow());
  const gateway = async (projectCode: string) => (await db().selectFrom('t_gateway').select('id').where('code', '=', `GW-${projectCode}`).executeTakeFirstOrThrow()).id;
  const model = async (code: string) => (await db().selectFrom('t_device_model').select(['id', 'device_type_id']).where('code', '=', code).executeTakeFirstOrThrow());
  const count = async (table: 't_device' | 't_history_log' | 't_gateway_command' | 't_device_measure') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const lastLog = async () => db().selectFrom('t_history_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  let seq = 0;
  /** A valid new device of NV-S200 in 上海 (P-SH-01) on its gateway. */
  const newDevice = async (extra: Record<string, unknown> = {}) => ({
    name: `测试传感器${++seq}`, code: `T-S200-${seq}`, projectId: (await project('P-SH-01')).id, deviceModelId: (await model('NV-S200')).id,
    gatewayId: await gateway('P-SH-01'), ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const r = await admin.post('/api/t_device/save', await newDevice(extra));
    expect(r.status, r.body.error).toBe(200);
    return r.body.data as { id: number; version: number; code: string; gatewayId: number | null; projectId: number | null; deviceModelId: number };
  };
  /** A device of 北京 (P-BJ-01): outside the operator's data scope. */
  const beijingDevice = async () => (await db().selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
    .select('d.id').where('p.code', '=', 'P-BJ-01').orderBy('d.id').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('creates a device: the model\'s type, its audit line, and its register map queued for its gateway', async () => {
    const commands = await count('t_gateway_command');
    const body = await newDevice({ iotId: 'IOT-NEW-1', iccid: '89860000000000000001', installDate: Date.UTC(2026, 0, 15), lng: 121.6, lat: 31.2 });
    const r = await admin.post('/api/t_device/save', body);
    expect(r.status, r.body.error).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      name: body.name, code: body.code, projectName: '上海张江洁净厂房', deviceModelName: 'NV-S200 空气质量传感器', deviceTypeId: 2001,
      gatewayName: '上海网关', iotId: 'IOT-NEW-1', iccid: '89860000000000000001', state: DeviceState.Offline, lastSeenAt: null, version: 1,
      installDate: Date.UTC(2026, 0, 15), lng: 121.6, lat: 31.2,
    });
    expect(await count('t_gateway_command')).toBe(commands + 1);
    const command = await db().selectFrom('t_gateway_command').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(command).toMatchObject({ gateway_id: body.gatewayId, kind: 'config', state: 'queued' });
    const payload = JSON.parse(command.payload);
    expect(payload.devices).toHaveLength(1);
    expect(payload.devices[0]).toMatchObject({ deviceId: d.id, deviceCode: body.code });
    expect(payload.devices[0].registers).toHaveLength(7);
    expect(await lastLog()).toMatchObject({ action: 'add', target: `t_device#${d.id} ${body.name}` });
    expect((await admin.get(`/api/t_device/${d.id}`)).body.data).toEqual(d);
    // The list answers the same shape, filtered by model and keyword.
    const list = await admin.get(`/api/t_device?deviceModelId=${body.deviceModelId}&keyword=${encodeURIComponent(body.code)}`);
    expect(list.body.data).toEqual({ list: [d], count: 1 });
  });

  it('refuses codes, IoT ids and ICCIDs another device uses, naming the field, and checks them while typing', async () => {
    const first = await create({ iotId: 'IOT-UNIQ-1', iccid: '89860000000000000002' });
    const devices = await count('t_device');
    for (const [field, value, error] of [
      ['code', first.code, /^body\.code: 设备编码“T-S200-\d+”已存在$/],
      ['iotId', 'IOT-UNIQ-1', /^body\.iotId: 物联网ID“IOT-UNIQ-1”已被其他设备使用$/],
      ['iccid', '89860000000000000002', /^body\.iccid: ICCID“89860000000000000002”已被其他设备使用$/],
      ['iccid', '1234', /^body\.iccid: ICCID 应为 19–20 位数字$/],
    ] as const) {
      const r = await admin.post('/api/t_device/save', await newDevice({ [field]: value }));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    expect(await count('t_device')).toBe(devices);

    const taken = async (what: 'iotid' | 'iccid', id: number, value: string) => {
      const r = await admin.get(`/api/t_device/is-${what}-exit/${id}?value=${encodeURIComponent(value)}`);
      expect(r.status, r.body.error).toBe(200);
      return r.body.data as boolean;
    };
    expect(await taken('iotid', 0, 'IOT-UNIQ-1')).toBe(true);
    expect(await taken('iotid', first.id, 'IOT-UNIQ-1')).toBe(false);
    expect(await taken('iotid', 0, 'IOT-FREE')).toBe(false);
    expect(await taken('iotid', 0, '')).toBe(false);
    expect(await taken('iccid', 0, '89860000000000000002')).toBe(true);
    expect(await taken('iccid', first.id, '89860000000000000002')).toBe(false);
    // A seeded IoT id of a device the operator cannot see is still taken (unique everywhere)...
    expect((await operator.get('/api/t_device/is-iotid-exit/0?value=IOT000001')).body.data).toBe(true);
    // ...but the operator cannot name a device outside its scope as the one being edited.
    expect((await operator.get(`/api/t_device/is-iotid-exit/${await beijingDevice()}?value=X`)).status).toBe(404);
  });

  it('checks project, model, gateway and coordinates, and changes nothing on bad input', async () => {
    const devices = await count('t_device');
    const logs = await count('t_history_log');
    const cases: [Record<string, unknown>, RegExp, ApiClient?][] = [
      [{ gatewayId: await gateway('P-BJ-01') }, /^body\.gatewayId: 网关不属于所选项目$/],
      [{ deviceModelId: 999_999 }, /^body\.deviceModelId: 设备型号 999999 不存在$/],
      [{ lng: 120 }, /^body\.lat: 经度和纬度需同时填写$/],
      [{ lat: 91, lng: 120 }, /^body\.lat: /],
      [{ name: '' }, /^body\.name: /],
      [{ code: 'a b' }, /^body\.code: /],
      [{ projectId: (await project('P-BJ-01')).id, gatewayId: null }, /^body\.projectId: 项目 \d+ 不存在或不在您的数据范围内$/, operator],
      [{ projectId: null, gatewayId: null }, /^body\.projectId: 请选择所属项目$/, operator],
    ];
    for (const [extra, error, who] of cases) {
      const r = await (who ?? admin).post('/api/t_device/save', await newDevice(extra));
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    expect(await count('t_device')).toBe(devices);
    expect(await count('t_history_log')).toBe(logs);
    // Someone who sees everything may keep a device out of any project (stock).
    const stock = await admin.post('/api/t_device/save', await newDevice({ projectId: null, gatewayId: null }));
    expect(stock.body.data).toMatchObject({ projectId: null, projectName: '', gatewayId: null });
  });

  it('changes a device at the version read: a stale save is 409; the model only through change-model', async () => {
    const d = await create();
    const body = { ...(await newDevice()), code: d.code, name: '改名传感器', id: d.id, version: d.version };
    const ok = await admin.post('/api/t_device/save', body);
    expect(ok.status, ok.body.error).toBe(200);
    expect(ok.body.data).toMatchObject({ name: '改名传感器', version: 2 });
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'edit', target: `t_device#${d.id} 改名传感器` });
    expect(JSON.parse(log.detail)).toEqual({ before: { name: expect.stringMatching(/^测试传感器/) }, after: { name: '改名传感器' } });
    const stale = await admin.post('/api/t_device/save', { ...body, name: '又改名' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('数据已被他人修改，请刷新后重试');
    const remodel = await admin.post('/api/t_device/save', { ...body, version: 2, deviceModelId: (await model('NV-F600')).id });
    expect(remodel.status).toBe(400);
    expect(remodel.body.error).toMatch(/^body\.deviceModelId: 更换型号请使用/);
    expect((await admin.post('/api/t_device/save', { ...body, id: 999_999 })).status).toBe(404);
  });

  it('keeps every call within the caller\'s data scope: another project\'s device is 404', async () => {
    const bj = await beijingDevice();
    const list = (await operator.get('/api/t_device?Page=1&Size=500')).body.data;
    expect(list.list.some((d: { id: number }) => d.id === bj)).toBe(false);
    expect(new Set(list.list.map((d: { projectName: string }) => d.projectName))).not.toContain('北京亦庄制药车间');
    const body = { id: bj, version: 1, name: 'x', code: 'x', deviceModelId: (await model('NV-S200')).id, projectId: (await project('P-SH-01')).id };
    for (const [method, url, payload] of [
      ['GET', `/api/t_device/${bj}`],
      ['POST', '/api/t_device/save', body],
      ['POST', `/api/t_device/del/${bj}`],
      ['POST', '/api/t_device/copy', { id: bj, name: 'c', code: 'C-BJ' }],
      ['POST', '/api/t_device/set-project', { ids: [bj], projectId: (await project('P-SH-01')).id }],
      ['GET', `/api/t_device/change-model/preview?id=${bj}&deviceModelId=${(await model('NV-F600')).id}`],
      ['GET', `/api/t_device_measure?deviceId=${bj}`],
      ['POST', '/api/t_device_measure/save', { deviceId: bj, items: [] }],
    ] as const) {
      const r = await operator.request(method, url, payload);
      expect({ url, status: r.status }).toEqual({ url, status: 404 });
    }
    expect((await operator.get(`/api/t_device/gateways?projectId=${(await project('P-BJ-01')).id}`)).status).toBe(404);
    expect((await operator.get(`/api/t_device/gateways?projectId=${(await project('P-SH-01')).id}`)).body.data)
      .toEqual([{ id: await gateway('P-SH-01'), name: '上海网关' }]);
  });

  it('counts the caller\'s devices by state', async () => {
    const all = (await admin.get('/api/t_device/cnt')).body.data;
    expect(all.total).toBe(await count('t_device'));
    expect(all.offline + all.online + all.alarm).toBe(all.total);
    const mine = (await operator.get('/api/t_device/cnt')).body.data;
    expect(mine.total).toBe((await operator.get('/api/t_device?Page=1&Size=1')).body.data.count);
    expect(mine.total).toBeLessThan(all.total);
    const iot = (await admin.get('/api/t_device/cnt?iot=1')).body.data;
    expect(iot.total).toBe((await admin.get('/api/t_device?iot=1&Size=1')).body.data.count);
    expect(iot.total).toBeGreaterThan(0);
  });

  it('moves devices to a project: the gateway follows the rule, open alarms move with them', async () => {
    const d = await create();
    const hz = await project('P-HZ-01');
    const measure = (await db().selectFrom('t_measure').select('id').where('device_model_id', '=', d.deviceModelId).where('name', '=', 'PM2.5').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_real_measure_warning').values({
      device_id: d.id, measure_id: measure, project_id: d.projectId, condition_type: ConditionType.Gte, condition_val1: 75, sample_value: 90,
      content: 'PM2.5当前值90，大于等于设定值75', raised_at: Date.now(),
    }).execute();
    const moved = await admin.post('/api/t_device/set-project', { ids: [d.id], projectId: hz.id });
    expect(moved.body).toMatchObject({ success: true, data: { updated: 1 } });
    expect((await admin.get(`/api/t_device/${d.id}`)).body.data).toMatchObject({ projectId: hz.id, gatewayId: null, version: 2 });
    expect((await db().selectFrom('t_real_measure_warning').select('project_id').where('device_id', '=', d.id).executeTakeFirstOrThrow()).project_id).toBe(hz.id);
    const wired = await admin.post('/api/t_device/set-project', { ids: [d.id], projectId: hz.id, gatewayId: await gateway('P-HZ-01') });
    expect(wired.status, wired.body.error).toBe(200);
    expect((await admin.get(`/api/t_device/${d.id}`)).body.data.gatewayId).toBe(await gateway('P-HZ-01'));
    const wrong = await admin.post('/api/t_device/set-project', { ids: [d.id], projectId: hz.id, gatewayId: await gateway('P-SH-01') });
    expect(wrong.body.error).toBe('body.gatewayId: 网关不属于所选项目');
    expect((await operator.post('/api/t_device/set-project', { ids: [d.id], projectId: (await project('P-BJ-01')).id })).body.error)
      .toMatch(/^body\.projectId: /);
  });

  it('copies a device with its alarm settings, under its own name, code and IoT id', async () => {
    const d = await create({ iotId: 'IOT-COPY-SRC' });
    const pm = (await db().selectFrom('t_measure').select('id').where('device_model_id', '=', d.deviceModelId).where('name', '=', 'PM2.5').executeTakeFirstOrThrow()).id;
    expect((await admin.post('/api/t_device_measure/save', { deviceId: d.id, items: [{ measureId: pm, conditionVal1: 60 }] })).status).toBe(200);
    const dup = await admin.post('/api/t_device/copy', { id: d.id, name: '副本', code: 'T-COPY-1', iotId: 'IOT-COPY-SRC' });
    expect(dup.body.error).toBe('body.iotId: 物联网ID“IOT-COPY-SRC”已被其他设备使用');
    const r = await admin.post('/api/t_device/copy', { id: d.id, name: '副本', code: 'T-COPY-1' });
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.data).toMatchObject({ name: '副本', code: 'T-COPY-1', iotId: '', deviceModelId: d.deviceModelId, projectId: d.projectId, gatewayId: d.gatewayId });
    const settings = (await admin.get(`/api/t_device_measure?deviceId=${r.body.data.id}`)).body.data;
    expect(settings.points.find((p: { measureId: number }) => p.measureId === pm).override).toEqual({ alarmEnabled: null, conditionVal1: 60, conditionVal2: null });
  });

  it('checks per-device alarm settings with the measure-point rules and replaces them whole', async () => {
    const d = await create();
    const points = (await admin.get(`/api/t_device_measure?deviceId=${d.id}`)).body.data.points as { measureId: number; name: string; conditionType: number; model: unknown; override: unknown }[];
    expect(points.map((p) => p.name)).toEqual(['PM2.5', 'PM10', '温度', '湿度', '硫化氢', '二氧化硫']);
    const temp = points.find((p) => p.name === '温度')!;
    expect(temp).toMatchObject({ conditionType: ConditionType.LtOrGt, model: { alarmEnabled: 1, conditionVal1: 10, conditionVal2: 35 }, override: null });
    const pm1 = (await db().selectFrom('t_measure').select('id').where('device_model_id', '=', d.deviceModelId).where('name', '=', 'PM1').executeTakeFirstOrThrow()).id;
    const rows = await count('t_device_measure');
    const bad = await admin.post('/api/t_device_measure/save', { deviceId: d.id, items: [
      { measureId: temp.measureId, conditionVal1: 40 },
      { measureId: pm1, alarmEnabled: 1 },
      { measureId: 999_999 },
      { measureId: temp.measureId, conditionVal2: 50 },
      { measureId: points[0].measureId, conditionVal1: 'high' },
    ] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^body\.items\.0\.conditionVal2: 「温度」条件值2（35）应大于条件值1（40）（共 5 处问题）$/);
    expect(bad.body.data.problems.map((p: { row: number; field: string; code: string }) => [p.row, p.field, p.code])).toEqual([
      [0, 'conditionVal2', 'condition.order'], [1, 'alarmEnabled', 'condition.none'], [2, 'measureId', 'measure.unknown'],
      [3, 'measureId', 'measure.duplicate'], [4, 'conditionVal1', 'type'],
    ]);
    expect(await count('t_device_measure')).toBe(rows);
    const ok = await admin.post('/api/t_device_measure/save', { deviceId: d.id, items: [{ measureId: temp.measureId, alarmEnabled: 0, conditionVal1: 5, conditionVal2: 40 }] });
    expect(ok.status, ok.body.error).toBe(200);
    expect(ok.body.data.points.find((p: { name: string }) => p.name === '温度').override).toEqual({ alarmEnabled: 0, conditionVal1: 5, conditionVal2: 40 });
    expect(await lastLog()).toMatchObject({ action: 'edit', target: expect.stringMatching(/^t_device_measure#\d+ /) });
    const cleared = await admin.post('/api/t_device_measure/save', { deviceId: d.id, items: [] });
    expect(cleared.body.data.points.every((p: { override: unknown }) => p.override === null)).toBe(true);
  });

  describe('change-model', () => {
    let from: number;
    let to: number;
    const points: Record<string, number> = {};
    const point = async (modelId: number, name: string, tag: number | null, addr: number, cond: Partial<{ condition_type: number; condition_val1: number; alarm_enabled: number }> = {}) => {
      points[`${modelId}:${name}`] = (await db().insertInto('t_measure').values({ device_model_id: modelId, name, tag_id: tag, register_addr: addr, ...cond })
        .returning('id').executeTakeFirstOrThrow()).id;
    };
    const pid = (modelId: number, name: string) => points[`${modelId}:${name}`];

    beforeAll(async () => {
      const mk = async (code: string) => (await db().insertInto('t_device_model').values({ name: `换型 ${code}`, code, device_type_id: 2001, created_at: Date.now() })
        .returning('id').executeTakeFirstOrThrow()).id;
      from = await mk('CHG-A');
      to = await mk('CHG-B');
      const gte75 = { condition_type: ConditionType.Gte, condition_val1: 75, alarm_enabled: 1 };
      await point(from, 'PM2.5', MeasureTag.PM25, 0, gte75);
      await point(from, 'PM10', MeasureTag.PM10, 2, { condition_type: ConditionType.Gt, condition_val1: 150, alarm_enabled: 1 });
      await point(from, '温度', MeasureTag.Temperature, 4, gte75);
      await point(from, '运行模式', null, 6);
      await point(to, '细颗粒物', MeasureTag.PM25, 10, gte75);
      await point(to, '温度', MeasureTag.Temperature, 12);
      await point(to, '运行模式', null, 14);
      await point(to, '湿度', MeasureTag.Humidity, 16);
    });

    it('previews the mapping by tag, then by name, listing the points without a counterpart', async () => {
      const d = await create({ deviceModelId: from });
      const r = await admin.get(`/api/t_device/change-model/preview?id=${d.id}&deviceModelId=${to}`);
      expect(r.status, r.body.error).toBe(200);
      const plan = r.body.data;
      expect(plan.from).toEqual({ id: from, name: '换型 CHG-A' });
      expect(plan.mapped.map((m: { from: { name: string }; to: { name: string }; by: string }) => [m.from.name, m.to.name, m.by]))
        .toEqual([['PM2.5', '细颗粒物', 'tag'], ['温度', '温度', 'tag'], ['运行模式', '运行模式', 'name']]);
      expect(plan.unmapped.map((p: { name: string }) => p.name)).toEqual(['PM10']);
      expect(plan.added.map((p: { name: string }) => p.name)).toEqual(['湿度']);
      expect((await admin.get(`/api/t_device/change-model/preview?id=${d.id}&deviceModelId=${from}`)).body.error).toBe('body.deviceModelId: 设备已是该型号');
    });

    it('moves values, history, settings and open alarms of mapped points in one transaction; ends the unmapped ones\' alarms', async () => {
      const d = await create({ deviceModelId: from });
      const t0 = Date.now() - 60_000;
      const ingest = await server.telemetry.ingest.ingest([
        { deviceId: d.id, measureId: pid(from, 'PM2.5'), value: 40, ts: t0 },
        { deviceId: d.id, measureId: pid(from, 'PM10'), value: 200, ts: t0 },
        { deviceId: d.id, measureId: pid(from, 'PM10'), value: 210, ts: t0 + 1000 },
        { deviceId: d.id, measureId: pid(from, '温度'), value: 20, ts: t0 },
      ]);
      expect(ingest.rejected).toEqual([]);
      expect((await db().selectFrom('t_device').select('state').where('id', '=', d.id).executeTakeFirstOrThrow()).state).toBe(DeviceState.Alarm);
      await admin.post('/api/t_device_measure/save', { deviceId: d.id, items: [
        { measureId: pid(from, 'PM2.5'), conditionVal1: 60 }, { measureId: pid(from, '温度'), conditionVal1: 30 },
      ] });
      const version = (await admin.get(`/api/t_device/${d.id}`)).body.data.version;
      const commands = await count('t_gateway_command');

      // The user confirmed another plan than there is now: 409, nothing changed.
      const wrong = await admin.post('/api/t_device/change-model', { id: d.id, version, deviceModelId: to, unmappedIds: [] });
      expect(wrong.status).toBe(409);
      expect(wrong.body.error).toMatch(/^测点对应关系已变化/);
      expect((await admin.post('/api/t_device/change-model', { id: d.id, version: version + 5, deviceModelId: to, unmappedIds: [pid(from, 'PM10')] })).status).toBe(409);
      expect((await admin.get(`/api/t_device/${d.id}`)).body.data.deviceModelId).toBe(from);

      const r = await admin.post('/api/t_device/change-model', { id: d.id, version, deviceModelId: to, unmappedIds: [pid(from, 'PM10')] });
      expect(r.status, r.body.error).toBe(200);
      expect(r.body.data.device).toMatchObject({ deviceModelId: to, deviceModelName: '换型 CHG-B', version: version + 1, state: DeviceState.Online });
      expect(r.body.data.overridesDropped.map((p: { name: string }) => p.name)).toEqual(['温度']);

      const real = await db().selectFrom('t_real_measure').select(['measure_id', 'value']).where('device_id', '=', d.id).orderBy('measure_id').execute();
      expect(real).toEqual([{ measure_id: pid(to, '细颗粒物'), value: 40 }, { measure_id: pid(to, '温度'), value: 20 }]);
      const history = await db().selectFrom('t_history_measure').select('measure_id').where('device_id', '=', d.id).execute();
      expect(history.filter((h) => h.measure_id === pid(to, '细颗粒物'))).toHaveLength(1);
      // The unmapped point's history stays under it.
      expect(history.filter((h) => h.measure_id === pid(from, 'PM10'))).toHaveLength(2);
      const overrides = await db().selectFrom('t_device_measure').select(['measure_id', 'condition_val1']).where('device_id', '=', d.id).execute();
      expect(overrides).toEqual([{ measure_id: pid(to, '细颗粒物'), condition_val1: 60 }]);
      expect(await db().selectFrom('t_real_measure_warning').select('id').where('device_id', '=', d.id).execute()).toEqual([]);
      const past = await db().selectFrom('t_history_measure_warning').select(['measure_id', 'cleared_at']).where('device_id', '=', d.id).execute();
      expect(past).toEqual([{ measure_id: pid(from, 'PM10'), cleared_at: expect.any(Number) }]);
      expect(await count('t_gateway_command')).toBe(commands + 1);
      const log = await lastLog();
      expect(log).toMatchObject({ action: 'edit', target: `t_device#${d.id} ${(await admin.get(`/api/t_device/${d.id}`)).body.data.name}` });
      expect(JSON.parse(log.detail)).toMatchObject({ unmapped: ['PM10'], alarmsCleared: 1 });
      // The trend of the mapped point reads on under its new point.
      const trend = await admin.get(`/api/t_history_measure?deviceId=${d.id}&measureId=${pid(to, '细颗粒物')}&from=0&to=${Date.now() + 1000}`);
      expect(trend.status, trend.body.error).toBe(200);
      expect(trend.body.data.points.map((p: { value: number }) => p.value)).toEqual([40]);
    });
  });

  describe('batch import', () => {
    const row = (extra: Record<string, unknown> = {}) => ({
      name: '导入传感器', code: `IMP-${++seq}`, project: 'P-SH-01', deviceModel: 'NV-S200', gateway: 'GW-P-SH-01', iotId: '', iccid: '',
      installDate: null, lng: null, lat: null, ...extra,
    });

    it('reports every bad row with its field and writes nothing', async () => {
      const devices = await count('t_device');
      const logs = await count('t_history_log');
      const rows = [
        row(), row({ project: '不存在的项目' }), row({ code: 'IMP-DUP' }), row({ code: 'IMP-DUP', iccid: '12' }),
        row({ deviceModel: '苏州网关' }), row({ gateway: '北京网关' }), row({ name: '' }), 'not a row', row({ project: '上海张江洁净厂房', gateway: '上海网关' }),
      ];
      const r = await admin.post('/api/t_device/batch', { rows });
      expect(r.status).toBe(400);
      expect(r.body.data.problems.map((p: { row: number; field: string; code: string }) => [p.row, p.field, p.code])).toEqual([
        [1, 'project', 'project.unknown'],
        [3, 'iccid', 'format'],
        [4, 'deviceModel', 'model.unknown'],
        [5, 'gateway', 'gateway.unknown'],
        [6, 'name', 'required'],
        [7, '', 'object'],
      ]);
      expect(r.body.error).toMatch(/^body\.rows\.1\.project: 项目“不存在的项目”不存在或不在您的数据范围内（共 6 处问题）$/);
      expect(await count('t_device')).toBe(devices);
      expect(await count('t_history_log')).toBe(logs);
      // Duplicates among the rows, and against stored devices.
      const dup = await admin.post('/api/t_device/batch', { rows: [row({ code: 'IMP-DUP' }), row({ code: 'IMP-DUP' }), row({ code: 'P-SH-01-NV-F600-1' })] });
      expect(dup.body.data.problems.map((p: { row: number; code: string; message: string }) => [p.row, p.code, p.message])).toEqual([
        [1, 'code.repeated', '“IMP-DUP”与第 1 行重复'], [2, 'code.duplicate', '设备编码“P-SH-01-NV-F600-1”已存在'],
      ]);
      // A row naming no known project is still checked for what it can be on its own.
      const lone = await admin.post('/api/t_device/batch', { rows: [row({ project: '无此项目', code: 'P-SH-01-NV-F600-1', iotId: 'IOT000001' })] });
      expect(lone.body.data.problems.map((p: { field: string; code: string }) => [p.field, p.code])).toEqual([
        ['project', 'project.unknown'], ['code', 'code.duplicate'], ['iotId', 'iotId.duplicate'],
      ]);
      // The operator's rows may only name its own projects.
      const scoped = await operator.post('/api/t_device/batch', { rows: [row({ project: 'P-BJ-01', gateway: '' })] });
      expect(scoped.body.data.problems[0]).toMatchObject({ row: 0, field: 'project', code: 'project.unknown' });
    });

    it('checks a clean sheet without writing (dryRun), then inserts it whole with one audit line', async () => {
      const rows = [row({ iotId: 'IOT-IMP-1' }), row({ project: '杭州未来科技城办公楼', gateway: '', installDate: Date.UTC(2025, 5, 1), lng: 120, lat: 30.2 })];
      const devices = await count('t_device');
      const dry = await admin.post('/api/t_device/batch', { rows, dryRun: true });
      expect(dry.body.data).toEqual({ inserted: 2, ids: [], dryRun: true });
      expect(await count('t_device')).toBe(devices);
      const commands = await count('t_gateway_command');
      const r = await admin.post('/api/t_device/batch', { rows });
      expect(r.status, r.body.error).toBe(200);
      expect(r.body.data.ids).toHaveLength(2);
      expect(await count('t_device')).toBe(devices + 2);
      expect(await count('t_gateway_command')).toBe(commands + 1);
      expect(await lastLog()).toMatchObject({ action: 'add', target: 't_device 批量导入 2 台' });
      const [a, b] = (await Promise.all(r.body.data.ids.map((id: number) => admin.get(`/api/t_device/${id}`)))).map((x) => x.body.data);
      expect(a).toMatchObject({ iotId: 'IOT-IMP-1', gatewayName: '上海网关', deviceTypeId: 2001 });
      expect(b).toMatchObject({ projectName: '杭州未来科技城办公楼', gatewayId: null, installDate: Date.UTC(2025, 5, 1) });
    });
  });

  it('deletes a device with its values and alarms, keeping the audit line; refused while a command to it runs', async () => {
    const d = await create();
    const pm = (await db().selectFrom('t_measure').select('id').where('device_model_id', '=', d.deviceModelId).where('name', '=', 'PM2.5').executeTakeFirstOrThrow()).id;
    await server.telemetry.ingest.ingest([{ deviceId: d.id, measureId: pm, value: 10 }]);
    const queue = new GatewayCommandQueue(db());
    const command = await queue.enqueue({ gatewayId: d.gatewayId!, deviceId: d.id, kind: 'write', createdBy: null,
      payload: { measureId: pm, modbusCode: 3, registerAddr: 0, dataType: 'Float', value: 1 } });
    const refused = await admin.post(`/api/t_device/del/${d.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^无法删除设备：网关还有 1 条发给它的命令未完成/);
    await db().updateTable('t_gateway_command').set({ state: 'succeeded', finished_at: Date.now() }).where('id', '=', command).execute();
    const r = await admin.post(`/api/t_device/del/${d.id}`);
    expect(r.status, r.body.error).toBe(200);
    expect((await admin.get(`/api/t_device/${d.id}`)).status).toBe(404);
    expect(await db().selectFrom('t_real_measure').select('value').where('device_id', '=', d.id).execute()).toEqual([]);
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'delete', target: expect.stringMatching(new RegExp(`^t_device#${d.id} `)) });
    expect(JSON.parse(log.detail)).toMatchObject({ before: { code: d.code }, removed: { currentValues: 1, openAlarms: 0 } });
    expect((await admin.post(`/api/t_device/del/${d.id}`)).status).toBe(404);
  });

  it('has the simulator drive a new device of a model once its gateway has taken the register map', async () => {
    const simulator = new Simulator({ db: db(), ingest: server.telemetry.ingest, seed: 7 });
    await simulator.tick();
    const gateways = new SimGateways({
      db: db(), queue: new GatewayCommandQueue(db()), seed: 4, delays: { config: [0, 0] }, onConfigured: (ids) => simulator.reloadDevices(ids),
    });
    const d = await create();
    await simulator.tick();
    expect(await db().selectFrom('t_real_measure').select('measure_id').where('device_id', '=', d.id).execute()).toEqual([]);
    await gateways.poll();
    await simulator.tick();
    const values = await db().selectFrom('t_real_measure').select('measure_id').where('device_id', '=', d.id).execute();
    expect(values).toHaveLength(7);
    expect((await admin.get(`/api/t_device/${d.id}`)).body.data.state).not.toBe(DeviceState.Offline);
    await simulator.stop();
  });
});

/** A database from before device administration gets device-delete, the uniqueness indexes and the two menu entries. */
describe('migration 012: device administration for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('grants device-delete where device-edit is, and adds 设备列表 and 物联网设备 after 物联网监控', async () => {
    server = await startTestServer();
    const db = server.database.db;
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_iot_device_list', 'nv_iot_device']).execute();
    await db.deleteFrom('t_role_right').where('right_code', '=', 'device-delete').execute();
    await db.deleteFrom('t_org_type_right').where('right_code', '=', 'device-delete').execute();
    await db.deleteFrom('t_right').where('code', '=', 'device-delete').execute();
    for (const index of ['ix_t_device_iot_id', 'ix_t_device_iccid']) await sql`drop index ${sql.ref(index)}`.execute(db);
    await sql`delete from nv_migration where name = '012-device-admin'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['012-device-admin']);
    const after = server.database.db;
    const editors = (await after.selectFrom('t_role_right').select('role_id').where('right_code', '=', 'device-edit').orderBy('role_id').execute()).map((r) => r.role_id);
    const deleters = (await after.selectFrom('t_role_right').select('role_id').where('right_code', '=', 'device-delete').orderBy('role_id').execute()).map((r) => r.role_id);
    expect(deleters).toEqual(editors);
    const iot = await after.selectFrom('t_menu').select(['name', 'sort_order', 'right_code']).where('parent_id', '=',
      (await after.selectFrom('t_menu').select('id').where('name', '=', 'nv_iot').executeTakeFirstOrThrow()).id).orderBy('sort_order').execute();
    // Later releases add entries of their own between them (网关管理, 固件升级, …).
    const known = ['nv_iot_monitor', 'nv_iot_device_list', 'nv_iot_device', 'nv_iot_product', 'nv_iot_measure_point'];
    expect(iot.map((m) => m.name).filter((n) => known.includes(n))).toEqual(known);
    expect(iot.find((m) => m.name === 'nv_iot_device_list')?.right_code).toBe('device-preview');
    const admin = await loginAs(server, 'admin');
    expect((await admin.get('/api/user/rights')).body.data).toContain('device-delete');
    // The index holds: a second device with a seeded IoT id cannot be stored.
    const seeded = await after.selectFrom('t_device').selectAll().where('iot_id', '=', 'IOT000001').executeTakeFirstOrThrow();
    await expect(after.insertInto('t_device').values({ ...seeded, id: undefined, code: 'IDX-DUP', created_at: Date.now() } as never).execute()).rejects.toThrow();
  });
});
