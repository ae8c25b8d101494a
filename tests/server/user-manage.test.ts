import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubNoticeType } from '../../contract/hub';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { LAST_SUPER } from '../../server/routes/user-manage/user-hooks';
import { GUEST_RIGHTS } from '../../server/seed/rights-catalogue';
import { hubClient, Notices } from '../hub/hub-client';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';

const PASSWORD = 'Start@2026';
const NEW_PASSWORD = 'Second@2026';
const WRONG_CREDENTIALS = '用户名或密码错误';
const DISABLED = '账号已停用，请联系管理员';

/**
 * User management (SPEC §7 user-manage, issue 15): the kit's user-manage with its roles, and the
 * calls beside it. Every response and every audit line is collected and checked for passwords
 * and hashes at the end.
 */
describe('user management', () => {
  let server: TestServer;
  let admin: ApiClient;
  let superadmin: ApiClient;
  let east: ApiClient;
  const org: Record<string, number> = {};
  const role: Record<string, number> = {};
  const responses: string[] = [];
  const hubs: HubConnection[] = [];
  let made = 0;

  const db = () => server.database.db;
  /** Every answer passes through here, so the secrets check at the end sees them all. */
  async function seen<T extends ApiResponse>(r: Promise<T>): Promise<T> {
    const res = await r;
    responses.push(JSON.stringify(res.body));
    return res;
  }
  const post = (api: ApiClient, url: string, body?: unknown) => seen(api.post(url, body));
  const get = (api: ApiClient, url: string) => seen(api.get(url));
  const login = (user: string, password: string) => seen(new ApiClient(server.url).post('/api/user/login', { user, password, orgBZ: '', tokenExpired: 30 }));
  const signIn = (user: string, password = PASSWORD) => new ApiClient(server.url).login(user, password);

  /** A new user saved by `api` (admin by default); the body's fields override the defaults. */
  async function create(fields: Record<string, unknown> = {}, api = admin) {
    const username = `um.user${++made}`;
    const r = await post(api, '/api/user-manage/save', {
      username, nickName: `测试用户${made}`, orgId: org.east, password: PASSWORD, roleIds: [], ...fields,
    });
    expect(r.body.error).toBeUndefined();
    return r.body.data as { id: number; version: number; username: string; orgId: number; roleIds: number[]; roles: { id: number; name: string }[] } & Record<string, unknown>;
  }
  async function makeRole(name: string, orgId: number | null, rights: string[], dataScope = 'VOrg') {
    const id = (await db().insertInto('t_role').values({ org_id: orgId, name, data_scope: dataScope, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (rights.length) await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: id, right_code }))).execute();
    return id;
  }
  const rolesOf = async (userId: number) => (await db().selectFrom('t_user_role').select('role_id').where('user_id', '=', userId)
    .orderBy('role_id').execute()).map((r) => r.role_id);
  const userId = async (username: string) => (await db().selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  /** A hub connection of `api`'s session, started, with its notices. */
  async function hubOf(api: ApiClient) {
    const connection = hubClient(server.url, () => api.token);
    hubs.push(connection);
    const notices = new Notices(connection);
    await connection.start();
    return notices;
  }
  function expectError(r: ApiResponse, status: number, error: string | RegExp) {
    expect({ status: r.status, success: r.body.success }).toEqual({ status, success: false });
    expect(r.body.error).toMatch(error);
  }
  const expectSignedOut = (r: ApiResponse) => expect([r.status, r.body.requireLogin]).toEqual([200, true]);

  beforeAll(async () => {
    server = await startTestServer();
    [admin, superadmin] = await Promise.all([loginAs(server, 'admin'), loginAs(server, 'superadmin')]);
    const orgs = await db().selectFrom('t_org').select(['id', 'code']).execute();
    const byCode = Object.fromEntries(orgs.map((o) => [o.code, o.id]));
    Object.assign(org, { hq: byCode['NV-HQ'], east: byCode['OWN-EAST'], eastSz: byCode['OWN-EAST-SZ'], north: byCode['OWN-NORTH'] });
    role.hqView = await makeRole('总部查看', org.hq, [Right.ProjectPreview]);
    role.east = await makeRole('华东值班', org.east, [Right.ProjectPreview, Right.DevicePreview]);
    role.eastOrgEdit = await makeRole('华东组织管理', org.east, [Right.OrgEdit]);
    role.eastAll = await makeRole('华东全部可见', org.east, [Right.ProjectPreview], 'VAll');
    role.eastSz = await makeRole('苏州工厂值班', org.eastSz, [Right.ProjectPreview]);
    role.north = await makeRole('北方值班', org.north, [Right.ProjectPreview]);
    // The east manager: user administration of its subtree (VOrg) and a few rights besides.
    const managerRole = await makeRole('华东用户管理员', org.east, [Right.UserPreview, Right.UserEdit, Right.UserDelete, Right.ProjectPreview, Right.DevicePreview]);
    const managerId = (await db().insertInto('t_user').values({
      username: 'um.east', nick_name: '华东管理员', password_hash: await hashPassword(PASSWORD), org_id: org.east, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: managerId, role_id: managerRole }).execute();
    east = await signIn('um.east');
  });
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.stop()));
    await server?.dispose();
  });

  it('creates a user with roles of its organisation and those above it; reads it back with their ids and names', async () => {
    const user = await create({ roleIds: [role.east, role.hqView, role.east] });
    expect(user.roleIds).toEqual([role.hqView, role.east].sort((a, b) => a - b));
    expect(user.roles.map((r) => r.name).sort()).toEqual(['华东值班', '总部查看'].sort());
    expect(await rolesOf(user.id)).toEqual(user.roleIds);
    expect((await get(admin, `/api/user-manage/${user.id}`)).body.data).toEqual(user);
    expect(user).toMatchObject({ disabled: 0, locked: false, deletedAt: null, isSuper: 0 });
    expect(Object.keys(user)).not.toContain('password');
    expect(Object.keys(user)).not.toContain('passwordHash');

    // It signs in with the password given, and holds its roles' rights.
    const api = await signIn(user.username);
    expect((await api.get('/api/user/rights')).body.data).toEqual([Right.DevicePreview, Right.ProjectPreview].sort());

    const [added] = await db().selectFrom('t_history_log').select(['action', 'detail']).where('target', 'like', `user-manage#${user.id} %`).execute();
    expect(added.action).toBe('add');
    expect(JSON.parse(added.detail).after).toMatchObject({ username: user.username, password: '***', roleIds: user.roleIds });

    // The list: its filters (keyword over login name, nick name and phone; organisation; state).
    const list = (await get(admin, `/api/user-manage?keyword=${user.username}&orgId=${org.east}&disabled=0`)).body.data;
    expect(list).toEqual({ count: 1, list: [user] });
    expect((await get(admin, `/api/user-manage?keyword=${user.username}&orgId=${org.north}`)).body.data.count).toBe(0);
  });

  it('gives only roles of the user\'s organisation or above, in the caller\'s scope, holding no right the caller lacks', async () => {
    const refuse = async (api: ApiClient, body: Record<string, unknown>, error: RegExp) => {
      const r = await expectNoChange(server, () => post(api, '/api/user-manage/save', {
        username: `um.refused${++made}`, nickName: '被拒', orgId: org.east, password: PASSWORD, ...body,
      }));
      expectError(r, 400, error);
    };
    // A sibling's or a descendant's role does not fit; nor does a role that does not exist.
    await refuse(admin, { roleIds: [role.north] }, /^body\.roleIds: 角色「北方值班」不属于该用户的组织或其上级组织$/);
    await refuse(admin, { roleIds: [role.eastSz] }, /^body\.roleIds: 角色「苏州工厂值班」不属于/);
    await refuse(admin, { roleIds: [2_147_483_647] }, /^body\.roleIds: 角色 #2147483647 不存在$/);
    // The east manager: not the headquarters' role (outside its scope), not a right it lacks, not VAll.
    await refuse(east, { roleIds: [role.hqView] }, /^body\.roleIds: 角色「总部查看」不在您的数据范围内$/);
    await refuse(east, { roleIds: [role.eastOrgEdit] }, /^body\.roleIds: 角色「华东组织管理」含有您没有的权限（org-edit），不能授予$/);
    await refuse(east, { roleIds: [role.eastAll] }, /^body\.roleIds: 角色「华东全部可见」可见全部数据，超出您的数据范围$/);
    // Nor a user outside its scope.
    await refuse(east, { orgId: org.north }, /^body\.orgId: 不在您的数据范围内$/);

    // What it may give, it gives; the form's choices are exactly those.
    const given = await create({ orgId: org.eastSz, roleIds: [role.east, role.eastSz] }, east);
    expect(given.roleIds).toEqual([role.east, role.eastSz]);
    const choices = (await get(east, `/api/user-manage/assignable-roles?orgId=${org.eastSz}`)).body.data.map((r: { name: string }) => r.name);
    expect(choices).toEqual(expect.arrayContaining(['华东值班', '苏州工厂值班', '华东用户管理员']));
    expect(choices).not.toEqual(expect.arrayContaining(['华东组织管理']));
    expect(choices).not.toContain('总部查看');
    expect(choices).not.toContain('北方值班');
    expectError(await get(east, `/api/user-manage/assignable-roles?orgId=${org.north}`), 400, /^query\.orgId: /);
    // The organisation tree beside the list: the manager's subtree, its top without a parent.
    expect((await get(east, '/api/user-manage/orgs')).body.data).toEqual([
      { id: org.east, name: '华东洁净制造集团', parentId: null }, { id: org.eastSz, name: '华东洁净制造集团·苏州工厂', parentId: org.east },
    ]);

    // Roles it holds already but could not give are kept by an edit that leaves them as they are.
    const mixed = await create({ roleIds: [role.east, role.eastOrgEdit] });
    const edited = await post(east, '/api/user-manage/save', { ...bodyOf(mixed), phone: '0512-1234 5678', id: mixed.id, version: mixed.version });
    expect(edited.body.data).toMatchObject({ phone: '0512-1234 5678', roleIds: [role.east, role.eastOrgEdit] });
    const taken = await post(east, '/api/user-manage/save', { ...bodyOf(edited.body.data), roleIds: [role.east], id: mixed.id, version: edited.body.data.version });
    expect(taken.body.data.roleIds).toEqual([role.east]);
  });

  it('never lets a user change its own roles', async () => {
    const me = (await get(admin, `/api/user-manage/${await userId('admin')}`)).body.data;
    const raise = await expectNoChange(server, () => post(admin, '/api/user-manage/save', {
      ...bodyOf(me), roleIds: [...me.roleIds, role.hqView], id: me.id, version: me.version,
    }));
    expectError(raise, 400, /^body\.roleIds: 不能修改自己的角色$/);
    const drop = await expectNoChange(server, () => post(admin, '/api/user-manage/save', { ...bodyOf(me), roleIds: [], id: me.id, version: me.version }));
    expectError(drop, 400, /^body\.roleIds: 不能修改自己的角色$/);
    // Its other fields it may change, its roles sent back as they are.
    const phone = await post(admin, '/api/user-manage/save', { ...bodyOf(me), phone: '010-8888 0000', id: me.id, version: me.version });
    expect(phone.body.data).toMatchObject({ phone: '010-8888 0000', roleIds: me.roleIds });
  });

  it('says whether a login name is taken, removed users included', async () => {
    expect((await get(admin, '/api/user-manage/check-user?username=operator')).body.data).toEqual({ exists: true });
    expect((await get(admin, '/api/user-manage/check-user?username=%20operator%20')).body.data).toEqual({ exists: true });
    expect((await get(admin, '/api/user-manage/check-user?username=nobody.here')).body.data).toEqual({ exists: false });
    const gone = await create();
    await post(admin, `/api/user-manage/del/${gone.id}`);
    expect((await get(admin, `/api/user-manage/check-user?username=${gone.username}`)).body.data).toEqual({ exists: true });
    expectError(await get(admin, '/api/user-manage/check-user'), 400, /^query\.username: /);
  });

  it('change-password: the old password fails, the new one works, the user\'s sessions end and are told', async () => {
    const user = await create();
    const [first, second] = [await signIn(user.username), await signIn(user.username)];
    const notices = await hubOf(first);
    const weak = await expectNoChange(server, () => post(admin, '/api/user-manage/change-password', { id: user.id, password: 'short1' }));
    expectError(weak, 400, /^body\.password: /);

    expect((await post(admin, '/api/user-manage/change-password', { id: user.id, password: NEW_PASSWORD })).body).toEqual({ success: true, data: true });
    expect(await notices.next(HubNoticeType.Logout)).toEqual({ type: 'logout', data: { reason: 'passwordChanged' }, sentAt: expect.any(Number) });
    expectSignedOut(await first.get('/api/user/ping'));
    expectSignedOut(await second.get('/api/user/ping'));
    expectError(await login(user.username, PASSWORD), 400, WRONG_CREDENTIALS);
    expect((await login(user.username, NEW_PASSWORD)).body.success).toBe(true);

    // Setting one's own password here keeps the session it is set from.
    const self = await signIn(user.username, NEW_PASSWORD);
    await db().insertInto('t_user_role').values({ user_id: user.id, role_id: (await db().selectFrom('t_role').select('id')
      .where('name', '=', '华东用户管理员').executeTakeFirstOrThrow()).id }).execute();
    expect((await post(self, '/api/user-manage/change-password', { id: user.id, password: PASSWORD })).body.success).toBe(true);
    expect((await self.get('/api/user/ping')).body.data).toBe('pong');
  });

  it('disable: the user\'s token is refused at once and its pages told; enabling lets it sign in again', async () => {
    const user = await create();
    const api = await signIn(user.username);
    const notices = await hubOf(api);
    const off = await post(admin, '/api/user-manage/disable', { id: user.id, disabled: true });
    expect(off.body.data).toMatchObject({ id: user.id, disabled: 1, version: user.version + 1 });
    expectSignedOut(await api.get('/api/user/ping'));
    expect(await notices.next(HubNoticeType.Logout)).toEqual({ type: 'logout', data: { reason: 'disabled' }, sentAt: expect.any(Number) });
    expectError(await login(user.username, PASSWORD), 400, DISABLED);
    expect((await get(admin, `/api/user-manage?keyword=${user.username}&disabled=1`)).body.data.count).toBe(1);

    const on = await post(admin, '/api/user-manage/disable', { id: user.id, disabled: false });
    expect(on.body.data.disabled).toBe(0);
    expect((await login(user.username, PASSWORD)).body.success).toBe(true);
    const log = await db().selectFrom('t_history_log').select('detail').where('target', 'like', `user-manage#${user.id} %`).orderBy('id').execute();
    expect(log.slice(-2).map((l) => JSON.parse(l.detail))).toEqual([
      { before: { disabled: 0 }, after: { disabled: 1 } }, { before: { disabled: 1 }, after: { disabled: 0 } },
    ]);

    expectError(await expectNoChange(server, () => post(admin, '/api/user-manage/disable', { disabled: true })), 400, /^body\.id: /);
    const own = await expectNoChange(server, async () => post(admin, '/api/user-manage/disable', { id: await userId('admin'), disabled: true }));
    expectError(own, 400, /^body\.id: 不能禁用自己的账号$/);
  });

  it('removes a user to the 回收站 (sessions end, pages told, the name stays taken) and recovers it as it was', async () => {
    const user = await create({ roleIds: [role.east] });
    await post(admin, '/api/user-manage/disable', { id: user.id, disabled: true });
    await post(admin, '/api/user-manage/disable', { id: user.id, disabled: false });
    const api = await signIn(user.username);
    const notices = await hubOf(api);
    expect((await post(admin, `/api/user-manage/del/${user.id}`)).body).toEqual({ success: true, data: true });
    expect(await notices.next(HubNoticeType.Logout)).toEqual({ type: 'logout', data: { reason: 'removed' }, sentAt: expect.any(Number) });
    expectSignedOut(await api.get('/api/user/ping'));
    // Sign-in refuses it as it refuses a name nobody has.
    expectError(await login(user.username, PASSWORD), 400, WRONG_CREDENTIALS);
    expect((await get(admin, `/api/user-manage/${user.id}`)).status).toBe(404);
    expect((await get(admin, `/api/user-manage?keyword=${user.username}`)).body.data.count).toBe(0);
    expect((await get(admin, '/api/user-manage/names')).body.data.map((n: { id: number }) => n.id)).not.toContain(user.id);
    const bin = (await get(admin, `/api/user-manage?keyword=${user.username}&removed=1`)).body.data;
    expect(bin.list).toEqual([expect.objectContaining({ id: user.id, deletedAt: expect.any(Number), roleIds: [role.east] })]);
    const taken = await expectNoChange(server, () => post(admin, '/api/user-manage/save', {
      username: user.username, nickName: '同名', orgId: org.east, password: PASSWORD,
    }));
    expectError(taken, 400, `body.username: “${user.username}” 已存在`);
    expect((await post(admin, `/api/user-manage/del/${user.id}`)).status).toBe(404);

    // Disabled before, disabled after: recover changes nothing but the removal.
    await db().updateTable('t_user').set({ disabled: 1 }).where('id', '=', user.id).execute();
    const back = await post(admin, '/api/user-manage/recover', { id: user.id });
    expect(back.body.data).toMatchObject({ id: user.id, deletedAt: null, disabled: 1, roleIds: [role.east] });
    const again = await expectNoChange(server, () => post(admin, '/api/user-manage/recover', { id: user.id }));
    expectError(again, 400, /^body\.id: 该用户未被移出$/);
    await post(admin, '/api/user-manage/disable', { id: user.id, disabled: false });
    expect((await login(user.username, PASSWORD)).body.success).toBe(true);

    // Nobody removes itself.
    const self = await expectNoChange(server, async () => post(admin, `/api/user-manage/del/${await userId('admin')}`));
    expectError(self, 400, '不能移出自己的账号');
  });

  it('never disables, removes or moves the last enabled super administrator', async () => {
    const sa = await userId('superadmin');
    const [disable, remove, move] = [
      await expectNoChange(server, () => post(admin, '/api/user-manage/disable', { id: sa, disabled: true })),
      await expectNoChange(server, () => post(admin, `/api/user-manage/del/${sa}`)),
      await expectNoChange(server, () => post(admin, '/api/user-manage/join-org', { id: sa, orgId: org.east })),
    ];
    expectError(disable, 400, `body.id: ${LAST_SUPER}`);
    expectError(remove, 400, LAST_SUPER);
    expectError(move, 400, `body.id: ${LAST_SUPER}`);
    const row = (await get(admin, `/api/user-manage/${sa}`)).body.data;
    const saved = await expectNoChange(server, () => post(admin, '/api/user-manage/save', { ...bodyOf(row), orgId: org.east, id: sa, version: row.version }));
    expectError(saved, 400, `body.orgId: ${LAST_SUPER}`);
    const own = await expectNoChange(server, () => post(superadmin, '/api/user-manage/disable', { id: sa, disabled: true }));
    expectError(own, 400, /^body\.id: 不能禁用自己的账号$/);

    // With a second one enabled, the first may go; the second is then the last.
    const second = await create({ orgId: org.hq });
    await db().updateTable('t_user').set({ is_super: 1 }).where('id', '=', second.id).execute();
    expect((await post(admin, '/api/user-manage/disable', { id: sa, disabled: true })).body.success).toBe(true);
    expectError(await post(admin, '/api/user-manage/disable', { id: second.id, disabled: true }), 400, `body.id: ${LAST_SUPER}`);
    expect((await post(admin, '/api/user-manage/disable', { id: sa, disabled: false })).body.success).toBe(true);
    await db().updateTable('t_user').set({ is_super: 0 }).where('id', '=', second.id).execute();
  });

  it('join-org moves a user within the caller\'s scope, dropping the roles that do not fit the new organisation', async () => {
    const user = await create({ orgId: org.eastSz, roleIds: [role.hqView, role.east, role.eastSz] });
    const moved = await post(admin, '/api/user-manage/join-org', { id: user.id, orgId: org.north });
    expect(moved.body.data).toMatchObject({ id: user.id, orgId: org.north, roleIds: [role.hqView], version: user.version + 1 });
    expect(await rolesOf(user.id)).toEqual([role.hqView]);
    const [line] = await db().selectFrom('t_history_log').select('detail').where('target', 'like', `user-manage#${user.id} %`).orderBy('id', 'desc').limit(1).execute();
    expect(JSON.parse(line.detail)).toEqual({ before: { orgId: org.eastSz }, after: { orgId: org.north }, droppedRoles: ['华东值班', '苏州工厂值班'] });

    // The east manager moves only within its subtree, and only users it sees.
    const mine = await create({ orgId: org.east, roleIds: [role.east] }, east);
    const out = await expectNoChange(server, () => post(east, '/api/user-manage/join-org', { id: mine.id, orgId: org.north }));
    expectError(out, 400, /^body\.orgId: /);
    expect((await expectNoChange(server, () => post(east, '/api/user-manage/join-org', { id: user.id, orgId: org.east }))).status).toBe(404);
    const down = await post(east, '/api/user-manage/join-org', { id: mine.id, orgId: org.eastSz });
    expect(down.body.data).toMatchObject({ orgId: org.eastSz, roleIds: [role.east] });
  });

  it('binds and clears the WeChat and app open ids; one bound to another user is refused, naming the field', async () => {
    const [a, b] = [await create(), await create()];
    for (const [path, field] of [['wxopenid', 'wxOpenId'], ['appopenid', 'appOpenId']] as const) {
      const set = await post(admin, `/api/user-manage/bind/${path}`, { id: a.id, openId: `o-${path}-A1` });
      expect(set.body.data[field]).toBe(`o-${path}-A1`);
      const clash = await expectNoChange(server, () => post(admin, `/api/user-manage/bind/${path}`, { id: b.id, openId: `o-${path}-A1` }));
      expectError(clash, 400, /^body\.openId: 该.*已绑定其他用户$/);
      const cleared = await post(admin, `/api/user-manage/bind/${path}`, { id: a.id, openId: '' });
      expect(cleared.body.data[field]).toBe('');
      expect((await post(admin, `/api/user-manage/bind/${path}`, { id: b.id, openId: `o-${path}-A1` })).body.data[field]).toBe(`o-${path}-A1`);
    }
  });

  it('answers bad bodies with 400 naming the field, unknown or unseen users with 404, and changes nothing', async () => {
    const user = await create();
    const cases: [string, unknown, RegExp][] = [
      ['/api/user-manage/save', { username: 'um.nopw', nickName: 'x', orgId: org.east }, /^body\.password: 新用户须设置密码$/],
      ['/api/user-manage/save', { username: 'ab', nickName: 'x', orgId: org.east, password: PASSWORD }, /^body\.username: /],
      ['/api/user-manage/save', { username: 'has space', nickName: 'x', orgId: org.east, password: PASSWORD }, /^body\.username: /],
      ['/api/user-manage/save', { username: 'um.weak', nickName: 'x', orgId: org.east, password: 'abcdefgh' }, /^body\.password: /],
      ['/api/user-manage/save', { username: 'um.roles', nickName: 'x', orgId: org.east, password: PASSWORD, roleIds: ['x'] }, /^body\.roleIds\.0: /],
      ['/api/user-manage/save', { username: 'um.org', nickName: 'x', orgId: 2_147_483_647, password: PASSWORD }, /^body\.orgId: 组织不存在$/],
      ['/api/user-manage/save', { username: 'um.mail', nickName: 'x', orgId: org.east, password: PASSWORD, email: 'no' }, /^body\.email: /],
      ['/api/user-manage/disable', { id: user.id }, /^body\.disabled: /],
      ['/api/user-manage/disable', { id: 'x', disabled: true }, /^body\.id: /],
      ['/api/user-manage/change-password', { id: user.id }, /^body\.password: /],
      ['/api/user-manage/join-org', { id: user.id }, /^body\.orgId: /],
      ['/api/user-manage/join-org', { id: user.id, orgId: 2_147_483_647 }, /^body\.orgId: /],
      ['/api/user-manage/bind/wxopenid', { id: user.id, openId: 'has space' }, /^body\.openId: /],
      ['/api/user-manage/bind/appopenid', { id: user.id }, /^body\.openId: /],
      ['/api/user-manage/recover', {}, /^body\.id: /],
    ];
    for (const [url, body, error] of cases) expectError(await expectNoChange(server, () => post(admin, url, body)), 400, error);

    const missing = 2_147_483_647;
    const hq = await create({ orgId: org.hq });
    for (const [url, body] of [
      ['/api/user-manage/disable', { disabled: true }], ['/api/user-manage/recover', {}], ['/api/user-manage/change-password', { password: NEW_PASSWORD }],
      ['/api/user-manage/join-org', { orgId: org.east }], ['/api/user-manage/bind/wxopenid', { openId: 'x1' }], ['/api/user-manage/unlock', {}],
    ] as const) {
      for (const [api, id] of [[admin, missing], [east, hq.id]] as const) {
        const r = await expectNoChange(server, () => post(api, url, { ...body, id }));
        expectError(r, 404, '用户不存在');
      }
    }
    expect((await get(east, `/api/user-manage/${hq.id}`)).status).toBe(404);
    expect((await expectNoChange(server, () => post(east, `/api/user-manage/del/${hq.id}`))).status).toBe(404);
  });

  it('checks the rights of every call', async () => {
    const user = await create();
    const operator = await loginAs(server, 'operator');
    for (const [url, body] of [
      ['/api/user-manage/disable', { id: user.id, disabled: true }], ['/api/user-manage/recover', { id: user.id }],
      ['/api/user-manage/change-password', { id: user.id, password: NEW_PASSWORD }], ['/api/user-manage/join-org', { id: user.id, orgId: org.east }],
      ['/api/user-manage/bind/wxopenid', { id: user.id, openId: 'x' }], ['/api/user-manage/bind/appopenid', { id: user.id, openId: 'x' }],
    ] as const) {
      expectError(await expectNoChange(server, () => post(operator, url, body)), 403, /^没有权限：user-(edit|delete)$/);
    }
    expectError(await get(operator, '/api/user-manage/check-user?username=x'), 403, `没有权限：${Right.UserEdit}`);
    expectError(await get(operator, '/api/user-manage/guest-info'), 403, `没有权限：${Right.UserPreview}`);
  });

  it('shows 访客管理 the guest account: its organisation, rights and recent sign-ins', async () => {
    const before = (await get(admin, '/api/user-manage/guest-info')).body.data;
    expect(before).toMatchObject({ enabled: true, account: { orgId: org.hq, disabled: false } });
    expect(before.account.rights.map((r: { code: string }) => r.code)).toEqual([...GUEST_RIGHTS].sort());
    expect(before.account.rights[0].name).toMatch(/[\u4e00-\u9fa5]/);
    expect((await new ApiClient(server.url).post('/api/user-manage/guest', { tokenExpired: 30 })).body.success).toBe(true);
    const after = (await get(admin, '/api/user-manage/guest-info')).body.data;
    expect(after.account.recentLogins.length).toBe(before.account.recentLogins.length + 1);
    expect(after.account.recentLogins[0]).toEqual({ at: expect.any(Number), ip: expect.any(String) });
    expect(after.account.orgName).toBe('诺维环境科技有限公司');
  });

  it('never shows a password or a hash: not in any answer, not in the audit log', async () => {
    const hashes = (await db().selectFrom('t_user').select('password_hash').execute()).map((u) => u.password_hash);
    const log = (await db().selectFrom('t_history_log').select('detail').execute()).map((l) => l.detail).join('\n');
    for (const text of [responses.join('\n'), log]) {
      for (const secret of [PASSWORD, NEW_PASSWORD, 'scrypt$', ...hashes]) expect(text.includes(secret), secret).toBe(false);
      expect(text).not.toMatch(/password_?hash/i);
    }
    expect(responses.length).toBeGreaterThan(100);
  });
});

/** A row's editable fields as the form sends them back. */
function bodyOf(row: Record<string, unknown>) {
  const { username, nickName, orgId, phone, email, sex, roleIds } = row;
  return { username, nickName, orgId, phone, email, sex, roleIds };
}
