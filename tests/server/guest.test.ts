import { PLATFORM_ONLY } from '../../server/http/api-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/session';
import { hashPassword } from '../../server/auth/passwords';
import { GUEST_READ_ONLY, SESSION_TIMEOUT } from '../../server/http/api-error';
import { GUEST_RIGHTS } from '../../server/seed/rights-catalogue';
import { AlarmRecipients } from '../../server/telemetry/alarm-recipients';
import { buildMenuTree, flattenMenu } from '../../src/shared/menu';
import { expectNoChange } from './db-snapshot';
import { md5 } from './endpoint-table';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';
import { fileForm, makePng } from './png';

function expectRefused(r: ApiResponse, status: number, error: string | RegExp) {
  expect({ status: r.status, success: r.body.success, data: r.body.data }).toEqual({ status, success: false, data: undefined });
  expect(r.body.error).toMatch(error);
}

describe('guest mode (游客访问)', () => {
  let server: TestServer;
  let superadmin: ApiClient;
  let anon: ApiClient;

  const guestLogin = () => anon.post('/api/user-manage/guest', { tokenExpired: 30 });
  async function signInAsGuest(): Promise<ApiClient> {
    const r = await guestLogin();
    expect(r.body.success).toBe(true);
    const api = new ApiClient(server.url);
    api.token = r.body.data.token;
    return api;
  }
  const setGuestMode = async (api: ApiClient, body: { enabled: boolean; orgId?: number }) =>
    api.post('/api/user-manage/enable-guest', body);
  const orgId = async (code: string) => (await server.database.db.selectFrom('t_org').select('id')
    .where('code', '=', code).executeTakeFirstOrThrow()).id;
  const guestRows = () => server.database.db.selectFrom('t_user').select(['id', 'org_id', 'is_guest', 'disabled'])
    .where('username', '=', 'guest').execute();

  beforeAll(async () => {
    server = await startTestServer();
    superadmin = await loginAs(server, 'superadmin');
    anon = new ApiClient(server.url);
  });
  afterAll(async () => { await server?.dispose(); });

  it('is on in the demo, with one guest account of the platform organisation that no password opens', async () => {
    expect((await anon.get('/api/user-manage/is-guest-enable')).body).toEqual({ success: true, data: true });
    expect((await anon.get('/api/sys/info')).body.data.guestEnabled).toBe(true);
    const rows = await guestRows();
    expect(rows).toEqual([{ id: expect.any(Number), org_id: await orgId('NV-HQ'), is_guest: 1, disabled: 0 }]);
    expectRefused(await anon.post('/api/user/login', { user: 'guest', password: 'guest', orgBZ: '', tokenExpired: 30 }), 400, '用户名或密码错误');
  });

  it('disabled: 游客访问 is refused and changes nothing', async () => {
    const off = await setGuestMode(superadmin, { enabled: false });
    expect(off.body).toEqual({ success: true, data: { enabled: false, userId: (await guestRows())[0].id } });
    expect((await anon.get('/api/user-manage/is-guest-enable')).body.data).toBe(false);
    expect((await anon.get('/api/sys/info')).body.data.guestEnabled).toBe(false);

    const r = await expectNoChange(server, guestLogin);
    expectRefused(r, 403, '游客模式未开启');
    expect(JSON.stringify(r.body)).not.toContain('token');
  });

  it('enabled: the guest gets a login token and sees the big screen, and nothing of the administration', async () => {
    const on = await setGuestMode(superadmin, { enabled: true });
    expect(on.body.data).toEqual({ enabled: true, userId: expect.any(Number) });
    expect(await guestRows()).toEqual([{ id: on.body.data.userId, org_id: await orgId('NV-HQ'), is_guest: 1, disabled: 0 }]);

    const r = await guestLogin();
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(Number), userId: on.body.data.userId, username: 'guest' });
    const guest = new ApiClient(server.url);
    guest.token = r.body.data.token;

    const info = (await guest.get('/api/user/info')).body.data;
    expect(info).toMatchObject({ username: 'guest', isGuest: true, orgCode: 'NV-HQ' });
    expect(info.rights).toEqual([...GUEST_RIGHTS].sort());

    // The big screen's calls, over the platform organisation's data: everything the admin sees.
    const active = await guest.get('/api/t_screen_tpl/active');
    expect(active.body.success).toBe(true);
    expect(active.body.data.id).toEqual(expect.any(Number));
    const devices = await guest.get('/api/s/device');
    expect(devices.body.success).toBe(true);
    const admin = await loginAs(server, 'admin');
    expect(devices.body.data).toEqual((await admin.get('/api/s/device')).body.data);
    expect((await guest.get('/api/t_real_measure_warning?Page=1&Size=5')).body.success).toBe(true);
    expect((await guest.get('/api/t_device?Page=1&Size=5')).body.success).toBe(true);

    // Administration is refused by right.
    for (const [method, url, body] of [
      ['GET', '/api/user-manage?Page=1&Size=20'], ['GET', '/api/t_screen_tpl?Page=1&Size=20'], ['GET', '/api/role?Page=1&Size=20'],
      ['GET', '/api/t_history_measure_warning?Page=1&Size=5'], ['POST', '/api/user-manage/enable-guest', { enabled: false }],
      ['POST', '/api/user-manage/unlock', { id: info.userId }], ['POST', '/api/t_screen_tpl/save', { name: 'x', content: {} }],
    ] as const) {
      expectRefused(await expectNoChange(server, () => guest.request(method, url, body)), 403, /^没有权限：/);
    }

    // The console's menu (the server sends all of it, the console hides what the rights lack): no admin entry.
    const menu = (await guest.get('/api/menu/all?type=app')).body.data as MenuItem[];
    const visible = flattenMenu(buildMenuTree(menu, info.rights)).map((m) => m.name).sort();
    // 组态管理 needs only project-preview, which the guest has (it opens read-only: saving needs project-edit);
    // the device lists only device-preview, which the wall needs (read-only too: changes need device-edit);
    // likewise the project lists, graph libraries and 设备监控.
    expect(visible).toEqual([
      'nv_about', 'nv_authorize', 'nv_device_monitor', 'nv_graph_lib', 'nv_intelligent_alarm', 'nv_iot', 'nv_iot_device', 'nv_iot_device_list',
      'nv_iot_gateway', 'nv_iot_monitor', 'nv_monitor', 'nv_project', 'nv_project_graph', 'nv_project_graph_lib', 'nv_project_group',
      'nv_project_list', 'nv_realtime_alarm', 'nv_version',
    ]);
  });

  it('the guest changes nothing: every write is refused, the reads keep working', async () => {
    const guest = await signInAsGuest();
    const writes: [string, unknown][] = [
      ['/api/user/change-password', { oldPassword: 'whatever', newPassword: 'Guest@2027' }],
      ['/api/user/info', { nickName: '改名' }],
      ['/api/user/customSet', { content: { theme: 'light' } }],
      [`/api/user/login-test?password=${md5('guest')}`, undefined],
      ['/api/t_history_message/set-dealed', { ids: [1] }],
      ['/api/file?category=avatar', fileForm(makePng(), 'a.png', 'image/png')],
    ];
    for (const [url, body] of writes) {
      expectRefused(await expectNoChange(server, () => guest.post(url, body)), 403, GUEST_READ_ONLY);
    }
    expect((await guest.get('/api/user/customSet')).body).toEqual({ success: true, data: {} });
    expect((await guest.get('/api/user/info')).body.data.nickName).toBe('游客');
    expect((await guest.get('/api/user/ping')).body.data).toBe('pong');
    // Refreshing the token is not a change: the wall stays signed in.
    const refreshed = await guest.post('/api/user/refesh-token', { token: guest.token, tokenExpired: 30 });
    expect(refreshed.body.data).toMatchObject({ username: 'guest', token: expect.any(String) });
  });

  it('is shared: many guests at once, none logs another out, and wrong passwords do not lock it', async () => {
    const one = await signInAsGuest();
    const two = await signInAsGuest();
    for (let i = 0; i < server.config.lockThreshold + 1; i++) {
      await anon.post('/api/user/login', { user: 'guest', password: `wrong-${i}`, orgBZ: '', tokenExpired: 30 });
    }
    const three = await signInAsGuest();
    for (const g of [one, two, three]) expect((await g.get('/api/user/ping')).body.data).toBe('pong');
  });

  it('never messages the guest: alarms go to people', async () => {
    const db = server.database.db;
    const guestId = (await guestRows())[0].id;
    const admin = await db.selectFrom('t_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const project = await db.selectFrom('t_project').select('id').orderBy('id').executeTakeFirstOrThrow();
    const recipients = await new AlarmRecipients().forProject(db, project.id);
    expect(recipients).toContain(admin.id);
    expect(recipients).not.toContain(guestId);
  });

  it('disabling ends the guest sessions at once and refuses 游客访问 again', async () => {
    const guest = await signInAsGuest();
    const token = guest.token;
    expect((await guest.get('/api/t_screen_tpl/active')).body.success).toBe(true);
    expect((await setGuestMode(superadmin, { enabled: false })).body.data.enabled).toBe(false);

    for (const r of [await guest.get('/api/t_screen_tpl/active'), await guest.get('/api/user/info')]) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: false, requireLogin: true, error: SESSION_TIMEOUT });
    }
    const refresh = await anon.post('/api/user/refesh-token', { token, tokenExpired: 30 });
    expect(refresh.body).toMatchObject({ success: false, requireLogin: true });
    expectRefused(await expectNoChange(server, guestLogin), 403, '游客模式未开启');

    // On again: a new token works, the old one stays dead.
    await setGuestMode(superadmin, { enabled: true });
    expect((await (await signInAsGuest()).get('/api/user/ping')).body.data).toBe('pong');
    expect((await guest.get('/api/user/ping')).body.requireLogin).toBe(true);
  });

  it('only the platform switches it: a tenant\'s user manager is refused, the guest stays where it is', async () => {
    const operator = await loginAs(server, 'operator');
    expectRefused(await expectNoChange(server, () => setGuestMode(operator, { enabled: false })), 403, '没有权限：user-edit');
    expectRefused(await expectNoChange(server, () => setGuestMode(anon, { enabled: false })), 401, '未登录或令牌无效');
    expectRefused(await expectNoChange(server, () => setGuestMode(superadmin, { enabled: 'yes' } as never)), 400, /^body\.enabled: /);

    // A manager of an owner organisation (VOrg, user-edit): guest mode is the platform's switch (issue 32).
    const db = server.database.db;
    const east = await orgId('OWN-EAST');
    const role = (await db.insertInto('t_role').values({ org_id: east, name: '用户管理员', data_scope: 'VOrg', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_role_right').values({ role_id: role, right_code: 'user-edit' }).execute();
    const managerId = (await db.insertInto('t_user').values({
      username: 'east.manager', nick_name: '华东用户管理员', password_hash: await hashPassword('East@2026'), org_id: east, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_user_role').values({ user_id: managerId, role_id: role }).execute();
    const manager = await new ApiClient(server.url).login('east.manager', 'East@2026');

    const hq = await orgId('NV-HQ');
    const before = (await guestRows())[0];
    for (const body of [{ enabled: true }, { enabled: false }, { enabled: true, orgId: east }]) {
      expectRefused(await expectNoChange(server, () => setGuestMode(manager, body)), 403, PLATFORM_ONLY);
    }
    expect((await guestRows())[0]).toEqual(before);

    // The superadmin gives it the whole platform.
    await setGuestMode(superadmin, { enabled: true, orgId: hq });
    expect((await guestRows())[0].org_id).toBe(hq);
  });

  it('leaves an ordinary account named guest alone', async () => {
    const db = server.database.db;
    const [row] = await guestRows();
    await db.updateTable('t_user').set({ is_guest: 0 }).where('id', '=', row.id).execute();
    try {
      expectRefused(await expectNoChange(server, () => setGuestMode(superadmin, { enabled: true })), 409, /guest/);
    } finally {
      await db.updateTable('t_user').set({ is_guest: 1 }).where('id', '=', row.id).execute();
    }
  });
});
