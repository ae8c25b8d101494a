import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceState, DeviceTypeId, MeasureTag } from '../../contract/enums';
import type { IotMonitor } from '../../contract/iot-monitor';
import { ProjectMonitor } from '../../contract/monitoring';
import { PROJECT_MONITOR_ALARMS, PROJECT_MONITOR_TAGS } from '../../contract/monitoring-constants';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

describe('GET /api/s/project-monitor: 项目监控 in one read', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const db = () => server.database.db;
  const project = async (code: string) =>
    (await db().selectFrom('t_project').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const snapshot = async (api: ApiClient, projectId: number) => {
    const r = await api.get(`/api/s/project-monitor?projectId=${projectId}`);
    expect(r.status, r.body.error).toBe(200);
    return ProjectMonitor.parse(r.body.data);
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('counts the project devices by state, lists them alarm first, with its newest alarms and key values', async () => {
    const projectId = await project('P-SZ-01');
    const snap = await snapshot(operator, projectId);
    const devices = await db().selectFrom('t_device').select(['id', 'state']).where('project_id', '=', projectId).execute();
    const count = (state: number) => devices.filter((d) => d.state === state).length;
    expect(snap.project).toMatchObject({ id: projectId });
    expect(snap.counts).toEqual({ total: devices.length, online: count(DeviceState.Online), alarm: count(DeviceState.Alarm), offline: count(DeviceState.Offline) });
    expect(snap.counts.alarm).toBeGreaterThan(0);
    expect(snap.devices.map((d) => d.id).sort((a, b) => a - b)).toEqual(devices.map((d) => d.id).sort((a, b) => a - b));
    expect(snap.devicesTruncated).toBe(false);
    const rank = (s: number) => (s === DeviceState.Alarm ? 0 : s === DeviceState.Offline ? 1 : 2);
    const ranks = snap.devices.map((d) => rank(d.state));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    // The alarms: the project's open ones, newest first, at most PROJECT_MONITOR_ALARMS, with their total.
    const open = await db().selectFrom('t_real_measure_warning').select(['id', 'raised_at']).where('project_id', '=', projectId).execute();
    expect(snap.alarmCount).toBe(open.length);
    expect(snap.alarms.length).toBe(Math.min(open.length, PROJECT_MONITOR_ALARMS));
    const times = snap.alarms.map((a) => a.raisedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(snap.alarms.every((a) => a.projectId === projectId && a.alarmContent.length > 0)).toBe(true);

    // Values: only the key tags, only the listed devices, an open alarm's point flagged.
    expect(snap.values.length).toBeGreaterThan(0);
    const listed = new Set(snap.devices.map((d) => d.id));
    expect(snap.values.every((v) => listed.has(v.deviceId) && (PROJECT_MONITOR_TAGS as readonly number[]).includes(v.tagId ?? -1))).toBe(true);
    const flagged = await db().selectFrom('t_real_measure_warning as w').innerJoin('t_measure as m', 'm.id', 'w.measure_id')
      .select(['w.device_id', 'w.measure_id']).where('w.project_id', '=', projectId).where('m.tag_id', 'in', [...PROJECT_MONITOR_TAGS]).execute();
    for (const w of flagged) expect(snap.values.find((v) => v.deviceId === w.device_id && v.measureId === w.measure_id)?.alarm).toBe(true);
  });

  it('follows the real ingest path: an alarm value raises the device to alarm, the alarm and the flagged value', async () => {
    const projectId = await project('P-SH-01');
    const point = await db().selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId', 'd.state']).where('d.project_id', '=', projectId)
      .where('m.tag_id', '=', MeasureTag.PM25).where('m.condition_type', 'is not', null).where('d.state', '!=', DeviceState.Alarm)
      .orderBy('d.id').executeTakeFirstOrThrow();
    await db().deleteFrom('t_real_measure_warning').where('device_id', '=', point.deviceId).execute();
    const before = await snapshot(admin, projectId);

    // Two violating samples raise an alarm (the engine's debounce).
    const ts = Date.now() + 1000;
    const ingest = await admin.post('/api/ingest', { items: [
      { deviceId: point.deviceId, measureId: point.measureId, value: 470, ts: ts - 500 },
      { deviceId: point.deviceId, measureId: point.measureId, value: 480, ts },
    ] });
    expect(ingest.body.data.accepted).toBe(2);
    const after = await snapshot(admin, projectId);
    expect(after.devices.find((d) => d.id === point.deviceId)?.state).toBe(DeviceState.Alarm);
    expect(after.counts.alarm).toBe(before.counts.alarm + 1);
    expect(after.counts.total).toBe(before.counts.total);
    expect(after.alarms[0]).toMatchObject({ deviceId: point.deviceId, measureId: point.measureId, sampleValue: 480 });
    expect(after.alarmCount).toBe(before.alarmCount + 1);
    expect(after.values.find((v) => v.deviceId === point.deviceId && v.measureId === point.measureId)).toMatchObject({ value: 480, alarm: true, ts });
  });

  it('refuses projects outside the data scope, strangers and bad ids, changing nothing', async () => {
    const beijing = await project('P-BJ-01');
    await expectNoChange(server, async () => {
      const hidden = await operator.get(`/api/s/project-monitor?projectId=${beijing}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.success).toBe(false);
      expect((await operator.get('/api/s/project-monitor?projectId=999999')).status).toBe(404);
      expect((await new ApiClient(server.url).get(`/api/s/project-monitor?projectId=${beijing}`)).status).toBe(401);
      for (const bad of ['', 'abc', '-1', '0', '1.5']) {
        const r = await operator.get(`/api/s/project-monitor?projectId=${bad}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(/projectId/);
      }
      const missing = await operator.get('/api/s/project-monitor');
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatch(/projectId/);
      return undefined;
    });
    expect((await admin.get(`/api/s/project-monitor?projectId=${beijing}`)).status).toBe(200);
  });
});

describe('物联网监控: signal strength (measure tag 1)', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it('lists each DTU with the current value of its signal point, flagged while its alarm is open', async () => {
    const db = server.database.db;
    const dtu = await db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id', 'm.id as measureId', 'm.unit']).where('d.device_type_id', '=', DeviceTypeId.Dtu4G)
      .where('m.tag_id', '=', MeasureTag.SignalStrength).orderBy('d.id').executeTakeFirstOrThrow();
    await db.deleteFrom('t_real_measure_warning').where('device_id', '=', dtu.id).execute();
    const row = async () => {
      const r = await admin.get(`/api/t_device/iot-monitor?Size=100&deviceTypeId=${DeviceTypeId.Dtu4G}`);
      expect(r.status, r.body.error).toBe(200);
      return (r.body.data as IotMonitor).list.find((d) => d.id === dtu.id)!;
    };

    const ts = Date.now() + 1000;
    expect((await admin.post('/api/ingest', { items: [{ deviceId: dtu.id, measureId: dtu.measureId, value: -71, ts }] })).body.data.accepted).toBe(1);
    expect((await row()).signal).toEqual({ value: -71, unit: dtu.unit, ts, alarm: false });

    // Below -105 the demo's rule raises an alarm on the point (after two samples: the engine's debounce).
    expect((await admin.post('/api/ingest', { items: [
      { deviceId: dtu.id, measureId: dtu.measureId, value: -112, ts: ts + 500 },
      { deviceId: dtu.id, measureId: dtu.measureId, value: -110, ts: ts + 1000 },
    ] })).body.data.accepted).toBe(2);
    expect((await row()).signal).toEqual({ value: -110, unit: dtu.unit, ts: ts + 1000, alarm: true });

    // A device whose model has no signal point has none.
    const relay = await db.selectFrom('t_device as d').select('d.id').where('d.device_type_id', '=', DeviceTypeId.RelayTerminal)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('t_measure as m').select('m.id').whereRef('m.device_model_id', '=', 'd.device_model_id')
        .where('m.tag_id', '=', MeasureTag.SignalStrength)))).orderBy('d.id').executeTakeFirst();
    if (relay) {
      const r = await admin.get(`/api/t_device/iot-monitor?Size=100&deviceTypeId=${DeviceTypeId.RelayTerminal}`);
      expect((r.body.data as IotMonitor).list.find((d) => d.id === relay.id)?.signal).toBeNull();
    }
  });
});

interface MenuRow { id: number; parent_id: number; name: string; path: string; sort_order: number; right_code: string | null }

describe('migration 018: 监控中心 › 设备监控 for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds the parent between 项目管理 and 物联网 and 设备监控 with device-preview, once', async () => {
    server = await startTestServer();
    const rows = async () => (await server.database.db.selectFrom('t_menu').select(['id', 'parent_id', 'name', 'path', 'sort_order', 'right_code'])
      .where('type', '=', 'app').orderBy('id').execute()) as MenuRow[];
    const byName = (list: MenuRow[], name: string) => list.find((r) => r.name === name);
    const topLevel = (list: MenuRow[]) => list.filter((r) => r.parent_id === 0).sort((a, b) => a.sort_order - b.sort_order).map((r) => r.name);
    const seeded = await rows();
    expect(byName(seeded, 'nv_device_monitor')).toMatchObject({ parent_id: byName(seeded, 'nv_monitor')!.id, right_code: 'device-preview' });
    const placed = (names: string[]) => names.slice(names.indexOf('nv_project'), names.indexOf('nv_project') + 3);
    expect(placed(topLevel(seeded))).toEqual(['nv_project', 'nv_monitor', 'nv_iot']);

    // Back to how a database of the previous release looked.
    const db = server.database.db;
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_device_monitor', 'nv_monitor']).execute();
    await sql`delete from nv_migration where name = '018-monitoring-menu'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['018-monitoring-menu']);
    const migrated = await rows();
    const parent = byName(migrated, 'nv_monitor');
    expect(parent).toMatchObject({ parent_id: 0, path: '/nv_monitor', right_code: null });
    expect(byName(migrated, 'nv_device_monitor')).toMatchObject({ parent_id: parent!.id, path: '/nv_monitor/nv_device_monitor', right_code: 'device-preview' });
    expect(placed(topLevel(migrated))).toEqual(['nv_project', 'nv_monitor', 'nv_iot']);

    // The operator (device-preview) is shown it.
    const operator = await loginAs(server, 'operator');
    expect(JSON.stringify((await operator.get('/api/menu/all?type=app')).body.data)).toContain('/nv_monitor/nv_device_monitor');

    const count = migrated.length;
    server = await server.restart();
    expect(server.migrations).toEqual([]);
    expect((await rows()).length).toBe(count);
  });
});
