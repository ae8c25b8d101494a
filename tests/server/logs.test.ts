import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTIONS, type LogLine } from '../../contract/logs';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const PASSWORD = 'Logs@2026';
const HOUR = 3_600_000;

describe('operation log: everyone\'s lines (nv_sys_log) and my own (nv_log)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let ids: { admin: number; operator: number; eastAdmin: number; north: number };
  let eastAdmin: ApiClient;
  /** A fixed point in the past the seeded lines are placed around (the demo's own lines are all newer). */
  const T0 = Date.UTC(2024, 0, 15, 8);
  const db = () => server.database.db;
  const get = async (client: ApiClient, url: string) => {
    const r = await client.get(url);
    expect(r.body.error).toBeUndefined();
    return r.body.data as { list: LogLine[]; count: number };
  };

  async function addUser(username: string, orgCode: string, rights: string[], scope: string) {
    const org = (await db().selectFrom('t_org').select('id').where('code', '=', orgCode).executeTakeFirstOrThrow()).id;
    const role = (await db().insertInto('t_role').values({ org_id: org, name: `角色${username}`, data_scope: scope, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (rights.length) await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: role, right_code }))).execute();
    const id = (await db().insertInto('t_user').values({
      username, nick_name: username, password_hash: await hashPassword(PASSWORD), org_id: org, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: id, role_id: role }).execute();
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const userId = async (username: string) => (await db().selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    // An administrator of the operator's organisation (VOrg: OWN-EAST and below), and a user elsewhere.
    ids = {
      admin: await userId('admin'),
      operator: await userId('operator'),
      eastAdmin: await addUser('east.admin', 'OWN-EAST', [Right.SysLogPreview, Right.LogPreview], 'VOrg'),
      north: await addUser('north.user', 'OWN-NORTH', [Right.LogPreview], 'VOrg'),
    };
    eastAdmin = await new ApiClient(server.url).login('east.admin', PASSWORD);
    // Lines at known times: every action, the four users and a line of no user (a system job).
    const line = (userId: number | null, username: string, action: string, target: string, hours: number) =>
      ({ user_id: userId, username, action, target, detail: '', ip: '10.0.0.1', created_at: T0 + hours * HOUR });
    await db().insertInto('t_history_log').values([
      line(ids.admin, 'admin', 'add', 't_manufactor#1 老厂家', 0),
      line(ids.operator, 'operator', 'edit', 't_contacts#3 值班_电话', 1),
      line(ids.operator, 'operator', 'remote-control', 'device#7 风机', 2),
      line(ids.eastAdmin, 'east.admin', 'delete', 't_contacts#4 旧联系人', 3),
      line(ids.north, 'north.user', 'edit', 't_project#2 北方项目', 4),
      line(null, 'system', 'edit', 'sys_setting#backup', 5),
    ]).execute();
  });
  afterAll(async () => { await server?.dispose(); });

  const seeded = `from=${T0}&to=${T0 + 5 * HOUR}`;

  it('lists everyone\'s lines newest first with every field, and filters by user, username, action, time and target', async () => {
    const all = await get(admin, `/api/t_history_log?${seeded}`);
    expect(all.count).toBe(6);
    expect(all.list.map((l) => l.username)).toEqual(['system', 'north.user', 'east.admin', 'operator', 'operator', 'admin']);
    expect(all.list[1]).toEqual({
      id: expect.any(Number), userId: ids.north, username: 'north.user', action: 'edit', target: 't_project#2 北方项目',
      detail: '', ip: '10.0.0.1', createdAt: T0 + 4 * HOUR,
    });

    expect((await get(admin, `/api/t_history_log?${seeded}&userId=${ids.operator}`)).list.map((l) => l.action)).toEqual(['remote-control', 'edit']);
    expect((await get(admin, `/api/t_history_log?${seeded}&username=${encodeURIComponent('ADMIN')}`)).list.map((l) => l.username)).toEqual(['east.admin', 'admin']);
    expect((await get(admin, `/api/t_history_log?${seeded}&action=edit`)).count).toBe(3);
    expect((await get(admin, `/api/t_history_log?${seeded}&action=remote-control`)).list.map((l) => l.target)).toEqual(['device#7 风机']);
    // Both ends of the range are included.
    expect((await get(admin, `/api/t_history_log?from=${T0 + HOUR}&to=${T0 + 3 * HOUR}`)).list.map((l) => l.createdAt))
      .toEqual([T0 + 3 * HOUR, T0 + 2 * HOUR, T0 + HOUR]);
    expect((await get(admin, `/api/t_history_log?${seeded}&target=t_contacts`)).count).toBe(2);
    // Wildcards in a keyword are literal: only the target holding an underscore matches.
    expect((await get(admin, `/api/t_history_log?${seeded}&target=${encodeURIComponent('值班_')}`)).count).toBe(1);
    expect((await get(admin, `/api/t_history_log?${seeded}&target=${encodeURIComponent('%')}`)).count).toBe(0);
  });

  it('records what the server does: a sign-in and a change appear as lines of their own', async () => {
    const since = Date.now();
    await new ApiClient(server.url).login('north.user', PASSWORD);
    const saved = await admin.post('/api/t_manufactor/save', { name: '日志厂家', contact: '王工', phone: '0512-6666 1111' });
    expect(saved.body.success).toBe(true);
    const lines = await get(admin, `/api/t_history_log?from=${since}`);
    expect(lines.list.map((l) => [l.username, l.action])).toEqual(expect.arrayContaining([['north.user', 'login'], ['admin', 'add']]));
    const added = lines.list.find((l) => l.action === 'add')!;
    expect(added.target).toBe(`t_manufactor#${saved.body.data.id} 日志厂家`);
    expect(JSON.parse(added.detail).after).toMatchObject({ name: '日志厂家', contact: '王工' });
  });

  it('pages the list: Size up to 200, the pages together are the whole list', async () => {
    const p1 = await get(admin, `/api/t_history_log?${seeded}&Page=1&Size=4`);
    const p2 = await get(admin, `/api/t_history_log?${seeded}&Page=2&Size=4`);
    expect([p1.list.length, p2.list.length, p1.count, p2.count]).toEqual([4, 2, 6, 6]);
    expect([...p1.list, ...p2.list].map((l) => l.id)).toEqual((await get(admin, `/api/t_history_log?${seeded}`)).list.map((l) => l.id));
    expect((await get(admin, '/api/t_history_log?Size=200')).list.length).toBeLessThanOrEqual(200);
  });

  it.each([
    ['Size=201', 'Size'], ['Page=0', 'Page'], ['action=logout', 'action'], ['from=yesterday', 'from'],
    [`from=${T0 + 1}&to=${T0}`, 'to'], ['userId=-3', 'userId'], [`username=${'x'.repeat(65)}`, 'username'],
  ])('refuses ?%s with 400 naming query.%s', async (query, field) => {
    for (const url of [`/api/t_history_log?${query}`, `/api/t_history_log/mine?${query}`]) {
      if (url.includes('/mine') && ['userId', 'username'].includes(field)) continue;
      const r = await admin.get(url);
      expect([r.status, r.body.error], url).toEqual([400, expect.stringMatching(new RegExp(`^query\\.${field}: `))]);
    }
  });

  it('keeps to the caller\'s data scope: the lines of users of its organisations, and its own', async () => {
    const east = await get(eastAdmin, `/api/t_history_log?${seeded}`);
    expect(east.list.map((l) => l.username)).toEqual(['east.admin', 'operator', 'operator']);
    // Asking for someone outside the scope by id finds nothing.
    expect((await get(eastAdmin, `/api/t_history_log?${seeded}&userId=${ids.admin}`)).count).toBe(0);
  });

  it('answers my own lines only, whatever the query asks', async () => {
    const mine = await get(operator, `/api/t_history_log/mine?${seeded}&userId=${ids.admin}`);
    expect(mine.list.map((l) => [l.username, l.action])).toEqual([['operator', 'remote-control'], ['operator', 'edit']]);
    const north = await new ApiClient(server.url).login('north.user', PASSWORD);
    expect((await get(north, `/api/t_history_log/mine?${seeded}&action=edit`)).list.map((l) => l.target)).toEqual(['t_project#2 北方项目']);
    // The operator's own sign-ins (the demo's and this test's) are there too.
    expect((await get(operator, '/api/t_history_log/mine?action=login')).count).toBeGreaterThan(0);
  });

  it('needs sys-log-preview for everyone\'s lines and log-preview for my own', async () => {
    const everyone = await operator.get('/api/t_history_log');
    expect([everyone.status, everyone.body.error]).toEqual([403, `没有权限：${Right.SysLogPreview}`]);
    const bare = await new ApiClient(server.url).login('east.admin', PASSWORD);
    await db().deleteFrom('t_role_right').where('right_code', '=', Right.LogPreview)
      .where('role_id', 'in', db().selectFrom('t_user_role').select('role_id').where('user_id', '=', ids.eastAdmin)).execute();
    const own = await bare.get('/api/t_history_log/mine');
    expect([own.status, own.body.error]).toEqual([403, `没有权限：${Right.LogPreview}`]);
    expect((await new ApiClient(server.url).get('/api/t_history_log/mine')).status).toBe(401);
  });

  it('lists the actions with their labels for the filter', async () => {
    const r = await operator.get('/api/t_history_log/action');
    expect(r.body.data).toEqual(LOG_ACTIONS);
    expect(r.body.data.map((a: { label: { zh: string } }) => a.label.zh)).toEqual(['登录', '新增', '修改', '删除', '远程控制', '备份', '恢复']);
  });
});
