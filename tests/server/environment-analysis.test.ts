import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { DeviceState, DeviceTypeId, MeasureTag } from '../../contract/enums';
import { AirDevicePage, AqiAnalysis, FiltrationAnalysis, PaDevicePage, PmDevicePage } from '../../contract/environment-analysis';
import { aqiUnitFactor, airPositionOf } from '../../server/routes/environment/air-positions';
import { EnvironmentRepository } from '../../server/routes/environment/environment-repository';
import { EnvironmentService, pollutantOf } from '../../server/routes/environment/environment-service';
import type { AuthUser } from '../../server/auth/auth-user';
import { saveSettings } from '../../server/settings/settings-repository';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';
import { createModel } from './telemetry-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2025-01-06 00:00 in China (UTC+8): day 1 of the synthetic history; day 2 follows. */
const T0 = Date.UTC(2025, 0, 5, 16);
/** Half past 09:00 on day 2: the periods end with the 09:00 hour. */
const TO = T0 + DAY + 9.5 * HOUR;

/*
 * Synthetic hourly rollups of a project of our own (nothing of the demo's in it):
 * - two outdoor sensors: PM2.5 30 and 50 (mean 40), PM10 60, SO2 100 μg/m³ through day 1, with
 *   SO2 missing at 12:00; on day 2 00:00–09:00 PM2.5 70 and 90 (mean 80), PM10 100, SO2 100, and
 *   SO2 900 at 09:00 (above the 1-hour column's 800);
 * - a filter whose outlet PM2.5 is a tenth of the outdoor air (η 0.9) until day 2 05:00, then
 *   half of it (η 0.5): a leak still open at the end.
 */
function outdoorAt(h: number, sensor: 0 | 1): { pm25: number; pm10: number; so2: number | null } {
  const day2 = h >= 24;
  return {
    pm25: day2 ? [70, 90][sensor] : [30, 50][sensor],
    pm10: day2 ? 100 : 60,
    so2: h === 12 ? null : h === 33 ? 900 : 100,
  };
}
const outletAt = (h: number) => (h >= 29 ? 40 : h >= 24 ? 8 : 4);

describe('environment analysis (issue 20)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let projectId: number;
  let filterId: number;
  /** A filter bank holding a filter model (nv_life_set): its limits come from the model. */
  let bankId: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const db = server.database.db;
    const org = await db.selectFrom('t_project').select('org_id').where('code', '=', 'P-BJ-01').executeTakeFirstOrThrow();
    projectId = (await db.insertInto('t_project').values({ name: '环境分析测试站', code: 'P-ENV-T', org_id: org.org_id, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    const sensorModel = await createModel(db, 'ENV-S', [
      { name: 'PM2.5', tag: MeasureTag.PM25, unit: 'μg/m³' },
      { name: 'PM10', tag: MeasureTag.PM10, unit: 'μg/m³' },
      { name: '二氧化硫', tag: MeasureTag.SulfurDioxide, unit: 'μg/m³' },
    ]);
    const filterModel = await createModel(db, 'ENV-F', [
      { name: '出口PM2.5', tag: MeasureTag.PM25, unit: 'μg/m³' },
      { name: '阻力', tag: MeasureTag.Resistance, unit: 'Pa', rule: [ConditionType.Gt, 450, null, 2] },
      { name: '风量', tag: MeasureTag.AirVolume, unit: 'm³/h' },
    ]);
    await db.updateTable('t_measure').set({ max_value: 10_000 }).where('id', '=', filterModel.measureIds['风量']).execute();
    const device = async (name: string, model: number, type: number) => (await db.insertInto('t_device').values({
      name, code: name, project_id: projectId, device_model_id: model, device_type_id: type, state: DeviceState.Online, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    const sensors = [await device('环境测试传感器-A', sensorModel.modelId, DeviceTypeId.Sensor), await device('环境测试传感器-B', sensorModel.modelId, DeviceTypeId.Sensor)];
    filterId = await device('环境测试过滤器', filterModel.modelId, DeviceTypeId.Filter);
    // Resistance and air volume only (no PM: the AQI and the stages stay as they are), the same alarm and range.
    const bankModel = await createModel(db, 'ENV-B', [
      { name: '阻力', tag: MeasureTag.Resistance, unit: 'Pa', rule: [ConditionType.Gt, 450, null, 2] },
      { name: '风量', tag: MeasureTag.AirVolume, unit: 'm³/h' },
    ]);
    await db.updateTable('t_measure').set({ max_value: 10_000 }).where('id', '=', bankModel.measureIds['风量']).execute();
    bankId = await device('环境测试过滤器组', bankModel.modelId, DeviceTypeId.Filter);
    const typeId = (await db.insertInto('t_filter_type').values({ code: 'ENV-T', name: '环境测试滤材类型', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    // Initial 100 Pa, final 2.5 × initial = 250 Pa, rated 8,000 m³/h.
    const modelId = (await db.insertInto('t_filter').values({
      code: 'ENV-FM', name: '环境测试滤材', filter_type_id: typeId, initial_pa: 100, final_pa: null, final_multiple: 2.5, rated_air_m3h: 8000,
      dust_capacity_g: null, max_days: null, warn_days: 0, alg: 'auto', created_at: Date.now(), updated_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_device_filter').values({ device_id: bankId, filter_id: modelId, quantity: 3, installed_at: Date.now() - 30 * DAY, installed_by: null }).execute();

    const rows: { device_id: number; measure_id: number; bucket: number; min_value: number; max_value: number; sum_value: number; sample_count: number }[] = [];
    const add = (deviceId: number, measureId: number, bucket: number, v: number) =>
      rows.push({ device_id: deviceId, measure_id: measureId, bucket, min_value: v, max_value: v, sum_value: 2 * v, sample_count: 2 });
    for (let h = 0; h < 34; h++) {
      const t = T0 + h * HOUR;
      sensors.forEach((id, i) => {
        const v = outdoorAt(h, i as 0 | 1);
        add(id, sensorModel.measureIds['PM2.5'], t, v.pm25);
        add(id, sensorModel.measureIds.PM10, t, v.pm10);
        if (v.so2 !== null) add(id, sensorModel.measureIds['二氧化硫'], t, v.so2);
      });
      add(filterId, filterModel.measureIds['出口PM2.5'], t, outletAt(h));
    }
    // A week of resistance rising 10 Pa a day up to now, for the list's trend.
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    for (let h = 7 * 24; h >= 1; h--) add(filterId, filterModel.measureIds['阻力'], now - h * HOUR, 360 - (10 * h) / 24);
    for (let i = 0; i < rows.length; i += 300) await db.insertInto('t_history_measure_1h').values(rows.slice(i, i + 300)).execute();
    await db.insertInto('t_real_measure').values([
      { device_id: filterId, measure_id: filterModel.measureIds['阻力'], value: 360, text_value: null, ts: now },
      { device_id: filterId, measure_id: filterModel.measureIds['风量'], value: 6000, text_value: null, ts: now },
      { device_id: filterId, measure_id: filterModel.measureIds['出口PM2.5'], value: 6, text_value: null, ts: now },
      { device_id: bankId, measure_id: bankModel.measureIds['阻力'], value: 200, text_value: null, ts: now },
      { device_id: bankId, measure_id: bankModel.measureIds['风量'], value: 6000, text_value: null, ts: now },
      { device_id: sensors[0], measure_id: sensorModel.measureIds['PM2.5'], value: 30, text_value: null, ts: now },
      { device_id: sensors[1], measure_id: sensorModel.measureIds['PM2.5'], value: 50, text_value: null, ts: now },
    ]).execute();
  });

  afterAll(async () => {
    await server?.dispose();
  });

  const aqi = async (period: string) => {
    const r = await admin.get(`/app-api/environment/aqi?projectId=${projectId}&period=${period}&to=${TO}`);
    expect(r.status, r.body.error).toBe(200);
    return AqiAnalysis.parse(r.body.data);
  };

  it('indexes the latest hour under HJ 633—2026: SO2 1-hour above 800 reads 200, PM by the daily breakpoints', async () => {
    const a = await aqi('day');
    expect(a.standard.id).toBe('HJ633-2026');
    expect(a.standard.zh).toContain('HJ 633—2026');
    const outdoor = a.sides.find((s) => s.side === 'outdoor')!;
    expect(outdoor.devices).toBe(2);
    expect([...outdoor.pollutants].sort()).toEqual(['pm10', 'pm25', 'so2']);
    const h = outdoor.latestHour!;
    expect(h.t).toBe(T0 + 33 * HOUR);
    const iaqi = Object.fromEntries(h.parts.map((p) => [p.indicator, p.iaqi]));
    // PM2.5 80: 100 + 50/55 × 20 = 118.2 → 119; PM10 100: 50 + 50/70 × 50 = 85.7 → 86; SO2 900 → 200.
    expect(iaqi).toEqual({ so2_1h: 200, pm10_1h: 86, pm25_1h: 119 });
    expect(h.parts.find((p) => p.indicator === 'so2_1h')!.note).toBe('so2-1h-above-800');
    expect(h.aqi).toBe(200);
    expect(h.level).toBe(4);
    expect(h.primaryPollutants).toEqual(['so2']);
    // Exceedance: day 2's ten hours (PM2.5 119, and SO2 200 at 09:00); 13 of day 1's last 14 hours have an AQI.
    expect(outdoor.exceedanceHours).toBe(10);
    expect(outdoor.exceedanceByPollutant).toEqual({ pm25: 10, so2: 1 });
    expect(outdoor.hoursWithAqi).toBe(23);
    expect(outdoor.hourly).toHaveLength(24);
    // The period's means: PM2.5 (14 × 40 + 10 × 80) / 24.
    expect(outdoor.means.pm25).toBeCloseTo(56.7, 1);
  });

  it('publishes no AQI for an hour with a pollutant missing when the rest give 100 or less (2026 §5.3.1)', async () => {
    const a = await aqi('day');
    const outdoor = a.sides.find((s) => s.side === 'outdoor')!;
    const noon = outdoor.hourly.find((r) => r.t === T0 + 12 * HOUR)!;
    // PM2.5 40: 50 + 50/25 × 5 = 60; PM10 60: 50 + 50/70 × 10 = 57.1 → 58; SO2 missing.
    expect(noon.missing).toEqual(['so2_1h']);
    expect(noon.maxIaqi).toBe(60);
    expect(noon.aqi).toBeNull();
    expect(noon.level).toBeNull();
  });

  it('makes daily reports of whole days and the indoor side from the air behind the filter', async () => {
    const a = await aqi('week');
    const outdoor = a.sides.find((s) => s.side === 'outdoor')!;
    expect(a.from).toBe(T0 + DAY - 6 * DAY);
    // Day 1: PM2.5 40 → 60, PM10 60 → 58, SO2 100 over 23 hours → 50 + 50/100 × 50 = 75.
    // The week's six whole days (today's is not whole yet); only day 1 has data.
    expect(outdoor.daily.map((d) => d.t)).toEqual([0, 1, 2, 3, 4, 5].map((i) => a.from + i * DAY));
    expect(outdoor.daily.filter((d) => d.aqi !== null)).toHaveLength(1);
    const d1 = outdoor.daily.find((d) => d.t === T0)!;
    expect(Object.fromEntries(d1.parts.map((p) => [p.indicator, p.iaqi]))).toEqual({ so2_24h: 75, pm10_24h: 58, pm25_24h: 60 });
    expect(d1.aqi).toBe(75);
    expect(d1.primaryPollutants).toEqual(['so2']);
    const indoor = a.sides.find((s) => s.side === 'indoor')!;
    expect(indoor.devices).toBe(1);
    expect(indoor.pollutants).toEqual(['pm25']);
    // Outlet 40 μg/m³ at 09:00: 50 + 50/25 × 5 = 60, 良, nothing missing (only PM2.5 is monitored indoors).
    expect(indoor.latestHour).toMatchObject({ aqi: 60, level: 2, missing: [], primaryPollutants: ['pm25'] });
    // Daily: outlet 4 μg/m³ → 50/35 × 4 = 5.7 → 6.
    expect(indoor.daily.find((d) => d.t === T0)!.aqi).toBe(6);
  });

  it('applies HJ 633—2012 when it is the standard: 24-hour sliding PM, SO2 1-hour above 800 → its 24-hour IAQI', async () => {
    const user: AuthUser = { id: 0, username: 't', orgId: 0, orgType: 0, isSuper: true, isGuest: false, rights: new Set(), scope: { all: true } as AuthUser['scope'], sessionId: 0 };
    const service = new EnvironmentService(new EnvironmentRepository(server.database.db));
    const a = await service.aqi(user, { projectId, period: 'day', to: TO }, 'HJ633-2012', Date.now());
    expect(a.standard.id).toBe('HJ633-2012');
    const h = a.sides.find((s) => s.side === 'outdoor')!.latestHour!;
    // At 09:00 the last 24 hours: SO2 (22 × 100 + 900) / 23 = 134.8 → 50 + 0.5 × 84.8 = 92.4 → 93;
    // PM2.5 (14 × 40 + 10 × 80) / 24 = 56.7 → 50 + 50/40 × 21.7 = 77.1 → 78; PM10 76.7 → 63.3 → 64.
    expect(Object.fromEntries(h.parts.map((p) => [p.indicator, p.iaqi]))).toEqual({ so2_1h: 93, pm10_24h: 64, pm25_24h: 78 });
    expect(h.aqi).toBe(93);
    expect(h.primaryPollutants).toEqual(['so2']);
    // The same through the API once the settings name the 2012 standard.
    await saveSettings(server.database.db, { aqiStandard: 'HJ633-2012' });
    try {
      const viaApi = await aqi('day');
      expect(viaApi.standard.id).toBe('HJ633-2012');
      expect(viaApi.sides.find((s) => s.side === 'outdoor')!.latestHour!.aqi).toBe(93);
    } finally {
      await saveSettings(server.database.db, { aqiStandard: 'HJ633-2026' });
    }
  });

  it('finds the filter stage efficiency and flags the leak still open', async () => {
    const r = await admin.get(`/app-api/environment/filtration?projectId=${projectId}&period=day&to=${TO}`);
    expect(r.status, r.body.error).toBe(200);
    const f = FiltrationAnalysis.parse(r.body.data);
    expect(f.stages).toHaveLength(1);
    const s = f.stages[0];
    expect(s).toMatchObject({ deviceId: filterId, stage: 1, upstream: 'outdoor', latest: 0.5, leaking: true });
    // 1 − Σ down / Σ up = 1 − (14 × 4 + 5 × 8 + 5 × 40) / (14 × 40 + 10 × 80) = 1 − 296/1360.
    expect(s.efficiency).toBeCloseTo(1 - 296 / 1360, 4);
    expect(s.drops).toHaveLength(1);
    expect(s.drops[0]).toMatchObject({ start: T0 + 29 * HOUR, end: null, baseline: 0.9, efficiency: 0.5 });
    expect(s.drops[0].drop).toBeCloseTo(0.4, 4);
    expect(f.flagged).toBe(1);
    expect(s.series).toHaveLength(24);
    expect(s.series.at(-1)!.efficiency).toBeCloseTo(0.5, 4);
  });

  it('lists resistance, particulates and air volume of the project with their summaries', async () => {
    const pa = PaDevicePage.parse((await admin.get(`/app-api/v_pa_dev_list?projectId=${projectId}`)).body.data);
    expect(pa.count).toBe(2);
    // Without a filter model: the default initial resistance and the point's alarm threshold.
    const plain = pa.list.find((d) => d.deviceId === filterId)!;
    expect(plain).toMatchObject({ currentPa: 360, initialPa: 80, initialFrom: 'default', finalPa: 450, finalFrom: 'alarm', percentOfFinal: 80 });
    expect(plain.trendPaPerDay).toBeCloseTo(10, 1);
    // With one: the model's initial and final (2.5 × 100 Pa), not the alarm's 450 Pa.
    expect(pa.list.find((d) => d.deviceId === bankId)).toMatchObject({
      currentPa: 200, initialPa: 100, initialFrom: 'filter-model', finalPa: 250, finalFrom: 'filter-model', percentOfFinal: 80, trendPaPerDay: null,
    });
    expect(pa.summary).toMatchObject({ devices: 2, atFinal: 0, near: 2, meanPercentOfFinal: 80 });

    const pm = PmDevicePage.parse((await admin.get(`/app-api/v_pm_dev_list?projectId=${projectId}`)).body.data);
    expect(pm.count).toBe(3);
    expect(pm.list.find((d) => d.deviceId === filterId)).toMatchObject({ position: 'downstream', side: 'indoor', pm25: 6 });
    expect(pm.summary).toMatchObject({ outdoorPm25: 40, indoorPm25: 6, reduction: 0.85 });
    const outdoorOnly = PmDevicePage.parse((await admin.get(`/app-api/v_pm_dev_list?projectId=${projectId}&side=outdoor`)).body.data);
    expect(outdoorOnly.list.map((d) => d.side)).toEqual(['outdoor', 'outdoor']);

    const air = AirDevicePage.parse((await admin.get(`/app-api/v_air_dev_list?projectId=${projectId}&keyword=过滤器`)).body.data);
    // Lowest share first: the point's range maximum (10,000) without a model, the model's rated 8,000 with one.
    expect(air.list.map((d) => d.deviceId)).toEqual([filterId, bankId]);
    expect(air.list[0]).toMatchObject({ currentM3h: 6000, ratedM3h: 10_000, ratedFrom: 'max', percentOfRated: 60 });
    expect(air.list[1]).toMatchObject({ currentM3h: 6000, ratedM3h: 8000, ratedFrom: 'filter-model', percentOfRated: 75 });
    expect(air.summary).toMatchObject({ devices: 2, running: 2, low: 0, totalM3h: 12_000, meanPercentOfRated: 67.5 });
  });

  it('keeps to the data scope and refuses bad input naming the field', async () => {
    for (const url of ['/app-api/v_pa_dev_list', '/app-api/v_pm_dev_list', '/app-api/v_air_dev_list', '/app-api/environment/aqi', '/app-api/environment/filtration']) {
      const r = await operator.get(`${url}?projectId=${projectId}`);
      expect(r.status, url).toBe(404);
    }
    const mine = PaDevicePage.parse((await operator.get('/app-api/v_pa_dev_list?Size=500')).body.data);
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.list.some((d) => d.projectId === projectId)).toBe(false);
    const bad = await admin.get('/app-api/environment/aqi?period=fortnight');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^query\.period/);
    expect((await admin.get('/app-api/environment/filtration?period=year')).status).toBe(400);
    expect((await admin.get('/app-api/v_pa_dev_list?projectId=99999999')).status).toBe(404);
  });

  it('knows positions, pollutants and units', () => {
    expect(airPositionOf('PM2.5', DeviceTypeId.Sensor)).toBe('outdoor');
    expect(airPositionOf('室内PM2.5', DeviceTypeId.Sensor)).toBe('indoor');
    expect(airPositionOf('出口PM2.5', DeviceTypeId.Filter)).toBe('downstream');
    expect(airPositionOf('进风PM2.5', DeviceTypeId.Filter)).toBe('upstream');
    expect(airPositionOf('送风PM2.5', DeviceTypeId.MonitoredDevice)).toBe('downstream');
    expect(pollutantOf({ tag_id: MeasureTag.SulfurDioxide, name: 'x' })).toBe('so2');
    expect(pollutantOf({ tag_id: null, name: '臭氧' })).toBe('o3');
    expect(pollutantOf({ tag_id: null, name: 'CO浓度' })).toBe('co');
    expect(pollutantOf({ tag_id: MeasureTag.PM1, name: 'PM1' })).toBeNull();
    // 1 ppm SO2 at 298.15 K: 64.066 / 24.465 × 1000 = 2618.7 μg/m³; CO stays in mg/m³.
    expect(aqiUnitFactor('so2', 'ppm')).toBeCloseTo(2618.67, 1);
    expect(aqiUnitFactor('co', 'mg/m³')).toBe(1);
    expect(aqiUnitFactor('pm25', 'ug/m3')).toBe(1);
    expect(aqiUnitFactor('pm25', 'ppm')).toBeNull();
    expect(aqiUnitFactor('pm25', '个/L')).toBeNull();
  });
});
