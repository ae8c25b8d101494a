import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectGraphRecord } from '../../contract/graph/project-graph';
import { sanitizeGraphXml } from '../../contract/graph/xml';
import { buildDemoGraphXml, type DemoGraphSite } from '../../server/seed/demo-graphs';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

const site: DemoGraphSite = {
  name: '测试 <工厂> & "一号"', code: 'P-T-01', city: '测试',
  devices: {
    '过滤器-01': { id: 11, label: '过滤器-01', points: { 阻力: { id: 1, unit: 'Pa', decimals: 1 } } },
    '净化机组-01': { id: 12, label: '净化机组-01', points: { 送风量: { id: 2, unit: 'm³/h', decimals: 0 } } },
  },
};

describe('seeded project graphs', () => {
  it('the generator writes XML the sanitiser keeps unchanged, bindings included', () => {
    const xml = buildDemoGraphXml(site);
    const result = sanitizeGraphXml(xml);
    if (!result.ok) throw new Error(result.error);
    expect(result.removed).toEqual([]);
    expect(result.xml).toBe(xml);
    expect(result.cells.filter((c) => c.deviceId === 11 && c.measureId === 1).length).toBeGreaterThan(0);
    expect(result.cells.filter((c) => c.deviceId === 12 && c.measureId === 2).length).toBeGreaterThan(0);
    // Devices the site lacks are drawn unbound, never bound to a wrong id.
    expect(result.cells.every((c) => c.deviceId === undefined || c.deviceId === 11 || c.deviceId === 12)).toBe(true);
  });

  describe('in the demo database', () => {
    let server: TestServer;
    let admin: ApiClient;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await loginAs(server, 'admin');
    });
    afterAll(async () => { await server?.dispose(); });

    it('every demo project has a default, active graph bound to its own devices and points', async () => {
      const db = server.database.db;
      const projects = await db.selectFrom('t_project').select(['id', 'name']).orderBy('id').execute();
      expect(projects.length).toBe(8);
      for (const p of projects) {
        const r = await admin.get(`/api/t_project_graph/active?projectId=${p.id}`);
        expect(r.status).toBe(200);
        const graph = ProjectGraphRecord.parse(r.body.data);
        expect(graph.isDefault && graph.isActive).toBe(true);
        expect(graph.xml).toContain(p.name);
        const result = sanitizeGraphXml(graph.xml);
        if (!result.ok) throw new Error(result.error);
        expect(result.removed).toEqual([]);
        const points = await db.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
          .select(['d.id as deviceId', 'm.id as measureId']).where('d.project_id', '=', p.id).execute();
        const devices = new Set(points.map((x) => x.deviceId));
        const keys = new Set(points.map((x) => `${x.deviceId}:${x.measureId}`));
        const bound = result.cells.filter((c) => c.deviceId !== undefined);
        // 18 devices, each drawn; dozens of bound readouts.
        expect(new Set(bound.map((c) => c.deviceId)).size).toBeGreaterThanOrEqual(16);
        expect(bound.filter((c) => c.measureId !== undefined).length).toBeGreaterThan(50);
        for (const c of bound) {
          expect(devices.has(c.deviceId!)).toBe(true);
          if (c.measureId !== undefined) expect(keys.has(`${c.deviceId}:${c.measureId}`)).toBe(true);
        }
      }
    });
  });
});
