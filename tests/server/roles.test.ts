import { PLATFORM_ONLY } from '../../server/http/api-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SCOPE_TYPES } from '../../contract/access';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const PASSWORD = 'Roles@2026';

/**
 * Roles and rights (issue 15): the rights catalogue and data-right types, a role's rights, data
 * rights and measure rights, role copying, organisation-type rights and their roles, an
 * organisation's rights and the import of its type's roles, a user's effective rights — with the
 * safety rules: nobody gives a right it lacks, a role's rights stay within its organisation type's,
 * unknown codes and bad bodies change nothing, no right answers 403, a role outside the scope 404.
 */
describe('roles and rights', () => {
  let server: TestServer;
  let admin: ApiClient;
  let superadmin: ApiClient;
  const org: Record<string, number> = {};
  let users = 0;

  const db = () => server.database.db;
  const orgOf = async (code: string) => (await db().selectFrom('t_org').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const typeRights = async (orgType: number) =>
    (await db().selectFrom('t_org_type_right').select('right_code').where('org_type', '=', orgType).execute()).map((r) => r.right_code).sort();

  /** A signed-in user of `orgId` with one role holding `rights` and the data scope `dataScope`. */
  async function userWith(orgId: number, rights: readonly string[], dataScope = 'VOrg') {
    const name = `roles-user-${++users}`;
    const roleId = (await db().insertInto('t_role').values({ org_id: orgId, name: `${name}-role`, data_scope: dataScope, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (rights.length) await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: roleId, right_code }))).execute();
    const userId = (await db().insertInto('t_user').values({
      username: name, nick_name: name, password_hash: await hashPassword(PASSWORD), org_id: orgId, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: userId, role_id: roleId }).execute();
    return { api: await new ApiClient(server.url).login(name, PASSWORD), userId, roleId };
  }

  async function newRole(orgId: number, name: string, extra: Record<string, unknown> = {}) {
    const r = await admin.post('/api/role/save', { orgId, name, dataScope: 'VDept', ...extra });
    expect(r.body.error).toBeUndefined();
    return r.body.data as { id: number; version: number; orgId: number; name: string; dataScope: string };
  }
  const roleRights = async (roleId: number) =>
    (await db().selectFrom('t_role_right').select('right_code').where('role_id', '=', roleId).execute()).map((r) => r.right_code).sort();
  const logOf = (target: string) => db().selectFrom('t_history_log').select(['action', 'username', 'detail', 'ip'])
    .where('target', 'like', `${target}%`).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    superadmin = await loginAs(server, 'superadmin');
    for (const code of ['NV-HQ', 'OWN-EAST', 'OWN-EAST-SZ', 'OWN-NORTH', 'OWN-WEST', 'SUP-01', 'DIS-01', 'REP-01', 'OPR-01']) org[code] = await orgOf(code);
  });
  afterAll(async () => { await server?.dispose(); });

  it('answers the rights catalogue grouped in order, and the data-right types with their targets', async () => {
    const groups = (await admin.get('/api/right/all')).body.data as { group: string; rights: { code: string; name: string; sortOrder: number }[] }[];
    const catalogue = await db().selectFrom('t_right').selectAll().orderBy('sort_order').execute();
    expect(groups.flatMap((g) => g.rights.map((r) => r.code)).sort()).toEqual(catalogue.map((r) => r.code).sort());
    expect(new Set(groups.map((g) => g.group)).size).toBe(groups.length);
    // Groups in the order of their first right; rights in catalogue order within a group.
    expect(groups.map((g) => g.group)).toEqual([...new Set(catalogue.map((r) => r.group_name))]);
    for (const g of groups) expect(g.rights.map((r) => r.sortOrder)).toEqual([...g.rights.map((r) => r.sortOrder)].sort((a, b) => a - b));
    expect(groups.find((g) => g.group === '系统管理')!.rights).toContainEqual(expect.objectContaining({ code: Right.RoleEdit, name: '角色编辑' }));

    const types = (await admin.get('/api/t_data_right/all')).body.data as { type: string; label: { zh: string; en: string }; target: string }[];
    expect(types.map((t) => t.type)).toEqual([...DATA_SCOPE_TYPES]);
    expect(Object.fromEntries(types.map((t) => [t.type, t.target]))).toEqual({
      VDept: 'none', VOrg: 'none', VAll: 'none', VSpec: 'project', VRegion: 'region', VIndustry: 'industry', VOrgExt: 'org',
    });
    expect(types.every((t) => t.label.zh && t.label.en)).toBe(true);
    // Any signed-in user reads the catalogues (pickers); nobody else.
    expect((await (await loginAs(server, 'operator')).get('/api/right/all')).status).toBe(200);
    expect((await new ApiClient(server.url).get('/api/t_data_right/all')).status).toBe(401);
  });

  it("sets a role's rights as a whole, audited; unknown codes and bad bodies change nothing", async () => {
    const role = await newRole(org['SUP-01'], '供应商质检');
    const set = await admin.post(`/api/role/rights/${role.id}`, { rights: [Right.ProjectPreview, Right.DevicePreview, Right.ProjectPreview] });
    expect(set.body.data.rights).toEqual([Right.DevicePreview, Right.ProjectPreview]);
    expect(set.body.data.cap).toEqual(await typeRights(2));
    expect((await admin.get(`/api/role/rights/${role.id}`)).body.data).toEqual(set.body.data);
    const replaced = await admin.post(`/api/role/rights/${role.id}`, { rights: [Right.DeviceEdit] });
    expect(replaced.body.data.rights).toEqual([Right.DeviceEdit]);
    expect(await roleRights(role.id)).toEqual([Right.DeviceEdit]);

    const log = await logOf(`role#${role.id} `);
    expect(log.map((l) => l.action)).toEqual(['add', 'edit', 'edit']);
    expect(JSON.parse(log[2].detail)).toEqual({ rights: { added: [Right.DeviceEdit], removed: [Right.DevicePreview, Right.ProjectPreview] } });
    expect(log.every((l) => l.username === 'admin' && l.ip !== '')).toBe(true);

    const unknown = await expectNoChange(server, () => admin.post(`/api/role/rights/${role.id}`, { rights: [Right.DevicePreview, 'no-such-right'] }));
    expect([unknown.status, unknown.body.error]).toEqual([400, 'body.rights: 未知的权限编码：no-such-right']);
    const bad = await expectNoChange(server, () => admin.post(`/api/role/rights/${role.id}`, { rights: 'project-preview' }));
    expect([bad.status, bad.body.error]).toEqual([400, expect.stringMatching(/^body\.rights: /)]);
    const empty = await expectNoChange(server, () => admin.post(`/api/role/rights/${role.id}`, { rights: [''] }));
    expect(empty.body.error).toMatch(/^body\.rights\.0: /);
    const missing = await expectNoChange(server, () => admin.post('/api/role/rights/2147483647', { rights: [] }));
    expect([missing.status, missing.body.error]).toEqual([404, '角色不存在']);
    expect((await admin.get('/api/role/rights/2147483647')).status).toBe(404);
  });

  it("keeps a role's rights within its organisation type's, naming the right outside", async () => {
    const before = await typeRights(2);
    const narrowed = before.filter((c) => c !== Right.Backup);
    expect((await admin.post('/api/t_org_type/rights/2', { rights: narrowed })).body.data).toEqual(narrowed);
    try {
      const role = await newRole(org['SUP-01'], '供应商备份员');
      const r = await expectNoChange(server, () => admin.post(`/api/role/rights/${role.id}`, { rights: [Right.ProjectPreview, Right.Backup] }));
      expect([r.status, r.body.error]).toEqual([400, 'body.rights: 权限 backup 不在组织类型“供应商”的权限范围内']);
      expect((await admin.get(`/api/role/rights/${role.id}`)).body.data.cap).not.toContain(Right.Backup);

      // A role holding backup cannot move to a supplier organisation either (the kit's save).
      const internal = await newRole(org['NV-HQ'], '备份员');
      await admin.post(`/api/role/rights/${internal.id}`, { rights: [Right.Backup] });
      const moved = await expectNoChange(server, () => admin.post('/api/role/save', {
        orgId: org['SUP-01'], name: internal.name, dataScope: 'VDept', id: internal.id, version: internal.version,
      }));
      expect([moved.status, moved.body.error]).toEqual([400, 'body.orgId: 权限 backup 不在组织类型“供应商”的权限范围内']);
      // Nor be copied there.
      const copied = await expectNoChange(server, () => admin.post(`/api/role/copy/${internal.id}`, { name: '备份员副本', orgId: org['SUP-01'] }));
      expect([copied.status, copied.body.error]).toEqual([400, 'body.orgId: 权限 backup 不在组织类型“供应商”的权限范围内']);
    } finally {
      await admin.post('/api/t_org_type/rights/2', { rights: before });
    }
    expect(await typeRights(2)).toEqual(before);
  });

  it('never lets a user give a right it does not hold, nor a data scope wider than its own', async () => {
    const delegate = await userWith(org['NV-HQ'], [Right.RolePreview, Right.RoleEdit, Right.ProjectPreview, Right.OrgTypePreview, Right.OrgTypeEdit]);
    const role = await newRole(org['OWN-EAST'], '巡检员');
    expect((await delegate.api.post(`/api/role/rights/${role.id}`, { rights: [Right.ProjectPreview] })).body.data.rights).toEqual([Right.ProjectPreview]);

    const raise = await expectNoChange(server, () => delegate.api.post(`/api/role/rights/${role.id}`, { rights: [Right.ProjectPreview, Right.DeviceEdit, Right.NoticeEdit] }));
    expect([raise.status, raise.body.error]).toEqual([403, 'body.rights: 不能授予您自己没有的权限：device-edit, notice-edit']);
    // Its own role: no more than it holds either.
    const own = await expectNoChange(server, () => delegate.api.post(`/api/role/rights/${delegate.roleId}`, {
      rights: [Right.RolePreview, Right.RoleEdit, Right.ProjectPreview, Right.OrgTypePreview, Right.OrgTypeEdit, Right.UserEdit],
    }));
    expect([own.status, own.body.error]).toEqual([403, 'body.rights: 不能授予您自己没有的权限：user-edit']);

    // A right the role holds already (given by the admin) stays; taking one away is allowed.
    await admin.post(`/api/role/rights/${role.id}`, { rights: [Right.ProjectPreview, Right.DeviceEdit] });
    expect((await delegate.api.post(`/api/role/rights/${role.id}`, { rights: [Right.DeviceEdit] })).body.data.rights).toEqual([Right.DeviceEdit]);
    expect((await expectNoChange(server, () => delegate.api.post(`/api/role/rights/${role.id}`, { rights: [Right.DeviceEdit, Right.ProjectEdit] }))).status).toBe(403);

    // An organisation-type role is the platform's: refused to a caller who does not see all data.
    const typeRole = (await admin.post('/api/t_org_type_role/save', { orgType: 1, name: '业主巡检', dataScope: 'VOrg' })).body.data;
    const typeRaise = await expectNoChange(server, () => delegate.api.post(`/api/t_org_type_role/rights/${typeRole.id}`, { rights: [Right.ProjectPreview] }));
    expect([typeRaise.status, typeRaise.body.error]).toEqual([403, PLATFORM_ONLY]);

    // The super administrator is excepted.
    const sa = await superadmin.post(`/api/role/rights/${role.id}`, { rights: [Right.NoticeEdit, Right.DeviceEdit] });
    expect(sa.body.data.rights).toEqual([Right.DeviceEdit, Right.NoticeEdit]);

    // VAll only from a caller who sees everything (the delegate sees its organisation and below).
    const wide = await expectNoChange(server, () => delegate.api.post(`/api/role/data-rights/${role.id}`, { dataScope: 'VAll', targets: [] }));
    expect([wide.status, wide.body.error]).toEqual([403, 'body.dataScope: 不能开放超出您数据范围的数据：全部数据']);
    const wideSave = await expectNoChange(server, () => delegate.api.post('/api/role/save', { orgId: org['OWN-EAST'], name: '全局巡检', dataScope: 'VAll' }));
    expect([wideSave.status, wideSave.body.error]).toEqual([403, 'body.dataScope: 不能开放超出您数据范围的数据：全部数据']);
    const copyRaise = await expectNoChange(server, () => delegate.api.post(`/api/role/copy/${role.id}`, { name: '巡检员副本' }));
    expect([copyRaise.status, copyRaise.body.error]).toEqual([403, 'body.rights: 不能授予您自己没有的权限：device-edit, notice-edit']);
  });

  it('refuses organisation-type rights the caller lacks, and unknown types and codes', async () => {
    // Organisation types are the platform's: a caller who does not see all data is refused, whatever its rights.
    const tenant = await userWith(org['NV-HQ'], [Right.OrgTypePreview, Right.OrgTypeEdit, Right.ProjectPreview]);
    const refused = await expectNoChange(server, () => tenant.api.post('/api/t_org_type/rights/4', { rights: [] }));
    expect([refused.status, refused.body.error]).toEqual([403, PLATFORM_ONLY]);
    const delegate = await userWith(org['NV-HQ'], [Right.OrgTypePreview, Right.OrgTypeEdit, Right.ProjectPreview], 'VAll');
    const before = await typeRights(4);
    expect(before).not.toContain(Right.Backup);
    expect((await delegate.api.get('/api/t_org_type/rights/4')).body.data).toEqual(before);
    const narrowed = before.filter((c) => c !== Right.ProjectPreview && c !== Right.NoticeEdit);
    expect((await delegate.api.post('/api/t_org_type/rights/4', { rights: narrowed })).body.data).toEqual(narrowed);
    const raise = await expectNoChange(server, () => delegate.api.post('/api/t_org_type/rights/4', { rights: before }));
    expect([raise.status, raise.body.error]).toEqual([403, 'body.rights: 不能授予您自己没有的权限：notice-edit']);
    // The platform's own rights never join a tenant type's cap, not even from the administrator.
    const platform = await expectNoChange(server, () => admin.post('/api/t_org_type/rights/4', { rights: [...before, Right.Backup] }));
    expect([platform.status, platform.body.error]).toEqual([400, 'body.rights: 平台权限 backup 只能属于内部组织类型']);
    // It gives back what it holds; the administrator gives back the rest.
    expect((await delegate.api.post('/api/t_org_type/rights/4', { rights: [...narrowed, Right.ProjectPreview] })).status).toBe(200);
    expect((await admin.post('/api/t_org_type/rights/4', { rights: before })).body.data).toEqual(before);
    const log = await logOf('t_org_type#4 ');
    expect(log.map((l) => [l.username, JSON.parse(l.detail)])).toEqual([
      [expect.stringMatching(/^roles-user-/), { rights: { added: [], removed: [Right.NoticeEdit, Right.ProjectPreview] } }],
      [expect.stringMatching(/^roles-user-/), { rights: { added: [Right.ProjectPreview], removed: [] } }],
      ['admin', { rights: { added: [Right.NoticeEdit], removed: [] } }],
    ]);

    const unknown = await expectNoChange(server, () => admin.post('/api/t_org_type/rights/4', { rights: ['nope'] }));
    expect([unknown.status, unknown.body.error]).toEqual([400, 'body.rights: 未知的权限编码：nope']);
    expect((await expectNoChange(server, () => admin.post('/api/t_org_type/rights/99', { rights: [] }))).status).toBe(404);
    expect((await admin.get('/api/t_org_type/rights/99')).body.error).toBe('组织类型不存在');
    expect((await admin.get('/api/t_org_type/rights/x')).body.error).toMatch(/^params\.orgType: /);
  });

  it("sets an organisation-type role's rights within its type's", async () => {
    const made = await admin.post('/api/t_org_type_role/save', { orgType: 4, name: '维修班长', dataScope: 'VOrg' });
    const id = made.body.data.id as number;
    const r = await admin.post(`/api/t_org_type_role/rights/${id}`, { rights: [Right.DevicePreview, Right.DeviceEdit] });
    expect(r.body.data).toEqual({ rights: [Right.DeviceEdit, Right.DevicePreview], cap: await typeRights(4) });
    expect((await admin.get(`/api/t_org_type_role/rights/${id}`)).body.data).toEqual(r.body.data);

    const before = await typeRights(4);
    await admin.post('/api/t_org_type/rights/4', { rights: before.filter((c) => c !== Right.Backup) });
    try {
      const outside = await expectNoChange(server, () => admin.post(`/api/t_org_type_role/rights/${id}`, { rights: [Right.Backup] }));
      expect([outside.status, outside.body.error]).toEqual([400, 'body.rights: 权限 backup 不在组织类型“维修商”的权限范围内']);
    } finally {
      await admin.post('/api/t_org_type/rights/4', { rights: before });
    }
    expect((await admin.get('/api/t_org_type_role/rights/2147483647')).body.error).toBe('组织类型角色不存在');
    // Deleting the type role takes its rights with it.
    expect((await admin.post(`/api/t_org_type_role/del/${id}`)).body.data).toBe(true);
    expect(await db().selectFrom('t_org_type_role_right').select('right_code').where('type_role_id', '=', id).execute()).toEqual([]);
  });

  it("stores a role's data scope and targets, and the user's scope follows them", async () => {
    const viewer = await userWith(org['SUP-01'], [Right.ProjectPreview, Right.OrgPreview], 'VDept');
    const projectsOf = async (orgId: number) => (await db().selectFrom('t_project').select('id').where('org_id', '=', orgId).execute()).map((p) => p.id);
    const seenProjects = async () => ((await viewer.api.get('/api/t_project/names')).body.data as { id: number }[]).map((p) => p.id).sort((a, b) => a - b);
    const seenOrgs = async () => ((await viewer.api.get('/api/t_org/names')).body.data as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
    expect(await seenOrgs()).toEqual([org['SUP-01']]);

    // VOrgExt: the organisation and the ones listed, each with those below it.
    const ext = await admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VOrgExt', targets: [org['OWN-EAST'], org['OWN-EAST']] });
    expect(ext.body.data).toEqual({ dataScope: 'VOrgExt', targets: [org['OWN-EAST']] });
    expect((await admin.get(`/api/role/data-rights/${viewer.roleId}`)).body.data).toEqual(ext.body.data);
    expect(await seenOrgs()).toEqual([org['OWN-EAST'], org['OWN-EAST-SZ'], org['SUP-01']].sort((a, b) => a - b));
    const east = [...await projectsOf(org['OWN-EAST']), ...await projectsOf(org['OWN-EAST-SZ'])].sort((a, b) => a - b);
    expect(east.length).toBeGreaterThan(0);
    expect(await seenProjects()).toEqual(east);

    // VSpec: the projects listed.
    const north = await projectsOf(org['OWN-NORTH']);
    await admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VSpec', targets: [north[0]] });
    expect(await seenProjects()).toEqual([north[0]]);
    expect(await seenOrgs()).toEqual([org['SUP-01']]);

    // VRegion: the projects of the regions listed and the regions below them.
    const northRegion = (await db().selectFrom('t_org').select('region_id').where('id', '=', org['OWN-NORTH']).executeTakeFirstOrThrow()).region_id!;
    const below = (await db().insertInto('t_region').values({ parent_id: northRegion, name: '北方下级区域' }).returning('id').executeTakeFirstOrThrow()).id;
    const moved = east[0];
    await db().updateTable('t_project').set({ region_id: below }).where('id', '=', moved).execute();
    await admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VRegion', targets: [northRegion] });
    const inNorth = (await db().selectFrom('t_project').select('id').where('region_id', 'in', [northRegion, below]).execute()).map((p) => p.id).sort((a, b) => a - b);
    expect(inNorth).toContain(moved);
    expect(await seenProjects()).toEqual(inNorth);
    // Without targets, VRegion keeps today's rule: the organisation's own region (the supplier has none).
    await admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VRegion', targets: [] });
    expect(await seenProjects()).toEqual([]);

    // VIndustry: the projects of the industries listed.
    const industry = (await db().selectFrom('t_org').select('industry_id').where('id', '=', org['OWN-WEST']).executeTakeFirstOrThrow()).industry_id!;
    await admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VIndustry', targets: [industry] });
    const inIndustry = (await db().selectFrom('t_project').select('id').where('industry_id', '=', industry).execute()).map((p) => p.id).sort((a, b) => a - b);
    expect(inIndustry.length).toBeGreaterThan(0);
    expect(await seenProjects()).toEqual(inIndustry);

    // A change of type through the kit's save drops the targets of the old type.
    const row = (await admin.get(`/api/role/${viewer.roleId}`)).body.data;
    expect(row.dataScope).toBe('VIndustry');
    await admin.post('/api/role/save', { orgId: row.orgId, name: row.name, dataScope: 'VDept', remark: '', id: row.id, version: row.version });
    expect(await db().selectFrom('t_data_right').select('id').where('role_id', '=', viewer.roleId).execute()).toEqual([]);
    expect((await admin.get(`/api/role/data-rights/${viewer.roleId}`)).body.data).toEqual({ dataScope: 'VDept', targets: [] });

    // Bad targets change nothing.
    const none = await expectNoChange(server, () => admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VOrg', targets: [org['NV-HQ']] }));
    expect([none.status, none.body.error]).toEqual([400, 'body.targets: 数据权限 VOrg 不需要指定对象']);
    const gone = await expectNoChange(server, () => admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VSpec', targets: [2_147_483_647] }));
    expect([gone.status, gone.body.error]).toEqual([400, 'body.targets: 含有不存在的项目']);
    const type = await expectNoChange(server, () => admin.post(`/api/role/data-rights/${viewer.roleId}`, { dataScope: 'VNone', targets: [] }));
    expect([type.status, type.body.error]).toEqual([400, expect.stringMatching(/^body\.dataScope: /)]);
    // The version moved on with each change: a form read before answers 409.
    const stale = await expectNoChange(server, () => admin.post('/api/role/save', { orgId: row.orgId, name: row.name, dataScope: 'VDept', id: row.id, version: row.version }));
    expect(stale.status).toBe(409);
  });

  it('gives data-right targets only within the caller\'s own scope', async () => {
    const delegate = await userWith(org['OWN-EAST'], [Right.RolePreview, Right.RoleEdit], 'VOrg');
    const role = await newRole(org['OWN-EAST-SZ'], '苏州巡检');
    expect((await delegate.api.post(`/api/role/data-rights/${role.id}`, { dataScope: 'VOrgExt', targets: [org['OWN-EAST-SZ']] })).body.data.targets)
      .toEqual([org['OWN-EAST-SZ']]);
    const outside = await expectNoChange(server, () => delegate.api.post(`/api/role/data-rights/${role.id}`, { dataScope: 'VOrgExt', targets: [org['OWN-NORTH']] }));
    expect([outside.status, outside.body.error]).toEqual([403, 'body.targets: 不能开放超出您数据范围的数据：组织 北方医药控股']);
    const north = (await db().selectFrom('t_project').select('id').where('org_id', '=', org['OWN-NORTH']).executeTakeFirstOrThrow()).id;
    const project = await expectNoChange(server, () => delegate.api.post(`/api/role/data-rights/${role.id}`, { dataScope: 'VSpec', targets: [north] }));
    expect([project.status, project.body.error]).toEqual([403, expect.stringMatching(/^body\.targets: 不能开放超出您数据范围的数据：项目 \S+/)]);
  });

  it("sets a role's measure rights; unknown measures change nothing", async () => {
    const role = await newRole(org['OWN-WEST'], '测点查看');
    const measures = (await db().selectFrom('t_measure').select('id').orderBy('id').limit(3).execute()).map((m) => m.id);
    expect((await admin.post(`/api/role/measure-rights/${role.id}`, { measureIds: [measures[2], measures[0], measures[2]] })).body.data).toEqual([measures[0], measures[2]]);
    expect((await admin.get(`/api/role/measure-rights/${role.id}`)).body.data).toEqual([measures[0], measures[2]]);
    const bad = await expectNoChange(server, () => admin.post(`/api/role/measure-rights/${role.id}`, { measureIds: [measures[1], 2_147_483_647] }));
    expect([bad.status, bad.body.error]).toEqual([400, 'body.measureIds: 含有不存在的测点']);
    const notIds = await expectNoChange(server, () => admin.post(`/api/role/measure-rights/${role.id}`, { measureIds: [0] }));
    expect(notIds.body.error).toMatch(/^body\.measureIds\.0: /);
    expect(JSON.parse((await logOf(`role#${role.id} `)).at(-1)!.detail)).toEqual({ measureIds: { added: [measures[0], measures[2]], removed: [] } });
  });

  it('copies a role with its rights, data rights and measure rights', async () => {
    const source = await newRole(org['OWN-EAST'], '值班长', { remark: '夜班' });
    await admin.post(`/api/role/rights/${source.id}`, { rights: [Right.ProjectPreview, Right.DevicePreview] });
    const project = (await db().selectFrom('t_project').select('id').where('org_id', '=', org['OWN-EAST']).executeTakeFirstOrThrow()).id;
    await admin.post(`/api/role/data-rights/${source.id}`, { dataScope: 'VSpec', targets: [project] });
    const measure = (await db().selectFrom('t_measure').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await admin.post(`/api/role/measure-rights/${source.id}`, { measureIds: [measure] });

    const copy = (await admin.post(`/api/role/copy/${source.id}`, { name: '值班长（副本）' })).body.data;
    expect(copy).toMatchObject({ orgId: org['OWN-EAST'], name: '值班长（副本）', dataScope: 'VSpec', remark: '夜班', version: 1 });
    expect(copy.id).not.toBe(source.id);
    expect((await admin.get(`/api/role/rights/${copy.id}`)).body.data.rights).toEqual([Right.DevicePreview, Right.ProjectPreview]);
    expect((await admin.get(`/api/role/data-rights/${copy.id}`)).body.data).toEqual({ dataScope: 'VSpec', targets: [project] });
    expect((await admin.get(`/api/role/measure-rights/${copy.id}`)).body.data).toEqual([measure]);
    expect((await logOf(`role#${copy.id} `)).map((l) => [l.action, JSON.parse(l.detail).copyOf])).toEqual([['add', source.id]]);

    const elsewhere = (await admin.post(`/api/role/copy/${source.id}`, { name: '值班长', orgId: org['OWN-NORTH'] })).body.data;
    expect(elsewhere).toMatchObject({ orgId: org['OWN-NORTH'], name: '值班长' });

    const dup = await expectNoChange(server, () => admin.post(`/api/role/copy/${source.id}`, { name: '值班长' }));
    expect([dup.status, dup.body.error]).toEqual([400, 'body.name: “华东洁净制造集团”已有名为“值班长”的角色']);
    const noName = await expectNoChange(server, () => admin.post(`/api/role/copy/${source.id}`, { name: '  ' }));
    expect([noName.status, noName.body.error]).toEqual([400, 'body.name: name is required']);
    const noOrg = await expectNoChange(server, () => admin.post(`/api/role/copy/${source.id}`, { name: '值班长2', orgId: 2_147_483_647 }));
    expect([noOrg.status, noOrg.body.error]).toEqual([400, 'body.orgId: 组织不存在']);
    expect((await expectNoChange(server, () => admin.post('/api/role/copy/2147483647', { name: 'x' }))).status).toBe(404);

    // A caller copying into an organisation outside its scope.
    const delegate = await userWith(org['OWN-EAST'], [Right.RolePreview, Right.RoleEdit, Right.ProjectPreview, Right.DevicePreview], 'VOrg');
    const out = await expectNoChange(server, () => delegate.api.post(`/api/role/copy/${source.id}`, { name: '值班长3', orgId: org['OWN-NORTH'] }));
    expect([out.status, out.body.error]).toEqual([400, 'body.orgId: 不在您的数据范围内']);
    expect((await delegate.api.post(`/api/role/copy/${source.id}`, { name: '值班长3', orgId: org['OWN-EAST-SZ'] })).body.data.orgId).toBe(org['OWN-EAST-SZ']);
  });

  it("answers an organisation's rights and imports its type's roles, skipping names it has", async () => {
    const dis = org['DIS-01'];
    expect((await admin.get(`/api/t_org/rights/${dis}`)).body.data).toEqual({ id: dis, name: '华南净化设备经销', orgType: 3, rights: await typeRights(3) });
    const sales = (await admin.post('/api/t_org_type_role/save', { orgType: 3, name: '销售', dataScope: 'VDept', remark: '经销商销售' })).body.data;
    const service = (await admin.post('/api/t_org_type_role/save', { orgType: 3, name: '售后', dataScope: 'VOrg' })).body.data;
    await admin.post(`/api/t_org_type_role/rights/${sales.id}`, { rights: [Right.ProjectPreview, Right.Buy] });
    await admin.post(`/api/t_org_type_role/rights/${service.id}`, { rights: [Right.DevicePreview] });
    await newRole(dis, '售后');

    const r = await admin.post(`/api/t_org/import-type-roles/${dis}`);
    expect(r.body.data.skipped).toEqual(['售后']);
    expect(r.body.data.imported.map((x: { name: string }) => x.name)).toEqual(['销售']);
    const imported = (await admin.get(`/api/role/${r.body.data.imported[0].id}`)).body.data;
    expect(imported).toMatchObject({ orgId: dis, name: '销售', dataScope: 'VDept', remark: '经销商销售' });
    expect(await roleRights(imported.id)).toEqual([Right.Buy, Right.ProjectPreview]);
    expect((await logOf(`role#${imported.id} `)).map((l) => l.action)).toEqual(['add']);

    const again = await expectNoChange(server, () => admin.post(`/api/t_org/import-type-roles/${dis}`));
    expect(again.body.data).toEqual({ imported: [], skipped: ['销售', '售后'] });

    // A caller lacking a right of a type role imports nothing.
    const rep = org['REP-01'];
    const fix = (await admin.post('/api/t_org_type_role/save', { orgType: 4, name: '维修主管', dataScope: 'VOrg' })).body.data;
    await admin.post(`/api/t_org_type_role/rights/${fix.id}`, { rights: [Right.DeviceEdit] });
    const delegate = await userWith(org['NV-HQ'], [Right.RoleEdit, Right.RolePreview], 'VOrg');
    const refused = await expectNoChange(server, () => delegate.api.post(`/api/t_org/import-type-roles/${rep}`));
    expect([refused.status, refused.body.error]).toEqual([403, 'body.rights: 不能授予您自己没有的权限：device-edit']);
    expect((await admin.get('/api/t_org/rights/2147483647')).status).toBe(404);
    expect((await expectNoChange(server, () => admin.post('/api/t_org/import-type-roles/2147483647'))).status).toBe(404);
  });

  it('answers 403 without the right and 404 for a role or organisation outside the scope', async () => {
    const operator = await loginAs(server, 'operator');
    const role = await newRole(org['NV-HQ'], '总部审计');
    for (const [method, url, body] of [
      ['GET', `/api/role/rights/${role.id}`], ['POST', `/api/role/rights/${role.id}`, { rights: [] }],
      ['GET', `/api/role/data-rights/${role.id}`], ['POST', `/api/role/data-rights/${role.id}`, { dataScope: 'VDept', targets: [] }],
      ['GET', `/api/role/measure-rights/${role.id}`], ['POST', `/api/role/measure-rights/${role.id}`, { measureIds: [] }],
      ['POST', `/api/role/copy/${role.id}`, { name: 'x' }], ['GET', '/api/right/holders'], ['GET', '/api/t_org_type/rights/1'],
      ['POST', '/api/t_org_type/rights/1', { rights: [] }], ['GET', `/api/t_org/rights/${org['NV-HQ']}`],
      ['POST', `/api/t_org/import-type-roles/${org['OWN-EAST']}`], ['GET', `/api/role/user-rights/${role.id}`],
    ] as const) {
      const r = await expectNoChange(server, () => operator.request(method, url, body));
      expect([url, r.status, r.body.error]).toEqual([url, 403, expect.stringMatching(/^没有权限：/)]);
    }

    // An owner's administrator (its organisation and below) does not see the headquarters' roles.
    const local = await userWith(org['OWN-EAST'], [Right.RolePreview, Right.RoleEdit, Right.RightPreview], 'VOrg');
    for (const [method, url, body] of [
      ['GET', `/api/role/rights/${role.id}`], ['POST', `/api/role/rights/${role.id}`, { rights: [] }],
      ['GET', `/api/role/data-rights/${role.id}`], ['POST', `/api/role/data-rights/${role.id}`, { dataScope: 'VDept', targets: [] }],
      ['GET', `/api/role/measure-rights/${role.id}`], ['POST', `/api/role/measure-rights/${role.id}`, { measureIds: [] }],
      ['POST', `/api/role/copy/${role.id}`, { name: 'x' }], ['GET', `/api/t_org/rights/${org['NV-HQ']}`],
      ['POST', `/api/t_org/import-type-roles/${org['NV-HQ']}`],
    ] as const) {
      const r = await expectNoChange(server, () => local.api.request(method, url, body));
      expect([url, r.status]).toEqual([url, 404]);
    }
    expect((await local.api.get(`/api/t_org/rights/${org['OWN-EAST-SZ']}`)).status).toBe(200);
    const holders = (await local.api.get('/api/right/holders')).body.data as { code: string; roles: { id: number }[] }[];
    expect(holders.flatMap((h) => h.roles.map((r) => r.id))).not.toContain(role.id);
    const all = (await admin.get('/api/right/holders')).body.data as { code: string; roles: { id: number; name: string }[] }[];
    expect(all.find((h) => h.code === Right.Backup)!.roles.map((r) => r.name)).toContain('系统管理员');
  });

  it("answers a user's effective rights, the roles that give each, and its data scope", async () => {
    const operatorId = (await db().selectFrom('t_user').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
    const r = (await admin.get(`/api/role/user-rights/${operatorId}`)).body.data;
    const rights = (await (await loginAs(server, 'operator')).get('/api/user/rights')).body.data as string[];
    expect(r).toMatchObject({ userId: operatorId, username: 'operator', orgId: org['OWN-EAST'], orgType: 1, isSuper: false });
    expect(r.roles).toEqual([expect.objectContaining({ name: '业主运维', dataScope: 'VOrg' })]);
    expect(r.rights.map((x: { code: string }) => x.code)).toEqual(rights);
    expect(r.rights.every((x: { roles: number[] }) => x.roles.length === 1 && x.roles[0] === r.roles[0].id)).toBe(true);
    expect(r.dataScope).toMatchObject({ all: false, orgIds: [org['OWN-EAST'], org['OWN-EAST-SZ']].sort((a, b) => a - b) });
    const sa = (await db().selectFrom('t_user').select('id').where('username', '=', 'superadmin').executeTakeFirstOrThrow()).id;
    expect((await admin.get(`/api/role/user-rights/${sa}`)).body.data.dataScope.all).toBe(true);
    const local = await userWith(org['OWN-EAST'], [Right.RightPreview], 'VDept');
    expect((await local.api.get(`/api/role/user-rights/${sa}`)).status).toBe(404);
    expect((await admin.get('/api/role/user-rights/2147483647')).body.error).toBe('用户不存在');
  });
});
