import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DevicePage } from '../../contract/devices';
import { OnlineHistoryPage } from '../../contract/telemetry';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';
import { FakeClock, createDevice, createModel, fakeClockTelemetry, record } from './telemetry-fixtures';

describe('device state and the device list', () => {
  let server: TestServer;
  let admin: ApiClient;
  let modelId: number;
  let measureId: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    const model = await createModel(server.database.db, 'STATE', [{ name: '温度', unit: '℃', rule: [4, 50, null, 1] }]);
    modelId = model.modelId;
    measureId = model.measureIds['温度'];
  });
  afterAll(async () => { await server?.dispose(); });

  it('marks a device offline after the timeout without data, and online again when data comes', async () => {
    const db = server.database.db;
    const clock = new FakeClock();
    const { telemetry, recorder } = fakeClockTelemetry(server, clock, 300);
    const deviceId = await createDevice(db, modelId, 'SILENT');
    const stateOf = async () => (await db.selectFrom('t_device').select('state').where('id', '=', deviceId).executeTakeFirstOrThrow()).state;
    const send = (value: number) => telemetry.ingest.ingest([{ deviceId, measureId, value, ts: clock.t }]);
    await send(20);
    expect(await stateOf()).toBe(1);
    clock.advance(299_000);
    expect((await telemetry.sweepOffline()).filter((e) => e.deviceId === deviceId)).toEqual([]);
    clock.advance(2_000);
    expect((await telemetry.sweepOffline()).filter((e) => e.deviceId === deviceId)).toEqual([
      expect.objectContaining({ deviceId, state: 0, ts: clock.t }),
    ]);
    expect(await stateOf()).toBe(0);
    // Data again; an alarm raised while it is back makes it 2, and the alarm survives going offline.
    await send(60);
    clock.advance(5_000);
    await send(60);
    expect(await stateOf()).toBe(2);
    clock.advance(400_000);
    await telemetry.sweepOffline();
    expect(await stateOf()).toBe(0);
    expect(await db.selectFrom('t_real_measure_warning').select('id').where('device_id', '=', deviceId).execute()).toHaveLength(1);
    clock.advance(5_000);
    await send(60);
    expect(await stateOf()).toBe(2);
    expect(recorder.seen.deviceState.filter((e) => e.deviceId === deviceId).map((e) => e.state)).toEqual([1, 0, 1, 2, 0, 2]);

    const page = OnlineHistoryPage.parse((await admin.get(`/api/t_history_online?deviceId=${deviceId}&Page=1&Size=4`)).body.data);
    expect(page.count).toBe(6);
    expect(page.list.map((h) => h.state)).toEqual([2, 0, 2, 1]);
    const rest = OnlineHistoryPage.parse((await admin.get(`/api/t_history_online?deviceId=${deviceId}&Page=2&Size=4`)).body.data);
    expect(rest.list.map((h) => h.state)).toEqual([0, 1]);
  });

  it('sweeps on its own timer in a running server (OFFLINE_AFTER_S)', async () => {
    const quick = await startTestServer({ offlineAfterS: 1 });
    try {
      const db = quick.database.db;
      // The demo's online history ends before the seed's time; the sweep's changes come after it.
      const seeded = Number((await db.selectFrom('t_history_online').select((eb) => eb.fn.max('ts').as('ts')).executeTakeFirstOrThrow()).ts ?? 0);
      const online = await db.selectFrom('t_device').select('id').where('state', '!=', 0).execute();
      expect(online.length).toBeGreaterThan(0);
      const events = record(quick.telemetry.events);
      // Seeded devices were last seen at seed time: past a second, the sweep takes them all offline.
      await vi.waitFor(async () => {
        const left = await db.selectFrom('t_device').select('id').where('state', '!=', 0).execute();
        expect(left).toEqual([]);
      }, { timeout: 5_000, interval: 100 });
      expect(events.seen.deviceState.length).toBe(online.length);
      expect(await db.selectFrom('t_history_online').select('id').where('state', '=', 0).where('ts', '>', seeded).execute()).toHaveLength(online.length);
    } finally {
      await quick.dispose();
    }
  });

  it('pages the device list within the scope, by project, state and keyword', async () => {
    const all = DevicePage.parse((await admin.get('/api/t_device?Page=1&Size=500')).body.data);
    const total = await server.database.db.selectFrom('t_device').select('id').execute();
    expect(all.count).toBe(total.length);
    expect(all.list.map((d) => d.id)).toEqual(total.map((d) => d.id).sort((a, b) => a - b));
    const first = DevicePage.parse((await admin.get('/api/t_device')).body.data);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]).toMatchObject({ projectName: '上海张江洁净厂房', deviceModelName: expect.any(String), iotId: expect.any(String) });

    const operator = await loginAs(server, 'operator');
    const mine = DevicePage.parse((await operator.get('/api/t_device?Page=1&Size=500')).body.data);
    expect(new Set(mine.list.map((d) => d.projectName))).toEqual(new Set(['上海张江洁净厂房', '苏州工业园区电子车间', '杭州未来科技城办公楼']));
    const bj = await server.database.db.selectFrom('t_project').select('id').where('code', '=', 'P-BJ-01').executeTakeFirstOrThrow();
    expect(DevicePage.parse((await operator.get(`/api/t_device?projectId=${bj.id}`)).body.data)).toEqual({ list: [], count: 0 });
    expect(DevicePage.parse((await admin.get(`/api/t_device?projectId=${bj.id}`)).body.data).count).toBe(18);

    for (const state of [0, 1, 2]) {
      const listed = DevicePage.parse((await admin.get(`/api/t_device?state=${state}&Size=500`)).body.data);
      const stored = await server.database.db.selectFrom('t_device').select('id').where('state', '=', state).execute();
      expect(listed.list.map((d) => [d.id, d.state])).toEqual(stored.map((d) => [d.id, state]).sort((a, b) => a[0] - b[0]));
    }
    // The test before took the seeded devices offline (its clock runs ahead): there is something to filter.
    expect(DevicePage.parse((await admin.get('/api/t_device?state=0')).body.data).count).toBeGreaterThan(100);
    const keyword = DevicePage.parse((await admin.get(`/api/t_device?keyword=${encodeURIComponent('北京过滤器')}`)).body.data);
    expect(keyword.count).toBe(6);
    const byCode = DevicePage.parse((await admin.get('/api/t_device?keyword=p-sh-01-nv-f600')).body.data);
    expect(byCode.count).toBe(6);
    // LIKE wildcards in the keyword match themselves.
    expect(DevicePage.parse((await admin.get('/api/t_device?keyword=%25')).body.data).count).toBe(0);
    expect(DevicePage.parse((await admin.get('/api/t_device?keyword=_')).body.data).count).toBe(0);
    expect((await admin.get('/api/t_device?state=3')).body.error).toMatch(/^query\.state: /);
  });
});
