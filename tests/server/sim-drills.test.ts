import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceTypeId } from '../../contract/enums';
import { loginAs, startTestServer, type TestServer } from './harness';

/** A project with simulated air sensors, the one whose PM2.5 (alarm ≥ 75) a haze drives. */
async function sensorProject(server: TestServer): Promise<{ projectId: number; sensors: number[] }> {
  const rows = await server.database.db.selectFrom('t_device').select(['id', 'project_id'])
    .where('device_type_id', '=', DeviceTypeId.Sensor).where('project_id', 'is not', null).orderBy('id').execute();
  const projectId = rows[0].project_id!;
  return { projectId, sensors: rows.filter((r) => r.project_id === projectId).map((r) => r.id) };
}

describe('simulator drills', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ simulator: true }); });
  afterAll(async () => { await server?.dispose(); });

  it('a haze over a project makes its simulated sensors raise their PM2.5 alarms through the real ingest path', async () => {
    const admin = await loginAs(server, 'admin');
    const { projectId, sensors } = await sensorProject(server);
    const db = server.database.db;
    const pm25 = await db.selectFrom('t_measure as m').innerJoin('t_device as d', 'd.device_model_id', 'm.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId']).where('d.id', 'in', sensors).where('m.name', '=', 'PM2.5').execute();
    // Clear the sensors' PM2.5 alarms the demo opened, so what follows is the drill's doing.
    await db.deleteFrom('t_real_measure_warning').where('device_id', 'in', sensors).where('measure_id', 'in', pm25.map((p) => p.measureId)).execute();
    const since = Date.now();

    const r = await admin.post('/api/sim/drill/haze', { projectId, minutes: 10 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ projectId, level: 4 });
    expect(r.body.data.until).toBeGreaterThan(since + 9 * 60_000);

    await expect.poll(async () => (await db.selectFrom('t_history_measure_warning').select('id')
      .where('device_id', 'in', sensors).where('measure_id', 'in', pm25.map((p) => p.measureId)).where('raised_at', '>=', since).execute()).length,
    { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    const values = await db.selectFrom('t_real_measure').select('value').where('device_id', 'in', sensors)
      .where('measure_id', 'in', pm25.map((p) => p.measureId)).where('ts', '>=', since).execute();
    expect(Math.max(...values.map((v) => v.value ?? 0))).toBeGreaterThanOrEqual(75);

    const log = await db.selectFrom('t_history_log').select('detail').where('target', '=', 'sim-drill').execute();
    expect(log.map((l) => l.detail)).toContainEqual(expect.stringContaining(`项目 #${projectId}`));
  });

  it('refuses bad input naming the field, a project out of sight and one without simulated devices (rights: the rights matrix)', async () => {
    const admin = await loginAs(server, 'admin');
    const { projectId } = await sensorProject(server);
    const bad = await admin.post('/api/sim/drill/haze', { projectId, minutes: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('body.minutes');
    expect((await admin.post('/api/sim/drill/haze', { projectId: 999_999 })).status).toBe(404);
    const empty = await server.database.db.insertInto('t_project')
      .values({ name: '空项目-演练', code: 'DRILL-EMPTY', org_id: 1, created_at: Date.now() } as never).returning('id').executeTakeFirstOrThrow();
    const none = await admin.post('/api/sim/drill/haze', { projectId: empty.id });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('body.projectId');
  });
});

describe('simulator drills without a simulator', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.dispose(); });

  it('answer 404: only the demo server with its simulator rehearses', async () => {
    const admin = await loginAs(server, 'admin');
    const r = await admin.post('/api/sim/drill/haze', { projectId: 1 });
    expect(r.status).toBe(404);
    expect(r.body.error).toContain('演示模拟器未运行');
  });
});
