import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrgType } from '../../contract/enums';
import { PLATFORM_RIGHTS, Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { PLATFORM_ONLY } from '../../server/http/api-error';
import { expectNoChange } from './db-snapshot';
import { declaredOperations, type DeclaredOperation } from './declared-tenancy';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';

/**
 * Tenant isolation (issue 32, DESIGN "Tenancy"): two tenant organisations, each with an
 * administrator holding every right its organisation type allows, and the platform's
 * administrator. Every endpoint the server declares is walked from its own OpenAPI document, so
 * one added later is covered without a line here: a write without a tenancy decision fails, and
 * every platform endpoint refuses the tenant and changes nothing. Then every write that can change
 * someone's data scope is tried as the tenant, each refused with what it would open, nothing
 * written.
 */
describe('tenant isolation', () => {
  let server: TestServer;
  let admin: ApiClient;
  let east: ApiClient;
  let eastRights: string[];
  let operations: DeclaredOperation[];
  const ids: Record<string, number> = {};
  const PASSWORD = 'Tenant@2026';

  const db = () => server.database.db;
  const orgId = async (code: string) => (await db().selectFrom('t_org').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const refused = (r: ApiResponse, status: number, error: string | RegExp) => {
    expect({ status: r.status, success: r.body.success, error: r.body.error }).toEqual({ status, success: false, error: expect.stringMatching(error) });
  };

  /** A user of `org` holding one new role of `dataScope` with `rights` (written as the platform would). */
  async function account(username: string, org: number, dataScope: string, rights: readonly string[]) {
    const role = (await db().insertInto('t_role').values({ org_id: org, name: `${username}-role`, data_scope: dataScope, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (rights.length) await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: role, right_code }))).execute();
    const user = (await db().insertInto('t_user').values({
      username, nick_name: username, password_hash: await hashPassword(PASSWORD), org_id: org, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: user, role_id: role }).execute();
    return { role, user };
  }

  /** Every right of an organisation type's cap, and the platform's own on top (the cap must drop them). */
  const typeCap = async (type: number) => (await db().selectFrom('t_org_type_right').select('right_code').where('org_type', '=', type).execute())
    .map((r) => r.right_code);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    for (const code of ['OWN-EAST', 'OWN-EAST-SZ', 'OWN-NORTH']) ids[code] = await orgId(code);
    const cap = [...await typeCap(OrgType.Owner), ...PLATFORM_RIGHTS];
    const made = await account('east.admin', ids['OWN-EAST'], 'VOrg', cap);
    ids.eastRole = made.role;
    ids.eastAdmin = made.user;
    await account('north.admin', ids['OWN-NORTH'], 'VOrg', cap);
    east = await new ApiClient(server.url).login('east.admin', PASSWORD);
    eastRights = (await east.get('/api/user/info')).body.data.rights;
    operations = await declaredOperations(server.url);
    const north = await db().selectFrom('t_org').select(['region_id', 'industry_id']).where('id', '=', ids['OWN-NORTH']).executeTakeFirstOrThrow();
    ids.northRegion = north.region_id!;
    ids.northIndustry = north.industry_id!;
    ids.northProject = (await db().selectFrom('t_project').select('id').where('org_id', '=', ids['OWN-NORTH']).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await server?.dispose(); });

  it('holds the type\'s rights but none of the platform\'s, though its role lists them', () => {
    expect(eastRights.length).toBeGreaterThan(40);
    expect(eastRights).toContain(Right.ProductEdit);
    expect(eastRights).toContain(Right.UserEdit);
    for (const code of PLATFORM_RIGHTS) expect(eastRights).not.toContain(code);
  });

  it('finds a tenancy decision on every write the server declares', () => {
    const writes = operations.filter((o) => o.method !== 'GET' && o.access !== undefined);
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter((o) => !o.tenancy).map((o) => `${o.method} ${o.route}`)).toEqual([]);
    // The platform's records named by issue 32 are declared the platform's.
    const platform = new Set(operations.filter((o) => o.tenancy === 'platform').map((o) => `${o.method} ${o.route}`));
    for (const route of [
      'POST /api/user-manage/enable-guest', 'POST /api/sys_setting/save', 'POST /srv/db/backup', 'GET /srv/db/download',
      'POST /api/t_device_model/save', 'POST /api/t_device_model_measure/batchSave', 'POST /api/t_upgrade_file/del/:id',
      'POST /api/t_org_type/rights/:orgType', 'POST /api/licence/import',
    ]) expect(platform, route).toContain(route);
  });

  // Every platform endpoint, each proven by two whole-database snapshots: seconds on SQLite, half a
  // minute and more on PostgreSQL beside other suites.
  it('refuses the tenant every platform endpoint, whatever its rights, and changes nothing', async () => {
    const platform = operations.filter((o) => o.tenancy === 'platform');
    expect(platform.length).toBeGreaterThan(30);
    for (const op of platform) {
      const url = op.route.replace(/:\w+/g, '1');
      const r = await expectNoChange(server, () => east.request(op.method, url, op.method === 'GET' ? undefined : {}));
      // Where the tenant holds the right, only the tenancy refuses it.
      const codes = typeof op.access === 'string' ? [op.access] : Array.isArray(op.access) ? op.access as string[] : [];
      const holds = op.access === 'signed-in' || codes.some((c) => eastRights.includes(c));
      expect({ route: `${op.method} ${op.route}`, status: r.status, error: r.body.error })
        .toEqual({ route: `${op.method} ${op.route}`, status: 403, error: holds ? PLATFORM_ONLY : expect.stringMatching(/^没有权限：/) });
    }
  }, 120_000);

  describe('a tenant never widens a data scope', () => {
    const opens = (field: string, what: RegExp) => new RegExp(`^${field.replace('.', '\\.')}: 不能开放超出您数据范围的数据：${what.source}`);

    it('of its own role: all data, an industry, a region, another organisation, another\'s project', async () => {
      for (const [body, field, what] of [
        [{ dataScope: 'VAll', targets: [] }, 'body.dataScope', /全部数据/],
        [{ dataScope: 'VIndustry', targets: [] }, 'body.dataScope', /行业 /],
        [{ dataScope: 'VRegion', targets: [] }, 'body.dataScope', /区域 /],
        [{ dataScope: 'VIndustry', targets: [ids.northIndustry] }, 'body.targets', /行业 /],
        [{ dataScope: 'VRegion', targets: [ids.northRegion] }, 'body.targets', /区域 /],
        [{ dataScope: 'VOrgExt', targets: [ids['OWN-NORTH']] }, 'body.targets', /组织 北方医药控股/],
        [{ dataScope: 'VSpec', targets: [ids.northProject] }, 'body.targets', /项目 /],
      ] as const) {
        const r = await expectNoChange(server, () => east.post(`/api/role/data-rights/${ids.eastRole}`, body));
        refused(r, 403, opens(field, what));
      }
      // The projects it lists are still its own.
      const names = (await east.get('/api/t_project/all')).body.data as { orgId: number }[];
      expect(names.length).toBeGreaterThan(0);
      const own = [ids['OWN-EAST'], ids['OWN-EAST-SZ']];
      expect(names.every((p) => own.includes(p.orgId))).toBe(true);
    });

    it('by a new role of a wider scope, or one copied or imported from wider ones', async () => {
      for (const dataScope of ['VAll', 'VIndustry', 'VRegion']) {
        const r = await expectNoChange(server, () => east.post('/api/role/save', { orgId: ids['OWN-EAST-SZ'], name: `宽角色-${dataScope}`, dataScope }));
        refused(r, 403, /^body\.dataScope: 不能开放超出您数据范围的数据：/);
      }
      // The platform keeps a regional role for the owner type; importing it would open the region.
      const typeRole = await admin.post('/api/t_org_type_role/save', { orgType: OrgType.Owner, name: '区域巡检模板', dataScope: 'VRegion' });
      expect(typeRole.body.success).toBe(true);
      const imported = await expectNoChange(server, () => east.post(`/api/t_org/import-type-roles/${ids['OWN-EAST-SZ']}`));
      refused(imported, 403, /类型角色「区域巡检模板」: 不能开放超出您数据范围的数据：区域 /);
      await admin.post(`/api/t_org_type_role/del/${typeRole.body.data.id}`);
    });

    it('by moving an organisation, giving a role or moving a user where a wider role reaches further', async () => {
      // The platform lets a Suzhou user see its organisation's industry (a VIndustry role of the group, without targets).
      const sz = ids['OWN-EAST-SZ'];
      const { user } = await account('sz.industry', sz, 'VDept', []);
      const industryRole = (await db().insertInto('t_role').values({ org_id: ids['OWN-EAST'], name: '行业视图', data_scope: 'VIndustry', created_at: Date.now() })
        .returning('id').executeTakeFirstOrThrow()).id;
      await db().insertInto('t_user_role').values({ user_id: user, role_id: industryRole }).execute();
      const org = (await admin.get(`/api/t_org/${sz}`)).body.data;
      // Moving Suzhou to the northern industry (or region) would show that user the north's projects.
      const moved = await expectNoChange(server, () => east.post('/api/t_org/save', { ...org, industryId: ids.northIndustry }));
      refused(moved, 403, opens('body.industryId', /行业 /));
      // A harmless change of the same organisation is still the tenant's to make.
      const renamed = await east.post('/api/t_org/save', { ...org, address: '苏州工业园区星湖街 1 号' });
      expect(renamed.body.error).toBeUndefined();

      // A regional role the platform made in the group (VRegion, its holder's region): giving it to a
      // user of an organisation whose region the tenant does not see is refused.
      const regional = (await db().insertInto('t_role').values({ org_id: ids['OWN-EAST'], name: '区域视图', data_scope: 'VRegion', created_at: Date.now() })
        .returning('id').executeTakeFirstOrThrow()).id;
      const created = await expectNoChange(server, () => east.post('/api/user-manage/save', {
        username: 'east.regional', nickName: '区域巡检', orgId: ids['OWN-EAST'], roleIds: [regional], password: PASSWORD,
      }));
      refused(created, 403, opens('body.roleIds', /区域 /));

      // Moving the VIndustry user into an organisation of another industry: refused the same way.
      const northern = await admin.post('/api/t_org/save', {
        parentId: ids['OWN-EAST'], name: '华东集团·北京办事处', code: 'OWN-EAST-BJ', orgType: OrgType.Owner, regionId: ids.northRegion, industryId: ids.northIndustry,
      });
      expect(northern.body.error).toBeUndefined();
      const joined = await expectNoChange(server, () => east.post('/api/user-manage/join-org', { id: user, orgId: northern.body.data.id }));
      refused(joined, 403, opens('body.orgId', /行业 /));
      const row = (await admin.get(`/api/user-manage/${user}`)).body.data;
      const saved = await expectNoChange(server, () => east.post('/api/user-manage/save', { ...row, orgId: northern.body.data.id, roleIds: [industryRole] }));
      refused(saved, 403, opens('body.orgId', /行业 /));
      expect((await db().selectFrom('t_user').select('org_id').where('id', '=', user).executeTakeFirstOrThrow()).org_id).toBe(sz);
    });

    it('nor makes an organisation of the internal type, whose cap holds the platform\'s rights', async () => {
      const made = await expectNoChange(server, () => east.post('/api/t_org/save', {
        parentId: ids['OWN-EAST'], name: '华东自建平台', code: 'OWN-EAST-PLAT', orgType: OrgType.Internal,
      }));
      refused(made, 403, `body.orgType: ${PLATFORM_ONLY}`);
    });
  });

  describe('bodies and large uploads', () => {
    it('refuses a JSON null where a body is expected, naming body, and changes nothing', async () => {
      const tpl = (await db().selectFrom('t_screen_tpl').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      for (const url of [`/api/t_screen_tpl/copy/${tpl}`, `/api/t_screen_tpl/active/${tpl}`, `/api/t_screen_tpl/default/${tpl}`,
        `/api/t_screen_tpl/default-multi/${tpl}`, '/api/t_device/sync-state']) {
        for (const body of ['null', '5', '"x"']) {
          const r = await expectNoChange(server, () => admin.request('POST', url, body));
          expect({ url, body, status: r.status, error: r.body.error }).toEqual({ url, body, status: 400, error: 'body: 请求体必须是 JSON 对象' });
        }
      }
    });

    it('answers an unauthenticated large upload before reading its body', async () => {
      // 19 MB announced, a few bytes sent: the 401 can only come before the body is read.
      const { port } = new URL(server.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: Number(port), method: 'POST', path: '/api/t_screen_tpl/import',
          headers: { 'content-type': 'application/json', 'content-length': String(19 * 1024 * 1024) } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => { body += c.toString(); });
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        req.on('error', reject);
        req.write('{"templates": [');
      });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: '未登录或令牌无效' });
    });
  });
});
