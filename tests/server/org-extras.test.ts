import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubNoticeType } from '../../contract/hub';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { SESSION_TIMEOUT } from '../../server/http/api-error';
import { LAST_SUPER_REFUSED, OWN_ORG_REFUSED, PARENT_DISABLED } from '../../server/routes/orgs/org-routes';
import { hubClient, Notices } from '../hub/hub-client';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const PASSWORD = 'Orgs@2026';

describe('organisation extras: trade-code, regencode, disable', () => {
  let server: TestServer;
  let admin: ApiClient;
  let codes = 0;
  const db = () => server.database.db;
  const orgId = async (code: string) => (await db().selectFrom('t_org').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  async function newOrg(parentId: number | null, extra: Record<string, unknown> = {}) {
    const code = `ORGX-${++codes}`;
    const r = await admin.post('/api/t_org/save', { parentId, name: `测试组织${code}`, code, orgType: 1, ...extra });
    expect(r.body.error).toBeUndefined();
    return r.body.data as { id: number; version: number; name: string };
  }

  /** A user of `org` holding a role with `rights` and `scope`, signed in. */
  async function newUser(org: number, rights: string[] = [Right.LogPreview], scope = 'VOrg') {
    const username = `orgx-user-${++codes}`;
    const role = (await db().insertInto('t_role').values({ org_id: org, name: `角色${username}`, data_scope: scope, created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (rights.length) await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: role, right_code }))).execute();
    const id = (await db().insertInto('t_user').values({
      username, nick_name: username, password_hash: await hashPassword(PASSWORD), org_id: org, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: id, role_id: role }).execute();
    return { id, username, api: await new ApiClient(server.url).login(username, PASSWORD) };
  }

  const login = (username: string) => new ApiClient(server.url).post('/api/user/login', { user: username, password: PASSWORD, orgBZ: '', tokenExpired: 30 });
  const disabledOf = async (ids: number[]) => (await db().selectFrom('t_org').select(['id', 'disabled']).where('id', 'in', ids).orderBy('id').execute())
    .map((o) => o.disabled);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it('answers an organisation\'s trade (its industry) and its region with the path from the root region', async () => {
    const east = await orgId('OWN-EAST');
    const industry = await db().selectFrom('t_org as o').innerJoin('t_industry as i', 'i.id', 'o.industry_id')
      .select(['i.id', 'i.name']).where('o.id', '=', east).executeTakeFirstOrThrow();
    expect((await admin.get(`/api/t_org/trade-code/${east}`)).body).toEqual({ success: true, data: { industryId: industry.id, name: industry.name } });

    const root = (await admin.post('/api/t_region/save', { name: '测试大区', code: 'EC' })).body.data;
    const mid = (await admin.post('/api/t_region/save', { name: '江苏省', code: 'EC-JS', parentId: root.id })).body.data;
    const leaf = (await admin.post('/api/t_region/save', { name: '苏州市', code: 'EC-JS-SZ', parentId: mid.id })).body.data;
    const org = await newOrg(await orgId('NV-HQ'), { regionId: leaf.id });
    expect((await admin.get(`/api/t_org/regencode/${org.id}`)).body.data).toEqual({
      regionId: leaf.id, code: 'EC-JS-SZ', name: '苏州市',
      path: [{ id: root.id, code: 'EC', name: '测试大区' }, { id: mid.id, code: 'EC-JS', name: '江苏省' }, { id: leaf.id, code: 'EC-JS-SZ', name: '苏州市' }],
    });

    // An organisation naming no industry or region answers null.
    expect((await admin.get(`/api/t_org/trade-code/${org.id}`)).body).toEqual({ success: true, data: null });
    expect((await admin.get(`/api/t_org/regencode/${await orgId('NV-HQ')}`)).body).toEqual({ success: true, data: null });
  });

  it('reads trade and region only of organisations in the caller\'s scope; bad and unknown ids are refused', async () => {
    const operator = await loginAs(server, 'operator');
    const east = await orgId('OWN-EAST');
    // No right needed (the selection state of every user reads them), only the scope.
    expect((await operator.get(`/api/t_org/trade-code/${east}`)).body.success).toBe(true);
    expect((await operator.get(`/api/t_org/regencode/${await orgId('OWN-EAST-SZ')}`)).body.success).toBe(true);
    for (const url of [`/api/t_org/trade-code/${await orgId('OWN-NORTH')}`, `/api/t_org/regencode/${await orgId('NV-HQ')}`]) {
      const r = await operator.get(url);
      expect([r.status, r.body.error]).toEqual([404, '组织不存在']);
    }
    expect((await admin.get('/api/t_org/trade-code/2147483647')).status).toBe(404);
    const bad = await admin.get('/api/t_org/regencode/abc');
    expect([bad.status, bad.body.error]).toEqual([400, expect.stringMatching(/^params\.id: /)]);
    expect((await new ApiClient(server.url).get(`/api/t_org/trade-code/${east}`)).status).toBe(401);
  });

  it('disables an organisation with its whole subtree: no sign-in, open sessions end with a pushed logout; enables it back', async () => {
    const hq = await orgId('NV-HQ');
    const top = await newOrg(hq);
    const child = await newOrg(top.id);
    const grandchild = await newOrg(child.id);
    const sibling = await newOrg(hq);
    const [inTop, inGrandchild, bystander] = [await newUser(top.id), await newUser(grandchild.id), await newUser(sibling.id)];
    const hubs = [hubClient(server.url, () => inGrandchild.api.token), hubClient(server.url, () => bystander.api.token)];
    const [watching, notWatching] = hubs.map((h) => new Notices(h));
    await Promise.all(hubs.map((h) => h.start()));

    const r = await admin.post('/api/t_org/disable', { id: top.id, disabled: true });
    expect(r.body).toEqual({ success: true, data: { orgIds: [top.id, child.id, grandchild.id].sort((a, b) => a - b), signedOut: 2 } });
    expect(await watching.next(HubNoticeType.Logout)).toEqual({ type: 'logout', data: { reason: 'disabled' }, sentAt: expect.any(Number) });
    expect(await disabledOf([top.id, child.id, grandchild.id, sibling.id])).toEqual([1, 1, 1, 0]);
    // Every changed row's version moved on: a form still open on it gets a 409, not a silent overwrite.
    expect((await admin.get(`/api/t_org/${top.id}`)).body.data).toMatchObject({ disabled: 1, version: top.version + 1 });

    for (const user of [inTop, inGrandchild]) {
      const ping = await user.api.get('/api/user/ping');
      expect([ping.body.error, ping.body.requireLogin]).toEqual([SESSION_TIMEOUT, true]);
      const again = await login(user.username);
      expect([again.status, again.body.error]).toEqual([400, '账号已停用，请联系管理员']);
    }
    expect((await bystander.api.get('/api/user/ping')).body.data).toBe('pong');
    expect(notWatching.ofType(HubNoticeType.Logout)).toEqual([]);

    const log = await db().selectFrom('t_history_log').select(['action', 'username', 'detail', 'ip'])
      .where('target', '=', `t_org#${top.id} ${top.name}`).where('action', '=', 'edit').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.username).toBe('admin');
    expect(log.ip).not.toBe('');
    expect(JSON.parse(log.detail)).toEqual({ before: { disabled: 0 }, after: { disabled: 1 }, orgIds: [top.id, child.id, grandchild.id].sort((a, b) => a - b) });

    // Enabling below a disabled parent is refused; enabling the top enables the subtree.
    const under = await expectNoChange(server, () => admin.post('/api/t_org/disable', { id: child.id, disabled: false }));
    expect([under.status, under.body.error]).toEqual([400, PARENT_DISABLED]);
    const enabled = await admin.post('/api/t_org/disable', { id: top.id, disabled: false });
    expect(enabled.body.data).toEqual({ orgIds: [top.id, child.id, grandchild.id].sort((a, b) => a - b), signedOut: 0 });
    expect(await disabledOf([top.id, child.id, grandchild.id])).toEqual([0, 0, 0]);
    expect((await login(inGrandchild.username)).body.success).toBe(true);
    await Promise.all(hubs.map((h) => h.stop()));
  });

  it('refuses to disable the caller\'s own organisation, or one above it, and the last super administrator\'s', async () => {
    const [hq, west] = [await orgId('NV-HQ'), await orgId('OWN-WEST')];
    const own = await expectNoChange(server, () => admin.post('/api/t_org/disable', { id: hq, disabled: true }));
    expect([own.status, own.body.error]).toEqual([400, OWN_ORG_REFUSED]);

    const deep = await newOrg(west);
    const below = await newUser(deep.id, [Right.OrgEdit, Right.OrgPreview], 'VAll');
    const above = await expectNoChange(server, () => below.api.post('/api/t_org/disable', { id: west, disabled: true }));
    expect([above.status, above.body.error]).toEqual([400, OWN_ORG_REFUSED]);

    // The only super administrator (superadmin) works for NV-HQ; the outsider's organisation is a root of its own.
    const outsider = await newUser((await newOrg(null)).id, [Right.OrgEdit], 'VAll');
    const last = await expectNoChange(server, () => outsider.api.post('/api/t_org/disable', { id: hq, disabled: true }));
    expect([last.status, last.body.error]).toEqual([400, LAST_SUPER_REFUSED]);
  });

  it('keeps to the caller\'s scope and right; bad bodies name the field and change nothing', async () => {
    const east = await orgId('OWN-EAST');
    const eastAdmin = await newUser(east, [Right.OrgEdit, Right.OrgPreview], 'VOrg');
    const below = await newOrg(await orgId('OWN-EAST-SZ'));
    expect((await eastAdmin.api.post('/api/t_org/disable', { id: below.id, disabled: true })).body.data.orgIds).toEqual([below.id]);
    const north = await orgId('OWN-NORTH');
    const outside = await expectNoChange(server, () => eastAdmin.api.post('/api/t_org/disable', { id: north, disabled: true }));
    expect([outside.status, outside.body.error]).toEqual([404, '组织不存在']);

    const operator = await loginAs(server, 'operator');
    const refused = await expectNoChange(server, () => operator.post('/api/t_org/disable', { id: below.id, disabled: false }));
    expect([refused.status, refused.body.error]).toEqual([403, `没有权限：${Right.OrgEdit}`]);

    for (const [body, field] of [[{ id: below.id }, 'disabled'], [{ id: 'x', disabled: true }, 'id'], [{ id: below.id, disabled: 'yes' }, 'disabled']] as const) {
      const r = await expectNoChange(server, () => admin.post('/api/t_org/disable', body));
      expect([r.status, r.body.error]).toEqual([400, expect.stringMatching(new RegExp(`^body\\.${field}: `))]);
    }
    const unknown = await expectNoChange(server, () => admin.post('/api/t_org/disable', { id: 2_147_483_647, disabled: true }));
    expect(unknown.status).toBe(404);
  });

  it('is no longer changed by the kit\'s save: disabling is the disable call\'s alone', async () => {
    const org = await newOrg(await orgId('NV-HQ'));
    const saved = await admin.post('/api/t_org/save', { parentId: await orgId('NV-HQ'), name: org.name, code: `ORGX-S${++codes}`, orgType: 1, disabled: 1, id: org.id, version: org.version });
    expect(saved.body.data.disabled).toBe(0);
  });

  it('lists the applications an organisation is joined to, within the scope', async () => {
    const org = await newOrg(await orgId('NV-HQ'));
    const app = (await admin.post('/api/t_application/save', { name: '组织应用', code: 'org-app' })).body.data;
    expect((await admin.get(`/api/t_org/applications/${org.id}`)).body.data).toEqual([]);
    await admin.post('/api/t_application/add-org', { appId: app.id, orgIds: [org.id] });
    expect((await admin.get(`/api/t_org/applications/${org.id}`)).body.data).toEqual([{ id: app.id, name: '组织应用', code: 'org-app' }]);
    // A user who may read applications, but whose scope is another organisation, does not see it.
    const other = await newUser(await orgId('OWN-EAST'), [Right.ApplicationPreview]);
    expect((await other.api.get(`/api/t_org/applications/${org.id}`)).status).toBe(404);
    expect((await other.api.get(`/api/t_org/applications/${await orgId('OWN-EAST')}`)).status).toBe(200);
    expect((await admin.get('/api/t_org/applications/2147483647')).status).toBe(404);
  });
});
