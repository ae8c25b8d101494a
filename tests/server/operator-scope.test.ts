import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

/** The operator works for OWN-EAST (with its child OWN-EAST-SZ), VOrg: these three projects. */
const OPERATOR_PROJECTS = ['上海张江洁净厂房', '苏州工业园区电子车间', '杭州未来科技城办公楼'];
const OTHER_PROJECTS = ['北京亦庄制药车间', '西安高新生物实验室', '成都天府数据中心', '武汉光谷洁净车间', '重庆两江商业中心'];
const OPERATOR_CITIES = /^(上海|苏州|杭州)/;

const namesOf = async (api: ApiClient, family: string): Promise<string[]> => {
  const r = await api.get(`/api/${family}/names`);
  expect(r.body.success).toBe(true);
  return (r.body.data as { name: string }[]).map((n) => n.name);
};

describe('operator scope: the demo operator sees its own organisation only', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let userId: (username: string) => Promise<number>;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    userId = async (username) => (await server.database.db.selectFrom('t_user').select('id')
      .where('username', '=', username).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await server?.dispose(); });

  it('lists only its projects, devices, groups and contacts', async () => {
    expect((await namesOf(operator, 't_project')).sort()).toEqual([...OPERATOR_PROJECTS].sort());
    expect((await namesOf(admin, 't_project')).sort()).toEqual([...OPERATOR_PROJECTS, ...OTHER_PROJECTS].sort());

    const devices = await namesOf(operator, 't_device');
    expect(devices).toHaveLength(3 * 18);
    expect(devices.filter((n) => !OPERATOR_CITIES.test(n))).toEqual([]);
    expect((await operator.get('/api/t_device/names/all')).body.data.map((d: { name: string }) => d.name)).toEqual(devices);
    expect(await namesOf(admin, 't_device')).toHaveLength(144);

    expect(await namesOf(operator, 't_project_group')).toHaveLength(2);
    expect((await namesOf(operator, 't_contacts')).sort()).toEqual(['上海值班室', '杭州值班室', '苏州值班室'].sort());
    expect(await namesOf(admin, 't_contacts')).toHaveLength(8);
  });

  it('lists only the organisations and users of its subtree', async () => {
    expect((await namesOf(operator, 't_org')).sort()).toEqual(['华东洁净制造集团', '华东洁净制造集团·苏州工厂'].sort());
    expect(await namesOf(admin, 't_org')).toHaveLength(9);
    expect(await namesOf(operator, 'user-manage')).toEqual(['业主运维']);
    const everyone = await namesOf(admin, 'user-manage');
    expect(everyone).toEqual(expect.arrayContaining(['超级管理员', '系统管理员', '业主运维', '张伟', '李娜']));
  });

  it('counts only what it can see in the statistics', async () => {
    const [op, ad] = await Promise.all([operator.get('/api/s/project'), admin.get('/api/s/project')]);
    expect(op.body.data.total).toBe(3);
    expect(ad.body.data.total).toBe(8);
    expect(op.body.data.byRegion.map((r: { name: string }) => r.name)).toEqual(['华东区']);

    const [opDev, adDev] = await Promise.all([operator.get('/api/s/device'), admin.get('/api/s/device')]);
    expect(opDev.body.data.total).toBe(54);
    expect(adDev.body.data.total).toBe(144);
    for (const s of [opDev.body.data, adDev.body.data]) {
      expect(s.online + s.offline + s.alarm).toBe(s.total);
      expect(s.byType.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBe(s.total);
    }
  });

  it('counts only the real alarms of its projects', async () => {
    const db = server.database.db;
    const device = async (projectName: string) => db.selectFrom('t_device as d').innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId', 'p.id as projectId']).where('p.name', '=', projectName)
      .orderBy('d.id').orderBy('m.id').executeTakeFirstOrThrow();
    const rows = await Promise.all([
      device('上海张江洁净厂房'), device('北京亦庄制药车间'), device('成都天府数据中心'),
    ]);
    type Stats = { total: number; hint: number; minor: number; important: number };
    const stats = async (api: typeof operator): Promise<Stats> => (await api.get('/api/s/wMeasure/count')).body.data;
    const delta = (after: Stats, before: Stats) => ({
      total: after.total - before.total, hint: after.hint - before.hint,
      minor: after.minor - before.minor, important: after.important - before.important,
    });
    const [opBefore, adminBefore] = [await stats(operator), await stats(admin)];
    expect(opBefore.total).toBeLessThan(adminBefore.total);
    await db.insertInto('t_real_measure_warning').values(rows.map((r, i) => ({
      device_id: r.deviceId, measure_id: r.measureId, project_id: r.projectId, warn_level: i, condition_type: 4,
      condition_val1: 1, sample_value: 2, content: '测试告警', raised_at: Date.now(),
    }))).execute();
    // The demo seed has open alarms already: compare what the three new ones add.
    expect(delta(await stats(operator), opBefore)).toEqual({ total: 1, hint: 1, minor: 0, important: 0 });
    expect(delta(await stats(admin), adminBefore)).toEqual({ total: 3, hint: 1, minor: 1, important: 1 });
  });

  it('reads and marks only its own messages', async () => {
    const own = (await operator.get('/api/t_history_message?Page=1&Size=50')).body.data;
    const theirs = (await admin.get('/api/t_history_message?Page=1&Size=50')).body.data;
    const ownIds = own.list.map((m: { id: number }) => m.id);
    const adminUnread = theirs.list.find((m: { isReaded: boolean }) => !m.isReaded).id as number;
    expect(ownIds).not.toContain(adminUnread);

    const readOther = await expectNoChange(server, () => operator.post(`/api/t_history_message/set-readed?id=${adminUnread}`));
    expect(readOther.status).toBe(404);
    expect(readOther.body).toEqual({ success: false, error: '消息不存在' });

    // One foreign id spoils the whole batch: nothing is marked, not even the operator's own.
    const dealMixed = await expectNoChange(server, () => operator.post('/api/t_history_message/set-dealed', { ids: [ownIds[0], adminUnread] }));
    expect(dealMixed.status).toBe(404);
    expect(dealMixed.body.success).toBe(false);

    const after = (await admin.get('/api/t_history_message?Page=1&Size=50')).body.data;
    expect(after.list.find((m: { id: number }) => m.id === adminUnread).isReaded).toBe(false);
  });

  it('cannot unlock a user: the right is missing, and with it the scope still holds', async () => {
    const db = server.database.db;
    const locked = Date.now() + 3_600_000;
    const zhang = await userId('zhang.wei');
    const operatorId = await userId('operator');
    await db.updateTable('t_user').set({ locked_until: locked }).where('id', 'in', [zhang, operatorId]).execute();

    const refused = await expectNoChange(server, () => operator.post('/api/user-manage/unlock', { id: zhang }));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: `没有权限：${Right.UserEdit}` });

    // A colleague of the operator with user rights, scoped to OWN-EAST (VOrg).
    const org = await db.selectFrom('t_org').select('id').where('code', '=', 'OWN-EAST').executeTakeFirstOrThrow();
    const role = (await db.insertInto('t_role').values({ org_id: org.id, name: '东区用户管理员', data_scope: 'VOrg', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_role_right').values([Right.UserPreview, Right.UserEdit, Right.NoticeEdit].map((right_code) => ({ role_id: role, right_code }))).execute();
    const manager = (await db.insertInto('t_user').values({
      username: 'east.manager', nick_name: '东区管理员', password_hash: await hashPassword('East@2026'), org_id: org.id, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_user_role').values({ user_id: manager, role_id: role }).execute();
    const eastAdmin = await new ApiClient(server.url).login('east.manager', 'East@2026');

    const list = await eastAdmin.get('/api/user-manage?Page=1&Size=50');
    expect(list.body.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['east.manager', 'operator']);
    expect(list.body.data.count).toBe(2);

    const outside = await expectNoChange(server, () => eastAdmin.post('/api/user-manage/unlock', { id: zhang }));
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual({ success: false, error: '用户不存在' });
    const notified = await expectNoChange(server, () => eastAdmin.post('/api/t_history_message/save', {
      type: 0, content: '越权通知', data: '{}', userIds: [operatorId, zhang],
    }));
    expect(notified.status).toBe(404);

    const inside = await eastAdmin.post('/api/user-manage/unlock', { id: operatorId });
    expect(inside.body).toEqual({ success: true, data: true });
    const rows = await db.selectFrom('t_user').select(['id', 'locked_until']).where('id', 'in', [zhang, operatorId]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.locked_until]))).toEqual({ [zhang]: locked, [operatorId]: null });
  });
});
