import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const PASSWORD = 'Effective@2026';

/**
 * Effective rights (issue 15): the union of the user's roles' rights, capped by its organisation
 * type's rights; the super administrator holds every right. The request's rights, /api/user/info
 * and /api/user/rights all read it, so a narrowed type takes a right away at the next call.
 */
describe('effective rights', () => {
  let server: TestServer;
  let admin: ApiClient;
  let users = 0;
  const db = () => server.database.db;
  const orgOf = async (code: string) => (await db().selectFrom('t_org').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const typeRights = async (orgType: number) =>
    (await db().selectFrom('t_org_type_right').select('right_code').where('org_type', '=', orgType).execute()).map((r) => r.right_code).sort();

  async function role(orgId: number, rights: readonly string[]) {
    const id = (await db().insertInto('t_role').values({ org_id: orgId, name: `eff-role-${++users}`, data_scope: 'VOrg', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: id, right_code }))).execute();
    return id;
  }
  async function user(orgId: number, roleIds: readonly number[]) {
    const name = `eff-user-${++users}`;
    const id = (await db().insertInto('t_user').values({
      username: name, nick_name: name, password_hash: await hashPassword(PASSWORD), org_id: orgId, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values(roleIds.map((role_id) => ({ user_id: id, role_id }))).execute();
    return { id, name, api: await new ApiClient(server.url).login(name, PASSWORD) };
  }
  const infoRights = async (api: ApiClient) => (await api.get('/api/user/info')).body.data.rights as string[];
  const rightsOf = async (api: ApiClient) => (await api.get('/api/user/rights')).body.data as string[];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it("is the union of the user's roles' rights", async () => {
    const supplier = await orgOf('SUP-01');
    const a = await role(supplier, [Right.ProjectPreview, Right.DevicePreview]);
    const b = await role(supplier, [Right.DevicePreview, Right.RolePreview]);
    const u = await user(supplier, [a, b]);
    const expected = [Right.DevicePreview, Right.ProjectPreview, Right.RolePreview].sort();
    expect(await rightsOf(u.api)).toEqual(expected);
    expect(await infoRights(u.api)).toEqual(expected);
    expect((await u.api.get('/api/role?Page=1&Size=5')).status).toBe(200);
    expect((await u.api.get('/api/right/holders')).status).toBe(403);
  });

  it("is capped by the organisation type's rights: narrowing it takes the right away at once, widening gives it back", async () => {
    const supplier = await orgOf('SUP-01');
    const u = await user(supplier, [await role(supplier, [Right.RolePreview, Right.ProjectPreview])]);
    expect((await u.api.get('/api/role?Page=1&Size=5')).status).toBe(200);
    const before = await typeRights(2);
    expect(before).toContain(Right.RolePreview);

    const narrowed = before.filter((c) => c !== Right.RolePreview);
    expect((await admin.post('/api/t_org_type/rights/2', { rights: narrowed })).body.success).toBe(true);
    try {
      // The same token, the next call: refused; the user's info no longer lists it.
      const refused = await u.api.get('/api/role?Page=1&Size=5');
      expect([refused.status, refused.body.error]).toEqual([403, `没有权限：${Right.RolePreview}`]);
      expect(await infoRights(u.api)).toEqual([Right.ProjectPreview]);
      expect(await rightsOf(u.api)).toEqual([Right.ProjectPreview]);
      // A new sign-in gets no more.
      const again = await new ApiClient(server.url).login(u.name, PASSWORD);
      expect(await infoRights(again)).toEqual([Right.ProjectPreview]);
      // The role still holds the right: only the cap took it.
      expect((await admin.get(`/api/role/user-rights/${u.id}`)).body.data.rights.map((r: { code: string }) => r.code)).toEqual([Right.ProjectPreview]);
    } finally {
      await admin.post('/api/t_org_type/rights/2', { rights: before });
    }
    expect((await u.api.get('/api/role?Page=1&Size=5')).status).toBe(200);
    expect(await infoRights(u.api)).toEqual([Right.ProjectPreview, Right.RolePreview]);
  });

  it("caps a role of a parent organisation by the user's own organisation's type", async () => {
    const hq = await orgOf('NV-HQ');
    const owner = await orgOf('OWN-WEST');
    const hqRole = await role(hq, [Right.Backup, Right.NoticeEdit, Right.ProjectPreview]);
    const u = await user(owner, [hqRole]);
    // The platform's own rights (backup) are in no tenant type's cap.
    expect(await rightsOf(u.api)).toEqual([Right.NoticeEdit, Right.ProjectPreview]);
    const before = await typeRights(1);
    await admin.post('/api/t_org_type/rights/1', { rights: before.filter((c) => c !== Right.NoticeEdit) });
    try {
      expect(await rightsOf(u.api)).toEqual([Right.ProjectPreview]);
    } finally {
      await admin.post('/api/t_org_type/rights/1', { rights: before });
    }
  });

  it('gives the super administrator every right, whatever its roles and its type', async () => {
    const superadmin = await loginAs(server, 'superadmin');
    const catalogue = (await db().selectFrom('t_right').select('code').execute()).map((r) => r.code).sort();
    expect(await rightsOf(superadmin)).toEqual(catalogue);
    expect(await infoRights(superadmin)).toEqual(catalogue);

    const superId = (await db().selectFrom('t_user').select('id').where('username', '=', 'superadmin').executeTakeFirstOrThrow()).id;
    const roles = await db().selectFrom('t_user_role').selectAll().where('user_id', '=', superId).execute();
    await db().deleteFrom('t_user_role').where('user_id', '=', superId).execute();
    const before = await typeRights(0);
    await admin.post('/api/t_org_type/rights/0', { rights: before.filter((c) => c !== Right.Backup) });
    try {
      expect(await rightsOf(superadmin)).toEqual(catalogue);
      // The administrator (not super) of the same organisation loses it.
      expect(await rightsOf(admin)).not.toContain(Right.Backup);
      expect((await admin.get('/api/user/info')).body.data.rights).not.toContain(Right.Backup);
    } finally {
      await superadmin.post('/api/t_org_type/rights/0', { rights: before });
      await db().insertInto('t_user_role').values(roles).execute();
    }
    expect(await rightsOf(admin)).toContain(Right.Backup);
  });
});
