import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

describe('applications: organisations, usage, logins, the login switch', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.dispose(); });

  it('joins and takes off organisations, logged, each once', async () => {
    const admin = await loginAs(server, 'admin');
    const app = (await admin.post('/api/t_application/save', { name: '巡检App', code: 'patrol' })).body.data;
    const orgs = (await admin.get('/api/t_org/names')).body.data.slice(0, 2).map((o: { id: number }) => o.id);
    expect((await admin.post('/api/t_application/add-org', { appId: app.id, orgIds: [...orgs, orgs[0]] })).body.data).toBe(2);
    expect((await admin.post('/api/t_application/add-org', { appId: app.id, orgIds: orgs })).body.data).toBe(0);
    expect((await admin.get(`/api/t_application/orgs?id=${app.id}`)).body.data.map((o: { id: number }) => o.id)).toEqual(orgs);
    expect((await admin.post('/api/t_application/remove-org', { appId: app.id, orgIds: [orgs[1]] })).body.data).toBe(1);
    expect((await admin.get(`/api/t_application/orgs?id=${app.id}`)).body.data.map((o: { id: number }) => o.id)).toEqual([orgs[0]]);
    const log = await server.database.db.selectFrom('t_history_log').select(['action', 'detail']).where('target', '=', `t_application#${app.id}`).orderBy('id').execute();
    expect(log.map((l) => l.detail)).toEqual([
      JSON.stringify({ addOrgs: orgs }), JSON.stringify({ addOrgs: [] }), JSON.stringify({ removeOrgs: [orgs[1]] }),
    ]);

    const unknownOrg = await expectNoChange(server, () => admin.post('/api/t_application/add-org', { appId: app.id, orgIds: [999999] }));
    expect([unknownOrg.status, unknownOrg.body.error]).toEqual([400, 'body.orgIds: 含有不存在的组织']);
    const unknownApp = await expectNoChange(server, () => admin.post('/api/t_application/add-org', { appId: 999999, orgIds: orgs }));
    expect([unknownApp.status, unknownApp.body.error]).toEqual([404, '应用不存在']);
    expect((await admin.post('/api/t_application/add-org', { appId: app.id, orgIds: [] })).body.error).toBe('body.orgIds: at least one organisation');
  });

  it('counts users and logins per application, lists the logins newest first, and closes it to logins', async () => {
    const admin = await loginAs(server, 'admin');
    const login = (appId: number) => new ApiClient(server.url).post(`/api/user/login?appId=${appId}`, { user: 'operator', password: 'Operator@2026', orgBZ: '', tokenExpired: 30 });
    expect((await login(1)).body.success).toBe(true);
    expect((await login(1)).body.success).toBe(true);
    const usage = (await admin.get('/api/t_application/user-app-count')).body.data.find((a: { id: number }) => a.id === 1);
    expect(usage.logins).toBeGreaterThanOrEqual(2);
    expect(usage.users).toBeGreaterThan(0);
    const logins = (await admin.get('/api/t_application/login-list?id=1&Page=1&Size=1')).body.data;
    expect(logins.count).toBeGreaterThanOrEqual(2);
    expect(logins.list).toEqual([expect.objectContaining({ username: 'operator', nickName: expect.any(String) })]);

    expect((await new ApiClient(server.url).get('/api/t_application/can-login?id=1')).body.data).toBe(true);
    const app = (await admin.get('/api/t_application/1')).body.data;
    await admin.post('/api/t_application/save', { ...app, canLogin: 0, id: 1, version: app.version, createdAt: undefined });
    expect((await new ApiClient(server.url).get('/api/t_application/can-login?id=1')).body.data).toBe(false);
    expect((await login(1)).body.error).toBe('该应用不允许登录');
    expect((await new ApiClient(server.url).get('/api/t_application/can-login?id=999999')).status).toBe(404);
  });
});
