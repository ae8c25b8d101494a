import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RIGHTS } from '../../contract/rights';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

/** Row counts of the tables the demo seed fills. */
async function counts(server: TestServer) {
  const db = server.database.db;
  const n = async (table: 't_user' | 't_org' | 't_project' | 't_device' | 't_measure' | 't_history_message' | 't_menu' | 't_right') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    users: await n('t_user'), orgs: await n('t_org'), projects: await n('t_project'), devices: await n('t_device'),
    measures: await n('t_measure'), messages: await n('t_history_message'), menu: await n('t_menu'), rights: await n('t_right'),
  };
}

describe('persistence across restarts', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('keeps profile changes, personal settings, read messages and sessions; seeds demo data only once', async () => {
    server = await startTestServer();
    expect(server.demoSeed).toEqual({ projects: 8, devices: 144 });
    const admin = await loginAs(server, 'admin');
    expect((await admin.post('/api/user/info', { nickName: '值班长', phone: '13900000001' })).body.success).toBe(true);
    const custom = { theme: 'light', wall: { rotation: ['screen-1', 'graph-3'], seconds: 45 } };
    expect((await admin.post('/api/user/customSet', { content: custom })).body.success).toBe(true);
    const [message] = (await admin.get('/api/t_history_message?Page=1&Size=1&isReaded=false')).body.data.list;
    expect((await admin.post(`/api/t_history_message/set-readed?id=${message.id}`)).body.success).toBe(true);
    const unreadBefore = (await admin.get('/api/t_history_message/unread-count')).body.data;
    const countsBefore = await counts(server);
    const devicesBefore = (await admin.get('/api/s/device')).body.data;

    server = await server.restart();
    expect(server.migrations).toEqual([]);
    expect(server.demoSeed).toBeNull();
    expect(await counts(server)).toEqual(countsBefore);

    // The token issued before the restart is still good: sessions live in the database.
    const info = await admin.get('/api/user/info');
    expect(info.body.data).toMatchObject({ username: 'admin', nickName: '值班长' });
    expect((await admin.get('/api/user/customSet')).body.data).toEqual(custom);
    expect((await admin.get('/api/t_history_message/unread-count')).body.data).toBe(unreadBefore);
    const after = (await admin.get('/api/t_history_message?Page=1&Size=50')).body.data.list;
    expect(after.find((m: { id: number }) => m.id === message.id).isReaded).toBe(true);
    expect((await admin.get('/api/s/device')).body.data).toEqual(devicesBefore);
    // The demo passwords were not reset by a second seed.
    expect((await loginAs(server, 'operator')).token).toBeTruthy();
  });

  it('restarts a demo database with demo mode off: no password needed, nothing seeded or lost', async () => {
    const countsBefore = await counts(server);
    server = await server.restart({ demo: false, adminPassword: undefined });
    expect(server.demoSeed).toBeNull();
    expect(await counts(server)).toEqual(countsBefore);
    expect((await (await loginAs(server, 'admin')).get('/api/user/info')).body.data.nickName).toBe('值班长');
  });
});

describe('first start outside demo mode', () => {
  const servers: TestServer[] = [];
  afterAll(async () => { for (const s of servers) await s.dispose(); });

  it('refuses to start on an empty database without ADMIN_PASSWORD', async () => {
    await expect(startTestServer({ demo: false, adminPassword: undefined })).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('refuses a weak ADMIN_PASSWORD', async () => {
    await expect(startTestServer({ demo: false, adminPassword: 'admin' })).rejects.toThrow(/ADMIN_PASSWORD is too weak/);
  });

  it('creates the administrator from ADMIN_PASSWORD, with every right and no demo data', async () => {
    const server = await startTestServer({ demo: false, adminPassword: 'Admin#2030x' });
    servers.push(server);
    expect(server.demoSeed).toBeNull();
    const anon = new ApiClient(server.url);
    const demoPassword = await anon.post('/api/user/login', { user: 'admin', password: 'Admin@2026' });
    expect(demoPassword.body).toEqual({ success: false, error: '用户名或密码错误' });
    for (const demoUser of ['superadmin', 'operator']) {
      expect((await anon.post('/api/user/login', { user: demoUser, password: 'x' })).body.success).toBe(false);
    }

    const admin = await new ApiClient(server.url).login('admin', 'Admin#2030x');
    expect((await admin.get('/api/user/rights')).body.data).toEqual([...ALL_RIGHTS].sort());
    expect((await admin.get('/api/t_project/names')).body.data).toEqual([]);
    expect((await admin.get('/api/t_device/names')).body.data).toEqual([]);
    expect((await admin.get('/api/s/device')).body.data.total).toBe(0);
    expect((await admin.get('/api/user-manage/names')).body.data).toHaveLength(1);
    expect((await admin.get('/api/t_history_message/unread-count')).body.data).toBe(0);
    // Reference data is there all the same: the menu and the catalogues.
    expect((await admin.get('/api/menu/all?type=app')).body.data.length).toBeGreaterThan(10);
    expect((await admin.get('/api/t_device_type/names')).body.data).toHaveLength(10);

    // A later start with another ADMIN_PASSWORD changes nothing: the password is only for the first.
    const again = await server.restart({ adminPassword: 'Other#2031y' });
    servers[0] = again;
    expect((await anon.post('/api/user/login', { user: 'admin', password: 'Other#2031y' })).body.success).toBe(false);
    expect((await new ApiClient(again.url).login('admin', 'Admin#2030x')).token).toBeTruthy();
    expect((await admin.get('/api/user-manage/names')).body.data).toHaveLength(1);
  });
});
