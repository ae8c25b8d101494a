import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Availability, DeviceAlarmPage, DeviceDetail } from '../../contract/device-detail';
import { HistoryResult, OnlineHistoryPage } from '../../contract/telemetry';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';
import { FakeClock, createDevice, createModel, fakeClockTelemetry } from './telemetry-fixtures';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2025-01-06 00:00 in China (UTC+8), a Monday. */
const T0 = Date.UTC(2025, 0, 5, 16);
/** 2024-01-01 00:00 UTC: a year of hourly rollups starts here. */
const Y0 = Date.UTC(2024, 0, 1);

describe('device detail and online data (issue 19)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const clock = new FakeClock();
  let t: ReturnType<typeof fakeClockTelemetry>;
  let deviceId: number;
  let lateDeviceId: number;
  /** The device samples are ingested for (its state changes are recorded at the fake clock's time). */
  let liveId: number;
  let ids: Record<string, number>;
  /** A device the operator may not see (Beijing's project). */
  let foreign: { deviceId: number; measureId: number };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    t = fakeClockTelemetry(server, clock);
    const db = server.database.db;
    const model = await createModel(db, 'DETAIL', [
      { name: '压差', unit: 'Pa', decimals: 0, rule: [4, 400, null, 2] },
      { name: '年度', unit: 'kWh' },
      { name: '覆盖' },
      { name: '状态字', printf: '{"0":"滤网堵塞","1":"风机故障"}' },
    ]);
    ids = model.measureIds;
    deviceId = await createDevice(db, model.modelId, 'DETAIL-01');
    lateDeviceId = await createDevice(db, model.modelId, 'DETAIL-02');
    liveId = await createDevice(db, model.modelId, 'DETAIL-03');
    const bj = await db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id').select(['d.id', 'm.id as measureId'])
      .where('p.code', '=', 'P-BJ-01').executeTakeFirstOrThrow();
    foreign = { deviceId: bj.id, measureId: bj.measureId };

    // A year of hourly rollups: bucket i holds 12 samples around (i mod 24).
    const rows = Array.from({ length: 8760 }, (_, i) => ({
      device_id: deviceId, measure_id: ids['年度'], bucket: Y0 + i * HOUR,
      min_value: (i % 24) - 1, max_value: (i % 24) + 1, sum_value: (i % 24) * 12, sample_count: 12,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('t_history_measure_1h').values(rows.slice(i, i + 500)).execute();

    // 覆盖: a day of hourly rollups, minutes only for its last two hours (as the demo seeds them).
    const D0 = Y0 + 30 * DAY;
    await db.insertInto('t_history_measure_1h').values(Array.from({ length: 24 }, (_, i) => ({
      device_id: deviceId, measure_id: ids['覆盖'], bucket: D0 + i * HOUR, min_value: 1, max_value: 1, sum_value: 60, sample_count: 60,
    }))).execute();
    await db.insertInto('t_history_measure_1m').values(Array.from({ length: 120 }, (_, i) => ({
      device_id: deviceId, measure_id: ids['覆盖'], bucket: D0 + 22 * HOUR + i * MIN, min_value: 1, max_value: 1, sum_value: 1, sample_count: 1,
    }))).execute();

    // Online history: online before T0, then changes on the first two days.
    const changes: [number, number][] = [[-2, 1], [6, 0], [9, 1], [20, 2], [22, 1], [30, 0], [36, 1]];
    await db.insertInto('t_history_online').values(changes.map(([h, state]) => ({ device_id: deviceId, state, ts: T0 + h * HOUR }))).execute();
    // The second device's first record comes at noon of the first day.
    await db.insertInto('t_history_online').values({ device_id: lateDeviceId, state: 1, ts: T0 + 12 * HOUR }).execute();
  });
  afterAll(async () => { await server?.dispose(); });

  const history = async (query: string, id = deviceId) => {
    const r = await admin.get(`/api/t_history_measure?deviceId=${id}&${query}`);
    expect(r.body.error).toBeUndefined();
    return HistoryResult.parse(r.body.data);
  };
  const availability = async (query: string, who = admin, id = deviceId) => {
    const r = await who.get(`/api/t_history_online/availability?deviceId=${id}&${query}`);
    expect(r.body.error).toBeUndefined();
    return Availability.parse(r.body.data);
  };

  describe('history resolution', () => {
    let H: number;
    beforeAll(async () => {
      H = Math.floor(clock.t / HOUR) * HOUR - 3 * HOUR;
      // An hour of raw samples every 30 s: 120 samples, each value its index.
      const items = Array.from({ length: 120 }, (_, i) => ({ deviceId: liveId, measureId: ids['压差'], value: i, ts: H + i * 30_000 }));
      expect(await t.telemetry.ingest.ingest(items)).toMatchObject({ accepted: 120 });
    });

    it('serves a short range raw while the samples fit the budget, else merged minutes', async () => {
      const raw = await history(`measureId=${ids['压差']}&from=${H}&to=${H + HOUR}`, liveId);
      expect(raw).toMatchObject({ interval: 'raw', bucketMs: 0, truncated: false });
      expect(raw.points).toHaveLength(120);
      // 120 samples over a budget of 50: 60 one-minute buckets do not fit either, 30 two-minute ones do.
      const merged = await history(`measureId=${ids['压差']}&from=${H}&to=${H + HOUR}&maxPoints=50`, liveId);
      expect(merged).toMatchObject({ interval: '1m', bucketMs: 2 * MIN, truncated: false });
      expect(merged.points).toHaveLength(30);
      expect(merged.points[0]).toEqual({ ts: H, value: 1.5, min: 0, max: 3, count: 4 });
      expect(merged.points[29]).toEqual({ ts: H + 58 * MIN, value: 117.5, min: 116, max: 119, count: 4 });
      // A named table is read as it is, cut at the budget.
      const cut = await history(`measureId=${ids['压差']}&from=${H}&to=${H + HOUR}&maxPoints=50&interval=raw`, liveId);
      expect(cut).toMatchObject({ interval: 'raw', truncated: true });
      expect(cut.points).toHaveLength(50);
    });

    it('serves a year of one measure from the hourly rollup in buckets that fit the budget', async () => {
      const year = await history(`measureId=${ids['年度']}&from=${Y0}&to=${Y0 + 8760 * HOUR}&maxPoints=2000`);
      // 8,760 hours: 1, 2 and 3-hour buckets exceed 2,000 points, 6-hour ones (1,460) do not.
      expect(year).toMatchObject({ interval: '1h', bucketMs: 6 * HOUR, truncated: false });
      expect(year.points).toHaveLength(1460);
      expect(year.points[0]).toEqual({ ts: Y0, value: 2.5, min: -1, max: 6, count: 72 });
      expect(year.points[3]).toEqual({ ts: Y0 + 18 * HOUR, value: 20.5, min: 17, max: 24, count: 72 });
      // The default budget (5,000): 2-hour buckets.
      const fine = await history(`measureId=${ids['年度']}&from=${Y0}&to=${Y0 + 8760 * HOUR}`);
      expect(fine).toMatchObject({ interval: '1h', bucketMs: 2 * HOUR });
      expect(fine.points).toHaveLength(4380);
      // A week of it: past the minute rollup's range, whole hours fit.
      const week = await history(`measureId=${ids['年度']}&from=${Y0 + 30 * MIN}&to=${Y0 + 8 * DAY}&maxPoints=1000`);
      expect(week).toMatchObject({ interval: '1h', bucketMs: HOUR });
      expect(week.points[0].ts).toBe(Y0);
      expect(week.points).toHaveLength(8 * 24);
    });

    it('passes over a finer rollup that does not reach back as far as the hourly one', async () => {
      const D0 = Y0 + 30 * DAY;
      const day = await history(`measureId=${ids['覆盖']}&from=${D0}&to=${D0 + DAY}`);
      expect(day).toMatchObject({ interval: '1h', bucketMs: HOUR });
      expect(day.points).toHaveLength(24);
      const tail = await history(`measureId=${ids['覆盖']}&from=${D0 + 22 * HOUR}&to=${D0 + DAY}`);
      expect(tail).toMatchObject({ interval: '1m', bucketMs: MIN });
      expect(tail.points).toHaveLength(120);
      // Nothing anywhere: an empty answer, by range.
      expect(await history(`measureId=${ids['覆盖']}&from=${Y0}&to=${Y0 + HOUR}`)).toEqual({ interval: 'raw', bucketMs: 0, points: [], truncated: false });
    });
  });

  describe('availability', () => {
    it('accounts each day from the transitions, with the state carried in from before the range', async () => {
      const a = await availability(`from=${T0}&to=${T0 + 2 * DAY}&step=day&tzOffset=480`);
      expect(a.stateAtFrom).toBe(1);
      expect(a.periods).toEqual([
        { from: T0, to: T0 + DAY, onlineMs: 21 * HOUR, alarmMs: 2 * HOUR, offlineMs: 3 * HOUR, unknownMs: 0, changes: 4, availability: 87.5 },
        { from: T0 + DAY, to: T0 + 2 * DAY, onlineMs: 18 * HOUR, alarmMs: 0, offlineMs: 6 * HOUR, unknownMs: 0, changes: 2, availability: 75 },
      ]);
      expect(a.total).toEqual({
        from: T0, to: T0 + 2 * DAY, onlineMs: 39 * HOUR, alarmMs: 2 * HOUR, offlineMs: 9 * HOUR, unknownMs: 0, changes: 6, availability: 81.25,
      });
    });

    it('cuts weeks at local Mondays and months at local firsts', async () => {
      const week = await availability(`from=${T0 - DAY}&to=${T0 + 7 * DAY}&step=week&tzOffset=480`);
      expect(week.periods.map((p) => [p.from, p.to])).toEqual([[T0 - DAY, T0], [T0, T0 + 7 * DAY]]);
      // The Sunday before: online all day (the change 2 hours before midnight carries on).
      expect(week.periods[0]).toMatchObject({ onlineMs: 2 * HOUR, unknownMs: 22 * HOUR, availability: 100 });
      expect(week.stateAtFrom).toBeNull();
      // The week: 168 hours, 9 of them offline: 159/168 = 94.64 %.
      expect(week.periods[1]).toMatchObject({ onlineMs: 159 * HOUR, offlineMs: 9 * HOUR, availability: 94.64 });

      const from = Date.UTC(2025, 0, 14, 16);
      const to = Date.UTC(2025, 2, 14, 16);
      const months = await availability(`from=${from}&to=${to}&step=month&tzOffset=480`);
      expect(months.periods.map((p) => [p.from, p.to])).toEqual([
        [from, Date.UTC(2025, 0, 31, 16)], [Date.UTC(2025, 0, 31, 16), Date.UTC(2025, 1, 28, 16)], [Date.UTC(2025, 1, 28, 16), to],
      ]);
      expect(months.total).toMatchObject({ onlineMs: to - from, offlineMs: 0, changes: 0, availability: 100 });
      expect(months.stateAtFrom).toBe(1);
    });

    it('counts time before the first record as unknown and time to come not at all', async () => {
      const late = await availability(`from=${T0}&to=${T0 + DAY}`, admin, lateDeviceId);
      expect(late).toEqual({
        stateAtFrom: null, periods: [],
        total: { from: T0, to: T0 + DAY, onlineMs: 12 * HOUR, alarmMs: 0, offlineMs: 0, unknownMs: 12 * HOUR, changes: 1, availability: 100 },
      });
      const before = await availability(`from=${T0 - 2 * DAY}&to=${T0 - DAY}`, admin, lateDeviceId);
      expect(before.total).toMatchObject({ onlineMs: 0, offlineMs: 0, unknownMs: DAY, availability: null });
      const now = Date.now();
      const ahead = await availability(`from=${now - HOUR}&to=${now + DAY}`);
      expect(ahead.total.onlineMs).toBeGreaterThanOrEqual(HOUR);
      expect(ahead.total.onlineMs).toBeLessThan(HOUR + 60_000);
      expect(ahead.total).toMatchObject({ offlineMs: 0, unknownMs: 0, availability: 100 });
    });

    it('lists the changes newest first with how long each state held', async () => {
      const first = OnlineHistoryPage.parse((await admin.get(`/api/t_history_online?deviceId=${deviceId}&Page=1&Size=3`)).body.data);
      expect(first.count).toBe(7);
      expect(first.list.map((r) => [r.state, r.ts - T0, r.until === null ? null : r.until - T0, r.durationMs])).toEqual([
        [1, 36 * HOUR, null, first.list[0].durationMs], [0, 30 * HOUR, 36 * HOUR, 6 * HOUR], [1, 22 * HOUR, 30 * HOUR, 8 * HOUR],
      ]);
      expect(first.list[0].durationMs).toBeGreaterThan(Date.now() - T0 - 37 * HOUR);
      const second = OnlineHistoryPage.parse((await admin.get(`/api/t_history_online?deviceId=${deviceId}&Page=2&Size=3`)).body.data);
      expect(second.list.map((r) => [r.state, r.durationMs])).toEqual([[2, 2 * HOUR], [1, 11 * HOUR], [0, 3 * HOUR]]);
      const day = OnlineHistoryPage.parse((await admin.get(`/api/t_history_online?deviceId=${deviceId}&from=${T0}&to=${T0 + DAY}&Page=1&Size=20`)).body.data);
      expect(day.count).toBe(4);
      expect(day.list.map((r) => r.durationMs)).toEqual([8 * HOUR, 2 * HOUR, 11 * HOUR, 3 * HOUR]);
    });
  });

  describe('the device, its points and alarms', () => {
    it('answers the device with each point, its printf, current value and open alarm', async () => {
      // 压差 reads 119 (ingested above); two readings over 400 raise the alarm.
      for (let i = 0; i < 2; i++) {
        clock.advance(MIN);
        await t.telemetry.ingest.ingest([{ deviceId: liveId, measureId: ids['压差'], value: 450, ts: clock.t }, { deviceId: liveId, measureId: ids['状态字'], value: 3, ts: clock.t }]);
      }
      const r = await admin.get(`/api/t_device/detail/${liveId}`);
      expect(r.body.error).toBeUndefined();
      const detail = DeviceDetail.parse(r.body.data);
      expect(detail.device).toMatchObject({ id: liveId, code: 'DETAIL-03', state: 2, projectName: expect.any(String) });
      expect(detail.measures.map((m) => m.name)).toEqual(['压差', '年度', '覆盖', '状态字']);
      const dp = detail.measures[0];
      expect(dp).toMatchObject({ unit: 'Pa', decimals: 0, value: 450, ts: clock.t, printf: '' });
      expect(dp.alarm).toMatchObject({ warnLevel: 2, raisedAt: clock.t });
      expect(dp.alarm!.alarmContent).toContain('450');
      expect(detail.measures[3]).toMatchObject({ printf: '{"0":"滤网堵塞","1":"风机故障"}', value: 3, alarm: null });
      expect(detail.measures[1]).toMatchObject({ value: null, ts: null, alarm: null });
    });

    it('lists the device\'s alarms, open ones or all', async () => {
      for (const value of [100, 100, 480, 480]) {
        clock.advance(MIN);
        await t.telemetry.ingest.ingest([{ deviceId: liveId, measureId: ids['压差'], value, ts: clock.t }]);
      }
      const all = DeviceAlarmPage.parse((await admin.get(`/api/t_device/alarms?deviceId=${liveId}&Page=1&Size=10`)).body.data);
      expect(all.count).toBe(2);
      expect(all.list.map((a) => [a.sampleValue, a.clearedAt === null])).toEqual([[480, true], [450, false]]);
      const open = DeviceAlarmPage.parse((await admin.get(`/api/t_device/alarms?deviceId=${liveId}&state=open&Page=1&Size=10`)).body.data);
      expect(open.list.map((a) => a.sampleValue)).toEqual([480]);
      expect(open.list[0]).toMatchObject({ measureName: '压差', warnLevel: 2, deviceName: '测试设备 DETAIL-03' });
    });
  });

  describe('scope and bad input', () => {
    it('answers 404 for a device outside the caller\'s scope, or none at all, on every call', async () => {
      const calls = (id: number) => [
        `/api/t_device/detail/${id}`,
        `/api/t_device/alarms?deviceId=${id}`,
        `/api/t_history_online?deviceId=${id}`,
        `/api/t_history_online/availability?deviceId=${id}&from=0&to=${DAY}`,
        `/api/t_history_measure?deviceId=${id}&measureId=${foreign.measureId}&from=0&to=${DAY}`,
      ];
      for (const url of calls(foreign.deviceId)) {
        const r = await operator.get(url);
        expect([url, r.status, r.body.error]).toEqual([url, 404, '设备不存在']);
        expect((await admin.get(url)).status).toBe(200);
      }
      for (const url of calls(999_999)) expect([url, (await admin.get(url)).status]).toEqual([url, 404]);
    });

    it('refuses bad input naming the field', async () => {
      const cases: [string, RegExp][] = [
        [`/api/t_device/detail/abc`, /^params\.id: /],
        [`/api/t_device/alarms?deviceId=${deviceId}&state=closed`, /^query\.state: /],
        [`/api/t_device/alarms`, /^query\.deviceId: /],
        [`/api/t_history_online/availability?deviceId=${deviceId}&from=${T0}&to=${T0}`, /^query\.from: from must be before to$/],
        [`/api/t_history_online/availability?deviceId=${deviceId}&from=${T0}&to=${T0 + 401 * DAY}`, /^query\.to: the range may span at most 400 days$/],
        [`/api/t_history_online/availability?deviceId=${deviceId}&from=${T0}&to=${T0 + DAY}&step=year`, /^query\.step: /],
        [`/api/t_history_online/availability?deviceId=${deviceId}&from=${T0}&to=${T0 + DAY}&tzOffset=900`, /^query\.tzOffset: /],
        [`/api/t_history_online/availability?deviceId=${deviceId}&to=${T0}`, /^query\.from: /],
        [`/api/t_history_online?deviceId=${deviceId}&from=${T0 + DAY}&to=${T0}`, /^query\.from: from must be before to$/],
        [`/api/t_history_measure?deviceId=${deviceId}&measureId=${ids['年度']}&from=0&to=${DAY}&maxPoints=5`, /^query\.maxPoints: /],
        [`/api/t_history_measure?deviceId=${deviceId}&measureId=${ids['年度']}&from=0&to=${DAY}&maxPoints=5001`, /^query\.maxPoints: /],
      ];
      for (const [url, error] of cases) {
        const r = await admin.get(url);
        expect([url, r.status]).toEqual([url, 400]);
        expect(r.body.error).toMatch(error);
      }
    });
  });
});
