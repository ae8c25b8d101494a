import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { DeviceState, DeviceTypeId, MeasureTag, WarnLevel } from '../../contract/enums';
import {
  FeaturedUnit, FilterLifeList, MeasureTrend, ScreenOverview, siteDayStart, type ScreenProject,
} from '../../contract/screen-data';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

const MIN = 60_000;
const HOUR = 3_600_000;
const OPERATOR_PROJECTS = ['上海张江洁净厂房', '苏州工业园区电子车间', '杭州未来科技城办公楼'];

type Rollup = { device_id: number; measure_id: number; bucket: number; min_value: number; max_value: number; sum_value: number; sample_count: number };

describe('big-screen aggregates', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let superadmin: ApiClient;
  /** A project of the headquarters (admin and superadmin see it, the operator does not) with devices of our own. */
  let T: number;
  const dev: Record<string, number> = {};
  const mea: Record<string, number> = {};

  const db = () => server.database.db;
  const ok = async <T>(api: ApiClient, url: string): Promise<T> => {
    const r = await api.get(url);
    expect(r.body.error).toBeUndefined();
    expect(r.status).toBe(200);
    return r.body.data as T;
  };

  async function model(code: string, type: number, measures: [key: string, tag: number, extra?: { max?: number; rule?: [number, number] }][]) {
    const id = (await db().insertInto('t_device_model').values({ name: `屏幕测试 ${code}`, code, device_type_id: type, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    let order = 0;
    for (const [key, tag, extra] of measures) {
      mea[key] = (await db().insertInto('t_measure').values({
        device_model_id: id, name: key, tag_id: tag, decimals: 1, max_value: extra?.max ?? null,
        condition_type: extra?.rule?.[0] ?? null, condition_val1: extra?.rule?.[1] ?? null, alarm_enabled: extra?.rule ? 1 : 0, sort_order: order++,
      }).returning('id').executeTakeFirstOrThrow()).id;
    }
    return { id, type };
  }

  async function device(key: string, m: { id: number; type: number }, state: number, projectId = T) {
    dev[key] = (await db().insertInto('t_device').values({
      name: `屏幕-${key}`, code: `SCREEN-${key}`, project_id: projectId, device_model_id: m.id, device_type_id: m.type, state,
      last_seen_at: Date.now(), created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    return dev[key];
  }

  const real = (device: string, measure: string, value: number, ts = Date.now()) =>
    db().insertInto('t_real_measure').values({ device_id: dev[device], measure_id: mea[measure], value, ts }).execute();
  const rollups = (table: 't_history_measure_1m' | 't_history_measure_1h', rows: [device: string, measure: string, bucket: number, sum: number, count: number, min?: number, max?: number][]) =>
    db().insertInto(table).values(rows.map(([d, m, bucket, sum, count, min, max]): Rollup => ({
      device_id: dev[d], measure_id: mea[m], bucket, sum_value: sum, sample_count: count, min_value: min ?? sum / count, max_value: max ?? sum / count,
    }))).execute();

  beforeAll(async () => {
    server = await startTestServer();
    [admin, operator, superadmin] = await Promise.all([loginAs(server, 'admin'), loginAs(server, 'operator'), loginAs(server, 'superadmin')]);
    const hq = await db().selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
    T = (await db().insertInto('t_project').values({ name: '屏幕测试项目', code: 'P-SCREEN', org_id: hq.id, city: '测试', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;

    const sensor = await model('SCR-S', DeviceTypeId.Sensor, [['s.pm25', MeasureTag.PM25], ['s.pm10', MeasureTag.PM10]]);
    const filter = await model('SCR-F', DeviceTypeId.Filter, [
      ['f.res', MeasureTag.Resistance, { max: 600, rule: [ConditionType.Gt, 400] }], ['f.pm25', MeasureTag.PM25]]);
    const filter2 = await model('SCR-F2', DeviceTypeId.Filter, [['f2.res', MeasureTag.Resistance, { max: 600 }]]);
    const meter = await model('SCR-M', DeviceTypeId.ElectricityMeter, [['m.energy', MeasureTag.TotalEnergy]]);
    await device('s1', sensor, DeviceState.Online);
    await device('s2', sensor, DeviceState.Alarm);
    await device('s3', sensor, DeviceState.Offline);
    for (const f of ['f1', 'f2', 'f3', 'f4', 'f6']) await device(f, filter, DeviceState.Online);
    await device('f5', filter2, DeviceState.Online);
    await device('m1', meter, DeviceState.Online);
    await real('s1', 's.pm25', 40); await real('s1', 's.pm10', 80);
    await real('s2', 's.pm25', 80); await real('s2', 's.pm10', 120);
    // An offline sensor's last reading is no reading of now.
    await real('s3', 's.pm25', 300); await real('s3', 's.pm10', 500);
    // Outlet air behind a filter: not ambient, left out while sensors report.
    await real('f1', 'f.pm25', 5);
    await real('f1', 'f.res', 500); await real('f2', 'f.res', 240); await real('f3', 'f.res', 80);
    await real('f5', 'f2.res', 340); await real('f6', 'f.res', 135);
    // f6's own alarm threshold: 300 Pa instead of the model's 400.
    await db().insertInto('t_device_measure').values({ device_id: dev.f6, measure_id: mea['f.res'], condition_val1: 300 }).execute();
    const alarm = (device: string, measure: string, level: number) => ({
      device_id: dev[device], measure_id: mea[measure], project_id: T, warn_level: level, condition_type: ConditionType.Gt,
      condition_val1: 1, content: '测试告警', raised_at: Date.now(),
    });
    await db().insertInto('t_real_measure_warning').values([alarm('s2', 's.pm25', WarnLevel.Minor), alarm('f1', 'f.res', WarnLevel.Important)]).execute();
  });
  afterAll(async () => { await server?.dispose(); });

  describe('overview', () => {
    it('counts devices and open alarms as the statistics endpoints do, for every caller', async () => {
      for (const api of [admin, operator, superadmin]) {
        const [overview, devices, alarms] = await Promise.all([
          ok<ScreenOverview>(api, '/api/s/screen/overview'), ok<any>(api, '/api/s/device'), ok<any>(api, '/api/s/wMeasure/count'),
        ]);
        expect(ScreenOverview.parse(overview)).toEqual(overview);
        expect(overview.devices).toEqual({ total: devices.total, online: devices.online, offline: devices.offline, alarm: devices.alarm });
        expect(overview.alarms).toEqual(alarms);
        expect(overview.projectList.map((p) => p.id)).toEqual([...overview.projectList.map((p) => p.id)].sort((a, b) => a - b));
        expect(overview.projectList.reduce((s, p) => s + p.devices, 0)).toBe(overview.devices.total);
        expect(overview.projectList.reduce((s, p) => s + p.alarms, 0)).toBe(overview.alarms.total);
        expect(overview.projects).toBe(overview.projectList.length);
      }
    });

    it('limits everything to the data scope', async () => {
      const [op, ad, sa] = await Promise.all([operator, admin, superadmin].map((api) => ok<ScreenOverview>(api, '/api/s/screen/overview')));
      expect(op.projects).toBe(3);
      expect(op.devices.total).toBe(3 * 18);
      expect(op.projectList.map((p) => p.name)).toEqual(OPERATOR_PROJECTS);
      // Eight demo projects and ours.
      expect(ad.projects).toBe(9);
      expect(ad.devices.total).toBe(144 + 10);
      expect(sa.projectList.map((p) => p.id)).toEqual(ad.projectList.map((p) => p.id));
      expect(ad.energyToday).toBeGreaterThan(op.energyToday);
    });

    it('narrows to one project, and answers 404 for a project outside the scope', async () => {
      const o = await ok<ScreenOverview>(admin, `/api/s/screen/overview?projectId=${T}`);
      expect(o).toMatchObject({
        projects: 1,
        devices: { total: 10, online: 8, offline: 1, alarm: 1 },
        alarms: { total: 2, hint: 0, minor: 1, important: 1 },
        // Sensors that are not offline: (40 + 80) / 2 and (80 + 120) / 2.
        pm25: 60,
        pm10: 100,
        // Under HJ 633—2026 (the configured standard): PM2.5 60 is the IAQI-100 breakpoint;
        // PM10 100 = 50 + 50 / 70 * 50 = 85.7 -> 86.
        aqi: 100,
        airVolume: 0,
      });
      expect(o.projectList).toEqual([expect.objectContaining({
        id: T, name: '屏幕测试项目', city: '测试', region: null, lng: null, lat: null, state: 'alarm',
        devices: 10, online: 8, alarms: 2, pm25: 60, aqi: 100,
      })]);

      const first = await ok<ScreenOverview>(operator, '/api/s/screen/overview');
      const one = await ok<ScreenOverview>(operator, `/api/s/screen/overview?projectId=${first.projectList[0].id}`);
      expect(one.projectList).toEqual([first.projectList[0]]);
      expect(one.devices.total).toBe(18);

      const hidden = await operator.get(`/api/s/screen/overview?projectId=${T}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.success).toBe(false);
      expect((await admin.get('/api/s/screen/overview?projectId=999999')).status).toBe(404);
    });

    it('reads today\'s energy from the hourly rollups since 00:00 site time', async () => {
      const now = Date.now();
      const dayStart = siteDayStart(now);
      const hour = Math.floor(now / HOUR) * HOUR;
      // Yesterday's last hour does not count; today the counter went 1000 -> 1025.
      const today: [string, string, number, number, number, number, number][] = hour === dayStart
        ? [['m1', 'm.energy', dayStart, 2025, 2, 1000, 1025]]
        : [['m1', 'm.energy', dayStart, 2010, 2, 1000, 1010], ['m1', 'm.energy', hour, 2035, 2, 1010, 1025]];
      await rollups('t_history_measure_1h', [['m1', 'm.energy', dayStart - HOUR, 1900, 2, 900, 1000], ...today]);
      const o = await ok<ScreenOverview>(admin, `/api/s/screen/overview?projectId=${T}`);
      expect(o.energyToday).toBe(25);
      expect(o.projectList[0].energyToday).toBe(25);
    });

    it('tells normal, alarm and offline projects apart', async () => {
      const hq = await db().selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
      const project = async (code: string) => (await db().insertInto('t_project')
        .values({ name: `屏幕状态 ${code}`, code, org_id: hq.id, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
      const silent = await project('P-SCREEN-OFF');
      const empty = await project('P-SCREEN-EMPTY');
      const m = await db().selectFrom('t_device_model').select(['id', 'device_type_id']).where('code', '=', 'SCR-M').executeTakeFirstOrThrow();
      await device('off1', { id: m.id, type: m.device_type_id }, DeviceState.Offline, silent);
      const list = (await ok<ScreenOverview>(admin, '/api/s/screen/overview')).projectList;
      const state = (id: number) => list.find((p: ScreenProject) => p.id === id)!.state;
      expect([state(T), state(silent), state(empty)]).toEqual(['alarm', 'offline', 'normal']);
      expect(list.find((p) => p.id === silent)).toMatchObject({ devices: 1, online: 0, alarms: 0, pm25: null, aqi: null, energyToday: 0 });
      await db().deleteFrom('t_device').where('id', '=', dev.off1).execute();
      await db().deleteFrom('t_project').where('id', 'in', [silent, empty]).execute();
    });

    it('has demo history: today\'s energy, PM and AQI for every demo project', async () => {
      const o = await ok<ScreenOverview>(operator, '/api/s/screen/overview');
      const minutesToday = (Date.now() - siteDayStart(Date.now())) / MIN;
      for (const p of o.projectList) {
        expect(p.pm25).toBeGreaterThan(0);
        expect(p.aqi).toBeGreaterThan(0);
        expect(p.energyToday).toBeGreaterThanOrEqual(0);
        // Meters and purifiers draw tens to hundreds of kW: a few minutes into the day it shows.
        if (minutesToday > 5) expect(p.energyToday).toBeGreaterThan(1);
        expect(p.energyToday).toBeLessThan(24 * 500);
      }
      expect(o.airVolume).toBeGreaterThan(0);
      expect(o.energyToday).toBeCloseTo(o.projectList.reduce((s, p) => s + p.energyToday, 0), 0);
    });
  });

  describe('measure trend', () => {
    it('averages the contributing points per bucket, sensors first, within the window', async () => {
      const hour = Math.floor(Date.now() / HOUR) * HOUR;
      await rollups('t_history_measure_1h', [
        // Two hours ago: per-device averages 10, 25 and 12 -> 15.67.
        ['s1', 's.pm25', hour - 2 * HOUR, 30, 3], ['s2', 's.pm25', hour - 2 * HOUR, 50, 2], ['s3', 's.pm25', hour - 2 * HOUR, 12, 1],
        ['s1', 's.pm25', hour - 3 * HOUR, 44, 4],
        // Outside a 24-hour window.
        ['s1', 's.pm25', hour - 30 * HOUR, 99, 1],
        // Filter outlet PM2.5: not ambient, not averaged in while sensors measure PM2.5.
        ['f1', 'f.pm25', hour - 2 * HOUR, 500, 1],
        ['f1', 'f.res', hour - 2 * HOUR, 900, 3], ['f5', 'f2.res', hour - 2 * HOUR, 400, 2],
      ]);
      const trend = await ok<MeasureTrend>(admin, `/api/s/measure-trend?tags=2,5&hours=24&projectId=${T}`);
      expect(MeasureTrend.parse(trend)).toEqual(trend);
      expect(trend.bucketMs).toBe(HOUR);
      expect(trend.to - trend.from).toBeGreaterThanOrEqual(23 * HOUR);
      expect(trend.to - trend.from).toBeLessThan(24 * HOUR);
      expect(trend.series).toEqual([
        { tag: 2, name: 'PM2.5', unit: 'μg/m³', measureIds: [mea['s.pm25']],
          points: [{ ts: hour - 3 * HOUR, value: 11 }, { ts: hour - 2 * HOUR, value: 15.7 }] },
        { tag: 5, name: '阻力', unit: 'Pa', measureIds: [mea['f.res'], mea['f2.res']].sort((a, b) => a - b),
          points: [{ ts: hour - 2 * HOUR, value: 250 }] },
      ]);
      const week = await ok<MeasureTrend>(admin, `/api/s/measure-trend?tags=2&hours=168&projectId=${T}`);
      expect(week.series[0].points.map((p) => p.value)).toEqual([99, 11, 15.7]);
    });

    it('narrows to one device\'s own measures with deviceId; a device out of scope is not found', async () => {
      const hour = Math.floor(Date.now() / HOUR) * HOUR;
      await rollups('t_history_measure_1h', [
        ['s1', 's.pm25', hour - 4 * HOUR, 40, 4], ['s2', 's.pm25', hour - 4 * HOUR, 90, 3],
        ['f1', 'f.pm25', hour - 4 * HOUR, 70, 1],
      ]);
      const own = await ok<MeasureTrend>(admin, `/api/s/measure-trend?tags=2&hours=24&deviceId=${dev.s2}`);
      expect(own.series[0].measureIds).toEqual([mea['s.pm25']]);
      expect(own.series[0].points.find((p) => p.ts === hour - 4 * HOUR)?.value).toBe(30);
      // A filter's own outlet PM2.5 is its PM2.5 once it is the device asked for.
      const filter = await ok<MeasureTrend>(admin, `/api/s/measure-trend?tags=2&hours=24&deviceId=${dev.f1}`);
      expect(filter.series[0].measureIds).toEqual([mea['f.pm25']]);
      expect(filter.series[0].points.find((p) => p.ts === hour - 4 * HOUR)?.value).toBe(70);
      expect((await admin.get('/api/s/measure-trend?tags=2&deviceId=999999')).status).toBe(404);
      expect((await admin.get('/api/s/measure-trend?tags=2&deviceId=x')).status).toBe(400);
    });

    it('reads minute buckets up to 6 hours', async () => {
      const minute = Math.floor(Date.now() / MIN) * MIN;
      await rollups('t_history_measure_1m', [
        ['s1', 's.pm25', minute - 5 * MIN, 20, 2], ['s2', 's.pm25', minute - 5 * MIN, 30, 1],
        ['s1', 's.pm25', minute - 3 * HOUR, 7, 1],
      ]);
      const two = await ok<MeasureTrend>(admin, `/api/s/measure-trend?tags=2&hours=2&projectId=${T}`);
      expect(two.bucketMs).toBe(MIN);
      expect(two.series[0].points).toEqual([{ ts: minute - 5 * MIN, value: 20 }]);
      const six = await ok<MeasureTrend>(admin, `/api/s/measure-trend?tags=2&hours=6&projectId=${T}`);
      expect(six.series[0].points.map((p) => p.value)).toEqual([7, 20]);
      expect((await ok<MeasureTrend>(admin, `/api/s/measure-trend?tags=2&hours=7&projectId=${T}`)).bucketMs).toBe(HOUR);
    });

    it('has 24 hours of demo history, and minute buckets for the last 2 hours of PM', async () => {
      const day = await ok<MeasureTrend>(operator, '/api/s/measure-trend?tags=2,3,5,7');
      for (const s of day.series) {
        expect(s.measureIds.length).toBeGreaterThan(0);
        expect(s.points.length).toBeGreaterThanOrEqual(23);
      }
      const pm = day.series[0].points.map((p) => p.value);
      expect(Math.min(...pm)).toBeGreaterThan(2);
      expect(Math.max(...pm)).toBeLessThan(150);
      expect((await ok<MeasureTrend>(operator, '/api/s/measure-trend?tags=6')).series[0].points.length).toBeGreaterThanOrEqual(23);
      // Energy counters only rise, and end at the current value the simulator goes on from.
      const counters = await db().selectFrom('t_history_measure_1h as h').innerJoin('t_measure as m', 'm.id', 'h.measure_id')
        .innerJoin('t_real_measure as r', (j) => j.onRef('r.device_id', '=', 'h.device_id').onRef('r.measure_id', '=', 'h.measure_id'))
        .select(['h.device_id', 'h.min_value', 'h.max_value', 'r.value']).where('m.tag_id', '=', MeasureTag.TotalEnergy)
        .orderBy('h.device_id').orderBy('h.bucket').execute();
      expect(new Set(counters.map((c) => c.device_id)).size).toBe(8 * 3);
      counters.forEach((c, i) => {
        const next = counters[i + 1];
        expect(c.max_value).toBeGreaterThanOrEqual(c.min_value);
        if (next?.device_id === c.device_id) expect(next.min_value).toBeGreaterThanOrEqual(c.max_value);
        else expect(c.max_value).toBe(c.value);
      });
      const recent = await ok<MeasureTrend>(operator, '/api/s/measure-trend?tags=2,3&hours=2');
      for (const s of recent.series) expect(s.points.length).toBeGreaterThanOrEqual(100);
    });

    it('refuses bad tags and hours, naming the field', async () => {
      for (const q of ['', 'tags=', 'tags=99', 'tags=1,2,3,4,5', 'tags=pm25', 'tags=2&tags=3', 'tags=2,,3']) {
        const r = await admin.get(`/api/s/measure-trend?${q}`);
        expect(r.status, q).toBe(400);
        expect(r.body.error, q).toMatch(/^query\.tags: /);
      }
      for (const q of ['hours=0', 'hours=169', 'hours=1.5', 'hours=x']) {
        const r = await admin.get(`/api/s/measure-trend?tags=2&${q}`);
        expect(r.status, q).toBe(400);
        expect(r.body.error, q).toMatch(/^query\.hours: /);
      }
      expect((await admin.get('/api/s/measure-trend?tags=2&projectId=x')).body.error).toMatch(/^query\.projectId: /);
      expect((await operator.get(`/api/s/measure-trend?tags=2&projectId=${T}`)).status).toBe(404);
      // Duplicates count once.
      expect((await ok<MeasureTrend>(admin, '/api/s/measure-trend?tags=2,2,2,2,3')).series.map((s) => s.tag)).toEqual([2, 3]);
    });
  });

  describe('filter life', () => {
    it('lists the filters most worn first, against each point\'s final resistance', async () => {
      const list = await ok<FilterLifeList>(admin, `/api/s/filter-life?projectId=${T}`);
      expect(FilterLifeList.parse(list)).toEqual(list);
      expect(list.map((f) => [f.deviceId, f.resistance, f.remainingPct])).toEqual([
        [dev.f1, 500, 0], // past the 400 Pa alarm threshold
        [dev.f2, 240, 50], // (400 - 240) / (400 - 80)
        [dev.f5, 340, 50], // no rule: max value 600 -> (600 - 340) / 520; tie -> by id
        [dev.f6, 135, 75], // the device's own threshold 300: (300 - 135) / 220
        [dev.f3, 80, 100],
        [dev.f4, null, 100], // never reported
      ]);
      expect(list[0]).toMatchObject({ name: '屏幕-f1', projectName: '屏幕测试项目' });
      expect((await ok<FilterLifeList>(admin, `/api/s/filter-life?projectId=${T}&limit=2`)).map((f) => f.deviceId)).toEqual([dev.f1, dev.f2]);
    });

    it('covers the demo filters of the scope, each with a resistance', async () => {
      const list = await ok<FilterLifeList>(operator, '/api/s/filter-life?limit=50');
      expect(list).toHaveLength(3 * 6);
      expect(list.every((f) => f.resistance !== null && OPERATOR_PROJECTS.includes(f.projectName))).toBe(true);
      const pct = list.map((f) => f.remainingPct);
      expect(pct).toEqual([...pct].sort((a, b) => a - b));
      expect(await ok<FilterLifeList>(operator, '/api/s/filter-life')).toEqual(list.slice(0, 10));
    });

    it('refuses a bad limit and a project outside the scope', async () => {
      for (const q of ['limit=0', 'limit=51', 'limit=x']) {
        const r = await admin.get(`/api/s/filter-life?${q}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(/^query\.limit: /);
      }
      expect((await operator.get(`/api/s/filter-life?projectId=${T}`)).status).toBe(404);
    });
  });

  describe('featured unit', () => {
    it('is null when no purifier unit is visible', async () => {
      expect(await ok(admin, `/api/s/featured-unit?projectId=${T}`)).toBeNull();
      expect((await operator.get(`/api/s/featured-unit?projectId=${T}`)).status).toBe(404);
    });

    it('picks the unit with the newest data, with its values and the project\'s most worn filter', async () => {
      const unit = await model('SCR-U', DeviceTypeId.MonitoredDevice, [
        ['u.pm25', MeasureTag.PM25], ['u.air', MeasureTag.AirVolume, { max: 20000 }], ['u.energy', MeasureTag.TotalEnergy]]);
      const now = Date.now();
      await device('u1', unit, DeviceState.Online);
      await device('u2', unit, DeviceState.Online);
      await real('u1', 'u.air', 15000, now - MIN); await real('u1', 'u.pm25', 8, now - MIN);
      await real('u2', 'u.air', 12000, now - 10 * MIN);
      const featured = await ok<FeaturedUnit>(admin, `/api/s/featured-unit?projectId=${T}`);
      expect(FeaturedUnit.parse(featured)).toEqual(featured);
      expect(featured).toEqual({
        deviceId: dev.u1, name: '屏幕-u1', projectName: '屏幕测试项目', state: DeviceState.Online,
        airVolume: 15000, airVolumeMax: 20000, pm25: 8, filterPct: 0, running: true, ts: now - MIN,
      });
      // The sum of the current air volumes now includes both units.
      expect((await ok<ScreenOverview>(admin, `/api/s/screen/overview?projectId=${T}`)).airVolume).toBe(27000);

      await real('u2', 'u.energy', 100, now);
      await db().updateTable('t_device').set({ state: DeviceState.Offline }).where('id', '=', dev.u2).execute();
      expect(await ok<FeaturedUnit>(admin, `/api/s/featured-unit?projectId=${T}`))
        .toMatchObject({ deviceId: dev.u2, airVolume: 12000, pm25: null, running: false, ts: now });
    });

    it('shows a demo unit to every caller, within the scope', async () => {
      const unit = await ok<NonNullable<FeaturedUnit>>(operator, '/api/s/featured-unit');
      expect(OPERATOR_PROJECTS).toContain(unit.projectName);
      expect(unit).toMatchObject({ airVolumeMax: 30000 });
      expect(unit.airVolume).not.toBeNull();
      expect(unit.running).toBe(unit.state !== DeviceState.Offline && unit.airVolume! > 0);
      expect(unit.filterPct).toBeGreaterThanOrEqual(0);
      expect(await ok(superadmin, '/api/s/featured-unit')).not.toBeNull();
    });
  });
});
