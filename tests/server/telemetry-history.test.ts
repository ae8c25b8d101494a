import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResult } from '../../contract/telemetry';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';
import { FakeClock, createDevice, createModel, fakeClockTelemetry } from './telemetry-fixtures';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('measure history: raw, rollups, trends, retention', () => {
  let server: TestServer;
  let admin: ApiClient;
  const clock = new FakeClock();
  let t: ReturnType<typeof fakeClockTelemetry>;
  let deviceId: number;
  let measureId: number;
  let otherMeasure: number;
  /** The start of an hour well before the clock. */
  let H: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    t = fakeClockTelemetry(server, clock);
    const model = await createModel(server.database.db, 'HIST', [{ name: '压差', unit: 'Pa' }, { name: '流量' }]);
    measureId = model.measureIds['压差'];
    otherMeasure = model.measureIds['流量'];
    deviceId = await createDevice(server.database.db, model.modelId, 'HIST-01');
    H = Math.floor(clock.t / HOUR) * HOUR - 2 * HOUR;
  });
  afterAll(async () => { await server?.dispose(); });

  const at = (offset: number, value: number) => ({ deviceId, measureId, value, ts: H + offset });
  const trend = async (query: string) => {
    const r = await admin.get(`/api/t_history_measure?deviceId=${deviceId}&measureId=${measureId}&${query}`);
    expect(r.body.error).toBeUndefined();
    return HistoryResult.parse(r.body.data);
  };

  it('folds every sample into 1-minute and 1-hour buckets, late ones included, each once', async () => {
    const db = server.database.db;
    expect(await t.telemetry.ingest.ingest([at(50_000, 3), at(MIN, 10), at(61 * MIN, 5)])).toMatchObject({ accepted: 3, stale: 0 });
    expect(await t.telemetry.ingest.ingest([at(0, 1), at(10_000, 2)])).toMatchObject({ accepted: 2, stale: 2 });
    expect(await t.telemetry.ingest.ingest([at(61 * MIN + 30_000, 7), at(0, 1)])).toMatchObject({ accepted: 1, duplicates: 1 });

    const rollup = (table: 't_history_measure_1m' | 't_history_measure_1h') => db.selectFrom(table)
      .select(['bucket', 'min_value', 'max_value', 'sum_value', 'sample_count'])
      .where('device_id', '=', deviceId).where('measure_id', '=', measureId).orderBy('bucket').execute();
    expect(await rollup('t_history_measure_1m')).toEqual([
      { bucket: H, min_value: 1, max_value: 3, sum_value: 6, sample_count: 3 },
      { bucket: H + MIN, min_value: 10, max_value: 10, sum_value: 10, sample_count: 1 },
      { bucket: H + 61 * MIN, min_value: 5, max_value: 7, sum_value: 12, sample_count: 2 },
    ]);
    expect(await rollup('t_history_measure_1h')).toEqual([
      { bucket: H, min_value: 1, max_value: 10, sum_value: 16, sample_count: 4 },
      { bucket: H + HOUR, min_value: 5, max_value: 7, sum_value: 12, sample_count: 2 },
    ]);
  });

  it('serves trends raw or from the rollups, picking by range unless told', async () => {
    const raw = await trend(`from=${H}&to=${H + 2 * HOUR}`);
    expect(raw.interval).toBe('raw');
    expect(raw.points.map((p) => [p.ts - H, p.value])).toEqual([[0, 1], [10_000, 2], [50_000, 3], [MIN, 10], [61 * MIN, 5], [61 * MIN + 30_000, 7]]);
    expect(raw.points[0]).toEqual({ ts: H, value: 1, min: 1, max: 1, count: 1 });

    const minutes = await trend(`from=${H}&to=${H + 2 * HOUR}&interval=1m`);
    expect(minutes.points).toEqual([
      { ts: H, value: 2, min: 1, max: 3, count: 3 },
      { ts: H + MIN, value: 10, min: 10, max: 10, count: 1 },
      { ts: H + 61 * MIN, value: 6, min: 5, max: 7, count: 2 },
    ]);
    expect((await trend(`from=${H - DAY}&to=${H + DAY}`)).interval).toBe('1m');
    const hours = await trend(`from=${H - 10 * DAY}&to=${H + DAY}`);
    expect(hours).toEqual({
      interval: '1h', bucketMs: HOUR, truncated: false,
      points: [{ ts: H, value: 4, min: 1, max: 10, count: 4 }, { ts: H + HOUR, value: 6, min: 5, max: 7, count: 2 }],
    });
    // A bucket that started before `from` still covers it.
    expect((await trend(`from=${H + 30 * MIN}&to=${H + 2 * HOUR}&interval=1h`)).points.map((p) => p.ts)).toEqual([H, H + HOUR]);
  });

  it('bounds the number of points and says when it cut', async () => {
    const base = H - 5 * HOUR;
    const items = Array.from({ length: 5001 }, (_, i) => ({ deviceId, measureId: otherMeasure, value: i, ts: base + i * 1000 }));
    expect(await t.telemetry.ingest.ingest(items)).toMatchObject({ accepted: 5001 });
    // Named, the raw table is read as it is; left to the server, 5,001 samples exceed its budget and minutes are read instead.
    const r = HistoryResult.parse((await admin.get(`/api/t_history_measure?deviceId=${deviceId}&measureId=${otherMeasure}&from=${base}&to=${base + 2 * HOUR}&interval=raw`)).body.data);
    expect(r).toMatchObject({ interval: 'raw', truncated: true });
    expect(r.points).toHaveLength(5000);
    expect(r.points.at(-1)!.value).toBe(4999);
    const auto = HistoryResult.parse((await admin.get(`/api/t_history_measure?deviceId=${deviceId}&measureId=${otherMeasure}&from=${base}&to=${base + 2 * HOUR}`)).body.data);
    expect(auto).toMatchObject({ interval: '1m', bucketMs: MIN, truncated: false });
    expect(auto.points.reduce((n, p) => n + p.count, 0)).toBe(5001);
  });

  it('refuses bad ranges, foreign measures and devices outside the scope', async () => {
    const base = `/api/t_history_measure?deviceId=${deviceId}&measureId=${measureId}`;
    expect((await admin.get(`${base}&from=${H}&to=${H}`)).body.error).toBe('query.from: from must be before to');
    expect((await admin.get(`${base}&from=${H}&to=${H + 1}&interval=5m`)).body.error).toMatch(/^query\.interval: /);
    expect((await admin.get(`${base}&to=${H}`)).body.error).toMatch(/^query\.from: /);
    const foreign = await server.database.db.selectFrom('t_measure').select('id').where('name', '=', '阻力').executeTakeFirstOrThrow();
    expect((await admin.get(`/api/t_history_measure?deviceId=${deviceId}&measureId=${foreign.id}&from=0&to=1`)).body.error).toBe('测点不存在');
    const bj = await server.database.db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id').select(['d.id', 'm.id as measureId'])
      .where('p.code', '=', 'P-BJ-01').executeTakeFirstOrThrow();
    const operator = await loginAs(server, 'operator');
    expect((await operator.get(`/api/t_history_measure?deviceId=${bj.id}&measureId=${bj.measureId}&from=0&to=1`)).body.error).toBe('设备不存在');
  });

  it('prunes each table by its retention setting', async () => {
    const db = server.database.db;
    const count = async (table: 't_history_measure' | 't_history_measure_1m' | 't_history_measure_1h') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('device_id', '=', deviceId).executeTakeFirstOrThrow()).n);
    // Pruning covers every device: the demo seed's rollup history too.
    const total = async (table: 't_history_measure' | 't_history_measure_1m' | 't_history_measure_1h') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = { raw: await total('t_history_measure'), minute: await total('t_history_measure_1m'), hour: await total('t_history_measure_1h') };
    // Defaults (7 days raw): nothing is old enough yet.
    expect(await t.telemetry.pruneHistory()).toMatchObject({ raw: 0, minute: 0, hour: 0 });
    clock.advance(2 * DAY);
    await db.updateTable('sys_setting').set({ value: '1' }).where('key', '=', 'retention.raw.days').execute();
    expect(await t.telemetry.pruneHistory()).toMatchObject({ raw: before.raw, minute: 0, hour: 0 });
    await db.updateTable('sys_setting').set({ value: '1' }).where('key', 'in', ['retention.1m.days', 'retention.1h.days']).execute();
    expect(await t.telemetry.pruneHistory()).toMatchObject({ raw: 0, minute: before.minute, hour: before.hour });
    expect([await count('t_history_measure'), await count('t_history_measure_1m'), await count('t_history_measure_1h')]).toEqual([0, 0, 0]);
    // Current values are not history: they stay.
    expect(await db.selectFrom('t_real_measure').select('value').where('device_id', '=', deviceId).execute()).toHaveLength(2);
  });
});
