import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestResult, RealValueList } from '../../contract/telemetry';
import { DEMO_GATEWAY_KEYS_FILE } from '../../server/seed/demo-gateway-keys';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';
import { createDevice, createModel, record } from './telemetry-fixtures';

describe('ingest', () => {
  let server: TestServer;
  let admin: ApiClient;
  let deviceId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    const model = await createModel(server.database.db, 'INGEST', [
      { name: '温度', unit: '℃', tag: 8 }, { name: '湿度', unit: '%RH', tag: 9 }, { name: '压差', unit: 'Pa' },
    ]);
    ids = model.measureIds;
    deviceId = await createDevice(server.database.db, model.modelId, 'ING-01');
  });
  afterAll(async () => { await server?.dispose(); });

  const ingest = async (items: unknown[], api = admin) => {
    const r = await api.post('/api/ingest', { items });
    expect(r.status).toBe(200);
    return IngestResult.parse(r.body.data);
  };
  const values = async () => RealValueList.parse((await admin.get(`/api/t_real_measure/values?deviceId=${deviceId}`)).body.data);

  it('stores a batch by device id or code and measure id or tag, and serves the current values', async () => {
    const t0 = Date.now() - 60_000;
    const events = record(server.telemetry.events);
    const r = await ingest([
      { deviceId, measureId: ids['温度'], value: 21.5, ts: t0 },
      { deviceCode: 'ING-01', tag: 9, value: 48, ts: t0 },
      { deviceId, measureId: ids['压差'], value: 120 },
      { deviceId, measureId: ids['温度'], value: 22, ts: t0 + 10_000 },
    ]);
    events.stop();
    expect(r).toEqual({ accepted: 4, stale: 0, duplicates: 0, rejected: [] });
    const current = await values();
    expect(current.map((v) => [v.measureName, v.value])).toEqual([['温度', 22], ['湿度', 48], ['压差', 120]]);
    expect(current.find((v) => v.measureName === '温度')).toMatchObject({ unit: '℃', tagId: 8, ts: t0 + 10_000, alarm: false });
    // One measureValues event for the batch, in time order; the device came online.
    expect(events.seen.measureValues).toHaveLength(1);
    expect(events.seen.measureValues[0].items.map((i) => i.value)).toEqual([21.5, 48, 22, 120]);
    expect(events.seen.measureValues[0].items[0]).toMatchObject({ deviceId, projectId: expect.any(Number), ts: t0 });
    expect(events.seen.deviceState).toEqual([expect.objectContaining({ deviceId, state: 1 })]);
    const device = await server.database.db.selectFrom('t_device').select(['state', 'last_seen_at']).where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device.state).toBe(1);
    expect(device.last_seen_at).toBeGreaterThanOrEqual(t0);
  });

  it('rejects bad items one by one, naming the problem, and stores the rest', async () => {
    const now = Date.now();
    const r = await ingest([
      { deviceId: 999_999, measureId: ids['温度'], value: 1 },
      { deviceCode: 'NO-SUCH', tag: 8, value: 1 },
      { deviceId, measureId: 999_999, value: 1 },
      { deviceId, tag: 12, value: 1 },
      { deviceId, measureId: ids['温度'], value: '23' },
      { deviceId, measureId: ids['温度'], value: null },
      { deviceId, measureId: ids['温度'] },
      { deviceId, measureId: ids['温度'], value: 1, ts: now + 6 * 60_000 },
      { measureId: ids['温度'], value: 1 },
      { deviceId, value: 1 },
      { deviceId, measureId: ids['温度'], value: 1, extra: true },
      'not an item',
      { deviceId, measureId: ids['温度'], value: 23.5, ts: now },
    ]);
    expect(r.accepted).toBe(1);
    expect(r.rejected).toEqual([
      { index: 0, error: 'unknown device' },
      { index: 1, error: 'unknown device' },
      { index: 2, error: 'unknown measure' },
      { index: 3, error: 'unknown measure' },
      { index: 4, error: 'value: must be a finite number' },
      { index: 5, error: 'value: must be a finite number' },
      { index: 6, error: 'value: must be a finite number' },
      { index: 7, error: 'ts: more than 5 minutes in the future' },
      { index: 8, error: 'deviceId: deviceId or deviceCode is required' },
      { index: 9, error: 'measureId: measureId or tag is required' },
      { index: 10, error: expect.stringMatching(/extra/) },
      { index: 11, error: expect.stringMatching(/object/) },
    ]);
    expect((await values()).find((v) => v.measureName === '温度')?.value).toBe(23.5);
  });

  it('refuses NaN, Infinity and absurd magnitudes, from in-process callers too', async () => {
    const r = await server.telemetry.ingest.ingest([
      { deviceId, measureId: ids['温度'], value: Number.NaN },
      { deviceId, measureId: ids['温度'], value: Number.POSITIVE_INFINITY },
      { deviceId, measureId: ids['温度'], value: -1e300 },
    ]);
    expect(r.rejected.map((x) => x.error)).toEqual(['value: must be a finite number', 'value: must be a finite number', 'value: must lie within ±1000000000000000']);
  });

  it('keeps samples older than the current value in the history only, and ignores duplicates', async () => {
    const db = server.database.db;
    // Ahead of the value the first test stored now (within the 5 minutes a device clock may run ahead).
    const base = Date.now() + 60_000;
    await ingest([{ deviceId, measureId: ids['压差'], value: 100, ts: base + 60_000 }]);
    const events = record(server.telemetry.events);
    const r = await ingest([
      { deviceId, measureId: ids['压差'], value: 90, ts: base },
      { deviceId, measureId: ids['压差'], value: 100, ts: base + 60_000 },
      { deviceId, measureId: ids['压差'], value: 95, ts: base + 30_000 },
      { deviceId, measureId: ids['压差'], value: 95, ts: base + 30_000 },
    ]);
    events.stop();
    expect(r).toEqual({ accepted: 2, stale: 2, duplicates: 2, rejected: [] });
    expect((await values()).find((v) => v.measureName === '压差')).toMatchObject({ value: 100, ts: base + 60_000 });
    expect(events.seen.measureValues).toEqual([]);
    const history = await db.selectFrom('t_history_measure').select(['ts', 'value'])
      .where('device_id', '=', deviceId).where('measure_id', '=', ids['压差']).where('ts', '>=', base).orderBy('ts').execute();
    expect(history).toEqual([{ ts: base, value: 90 }, { ts: base + 30_000, value: 95 }, { ts: base + 60_000, value: 100 }]);
    // A resent batch changes nothing and says so.
    expect(await ingest([{ deviceId, measureId: ids['压差'], value: 90, ts: base }])).toEqual({ accepted: 0, stale: 0, duplicates: 1, rejected: [] });
  });

  it('refuses malformed batches with 400 and changes nothing', async () => {
    const refused = async (body: unknown, error: RegExp) => {
      const r = await expectNoChange(server, () => admin.post('/api/ingest', body));
      expect({ status: r.status, success: r.body.success }).toEqual({ status: 400, success: false });
      expect(r.body.error).toMatch(error);
    };
    await refused({}, /^body\.items: /);
    await refused({ items: [] }, /^body\.items: items is required/);
    await refused({ items: 'x' }, /^body\.items: /);
    await refused({ items: Array.from({ length: 5001 }, () => ({ deviceId, tag: 8, value: 1 })) }, /^body\.items: at most 5000 items/);
  });

  it('takes a gateway key instead of a token, for the devices of its own project only', async () => {
    const db = server.database.db;
    const keys = JSON.parse(fs.readFileSync(path.join(server.config.dataDir, DEMO_GATEWAY_KEYS_FILE), 'utf8')) as Record<string, string>;
    expect(Object.keys(keys)).toHaveLength(8);
    const stored = await db.selectFrom('t_gateway').select(['code', 'key_hash']).execute();
    for (const g of stored) expect(g.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(keys['GW-P-SH-01']);

    const gateway = new ApiClient(server.url);
    const send = (key: string | undefined, items: unknown[]) =>
      gateway.request('POST', '/api/ingest/gateway', { items }, key ? { 'x-gateway-key': key } : {});
    const item = { deviceCode: 'ING-01', tag: 8, value: 24 };
    for (const key of [undefined, 'wrong-key-wrong-key-wrong', keys['GW-P-SH-01'].slice(0, -1)]) {
      const r = await expectNoChange(server, () => send(key, [item]));
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 401, error: '网关密钥无效' });
    }
    const ok = await send(keys['GW-P-SH-01'], [item]);
    expect(IngestResult.parse(ok.body.data)).toEqual({ accepted: 1, stale: 0, duplicates: 0, rejected: [] });
    // Another project's gateway does not see this device.
    const other = await send(keys['GW-P-BJ-01'], [{ ...item, value: 25 }]);
    expect(other.body.data.rejected).toEqual([{ index: 0, error: 'unknown device' }]);
    // A token without the ingest right is refused.
    const operator = await loginAs(server, 'operator');
    expect((await operator.post('/api/ingest', { items: [item] })).status).toBe(403);
  });

  it('scopes current values: 404 outside the caller\'s projects', async () => {
    const operator = await loginAs(server, 'operator');
    const bj = await server.database.db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
      .select(['d.id', 'p.id as projectId']).where('p.code', '=', 'P-BJ-01').executeTakeFirstOrThrow();
    expect((await operator.get(`/api/t_real_measure/values?deviceId=${bj.id}`)).body.error).toBe('设备不存在');
    expect((await operator.get(`/api/t_real_measure/values?projectId=${bj.projectId}`)).body.error).toBe('项目不存在');
    expect((await operator.get(`/api/t_real_measure/values?deviceId=${deviceId}`)).body.success).toBe(true);
    expect((await operator.get('/api/t_real_measure/values')).body.error).toMatch(/^query\.deviceId: deviceId or projectId is required/);
  });

  it('keeps committed values across a restart', async () => {
    const before = await values();
    const history = await server.database.db.selectFrom('t_history_measure').selectAll().where('device_id', '=', deviceId).execute();
    server = await server.restart();
    admin = await loginAs(server, 'admin');
    expect(await values()).toEqual(before);
    expect(await server.database.db.selectFrom('t_history_measure').selectAll().where('device_id', '=', deviceId).execute()).toEqual(history);
    expect(server.migrations).toEqual([]);
  });
});
