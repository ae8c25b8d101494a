import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandCode, type CommandKind } from '../../contract/gateway-commands';
import { DeviceState } from '../../contract/enums';
import { GatewayCommandQueue } from '../../server/gateway/command-queue';
import { SIM_BUSY_VALUE, SimGateways } from '../../server/simulator/sim-gateways';
import { Simulator } from '../../server/simulator/simulator';
import { issueGatewayKey } from '../../server/telemetry/gateway-keys';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

interface Item { id: number; deviceId: number; projectId: number; gatewayId: number | null; commandId: number | null; state: string; code: number | null; codeText: string | null; tries: number; sentAt: number | null; registerCount: number; payloadDigest: string; message: string; finishedAt: number | null }

describe('product sync', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  /** Each demo gateway's side of the queue, with its key. */
  const keys = new Map<number, string>();
  let s200: number;
  let dtu: number;

  const db = () => server.database.db;
  const gw = (gatewayId: number) => ({
    take: (body: unknown = {}) => new ApiClient(server.url).request('POST', '/api/gateway/commands/take', body, { 'x-gateway-key': keys.get(gatewayId)! }),
    result: (id: number, body: unknown) => new ApiClient(server.url).request('POST', `/api/gateway/commands/${id}/result`, body, { 'x-gateway-key': keys.get(gatewayId)! }),
  });
  const modelId = async (code: string) => (await db().selectFrom('t_device_model').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const detail = async (api: ApiClient, id: number) => {
    const r = await api.get(`/api/t_product_sync/${id}`);
    expect(r.status, r.body.error).toBe(200);
    return r.body.data as { state: string; counts: Record<string, number>; items: Item[]; finishedAt: number | null; measureCount: number; tableDigest: string };
  };
  const tableCounts = async () => {
    const n = async (t: 't_product_sync' | 't_product_sync_item' | 't_gateway_command') =>
      Number((await db().selectFrom(t).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return { syncs: await n('t_product_sync'), items: await n('t_product_sync_item'), commands: await n('t_gateway_command') };
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    for (const g of await db().selectFrom('t_gateway').select('id').execute()) keys.set(g.id, await issueGatewayKey(db(), g.id));
    s200 = await modelId('NV-S200');
    dtu = await modelId('NV-DTU4G');
  });
  afterAll(async () => { await server?.dispose(); });

  let syncId: number;
  it('pushes the model\'s table: one config command per gateway with its devices\' register maps, one item per device', async () => {
    const started = await admin.post('/api/t_product_sync/start', { deviceModelId: s200 });
    expect(started.status, started.body.error).toBe(200);
    const d = started.body.data;
    syncId = d.id;
    expect(d).toMatchObject({ deviceModelId: s200, deviceModelName: 'NV-S200 空气质量传感器', state: 'running', measureCount: 7, finishedAt: null });
    expect(d.tableDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(d.counts).toEqual({ total: 24, queued: 24, sent: 0, succeeded: 0, failed: 0, expired: 0 });
    const items = d.items as Item[];
    expect(new Set(items.map((i) => i.gatewayId)).size).toBe(8);
    expect(new Set(items.map((i) => i.commandId)).size).toBe(8);
    for (const i of items) expect(i).toMatchObject({ state: 'queued', tries: 1, sentAt: null, registerCount: 7, code: null });
    const log = await db().selectFrom('t_history_log').select(['action', 'username']).where('target', '=', `t_product_sync#${syncId}`).execute();
    expect(log).toEqual([{ action: 'add', username: 'admin' }]);

    // The first gateway takes its command: the register maps of its three sensors, as t_measure has them.
    const first = items[0].gatewayId!;
    const took = (await gw(first).take()).body.data.commands;
    expect(took).toHaveLength(1);
    expect(took[0]).toMatchObject({ id: items[0].commandId, kind: 'config', deviceId: null, attempt: 1 });
    const measures = await db().selectFrom('t_measure').selectAll().where('device_model_id', '=', s200).orderBy('sort_order').orderBy('id').execute();
    const mine = items.filter((i) => i.gatewayId === first);
    expect(took[0].payload.syncId).toBe(syncId);
    expect(took[0].payload.devices.map((x: { deviceId: number }) => x.deviceId)).toEqual(mine.map((i) => i.deviceId));
    expect(took[0].payload.devices[0].registers).toEqual(measures.map((m) => ({
      measureId: m.id, name: m.name, modbusCode: m.modbus_code, registerAddr: m.register_addr, dataType: m.data_type, access: m.access,
      decimals: m.decimals, unit: m.unit, tagId: m.tag_id, measureType: m.measure_type,
    })));
    const afterTake = await detail(admin, syncId);
    for (const i of afterTake.items.filter((x) => x.gatewayId === first)) expect(i.state).toBe('sent');
    expect(afterTake.items.find((x) => x.gatewayId === first)!.sentAt).toBeGreaterThan(0);

    // It answers per device: the first sensor does not answer.
    const r = await gw(first).result(took[0].id, {
      code: CommandCode.NoAnswer,
      devices: [{ deviceId: mine[0].deviceId, code: CommandCode.NoAnswer, message: 'timeout on RS485' }, ...mine.slice(1).map((i) => ({ deviceId: i.deviceId, code: 0 }))],
    });
    expect(r.body.data).toMatchObject({ state: 'failed', code: 11, duplicate: false });

    // Six other gateways succeed; the last one never answers and its command passes its deadline.
    const others = [...new Set(items.map((i) => i.gatewayId!))].filter((g) => g !== first);
    for (const g of others.slice(0, 6)) {
      const [c] = (await gw(g).take()).body.data.commands;
      expect((await gw(g).result(c.id, { code: 0 })).body.data.state).toBe('succeeded');
    }
    const silent = others[6];
    await db().updateTable('t_gateway_command').set({ deadline: Date.now() - 1 })
      .where('id', '=', items.find((i) => i.gatewayId === silent)!.commandId!).execute();

    const done = await detail(admin, syncId);
    expect(done.state).toBe('partial');
    expect(done.finishedAt).toBeGreaterThan(0);
    expect(done.counts).toEqual({ total: 24, queued: 0, sent: 0, succeeded: 20, failed: 1, expired: 3 });
    expect(done.items.find((i) => i.deviceId === mine[0].deviceId)).toMatchObject({
      state: 'failed', code: 11, codeText: '设备无应答', message: 'timeout on RS485',
    });
    expect(done.items.find((i) => i.deviceId === mine[1].deviceId)).toMatchObject({ state: 'succeeded', code: 0, codeText: '无' });
    for (const i of done.items.filter((x) => x.gatewayId === silent)) expect(i).toMatchObject({ state: 'expired', code: 99, codeText: '命令超时' });
  });

  it('gives a device the gateway left out of its per-device answer the command\'s code', async () => {
    const d = (await admin.post('/api/t_product_sync/start', { deviceModelId: s200, timeoutS: 60 })).body.data;
    const g = (d.items as Item[])[0].gatewayId!;
    const [c] = (await gw(g).take()).body.data.commands;
    const [x, y] = (d.items as Item[]).filter((i) => i.gatewayId === g);
    await gw(g).result(c.id, { code: CommandCode.Busy, message: '忙', devices: [{ deviceId: x.deviceId, code: 0 }] });
    const items = (await detail(admin, d.id)).items;
    expect(items.find((i) => i.deviceId === x.deviceId)).toMatchObject({ state: 'succeeded', code: 0 });
    expect(items.find((i) => i.deviceId === y.deviceId)).toMatchObject({ state: 'failed', code: 301, codeText: '设备忙', message: '忙' });
    // The other gateways' commands of this sync are left to expire.
    await db().updateTable('t_gateway_command').set({ deadline: Date.now() - 1 }).where('state', '=', 'queued').execute();
    expect((await detail(admin, d.id)).state).toBe('partial');
  });

  it('retries the failed and timed-out devices with new commands, leaving the others as they are', async () => {
    const before = await detail(admin, syncId);
    const r = await admin.post(`/api/t_product_sync/retry/${syncId}`, {});
    expect(r.status, r.body.error).toBe(200);
    const after = r.body.data as typeof before;
    expect(after.state).toBe('running');
    expect(after.finishedAt).toBeNull();
    expect(after.counts).toMatchObject({ queued: 4, succeeded: 20 });
    for (const i of after.items) {
      const old = before.items.find((x) => x.deviceId === i.deviceId)!;
      if (old.state === 'succeeded') expect(i).toEqual(old);
      else {
        expect(i).toMatchObject({ state: 'queued', tries: 2, code: null, message: '', finishedAt: null });
        expect(i.commandId).not.toBe(old.commandId);
      }
    }
    for (const g of new Set(after.items.filter((i) => i.state === 'queued').map((i) => i.gatewayId!))) {
      const [c] = (await gw(g).take()).body.data.commands;
      expect(c.payload.devices.length).toBe(after.items.filter((i) => i.gatewayId === g && i.state === 'queued').length);
      await gw(g).result(c.id, { code: 0 });
    }
    const done = await detail(admin, syncId);
    expect(done.state).toBe('succeeded');
    expect(done.counts.succeeded).toBe(24);

    const counts = await tableCounts();
    const again = await admin.post(`/api/t_product_sync/retry/${syncId}`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('该同步没有失败的设备可重试');
    expect(await tableCounts()).toEqual(counts);
  });

  it('records devices without a gateway as failed at once, and reaches one on retry once it has a gateway', async () => {
    const d = (await admin.post('/api/t_product_sync/start', { deviceModelId: dtu })).body.data;
    expect(d.state).toBe('failed');
    expect(d.items).toHaveLength(8);
    for (const i of d.items as Item[]) {
      expect(i).toMatchObject({ state: 'failed', code: CommandCode.NoGateway, codeText: '设备未接入网关', commandId: null, gatewayId: null });
      expect(i.message).toContain('网关');
    }
    const wired = (d.items as Item[])[0];
    const gateway = await db().selectFrom('t_gateway').select('id').where('project_id', '=', wired.projectId).executeTakeFirstOrThrow();
    await db().updateTable('t_device').set({ gateway_id: gateway.id }).where('id', '=', wired.deviceId).execute();
    try {
      const retried = (await admin.post(`/api/t_product_sync/retry/${d.id}`, { timeoutS: 60 })).body.data;
      expect(retried.state).toBe('running');
      const item = (retried.items as Item[]).find((i) => i.deviceId === wired.deviceId)!;
      expect(item).toMatchObject({ state: 'queued', gatewayId: gateway.id, tries: 2 });
      const command = await db().selectFrom('t_gateway_command').selectAll().where('id', '=', item.commandId!).executeTakeFirstOrThrow();
      expect(command.deadline - command.created_at).toBe(60_000);
      for (const i of (retried.items as Item[]).filter((x) => x.deviceId !== wired.deviceId)) expect(i).toMatchObject({ state: 'failed', tries: 2, code: 98 });
      const [c] = (await gw(gateway.id).take()).body.data.commands;
      await gw(gateway.id).result(c.id, { code: 0 });
      expect((await detail(admin, d.id)).state).toBe('partial');
    } finally {
      await db().updateTable('t_device').set({ gateway_id: null }).where('id', '=', wired.deviceId).execute();
    }
  });

  it('keeps to the caller\'s data scope: a sync covers, and shows, the devices the caller sees', async () => {
    const mine = (await operator.post('/api/t_product_sync/start', { deviceModelId: s200 })).body.data;
    const visibleProjects = new Set((mine.items as Item[]).map((i) => i.projectId));
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.length).toBeLessThan(24);
    expect(visibleProjects.size).toBe(mine.items.length / 3);
    // The admin's sync of all 24 sensors: the operator sees its own share of it.
    const share = await detail(operator, syncId);
    expect(share.items.map((i) => i.projectId).every((p) => visibleProjects.has(p))).toBe(true);
    expect(share.counts.total).toBe(mine.items.length);
    const list = (await operator.get(`/api/t_product_sync?deviceModelId=${s200}`)).body.data;
    // Three syncs of the sensors so far (the admin's two, the operator's), newest first.
    expect(list.list.map((s: { id: number }) => s.id)).toEqual([mine.id, syncId + 1, syncId]);
    expect(list.count).toBe(3);
    // Without the filter, the DTU sync too.
    const all = (await admin.get('/api/t_product_sync?Page=1&Size=2')).body.data;
    expect(all.count).toBe(4);
    expect(all.list.map((s: { id: number }) => s.id)).toEqual([mine.id, mine.id - 1]);
    expect((await admin.get(`/api/t_product_sync?deviceModelId=${dtu}`)).body.data.list).toHaveLength(1);
    // The operator cannot see the devices without a gateway of the admin's DTU sync outside its projects.
    const dtuSync = (await admin.get(`/api/t_product_sync?deviceModelId=${dtu}`)).body.data.list[0];
    const seen = await detail(operator, dtuSync.id);
    expect(seen.items.every((i) => visibleProjects.has(i.projectId))).toBe(true);
  });

  it('refuses bad input naming the field, unknown ids with 404, and writes nothing', async () => {
    const emptyModel = (await db().insertInto('t_device_model').values({ name: '空产品', code: 'EMPTY-1', device_type_id: 2001, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    const before = await tableCounts();
    for (const [body, status, error] of [
      [{}, 400, /^body\.deviceModelId:/], [{ deviceModelId: 'x' }, 400, /^body\.deviceModelId:/], [{ deviceModelId: 0 }, 400, /^body\.deviceModelId:/],
      [{ deviceModelId: s200, timeoutS: 5 }, 400, /^body\.timeoutS:/], [{ deviceModelId: s200, timeoutS: 1e9 }, 400, /^body\.timeoutS:/],
      [{ deviceModelId: s200, extra: 1 }, 400, /^body/], [{ deviceModelId: 999_999 }, 404, /^产品不存在$/],
      [{ deviceModelId: emptyModel }, 400, /^body\.deviceModelId: 该产品下没有可同步的设备$/],
    ] as const) {
      const r = await admin.post('/api/t_product_sync/start', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error).toMatch(error);
    }
    expect((await admin.get('/api/t_product_sync/999999')).status).toBe(404);
    expect((await admin.get('/api/t_product_sync/999999')).body.error).toBe('产品同步记录不存在');
    expect((await admin.post('/api/t_product_sync/retry/999999', {})).status).toBe(404);
    expect((await admin.post(`/api/t_product_sync/retry/${syncId}`, { timeoutS: 'x' })).body.error).toMatch(/^body\.timeoutS:/);
    expect((await admin.get('/api/t_product_sync?deviceModelId=abc')).body.error).toMatch(/^query\.deviceModelId:/);
    expect(await tableCounts()).toEqual(before);
  });

  it('goes through the simulated gateways: an offline device answers 设备无应答, the others take the table', async () => {
    const queue = new GatewayCommandQueue(db());
    const zero = Object.fromEntries(['write', 'config', 'refresh', 'restart', 'upgrade'].map((k) => [k, [0, 0]])) as Record<CommandKind, [number, number]>;
    const sim = new SimGateways({ db: db(), queue, ingest: server.telemetry.ingest, seed: 3, delays: zero });
    await sim.poll(); // takes and answers what earlier tests left waiting
    const sensors = await db().selectFrom('t_device').select(['id', 'state']).where('device_model_id', '=', s200).orderBy('id').execute();
    const offline = sensors[4].id;
    await db().updateTable('t_device').set({ state: DeviceState.Offline }).where('id', '=', offline).execute();
    try {
      const started = (await admin.post('/api/t_product_sync/start', { deviceModelId: s200 })).body.data;
      const answered = await sim.poll();
      expect(answered).toHaveLength(8);
      const d = await detail(admin, started.id);
      expect(d.state).toBe('partial');
      expect(d.counts).toMatchObject({ succeeded: 23, failed: 1 });
      expect(d.items.find((i) => i.deviceId === offline)).toMatchObject({ state: 'failed', code: 11, codeText: '设备无应答' });
      expect(await sim.poll()).toEqual([]);
    } finally {
      await db().updateTable('t_device').set({ state: sensors[4].state }).where('id', '=', offline).execute();
    }
  });

  it('has the simulated devices answer writes: success (the value is reported), 设备忙, read-only, out of range, offline, busy restarting', async () => {
    const queue = new GatewayCommandQueue(db());
    const sim = new SimGateways({ db: db(), queue, ingest: server.telemetry.ingest, seed: 5, delays: { write: [0, 0], restart: [60_000, 60_000] } });
    const [device, other] = await db().selectFrom('t_device').select(['id', 'gateway_id', 'device_model_id', 'state'])
      .where('device_model_id', '=', s200).where('state', '!=', DeviceState.Offline).orderBy('id').limit(2).execute();
    const points = await db().selectFrom('t_measure').selectAll().where('device_model_id', '=', s200).orderBy('id').execute();
    const writable = points.find((p) => p.name === '温度')!;
    await db().updateTable('t_measure').set({ access: 2 }).where('id', '=', writable.id).execute();
    const write = (deviceId: number, measureId: number, value: number) => queue.enqueue({
      gatewayId: device.gateway_id!, deviceId, kind: 'write', createdBy: null,
      payload: { measureId, modbusCode: 3, registerAddr: 0, dataType: 'Float', value },
    });
    const codeOf = async (id: number) => (await db().selectFrom('t_gateway_command').select(['state', 'result_code']).where('id', '=', id).executeTakeFirstOrThrow());
    try {
      const ok = await write(device.id, writable.id, 22.5);
      const busy = await write(device.id, writable.id, SIM_BUSY_VALUE);
      const readOnly = await write(device.id, points.find((p) => p.name === 'PM2.5')!.id, 10);
      const range = await write(device.id, writable.id, 99);
      const foreign = await write(device.id, (await db().selectFrom('t_measure').select('id').where('device_model_id', '!=', s200).executeTakeFirstOrThrow()).id, 1);
      await sim.poll();
      expect(await codeOf(ok)).toEqual({ state: 'succeeded', result_code: 0 });
      expect(await codeOf(busy)).toEqual({ state: 'failed', result_code: CommandCode.DeviceBusy });
      expect(await codeOf(readOnly)).toEqual({ state: 'failed', result_code: CommandCode.FunctionUnsupported });
      expect(await codeOf(range)).toEqual({ state: 'failed', result_code: CommandCode.OutOfRange });
      expect(await codeOf(foreign)).toEqual({ state: 'failed', result_code: CommandCode.ReadWriteError });
      const real = await db().selectFrom('t_real_measure').select('value').where('device_id', '=', device.id).where('measure_id', '=', writable.id).executeTakeFirstOrThrow();
      expect(real.value).toBe(22.5);

      // While the device restarts (a minute, here), a write is answered 设备忙; another device is not disturbed.
      const restart = await queue.enqueue({ gatewayId: device.gateway_id!, deviceId: device.id, kind: 'restart', payload: {}, createdBy: null });
      const during = await write(device.id, writable.id, 21);
      const elsewhere = await write(other.id, writable.id, 21);
      await sim.poll();
      expect(await codeOf(restart)).toEqual({ state: 'sent', result_code: null });
      expect(await codeOf(during)).toEqual({ state: 'failed', result_code: CommandCode.DeviceBusy });
      expect(await codeOf(elsewhere)).toEqual({ state: 'succeeded', result_code: 0 });

      await db().updateTable('t_device').set({ state: DeviceState.Offline }).where('id', '=', other.id).execute();
      const unanswered = await write(other.id, writable.id, 21);
      await sim.poll();
      expect(await codeOf(unanswered)).toEqual({ state: 'failed', result_code: CommandCode.NoAnswer });
    } finally {
      await db().updateTable('t_measure').set({ access: writable.access }).where('id', '=', writable.id).execute();
      await db().updateTable('t_device').set({ state: other.state }).where('id', '=', other.id).execute();
    }
  });

  it('has the simulated devices send the points of a table they took, and a new device of the model join in', async () => {
    const simulator = new Simulator({ db: db(), ingest: server.telemetry.ingest, seed: 11 });
    await simulator.tick();
    const [sensor] = await db().selectFrom('t_device').select(['id', 'gateway_id', 'project_id']).where('device_model_id', '=', s200)
      .where('state', '!=', DeviceState.Offline).orderBy('id').limit(1).execute();
    const added = (await db().insertInto('t_measure').values({ device_model_id: s200, name: '噪声', unit: 'dB', register_addr: 40, min_value: 30, max_value: 90 })
      .returning('id').executeTakeFirstOrThrow()).id;
    const newcomer = (await db().insertInto('t_device').values({
      name: '新传感器', code: 'NEW-S200-1', project_id: sensor.project_id, device_model_id: s200, device_type_id: 2001, gateway_id: sensor.gateway_id,
      state: DeviceState.Online, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    const reported = async (deviceId: number, measureId: number) =>
      (await db().selectFrom('t_real_measure').select('value').where('device_id', '=', deviceId).where('measure_id', '=', measureId).executeTakeFirst())?.value;

    // Not yet: the table has not been pushed.
    await simulator.tick();
    expect(await reported(sensor.id, added)).toBeUndefined();
    expect(await reported(newcomer, added)).toBeUndefined();

    const gateways = new SimGateways({
      db: db(), queue: new GatewayCommandQueue(db()), seed: 2, delays: { config: [0, 0] }, onConfigured: (ids) => simulator.reloadDevices(ids),
    });
    await gateways.poll();
    const started = (await admin.post('/api/t_product_sync/start', { deviceModelId: s200 })).body.data;
    expect(started.measureCount).toBe(8);
    await gateways.poll();
    expect((await detail(admin, started.id)).state).toBe('succeeded');
    await simulator.tick();
    const value = await reported(sensor.id, added);
    expect(value).toBeGreaterThanOrEqual(30);
    expect(value).toBeLessThanOrEqual(90);
    expect(await reported(newcomer, added)).toBeDefined();
    expect(await reported(newcomer, (await db().selectFrom('t_measure').select('id').where('device_model_id', '=', s200).where('name', '=', 'PM2.5').executeTakeFirstOrThrow()).id)).toBeDefined();
  });
});
