import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceState, DeviceTypeId } from '../../contract/enums';
import type { IotDeviceRow, IotMonitor } from '../../contract/iot-monitor';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const IOT = [DeviceTypeId.Dtu4G, DeviceTypeId.RelayTerminal, DeviceTypeId.RoLaGateway];

describe('IoT monitor and product sync preview', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const db = () => server.database.db;
  const monitor = async (api: ApiClient, query = '') => {
    const r = await api.get(`/api/t_device/iot-monitor${query}`);
    expect(r.status, r.body.error).toBe(200);
    return r.body.data as IotMonitor;
  };
  const modelId = async (code: string) => (await db().selectFrom('t_device_model').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('counts every IoT device by state and lists them alarms first, then offline, then online', async () => {
    // One DTU alarming with a real alarm, one relay offline: the counts follow the stored states.
    const [dtu] = await db().selectFrom('t_device').select(['id', 'project_id', 'device_model_id']).where('device_type_id', '=', DeviceTypeId.Dtu4G).orderBy('id').execute();
    const relay = await db().selectFrom('t_device').select('id').where('device_type_id', '=', DeviceTypeId.RelayTerminal).orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('t_device').set({ state: DeviceState.Alarm }).where('id', '=', dtu.id).execute();
    await db().updateTable('t_device').set({ state: DeviceState.Offline }).where('id', '=', relay.id).execute();
    const measure = await db().selectFrom('t_measure').select('id').where('device_model_id', '=', dtu.device_model_id).executeTakeFirstOrThrow();
    await db().insertInto('t_real_measure_warning').values({
      device_id: dtu.id, measure_id: measure.id, project_id: dtu.project_id, warn_level: 0, condition_type: 2, condition_val1: -105,
      condition_val2: null, sample_value: -110, content: '信号强度 -110 小于 -105', raised_at: Date.now(),
    }).execute();

    const stored = await db().selectFrom('t_device').select(['id', 'device_type_id', 'state']).where('device_type_id', 'in', IOT).execute();
    const count = (rows: typeof stored, state: number) => rows.filter((d) => d.state === state).length;
    const data = await monitor(admin, '?Size=100');
    expect(data.counts).toEqual({
      total: stored.length, online: count(stored, DeviceState.Online), offline: count(stored, DeviceState.Offline), alarm: count(stored, DeviceState.Alarm),
    });
    expect(data.counts.total).toBe(24);
    expect(data.byType.map((t) => t.deviceTypeId)).toEqual(IOT);
    for (const t of data.byType) {
      const of = stored.filter((d) => d.device_type_id === t.deviceTypeId);
      expect(t).toEqual({ deviceTypeId: t.deviceTypeId, total: of.length, online: count(of, 1), offline: count(of, 0), alarm: count(of, 2) });
    }
    expect(data.count).toBe(24);
    expect(data.list.map((d) => d.id).sort((a, b) => a - b)).toEqual(stored.map((d) => d.id).sort((a, b) => a - b));
    const rank = (s: number) => (s === 2 ? 0 : s === 0 ? 1 : 2);
    const ranks = data.list.map((d) => rank(d.state));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(data.list[0]).toMatchObject({ id: dtu.id, state: DeviceState.Alarm, activeAlarms: 1, gatewayId: null, gatewayName: null });
    expect(data.now).toBeGreaterThan(0);

    // A relay is reached through its project's gateway; its names come with it.
    const row = data.list.find((d) => d.id === relay.id)!;
    const stores = await db().selectFrom('t_device as d').innerJoin('t_gateway as g', 'g.id', 'd.gateway_id')
      .innerJoin('t_project as p', 'p.id', 'd.project_id').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
      .select(['d.name', 'd.code', 'g.id as gid', 'g.name as gname', 'p.name as pname', 'm.name as mname', 'd.last_seen_at'])
      .where('d.id', '=', relay.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject<Partial<IotDeviceRow>>({
      name: stores.name, code: stores.code, deviceTypeId: DeviceTypeId.RelayTerminal, gatewayId: stores.gid, gatewayName: stores.gname,
      projectName: stores.pname, deviceModelName: stores.mname, state: DeviceState.Offline, activeAlarms: 0, lastSeenAt: Number(stores.last_seen_at),
    });
  });

  it('filters the list by type, state, project and keyword while the counts stay those of the whole (project) set', async () => {
    const all = await monitor(admin);
    const relays = await monitor(admin, `?deviceTypeId=${DeviceTypeId.RelayTerminal}&Size=100`);
    expect(relays.count).toBe(8);
    expect(relays.list.every((d) => d.deviceTypeId === DeviceTypeId.RelayTerminal)).toBe(true);
    expect(relays.counts).toEqual(all.counts);

    const offline = await monitor(admin, '?state=0&Size=100');
    expect(offline.count).toBe(all.counts.offline);
    expect(offline.list.every((d) => d.state === 0)).toBe(true);

    const project = all.list[0].projectId!;
    const one = await monitor(admin, `?projectId=${project}&Size=100`);
    expect(one.count).toBe(3);
    expect(one.counts.total).toBe(3);
    expect(one.list.every((d) => d.projectId === project)).toBe(true);

    const code = all.list[0].code;
    const found = await monitor(admin, `?keyword=${encodeURIComponent(code.toLowerCase())}`);
    expect(found.list.map((d) => d.code)).toEqual([code]);
    // Wildcards are taken literally.
    expect((await monitor(admin, '?keyword=%25')).count).toBe(0);

    const page2 = await monitor(admin, '?Page=2&Size=10');
    expect(page2.list.map((d) => d.id)).toEqual((await monitor(admin, '?Size=100')).list.slice(10, 20).map((d) => d.id));
  });

  it('keeps to the caller\'s data scope: the operator sees the IoT devices of the device list it sees', async () => {
    const seen = (await operator.get('/api/t_device?Size=200')).body.data.list as { id: number; deviceTypeId: number }[];
    const expected = seen.filter((d) => IOT.includes(d.deviceTypeId as 1 | 3 | 4)).map((d) => d.id).sort((a, b) => a - b);
    const data = await monitor(operator, '?Size=100');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(24);
    expect(data.list.map((d) => d.id).sort((a, b) => a - b)).toEqual(expected);
    expect(data.counts.total).toBe(expected.length);
    // A project outside the scope gives nothing, not an error.
    const other = await db().selectFrom('t_device').select('project_id').where('id', 'not in', expected).where('device_type_id', '=', 1).executeTakeFirstOrThrow();
    expect((await monitor(operator, `?projectId=${other.project_id}`)).counts.total).toBe(0);
  });

  it('answers bad input with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?deviceTypeId=2006', 'query.deviceTypeId'], ['?deviceTypeId=x', 'query.deviceTypeId'], ['?state=3', 'query.state'],
      ['?Size=0', 'query.Size'], ['?projectId=-1', 'query.projectId'], [`?keyword=${'x'.repeat(65)}`, 'query.keyword'],
    ]) {
      const r = await admin.get(`/api/t_device/iot-monitor${query}`);
      expect({ query, status: r.status }).toEqual({ query, status: 400 });
      expect(r.body.error).toContain(field);
    }
  });

  it('previews a product sync with the devices and gateways that start then takes', async () => {
    const s200 = await modelId('NV-S200');
    const r = await admin.get(`/api/t_product_sync/preview?deviceModelId=${s200}`);
    expect(r.status, r.body.error).toBe(200);
    expect(r.body.data).toEqual({
      deviceModelId: s200, deviceModelName: 'NV-S200 空气质量传感器', measureCount: 7, devices: 24, gateways: 8, withoutGateway: 0,
    });
    const started = (await admin.post('/api/t_product_sync/start', { deviceModelId: s200 })).body.data as { measureCount: number; items: { gatewayId: number | null; commandId: number | null }[] };
    expect(started.items).toHaveLength(24);
    expect(new Set(started.items.map((i) => i.commandId)).size).toBe(8);
    expect(started.measureCount).toBe(7);

    // DTUs are their own way in: no gateway, so every one of them fails at once.
    const dtu = await modelId('NV-DTU4G');
    expect((await admin.get(`/api/t_product_sync/preview?deviceModelId=${dtu}`)).body.data).toMatchObject({ devices: 8, gateways: 0, withoutGateway: 8, measureCount: 1 });

    // The operator's preview covers its own devices, as its start would.
    const mine = (await operator.get(`/api/t_product_sync/preview?deviceModelId=${s200}`)).body.data;
    const own = (await operator.post('/api/t_product_sync/start', { deviceModelId: s200 })).body.data as { items: { commandId: number | null }[] };
    expect(mine.devices).toBe(own.items.length);
    expect(mine.gateways).toBe(new Set(own.items.map((i) => i.commandId)).size);
    expect(mine.devices).toBeLessThan(24);
  });

  it('answers an unknown model 404 and a bad id 400, writing nothing', async () => {
    const before = await db().selectFrom('t_product_sync').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const missing = await admin.get('/api/t_product_sync/preview?deviceModelId=999999');
    expect(missing.status).toBe(404);
    const bad = await admin.get('/api/t_product_sync/preview?deviceModelId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('query.deviceModelId');
    expect((await admin.get('/api/t_product_sync/preview')).status).toBe(400);
    const after = await db().selectFrom('t_product_sync').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
