import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

/** Data visibility by right type (SPEC §6): what a user's project list holds. */
describe('data scope', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.dispose(); });

  async function userWithScope(username: string, scope: string, orgCode: string): Promise<ApiClient> {
    const db = server.database.db;
    const org = await db.selectFrom('t_org').select('id').where('code', '=', orgCode).executeTakeFirstOrThrow();
    const role = await db.insertInto('t_role').values({ org_id: org.id, name: `${scope} role`, data_scope: scope, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow();
    const user = await db.insertInto('t_user').values({ username, password_hash: await hashPassword('Scope@2026'), org_id: org.id, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('t_user_role').values({ user_id: user.id, role_id: role.id }).execute();
    return new ApiClient(server.url).login(username, 'Scope@2026');
  }

  const projectNames = async (api: ApiClient) => ((await api.get('/api/t_project/names')).body.data as { name: string }[]).map((p) => p.name).sort();

  it('VAll sees every project; VOrg its organisation subtree; VDept its organisation only', async () => {
    const admin = await loginAs(server, 'admin');
    expect(await projectNames(admin)).toHaveLength(8);
    const operator = await loginAs(server, 'operator');
    // OWN-EAST owns Shanghai and Hangzhou; its child OWN-EAST-SZ owns Suzhou.
    expect(await projectNames(operator)).toEqual(['上海张江洁净厂房', '杭州未来科技城办公楼', '苏州工业园区电子车间'].sort());
    const dept = await userWithScope('dept.user', 'VDept', 'OWN-EAST');
    expect(await projectNames(dept)).toEqual(['上海张江洁净厂房', '杭州未来科技城办公楼'].sort());
  });

  it('VRegion sees the projects of its organisation\'s region, VSpec only those listed', async () => {
    // A distributor in the northern region owns no project; VRegion shows it the region's projects.
    const db = server.database.db;
    const north = await db.selectFrom('t_region').select('id').where('code', '=', 'NORTH').executeTakeFirstOrThrow();
    await db.insertInto('t_org').values({ name: '华北经销', code: 'DIS-N', org_type: 3, region_id: north.id, created_at: Date.now() }).execute();
    const region = await userWithScope('region.user', 'VRegion', 'DIS-N');
    expect(await projectNames(region)).toEqual(['北京亦庄制药车间', '西安高新生物实验室'].sort());
    const supplier = await userWithScope('spec.user', 'VSpec', 'SUP-01');
    expect(await projectNames(supplier)).toEqual([]);
    const stats = await supplier.get('/api/s/device');
    expect(stats.body.data.total).toBe(0);
  });
});
