import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoChange } from './db-snapshot';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

/**
 * Organisation types (组织类型): the six kinds of SPEC §3 are seeded and never deleted; an
 * administrator adds its own, numbered by the server from 6 on, with rights and roles of their own
 * that go with it when it is deleted; an organisation is only of a type that exists.
 */
describe('organisation types', () => {
  let server: TestServer;
  let admin: ApiClient;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it('numbers a new type after the highest, gives it rights and roles, and takes them away with it', async () => {
    const created = await admin.post('/api/t_org_type/save', { name: '区域代理商', remark: '代理销售滤材' });
    expect(created.body.error).toBeUndefined();
    const type = created.body.data as { id: number; orgType: number; name: string };
    expect(type).toMatchObject({ orgType: 6, name: '区域代理商' });
    const second = (await admin.post('/api/t_org_type/save', { name: '检测机构' })).body.data as { orgType: number };
    expect(second.orgType).toBe(7);
    expect((await admin.get('/api/t_org_type/names')).body.data).toContainEqual({ id: 6, name: '区域代理商' });

    // A new type holds no right until it is given some.
    expect((await admin.get('/api/t_org_type/rights/6')).body.data).toEqual([]);
    expect((await admin.post('/api/t_org_type/rights/6', { rights: ['project-preview', 'device-preview'] })).body.data)
      .toEqual(['device-preview', 'project-preview']);
    const role = await admin.post('/api/t_org_type_role/save', { orgType: 6, name: '代理商值班', dataScope: 'VOrg' });
    expect(role.body.error).toBeUndefined();

    // An organisation of it: the type cannot go while the organisation is there.
    const org = await admin.post('/api/t_org/save', { parentId: null, name: '华中区域代理', code: 'AGENT-HZ', orgType: 6 });
    expect(org.body.error).toBeUndefined();
    const refused = await admin.post(`/api/t_org_type/del/${type.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('无法删除组织类型：仍有 1 个组织引用它');
    expect(await db().selectFrom('t_org_type_right').select('right_code').where('org_type', '=', 6).execute()).toHaveLength(2);

    await admin.post(`/api/t_org/del/${(org.body.data as { id: number }).id}`);
    expect((await admin.post(`/api/t_org_type/del/${type.id}`)).body).toMatchObject({ success: true });
    expect(await db().selectFrom('t_org_type_right').select('right_code').where('org_type', '=', 6).execute()).toEqual([]);
    expect(await db().selectFrom('t_org_type_role').select('id').where('org_type', '=', 6).execute()).toEqual([]);
    const log = await db().selectFrom('t_history_log').select(['action', 'target']).where('target', 'like', 't_org_type#%').orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['add', 'add', 'edit', 'delete']);
  });

  it('never deletes one of the six kinds, and refuses an organisation of a type that does not exist', async () => {
    const owner = await db().selectFrom('t_org_type').select('id').where('org_type', '=', 1).executeTakeFirstOrThrow();
    const builtIn = await expectNoChange(server, () => admin.post(`/api/t_org_type/del/${owner.id}`));
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.error).toBe('系统内置的组织类型不能删除');
    const unknown = await expectNoChange(server, () => admin.post('/api/t_org/save', { parentId: null, name: '无类型组织', code: 'NO-TYPE', orgType: 42 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('body.orgType: 组织类型不存在');
  });
});
