import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnergyDeviceList, EnergyProjectList } from '../../contract/energy-analysis';
import { MeasureTag } from '../../contract/enums';
import { markEnergyDirty } from '../../server/analysis/energy/energy-repository';
import { dbSnapshot } from './db-snapshot';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

const HOUR = 3_600_000;
/** 2026-03-10 00:00 site time (UTC+8). */
const D = Date.UTC(2026, 2, 10) - 8 * HOUR;

/**
 * A synthetic project with a known history: one fan unit (NV-AP900: electricity, air volume) and
 * one filter bank (NV-F600: resistance, air volume, clean at 80 Pa), hour by hour over 9 and 10
 * March. On the 10th the fan uses 10 kWh an hour moving 18,000 m³/h; the filter passes 7,200 m³/h
 * at 180 Pa for 12 hours and 280 Pa for 12. On the 9th: 5 kWh an hour, the filter at 100 Pa.
 * Hand-computed for the 10th:
 * - electricity 240 kWh, air 432,000 m³, kWh per 1,000 m³ = 240 000 ÷ 432 000 = 0.5556;
 * - SFP = 240 000 Wh ÷ 432 000 m³ × 3600 = 2000 W/(m³/s); mean electric power 10 kW;
 * - the filter's flow-weighted resistance 230 Pa, air power 5 m³/s × 230 Pa = 1150 W, efficiency 0.115;
 * - saving = (12 h × 100 Pa + 12 h × 200 Pa) × 2 m³/s ÷ 0.6 ÷ 1000 = 12 kWh; cost at 0.8 元: 192 and 9.6.
 * On the 9th: 120 kWh, saving 24 h × 20 Pa × 2 ÷ 0.6 ÷ 1000 = 1.6 kWh.
 */
describe('energy analysis (/app-api/v_energy_prj_list, v_energy_dev_list)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let projectId: number;
  let fanId: number;
  let filterId: number;
  const db = () => server.database.db;

  async function point(modelCode: string, tag: number) {
    return db().selectFrom('t_measure as m').innerJoin('t_device_model as dm', 'dm.id', 'm.device_model_id')
      .select(['m.id', 'dm.id as modelId', 'dm.device_type_id']).where('dm.code', '=', modelCode).where('m.tag_id', '=', tag)
      .executeTakeFirstOrThrow();
  }

  async function writeHours(deviceId: number, measureId: number, rows: { bucket: number; min: number; max: number; mean: number }[]) {
    await db().transaction().execute(async (trx) => {
      await trx.insertInto('t_history_measure_1h').values(rows.map((r) => ({
        device_id: deviceId, measure_id: measureId, bucket: r.bucket, min_value: r.min, max_value: r.max, sum_value: r.mean * 12, sample_count: 12,
      }))).execute();
      // As the history writer does.
      await markEnergyDirty(trx, rows.map((r) => ({ deviceId, ts: r.bucket })));
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    // The operator (P-SH-01 and its organisation's projects only) may analyse energy here.
    const operatorUser = await db().selectFrom('t_user').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow();
    for (const { role_id } of await db().selectFrom('t_user_role').select('role_id').where('user_id', '=', operatorUser.id).execute()) {
      await db().insertInto('t_role_right').values({ role_id, right_code: 'energy-analysis' }).onConflict((oc) => oc.doNothing()).execute();
    }
    operator = await loginAs(server, 'operator');
    const org = await db().selectFrom('t_org').select('id').orderBy('id').executeTakeFirstOrThrow();
    projectId = (await db().insertInto('t_project').values({
      name: '能耗测试项目', code: 'P-ENERGY-T', org_id: org.id, group_id: null, region_id: null, industry_id: null, lng: null, lat: null,
      created_by: null, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    const energy = await point('NV-AP900', MeasureTag.TotalEnergy);
    const fanAir = await point('NV-AP900', MeasureTag.AirVolume);
    const resistance = await point('NV-F600', MeasureTag.Resistance);
    const filterAir = await point('NV-F600', MeasureTag.AirVolume);
    const device = async (name: string, code: string, p: { modelId: number; device_type_id: number }) =>
      (await db().insertInto('t_device').values({
        name, code, project_id: projectId, device_model_id: p.modelId, device_type_id: p.device_type_id, gateway_id: null,
        last_seen_at: null, install_date: null, lng: null, lat: null, created_at: Date.now(),
      }).returning('id').executeTakeFirstOrThrow()).id;
    fanId = await device('测试机组', 'E-FAN-1', energy);
    filterId = await device('测试过滤器', 'E-FLT-1', resistance);

    const hours = Array.from({ length: 48 }, (_, i) => D - 24 * HOUR + i * HOUR);
    // The counter: 1000 kWh at the end of the hour before the 9th, then 5 an hour, then 10 an hour.
    let counter = 1000;
    const counterRows = [{ bucket: D - 25 * HOUR, min: 999, max: 1000, mean: 999.5 }];
    for (const b of hours) {
      const rate = b < D ? 5 : 10;
      counter += rate;
      counterRows.push({ bucket: b, min: counter - (rate * 11) / 12, max: counter, mean: counter - (rate * 11) / 24 });
    }
    await writeHours(fanId, energy.id, counterRows);
    const flat = (v: number) => ({ min: v, max: v, mean: v });
    await writeHours(fanId, fanAir.id, hours.map((bucket) => ({ bucket, ...flat(18000) })));
    await writeHours(filterId, filterAir.id, hours.map((bucket) => ({ bucket, ...flat(7200) })));
    await writeHours(filterId, resistance.id, hours.map((bucket) => ({ bucket, ...flat(bucket < D ? 100 : bucket < D + 12 * HOUR ? 180 : 280) })));
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const list = async (q: string) => {
    const r = await admin.get(`/app-api/v_energy_prj_list?${q}`);
    expect(r.status).toBe(200);
    return EnergyProjectList.parse(r.body.data);
  };

  it('computes a day of a project from its fans and filters, against the day before', async () => {
    const day = await list('period=day&date=2026-03-10');
    expect(day).toMatchObject({ period: 'day', date: '2026-03-10', start: D, end: D + 24 * HOUR, previousStart: D - 24 * HOUR, price: 0.8 });
    const p = day.projects.find((x) => x.projectId === projectId)!;
    expect(p).toMatchObject({ name: '能耗测试项目', devices: 2 });
    expect(p.energyKWh).toBeCloseTo(240, 6);
    expect(p.airMovedM3).toBeCloseTo(432_000, 3);
    expect(p.meanAirVolumeM3h).toBeCloseTo(18_000, 3);
    expect(p.meanResistancePa).toBeCloseTo(230, 6);
    expect(p.meanElectricPowerW).toBeCloseTo(10_000, 3);
    expect(p.meanAirPowerW).toBeCloseTo(1150, 3);
    expect(p.efficiency).toBeCloseTo(0.115, 6);
    expect(p.specificFanPowerW).toBeCloseTo(2000, 3);
    expect(p.kWhPer1000m3).toBeCloseTo(0.5556, 4);
    expect(p.cost).toBeCloseTo(192, 6);
    expect(p.savingKWh).toBeCloseTo(12, 6);
    expect(p.savingCost).toBeCloseTo(9.6, 6);
    expect(p.previous.energyKWh).toBeCloseTo(120, 6);
    expect(p.previous.savingKWh).toBeCloseTo(1.6, 6);
    expect(p.change.energyKWh.change).toBeCloseTo(120, 6);
    expect(p.change.energyKWh.ratio).toBeCloseTo(1, 6);
    expect(p.rank).toBeGreaterThanOrEqual(1);
    // The trend: the 7 days up to the day.
    expect(day.trend).toHaveLength(7);
    expect(day.trend.at(-1)!.start).toBe(D);
  });

  it('sums a month from its days and compares it with the month before', async () => {
    const month = await list('period=month&date=2026-03-31');
    const p = month.projects.find((x) => x.projectId === projectId)!;
    expect(month.date).toBe('2026-03-01');
    // 1 kWh on the 8th (the counter's first hour rose within itself), 120 and 240.
    expect(p.energyKWh).toBeCloseTo(361, 6);
    expect(p.savingKWh).toBeCloseTo(13.6, 6);
    expect(p.previous.energyKWh).toBe(0);
    expect(p.change.energyKWh.ratio).toBeNull();
    const year = await list('period=year&date=2026-06-01');
    expect(year.projects.find((x) => x.projectId === projectId)!.energyKWh).toBeCloseTo(361, 6);
    expect(year.trend).toHaveLength(12);
    expect(year.trend[2].energyKWh).toBeGreaterThanOrEqual(361);
  });

  it('drills into the project: the fan against the filters\' resistance, the filter with its saving', async () => {
    const r = await admin.get(`/app-api/v_energy_dev_list?period=day&date=2026-03-10&projectId=${projectId}`);
    expect(r.status).toBe(200);
    const devices = EnergyDeviceList.parse(r.body.data);
    expect(devices.project).toEqual({ id: projectId, name: '能耗测试项目' });
    const fan = devices.devices.find((d) => d.deviceId === fanId)!;
    const filter = devices.devices.find((d) => d.deviceId === filterId)!;
    expect(fan.energyKWh).toBeCloseTo(240, 6);
    expect(fan.efficiency).toBeCloseTo(0.115, 6);
    expect(fan.savingKWh).toBe(0);
    expect(fan.initialPa).toBeNull();
    expect(filter.energyKWh).toBe(0);
    expect(filter.airMovedM3).toBeCloseTo(7200 * 24, 3);
    expect(filter.meanResistancePa).toBeCloseTo(230, 6);
    expect(filter.savingKWh).toBeCloseTo(12, 6);
    expect(filter.initialPa).toBe(80);
  });

  it('folds hourly rows that arrive later into the figures', async () => {
    const energy = await point('NV-AP900', MeasureTag.TotalEnergy);
    const last = await db().selectFrom('t_history_measure_1h').select('max_value').where('device_id', '=', fanId)
      .where('measure_id', '=', energy.id).orderBy('bucket', 'desc').executeTakeFirstOrThrow();
    // Two hours of the 11th: 7 kWh each.
    await writeHours(fanId, energy.id, [1, 2].map((i) => ({ bucket: D + (23 + i) * HOUR, min: last.max_value + 7 * i - 6, max: last.max_value + 7 * i, mean: last.max_value + 7 * i - 3 })));
    const next = await list('period=day&date=2026-03-11');
    expect(next.projects.find((x) => x.projectId === projectId)!.energyKWh).toBeCloseTo(14, 6);
    const week = await list('period=week&date=2026-03-11');
    expect(week.date).toBe('2026-03-09');
    expect(week.projects.find((x) => x.projectId === projectId)!.energyKWh).toBeCloseTo(374, 6);
    expect(await db().selectFrom('t_energy_dirty').select('device_id').execute()).toEqual([]);
  });

  it('shows only projects in the caller\'s scope; another project answers 404', async () => {
    const r = await operator.get('/app-api/v_energy_prj_list?period=month');
    expect(r.status).toBe(200);
    const ids = EnergyProjectList.parse(r.body.data).projects.map((p) => p.projectId);
    expect(ids).not.toContain(projectId);
    expect(ids.length).toBeGreaterThan(0);
    expect((await operator.get(`/app-api/v_energy_dev_list?projectId=${projectId}`)).status).toBe(404);
    expect((await admin.get('/app-api/v_energy_dev_list?projectId=999999')).status).toBe(404);
  });

  it('refuses bad queries naming the field, changing nothing', async () => {
    const before = await dbSnapshot(server);
    for (const [q, field] of [
      ['period=hour', 'period'], ['date=2026-02-30', 'date'], ['date=yesterday', 'date'], ['period=day&extra=1', 'extra'],
    ] as const) {
      const r = await admin.get(`/app-api/v_energy_prj_list?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toMatch(new RegExp(field));
    }
    const r = await admin.get('/app-api/v_energy_dev_list?projectId=abc');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/projectId/);
    expect(await dbSnapshot(server)).toEqual(before);
  });
});
