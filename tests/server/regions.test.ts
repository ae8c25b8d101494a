import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from './harness';

describe('regions: is-project-exists', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.dispose(); });

  it('says whether a project lies in the region or below it, and 404 for an unknown region', async () => {
    const admin = await loginAs(server, 'admin');
    const east = (await admin.get('/api/t_region?keyword=EAST')).body.data.list[0];
    expect((await admin.get(`/api/t_region/is-project-exists?id=${east.id}`)).body.data).toBe(true);
    const empty = (await admin.post('/api/t_region/save', { name: '空区域', code: 'EMPTY' })).body.data;
    expect((await admin.get(`/api/t_region/is-project-exists?id=${empty.id}`)).body.data).toBe(false);
    // A project in a child region counts for its parent.
    const child = (await admin.post('/api/t_region/save', { name: '子区域', parentId: empty.id })).body.data;
    await server.database.db.updateTable('t_project').set({ region_id: child.id }).where('id', '=', 1).execute();
    expect((await admin.get(`/api/t_region/is-project-exists?id=${empty.id}`)).body.data).toBe(true);
    const unknown = await admin.get('/api/t_region/is-project-exists?id=999999');
    expect([unknown.status, unknown.body.error]).toEqual([404, '区域不存在']);
    expect((await admin.get('/api/t_region/is-project-exists?id=abc')).body.error).toMatch(/^query\.id: /);
  });
});
