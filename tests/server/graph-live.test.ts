import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceState } from '../../contract/enums';
import { GraphLiveSnapshot } from '../../contract/graph/live';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

describe('GET /api/s/graph-live: the live view snapshot', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const project = async (code: string) =>
    (await server.database.db.selectFrom('t_project').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('gives every device state and current value of a project the caller sees', async () => {
    const projectId = await project('P-SZ-01');
    const r = await operator.get(`/api/s/graph-live?projectId=${projectId}`);
    expect(r.status).toBe(200);
    const snap = GraphLiveSnapshot.parse(r.body.data);
    const db = server.database.db;
    const devices = await db.selectFrom('t_device').select(['id', 'state']).where('project_id', '=', projectId).orderBy('id').execute();
    expect(snap.devices).toEqual(devices);
    // The seeded alarms of this site: devices in alarm state, and points flagged.
    expect(snap.devices.some((d) => d.state === DeviceState.Alarm)).toBe(true);
    const open = await db.selectFrom('t_real_measure_warning').select(['device_id', 'measure_id']).where('project_id', '=', projectId).execute();
    expect(open.length).toBeGreaterThan(0);
    for (const w of open) {
      const v = snap.values.find((x) => x.deviceId === w.device_id && x.measureId === w.measure_id);
      expect(v?.alarm).toBe(true);
    }
    const ids = new Set(devices.map((d) => d.id));
    expect(snap.values.length).toBeGreaterThan(0);
    expect(snap.values.every((v) => ids.has(v.deviceId))).toBe(true);
  });

  it('follows ingested values', async () => {
    const projectId = await project('P-SH-01');
    const db = server.database.db;
    const point = await db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId']).where('d.project_id', '=', projectId).where('m.name', '=', '阻力')
      .orderBy('d.id').executeTakeFirstOrThrow();
    const ingest = await admin.post('/api/ingest', { items: [{ ...point, value: 123.4, ts: Date.now() + 1000 }] });
    expect(ingest.body.data.accepted).toBe(1);
    const snap = GraphLiveSnapshot.parse((await operator.get(`/api/s/graph-live?projectId=${projectId}`)).body.data);
    expect(snap.values.find((v) => v.deviceId === point.deviceId && v.measureId === point.measureId)?.value).toBe(123.4);
  });

  it('refuses projects outside the data scope, strangers and bad ids, changing nothing', async () => {
    const beijing = await project('P-BJ-01');
    await expectNoChange(server, async () => {
      const hidden = await operator.get(`/api/s/graph-live?projectId=${beijing}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.success).toBe(false);
      const anonymous = await new ApiClient(server.url).get(`/api/s/graph-live?projectId=${beijing}`);
      expect(anonymous.status).toBe(401);
      for (const bad of ['', 'abc', '-1', '0', '1.5']) {
        const r = await operator.get(`/api/s/graph-live?projectId=${bad}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(/projectId/);
      }
      return undefined;
    });
    // The admin sees every project.
    expect((await admin.get(`/api/s/graph-live?projectId=${beijing}`)).status).toBe(200);
  });
});
