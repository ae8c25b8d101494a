import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const PASSWORD = 'Projects@2026';
type Named = { id: number; name: string };

/**
 * A well-formedness check for the commissioning XML (elements with attributes only, no text): every
 * character belongs to a declaration, a tag or the whitespace between them, tags nest, attribute
 * values hold no `<` and no `&` but the five entities and character references.
 */
function checkXml(xml: string): void {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  const stack: string[] = [];
  let at = 0;
  const tag = /\s*<(\/?)([A-Za-z]+)((?:\s+[A-Za-z]+="[^"<]*")*)\s*(\/?)>\s*/y;
  while (at < body.length) {
    tag.lastIndex = at;
    const m = tag.exec(body);
    if (!m) throw new Error(`not well-formed at ${at}: ${body.slice(at, at + 60)}`);
    const [, close, name, attrs, selfClosing] = m;
    if (/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/.test(attrs)) throw new Error(`bare & in ${attrs}`);
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name);
    at = tag.lastIndex;
  }
  expect(stack).toEqual([]);
}

/** An attribute's value as a reader sees it. */
const unescape = (v: string) => v.replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n)))
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

describe('projects (issue 18): visibility by data scope and membership, every sub-call', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  /** Repairer staff (VDept of 快修环境工程): no project in their scope; `outsider` becomes a member of 北京. */
  let outsider: ApiClient;
  let stranger: ApiClient;
  let ids: { outsider: number; stranger: number; operator: number; admin: number };
  let beijing: number;
  let shanghai: number;
  const db = () => server.database.db;
  const projectId = async (code: string) => (await db().selectFrom('t_project').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const logs = async (like: string) => db().selectFrom('t_history_log').selectAll().where('target', 'like', like).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const repairer = await db().selectFrom('t_org').select('id').where('code', '=', 'REP-01').executeTakeFirstOrThrow();
    const role = (await db().insertInto('t_role').values({ org_id: repairer.id, name: '项目测试', data_scope: 'VDept', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_role_right').values([Right.ProjectPreview, Right.ProjectEdit, Right.DevicePreview].map((right_code) => ({ role_id: role, right_code }))).execute();
    const user = async (username: string) => {
      const id = (await db().insertInto('t_user').values({
        username, nick_name: username, password_hash: await hashPassword(PASSWORD), org_id: repairer.id, created_at: Date.now(),
      }).returning('id').executeTakeFirstOrThrow()).id;
      await db().insertInto('t_user_role').values({ user_id: id, role_id: role }).execute();
      return id;
    };
    const userIdOf = async (username: string) => (await db().selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    ids = { outsider: await user('prj.outsider'), stranger: await user('prj.stranger'), operator: await userIdOf('operator'), admin: await userIdOf('admin') };
    outsider = await new ApiClient(server.url).login('prj.outsider', PASSWORD);
    stranger = await new ApiClient(server.url).login('prj.stranger', PASSWORD);
    beijing = await projectId('P-BJ-01');
    shanghai = await projectId('P-SH-01');
  });
  afterAll(async () => { await server?.dispose(); });

  describe('visibility', () => {
    it('a member outside the data scope sees the project everywhere projects are read; a non-member nowhere', async () => {
      expect((await outsider.get(`/api/t_project/can-view/${beijing}`)).body.data).toBe(false);
      expect((await outsider.get(`/api/t_project/${beijing}`)).status).toBe(404);

      const added = await admin.post('/api/t_project_member/save', { projectId: beijing, userIds: [ids.outsider], role: 'engineer' });
      expect(added.body).toEqual({ success: true, data: { changed: 1 } });

      // can-view answers exactly what the reads allow.
      expect((await outsider.get(`/api/t_project/can-view/${beijing}`)).body.data).toBe(true);
      expect((await outsider.get(`/api/t_project/can-view/${shanghai}`)).body.data).toBe(false);
      expect((await stranger.get(`/api/t_project/can-view/${beijing}`)).body.data).toBe(false);
      expect((await outsider.get('/api/t_project/can-view/2147483647')).body.data).toBe(false);

      const row = (await outsider.get(`/api/t_project/${beijing}`)).body.data;
      expect(row).toMatchObject({ id: beijing, code: 'P-BJ-01', orgName: '北方医药控股', groupName: '重点项目', deviceCount: 18, gatewayCount: 1 });
      expect((await outsider.get('/api/t_project?Size=50')).body.data.list.map((p: Named) => p.id)).toEqual([beijing]);
      expect((await outsider.get('/api/t_project/names')).body.data).toEqual([{ id: beijing, name: '北京亦庄制药车间' }]);
      expect((await outsider.get('/api/t_project/all')).body.data.map((p: Named) => p.id)).toEqual([beijing]);
      // The device list and its names agree with can-view.
      const devices = (await outsider.get(`/api/t_device?projectId=${beijing}&Size=50`)).body.data;
      expect(devices.count).toBe(18);
      expect((await outsider.get('/api/t_device/names')).body.data).toHaveLength(18);
      expect((await outsider.get(`/api/t_device/${devices.list[0].id}`)).status).toBe(200);
      expect((await outsider.get(`/api/t_project/devices?projectId=${beijing}`)).body.data.count).toBe(18);
      // Statistics and the wall's screen data.
      expect((await outsider.get('/api/s/project')).body.data.total).toBe(1);
      expect((await outsider.get('/api/s/device')).body.data.total).toBe(18);
      const overview = (await outsider.get(`/api/s/screen/overview?projectId=${beijing}`)).body.data;
      expect(overview.projects).toBe(1);
      expect(overview.projectList.map((p: { id: number }) => p.id)).toEqual([beijing]);
      expect((await outsider.get('/api/s/screen/overview')).body.data.projects).toBe(1);

      // The stranger, of the same organisation and role but no member, sees none of it.
      expect((await stranger.get('/api/t_project')).body.data.count).toBe(0);
      expect((await stranger.get('/api/t_project/names')).body.data).toEqual([]);
      expect((await stranger.get(`/api/t_project/${beijing}`)).status).toBe(404);
      expect((await stranger.get(`/api/t_device?projectId=${beijing}`)).body.data.count).toBe(0);
      expect((await stranger.get(`/api/t_device/${devices.list[0].id}`)).status).toBe(404);
      expect((await stranger.get('/api/s/project')).body.data.total).toBe(0);
      expect((await stranger.get(`/api/s/screen/overview?projectId=${beijing}`)).status).toBe(404);
      for (const url of [`/api/t_project/is-creator/${beijing}`, `/api/t_project/rights/${beijing}`, `/api/t_project/devices?projectId=${beijing}`,
        `/api/t_project/gateways?projectId=${beijing}`, `/api/t_project/related-user?projectId=${beijing}`, `/api/t_project_member?projectId=${beijing}`,
        `/api/t_project/comXML/${beijing}`]) {
        expect((await stranger.get(url)).status, url).toBe(404);
      }
      for (const [url, body] of [
        ['/api/t_project/associate', { projectId: beijing, deviceIds: [devices.list[0].id] }],
        ['/api/t_project/remove-device', { projectId: beijing, deviceIds: [devices.list[0].id] }],
        ['/api/t_project/add-gateway', { projectId: beijing, code: 'GW-STRANGER', name: 'x' }],
        ['/api/t_project_member/save', { projectId: beijing, userIds: [ids.stranger] }],
        ['/api/t_project/save', { ...row, id: beijing, version: row.version }],
      ] as const) {
        expect((await expectNoChange(server, () => stranger.post(url, body))).status, url).toBe(404);
      }

      // What the member's rights allow, and how it sees the project.
      expect((await outsider.get(`/api/t_project/rights/${beijing}`)).body.data).toEqual({
        projectId: beijing, viaScope: false, member: true, memberRole: 'engineer', isCreator: false,
        canEdit: true, canDelete: false, canEditDevices: true, canDeleteDevices: false,
      });
      expect((await operator.get(`/api/t_project/rights/${shanghai}`)).body.data).toMatchObject({ viaScope: true, member: true, memberRole: 'owner' });
      expect((await admin.get(`/api/t_project/rights/${beijing}`)).body.data).toMatchObject({ viaScope: true, member: false, memberRole: null });

      // The member may edit the project (its organisation unchanged), never move it to another organisation.
      const edited = await outsider.post('/api/t_project/save', { ...row, city: '北京市', id: beijing, version: row.version });
      expect(edited.body.data).toMatchObject({ city: '北京市', version: row.version + 1, orgId: row.orgId });
      const ownOrg = (await db().selectFrom('t_user').select('org_id').where('id', '=', ids.outsider).executeTakeFirstOrThrow()).org_id;
      const moved = await expectNoChange(server, () => outsider.post('/api/t_project/save', {
        ...row, orgId: ownOrg, groupId: null, id: beijing, version: row.version + 1,
      }));
      expect([moved.status, moved.body.error]).toEqual([400, 'body.orgId: 项目的所属组织不在您的数据范围内，不能更改']);

      // Taken off the project, the member loses it at its next request.
      expect((await admin.post('/api/t_project_member/del', { projectId: beijing, userIds: [ids.outsider] })).body.data).toEqual({ changed: 1 });
      expect((await outsider.get(`/api/t_project/can-view/${beijing}`)).body.data).toBe(false);
      expect((await outsider.get('/api/t_project/names')).body.data).toEqual([]);
      expect((await outsider.get(`/api/t_device?projectId=${beijing}`)).body.data.count).toBe(0);
    });

    it('is-creator answers whether the caller created the project', async () => {
      const org = await db().selectFrom('t_user').select('org_id').where('id', '=', ids.operator).executeTakeFirstOrThrow();
      const made = (await operator.post('/api/t_project/save', { name: '运维自建项目', code: 'P-OP-SELF', orgId: org.org_id })).body.data;
      expect(made).toMatchObject({ createdBy: ids.operator, deviceCount: 0, memberCount: 0 });
      expect((await operator.get(`/api/t_project/is-creator/${made.id}`)).body.data).toBe(true);
      expect((await admin.get(`/api/t_project/is-creator/${made.id}`)).body.data).toBe(false);
      expect((await operator.get(`/api/t_project/is-creator/${shanghai}`)).body.data).toBe(false);
      expect((await operator.get(`/api/t_project/rights/${made.id}`)).body.data.isCreator).toBe(true);
      expect((await operator.post(`/api/t_project/del/${made.id}`)).body.success).toBe(true);
    });

    it('counts the caller\'s projects: all, as a member, with an open alarm, without devices', async () => {
      const alarmed = await db().selectFrom('t_real_measure_warning').select('project_id').distinct().execute();
      const all = (await admin.get('/api/t_project/cnt')).body.data;
      expect(all).toMatchObject({ total: 8, member: 0, alarm: alarmed.length, empty: 0 });
      expect((await operator.get('/api/t_project/cnt')).body.data).toMatchObject({ total: 3, member: 1 });
      expect((await operator.get('/api/t_project/cnt?keyword=苏州')).body.data.total).toBe(1);
      expect((await stranger.get('/api/t_project/cnt')).body.data).toEqual({ total: 0, member: 0, alarm: 0, empty: 0 });
    });
  });

  describe('project saves and deletes', () => {
    it('checks organisation, group, region and coordinates, naming the field, and writes nothing', async () => {
      const hq = await db().selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
      const east = await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-EAST').executeTakeFirstOrThrow();
      const northGroup = await db().selectFrom('t_project_group as g').innerJoin('t_org as o', 'o.id', 'g.org_id').select('g.id')
        .where('o.code', '=', 'OWN-NORTH').executeTakeFirstOrThrow();
      const base = { name: '校验项目', code: 'P-CHECK', orgId: east.id };
      const cases: [ApiClient, Record<string, unknown>, string][] = [
        [admin, { ...base, groupId: northGroup.id }, 'body.groupId: 分组不存在或不属于所选组织'],
        [admin, { ...base, lng: 121.5 }, 'body.lat: 经度和纬度需同时填写'],
        [admin, { ...base, lat: 31.2 }, 'body.lng: 经度和纬度需同时填写'],
        [admin, { ...base, regionId: 2_000_000 }, 'body.regionId: 区域 2000000 不存在'],
        [admin, { ...base, orgId: 2_000_000 }, 'body.orgId: 组织 2000000 不存在'],
        [operator, { ...base, orgId: hq.id }, 'body.orgId: 不在您的数据范围内'],
        [admin, { ...base, code: 'P-SH-01' }, 'body.code: “P-SH-01” 已存在'],
        [admin, { ...base, code: 'has space' }, 'body.code: code may hold letters, digits, _, . and -'],
        [admin, { ...base, lat: 95, lng: 1 }, 'body.lat: Too big: expected number to be <=90'],
      ];
      for (const [who, body, error] of cases) {
        const r = await expectNoChange(server, () => who.post('/api/t_project/save', body));
        expect([r.status, r.body.error], JSON.stringify(body)).toEqual([400, error]);
      }
    });

    it('refuses to delete a project with devices, saying how to proceed; without them, deletes it and releases its gateways', async () => {
      const east = await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-EAST').executeTakeFirstOrThrow();
      const made = (await admin.post('/api/t_project/save', { name: '待删项目', code: 'P-DEL', orgId: east.id, city: '上海', lng: 121.4, lat: 31.1 })).body.data;
      const gateway = (await admin.post('/api/t_project/add-gateway', { projectId: made.id, code: 'GW-DEL', name: '待删网关' })).body.data;
      const device = (await admin.get('/api/t_device?keyword=上海净化机组-01')).body.data.list[0];
      expect((await admin.post('/api/t_project/associate', { projectId: made.id, deviceIds: [device.id], gatewayId: gateway.id })).body.data).toEqual({ updated: 1 });
      await admin.post('/api/t_project_member/save', { projectId: made.id, userIds: [ids.operator] });
      const repairRole = await db().selectFrom('t_role').select('id').where('name', '=', '维修工程师').executeTakeFirstOrThrow();
      await db().insertInto('t_data_right').values({ role_id: repairRole.id, right_type: 'VSpec', target_id: made.id }).execute();

      const refused = await expectNoChange(server, () => admin.post(`/api/t_project/del/${made.id}`));
      expect([refused.status, refused.body.error]).toEqual([400, '无法删除项目：仍有 1 个设备引用它。请先在“关联设备”中把设备移出项目，或删除这些设备（del-dev）']);

      // Back to 上海张江, then the project goes; its gateway stays, without a project.
      expect((await admin.post('/api/t_project/associate', { projectId: shanghai, deviceIds: [device.id] })).body.data).toEqual({ updated: 1 });
      expect((await admin.get(`/api/t_device/${device.id}`)).body.data).toMatchObject({ projectId: shanghai, gatewayId: null });
      expect((await admin.post(`/api/t_project/del/${made.id}`)).body).toEqual({ success: true, data: true });
      expect((await admin.get(`/api/t_project/${made.id}`)).status).toBe(404);
      expect(await db().selectFrom('t_gateway').select('project_id').where('id', '=', gateway.id).executeTakeFirstOrThrow()).toEqual({ project_id: null });
      expect(await db().selectFrom('t_project_member').select('user_id').where('project_id', '=', made.id).execute()).toEqual([]);
      expect(await db().selectFrom('t_data_right').select('id').where('right_type', '=', 'VSpec').where('target_id', '=', made.id).execute()).toEqual([]);
      // The project's own lines: created, a gateway added, a member added, deleted (the moves are the devices' lines).
      expect((await logs(`t_project#${made.id} %`)).map((l) => l.action)).toEqual(['add', 'add', 'add', 'delete']);
    });

    it('checks the right before the project: 403 without it, whether or not the project is seen', async () => {
      const r = await expectNoChange(server, () => outsider.post(`/api/t_project/del/${beijing}`));
      expect([r.status, r.body.error]).toEqual([403, '没有权限：project-delete']);
      const role = (await db().selectFrom('t_role').select('id').where('name', '=', '项目测试').executeTakeFirstOrThrow()).id;
      await db().deleteFrom('t_role_right').where('right_code', '=', Right.ProjectEdit).where('role_id', '=', role).execute();
      try {
        for (const projectId of [beijing, shanghai]) {
          const save = await expectNoChange(server, () => stranger.post('/api/t_project/associate', { projectId, deviceIds: [1] }));
          expect([save.status, save.body.error]).toEqual([403, '没有权限：project-edit']);
        }
      } finally {
        await db().insertInto('t_role_right').values({ role_id: role, right_code: Right.ProjectEdit }).execute();
      }
    });
  });

  describe('devices and gateways of a project', () => {
    let project: number;
    let gatewayId: number;
    let moved: number[];

    beforeAll(async () => {
      const east = await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-EAST').executeTakeFirstOrThrow();
      project = (await admin.post('/api/t_project/save', { name: '设备测试项目 <&"\'>', code: 'P-DEV', orgId: east.id })).body.data.id;
    });

    it('lists devices in and out of the project, searched on the server', async () => {
      expect((await admin.get(`/api/t_project/devices?projectId=${project}`)).body.data).toEqual({ list: [], count: 0 });
      const out = (await admin.get(`/api/t_project/devices?projectId=${project}&in=0&Size=5`)).body.data;
      expect(out.count).toBe(144);
      expect(out.list).toHaveLength(5);
      const found = (await admin.get(`/api/t_project/devices?projectId=${project}&in=0&keyword=${encodeURIComponent('上海净化机组')}`)).body.data;
      expect(found.count).toBe(2);
      // The operator sees only the devices of its own projects outside this one.
      expect((await operator.get(`/api/t_project/devices?projectId=${project}&in=0`)).body.data.count).toBe(3 * 18);
      const bad = await admin.get(`/api/t_project/devices?projectId=${project}&in=2`);
      expect([bad.status, bad.body.error]).toEqual([400, expect.stringMatching(/^query\.in: /)]);
    });

    it('associates devices (their open alarms move with them), wires them to a gateway and removes them', async () => {
      const shanghaiDevices = (await admin.get(`/api/t_device?projectId=${shanghai}&Size=4`)).body.data.list as { id: number; gatewayId: number | null }[];
      moved = shanghaiDevices.slice(0, 3).map((d) => d.id);
      const alarm = await db().selectFrom('t_measure').select('id').where('device_model_id', '=',
        (await db().selectFrom('t_device').select('device_model_id').where('id', '=', moved[0]).executeTakeFirstOrThrow()).device_model_id).executeTakeFirstOrThrow();
      await db().insertInto('t_real_measure_warning').values({
        device_id: moved[0], measure_id: alarm.id, project_id: shanghai, warn_level: 1, condition_type: 2, content: '测试告警', raised_at: Date.now(),
      }).execute();

      expect((await admin.post('/api/t_project/associate', { projectId: project, deviceIds: moved })).body.data).toEqual({ updated: 3 });
      const rows = await db().selectFrom('t_device').select(['project_id', 'gateway_id']).where('id', 'in', moved).execute();
      // Their gateway was 上海张江's: it is not this project's, so they lost it.
      expect(rows).toEqual(moved.map(() => ({ project_id: project, gateway_id: null })));
      expect((await db().selectFrom('t_real_measure_warning').select('project_id').where('device_id', '=', moved[0]).executeTakeFirstOrThrow()).project_id).toBe(project);
      expect((await admin.get(`/api/t_project/devices?projectId=${project}`)).body.data.count).toBe(3);

      // A gateway: a new one, a duplicate code refused, a free one taken, another project's refused.
      const created = await admin.post('/api/t_project/add-gateway', { projectId: project, code: 'GW-P-DEV', name: '测试网关' });
      expect(created.body.data).toMatchObject({ code: 'GW-P-DEV', name: '测试网关', deviceCount: 0 });
      gatewayId = created.body.data.id;
      const dup = await expectNoChange(server, () => admin.post('/api/t_project/add-gateway', { projectId: project, code: 'GW-P-DEV', name: 'x' }));
      expect([dup.status, dup.body.error]).toEqual([400, 'body.code: 网关编码“GW-P-DEV”已存在']);
      const free = (await db().insertInto('t_gateway').values({ code: 'GW-FREE', name: '空闲网关', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
      const listed = (await admin.get(`/api/t_project/gateways?projectId=${project}`)).body.data;
      expect(listed.gateways).toEqual([{ id: gatewayId, code: 'GW-P-DEV', name: '测试网关', deviceCount: 0 }]);
      expect(listed.free).toContainEqual({ id: free, code: 'GW-FREE', name: '空闲网关' });
      // Gateways without a project are for those who see everything.
      expect((await operator.get(`/api/t_project/gateways?projectId=${project}`)).body.data.free).toEqual([]);
      const notForOperator = await expectNoChange(server, () => operator.post('/api/t_project/add-gateway', { projectId: project, gatewayId: free }));
      expect([notForOperator.status, notForOperator.body.error]).toEqual([400, `body.gatewayId: 网关 ${free} 不存在`]);
      expect((await admin.post('/api/t_project/add-gateway', { projectId: project, gatewayId: free })).body.data).toMatchObject({ id: free, deviceCount: 0 });
      const others = (await db().selectFrom('t_gateway').select('id').where('project_id', '=', shanghai).executeTakeFirstOrThrow()).id;
      const taken = await expectNoChange(server, () => admin.post('/api/t_project/add-gateway', { projectId: project, gatewayId: others }));
      expect([taken.status, taken.body.error]).toEqual([400, 'body.gatewayId: 网关“上海网关”属于其他项目，不能直接添加']);

      // Wiring pushes the gateway the devices' register maps.
      const before = await db().selectFrom('t_gateway_command').select('id').where('gateway_id', '=', gatewayId).execute();
      expect((await admin.post('/api/t_project/add-gateway-items', { projectId: project, gatewayId, deviceIds: moved.slice(0, 2) })).body.data).toEqual({ updated: 2 });
      const one = await admin.post('/api/t_project/add-gateway-item', { projectId: project, gatewayId, deviceId: moved[2] });
      expect(one.body.data).toMatchObject({ id: moved[2], gatewayId, gatewayName: '测试网关', projectId: project });
      const commands = await db().selectFrom('t_gateway_command').select(['kind', 'payload']).where('gateway_id', '=', gatewayId).orderBy('id').execute();
      expect(commands.length - before.length).toBe(2);
      expect(commands.every((c) => c.kind === 'config')).toBe(true);
      expect(JSON.parse(commands[0].payload).devices.map((d: { deviceId: number }) => d.deviceId)).toEqual(moved.slice(0, 2));
      expect((await admin.get(`/api/t_project/gateways?projectId=${project}`)).body.data.gateways.find((g: { id: number }) => g.id === gatewayId).deviceCount).toBe(3);

      const foreign = await expectNoChange(server, () => admin.post('/api/t_project/add-gateway-items', { projectId: project, gatewayId: others, deviceIds: moved }));
      expect([foreign.status, foreign.body.error]).toEqual([400, `body.gatewayId: 网关 ${others} 不属于该项目`]);
      const stray = (await admin.get(`/api/t_device?projectId=${shanghai}&Size=1`)).body.data.list[0].id;
      const notOurs = await expectNoChange(server, () => admin.post('/api/t_project/add-gateway-items', { projectId: project, gatewayId, deviceIds: [moved[0], stray] }));
      expect([notOurs.status, notOurs.body.error]).toEqual([400, `body.deviceIds.1: 设备 ${stray} 不属于该项目`]);
      const single = await expectNoChange(server, () => admin.post('/api/t_project/add-gateway-item', { projectId: project, gatewayId, deviceId: stray }));
      expect(single.body.error).toBe(`body.deviceId: 设备 ${stray} 不属于该项目`);

      const calls = (await logs(`t_project#${project} %`)).map((l) => l.target.split(' ').pop()).filter((c) => c?.startsWith('add-gateway'));
      expect(calls).toEqual(['add-gateway', 'add-gateway', 'add-gateway-items', 'add-gateway-items']);
    });

    it('exports the project for commissioning as well-formed XML, user text escaped', async () => {
      const res = await fetch(`${server.url}/api/t_project/comXML/${project}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="project-P-DEV.xml"');
      const xml = await res.text();
      checkXml(xml);
      const name = /<project [^>]*name="([^"]*)"/.exec(xml)![1];
      expect(unescape(name)).toBe('设备测试项目 <&"\'>');
      const gateway = new RegExp(`<gateway id="${gatewayId}" code="GW-P-DEV" name="测试网关">([\\s\\S]*?)</gateway>`).exec(xml)![1];
      expect([...gateway.matchAll(/<device id="(\d+)"/g)].map((m) => Number(m[1])).sort()).toEqual([...moved].sort());
      const registers = await db().selectFrom('t_measure').select('id').where('measure_type', '!=', -1).where('device_model_id', '=',
        (await db().selectFrom('t_device').select('device_model_id').where('id', '=', moved[0]).executeTakeFirstOrThrow()).device_model_id).execute();
      expect(new RegExp(`<device id="${moved[0]}"[^>]*>\\s*<registers count="${registers.length}">`).test(xml)).toBe(true);
      expect(xml).toContain('<gateway id=');
      expect(xml).toMatch(/<devices count="0"\/>/);
      // Someone who cannot see the project cannot export it.
      const denied = await fetch(`${server.url}/api/t_project/comXML/${project}`, { headers: { authorization: `Bearer ${stranger.token}` } });
      expect(denied.status).toBe(404);
    });

    it('removes devices from the project and deletes others with del-dev', async () => {
      const removed = await admin.post('/api/t_project/remove-device', { projectId: project, deviceIds: [moved[0]] });
      expect(removed.body.data).toEqual({ updated: 1 });
      expect(await db().selectFrom('t_device').select(['project_id', 'gateway_id']).where('id', '=', moved[0]).executeTakeFirstOrThrow()).toEqual({ project_id: null, gateway_id: null });
      expect((await db().selectFrom('t_real_measure_warning').select('project_id').where('device_id', '=', moved[0]).executeTakeFirstOrThrow()).project_id).toBeNull();
      // A device without a project: the admin (everything) still sees it, the operator no longer does.
      expect((await admin.get(`/api/t_device/${moved[0]}`)).status).toBe(200);
      expect((await operator.get(`/api/t_device/${moved[0]}`)).status).toBe(404);
      const again = await expectNoChange(server, () => admin.post('/api/t_project/remove-device', { projectId: project, deviceIds: [moved[0]] }));
      expect([again.status, again.body.error]).toEqual([400, `body.deviceIds.0: 设备 ${moved[0]} 不属于该项目`]);

      // del-dev needs device-delete, and deletes all or nothing.
      const noRight = await expectNoChange(server, () => outsider.post('/api/t_project/del-dev', { projectId: project, deviceIds: [moved[1]] }));
      expect([noRight.status, noRight.body.error]).toEqual([403, '没有权限：device-delete']);
      const mixed = await expectNoChange(server, () => admin.post('/api/t_project/del-dev', { projectId: project, deviceIds: [moved[1], moved[0]] }));
      expect(mixed.body.error).toBe(`body.deviceIds.1: 设备 ${moved[0]} 不属于该项目`);
      // A command still waiting for a device keeps it.
      const waiting = await db().selectFrom('t_gateway_command').select('id').where('gateway_id', '=', gatewayId).where('state', 'in', ['queued', 'sent']).execute();
      expect(waiting.length).toBeGreaterThan(0);
      await db().updateTable('t_gateway_command').set({ device_id: moved[1] }).where('id', '=', waiting[0].id).execute();
      const busy = await expectNoChange(server, () => admin.post('/api/t_project/del-dev', { projectId: project, deviceIds: [moved[1], moved[2]] }));
      expect(busy.body.error).toMatch(/^无法删除设备“.+”：网关还有发给它的命令未完成/);
      await db().updateTable('t_gateway_command').set({ device_id: null, state: 'expired' }).where('gateway_id', '=', gatewayId).execute();

      expect((await admin.post('/api/t_project/del-dev', { projectId: project, deviceIds: [moved[1], moved[2]] })).body.data).toEqual({ deleted: 2 });
      expect(await db().selectFrom('t_device').select('id').where('id', 'in', [moved[1], moved[2]]).execute()).toEqual([]);
      const [line] = await logs(`t_project#${project} % del-dev`);
      expect(JSON.parse(line.detail).devices.map((d: { id: number }) => d.id)).toEqual([moved[1], moved[2]]);
      // Now empty, the project can go.
      expect((await admin.post(`/api/t_project/del/${project}`)).body.success).toBe(true);
    });

    it('answers bad bodies with 400 naming the field', async () => {
      const cases: [string, unknown, RegExp][] = [
        ['/api/t_project/associate', { projectId: shanghai, deviceIds: [] }, /^body\.deviceIds: deviceIds needs at least one id$/],
        ['/api/t_project/associate', { projectId: 'x', deviceIds: [1] }, /^body\.projectId: /],
        ['/api/t_project/associate', { projectId: shanghai, deviceIds: [1], extra: 1 }, /^body: /],
        ['/api/t_project/add-gateway', { projectId: shanghai, gatewayId: 1, code: 'A' }, /^body\.gatewayId: gatewayId or code and name, not both$/],
        ['/api/t_project/add-gateway', { projectId: shanghai }, /^body\.code: code is required \(or gatewayId\)$/],
        ['/api/t_project/add-gateway', { projectId: shanghai, code: 'A' }, /^body\.name: name is required$/],
        ['/api/t_project/add-gateway', { projectId: shanghai, code: 'a b', name: 'x' }, /^body\.code: /],
        ['/api/t_project/add-gateway-items', { projectId: shanghai, gatewayId: 1, deviceIds: [0] }, /^body\.deviceIds\.0: /],
        ['/api/t_project/associate-group', { projectIds: [shanghai] }, /^body\.groupId: /],
        ['/api/t_project_member/save', { projectId: shanghai, userIds: [ids.operator], role: 'boss' }, /^body\.role: role must be owner, engineer or member$/],
        ['/api/t_project_member/del', { projectId: shanghai, userIds: [] }, /^body\.userIds: /],
      ];
      for (const [url, body, error] of cases) {
        const r = await expectNoChange(server, () => admin.post(url, body));
        expect([r.status, r.body.error], `${url} ${JSON.stringify(body)}`).toEqual([400, expect.stringMatching(error)]);
      }
      for (const url of ['/api/t_project/devices?projectId=abc', '/api/t_project/related-user', `/api/t_project_member?projectId=${shanghai}&Size=0`]) {
        const r = await admin.get(url);
        expect([r.status, r.body.error], url).toEqual([400, expect.stringMatching(/^query\.(projectId|Size): /)]);
      }
    });
  });

  describe('groups and members', () => {
    it('puts projects into a group of their organisation only', async () => {
      const east = await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-EAST').executeTakeFirstOrThrow();
      const group = (await admin.post('/api/t_project_group/save', { name: '华东新分组', orgId: east.id })).body.data;
      expect(group).toMatchObject({ name: '华东新分组', orgId: east.id, projectCount: 0 });
      const hangzhou = await projectId('P-HZ-01');
      expect((await operator.post('/api/t_project/associate-group', { groupId: group.id, projectIds: [shanghai, hangzhou] })).body.data).toEqual({ updated: 2 });
      expect((await admin.get(`/api/t_project_group/${group.id}`)).body.data.projectCount).toBe(2);
      expect((await admin.get(`/api/t_project/${shanghai}`)).body.data).toMatchObject({ groupId: group.id, groupName: '华东新分组' });
      const wrongOrg = await expectNoChange(server, () => admin.post('/api/t_project/associate-group', { groupId: group.id, projectIds: [shanghai, beijing] }));
      expect([wrongOrg.status, wrongOrg.body.error]).toEqual([400, 'body.projectIds.1: 项目“北京亦庄制药车间”不属于该分组的组织']);
      const unseen = await expectNoChange(server, () => operator.post('/api/t_project/associate-group', { groupId: group.id, projectIds: [beijing] }));
      expect(unseen.status).toBe(404);
      // A group with projects is neither deleted nor moved to another organisation.
      const del = await expectNoChange(server, () => admin.post(`/api/t_project_group/del/${group.id}`));
      expect([del.status, del.body.error]).toEqual([400, '无法删除项目分组：仍有 2 个项目引用它']);
      const north = await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-NORTH').executeTakeFirstOrThrow();
      const move = await expectNoChange(server, () => admin.post('/api/t_project_group/save', { name: '华东新分组', orgId: north.id, id: group.id, version: group.version }));
      expect([move.status, move.body.error]).toEqual([400, 'body.orgId: 分组中还有 2 个项目，不能改到其他组织']);
      expect((await admin.post('/api/t_project/associate-group', { groupId: null, projectIds: [shanghai, hangzhou] })).body.data).toEqual({ updated: 2 });
      expect((await admin.post(`/api/t_project_group/del/${group.id}`)).body.success).toBe(true);
    });

    it('lists candidates from the caller\'s data scope, adds members with a role, changes it and removes them', async () => {
      const candidates = (await operator.get(`/api/t_project/related-user?projectId=${shanghai}&Size=100`)).body.data;
      // The operator's scope: its organisation and the one below; it is a member (owner) already.
      expect(candidates.list.find((u: { userId: number }) => u.userId === ids.operator)).toMatchObject({ member: true, role: 'owner', username: 'operator' });
      expect(candidates.list.some((u: { userId: number }) => u.userId === ids.admin)).toBe(false);
      expect(candidates.list.some((u: { username: string }) => u.username === 'guest')).toBe(false);
      const members = (await admin.get(`/api/t_project/related-user?projectId=${shanghai}&member=1`)).body.data;
      expect(members.list.map((u: { userId: number }) => u.userId)).toEqual([ids.operator]);

      const outOfScope = await expectNoChange(server, () => operator.post('/api/t_project_member/save', { projectId: shanghai, userIds: [ids.admin] }));
      expect([outOfScope.status, outOfScope.body.error]).toEqual([400, `body.userIds.0: 用户 ${ids.admin} 不存在或不在您的数据范围内`]);

      expect((await admin.post('/api/t_project_member/save', { projectId: shanghai, userIds: [ids.stranger, ids.outsider], role: 'member' })).body.data).toEqual({ changed: 2 });
      expect((await admin.post('/api/t_project_member/save', { projectId: shanghai, userIds: [ids.stranger, ids.outsider], role: 'member' })).body.data).toEqual({ changed: 0 });
      expect((await admin.post('/api/t_project_member/save', { projectId: shanghai, userIds: [ids.stranger], role: 'engineer' })).body.data).toEqual({ changed: 1 });
      const listed = (await operator.get(`/api/t_project_member?projectId=${shanghai}&keyword=prj.`)).body.data;
      expect(listed).toEqual({ count: 2, list: [
        { projectId: shanghai, userId: ids.outsider, username: 'prj.outsider', nickName: 'prj.outsider', orgId: expect.any(Number), orgName: '快修环境工程', role: 'member' },
        { projectId: shanghai, userId: ids.stranger, username: 'prj.stranger', nickName: 'prj.stranger', orgId: expect.any(Number), orgName: '快修环境工程', role: 'engineer' },
      ] });
      expect((await stranger.get(`/api/t_project/can-view/${shanghai}`)).body.data).toBe(true);

      const notMember = await expectNoChange(server, () => admin.post('/api/t_project_member/del', { projectId: shanghai, userIds: [ids.stranger, ids.admin] }));
      expect([notMember.status, notMember.body.error]).toEqual([400, `body.userIds.1: 用户 ${ids.admin} 不是该项目的成员`]);
      expect((await admin.post('/api/t_project_member/del', { projectId: shanghai, userIds: [ids.stranger, ids.outsider] })).body.data).toEqual({ changed: 2 });
      expect((await stranger.get(`/api/t_project/can-view/${shanghai}`)).body.data).toBe(false);
      const lines = (await logs(`t_project#${shanghai} % t_project_member`)).map((l) => [l.action, JSON.parse(l.detail)]);
      expect(lines).toEqual([
        ['add', { role: 'member', added: [ids.stranger, ids.outsider], changed: [] }],
        ['edit', { role: 'engineer', added: [], changed: [{ userId: ids.stranger, from: 'member' }] }],
        ['delete', { removed: expect.arrayContaining([{ userId: ids.stranger, role: 'engineer' }, { userId: ids.outsider, role: 'member' }]) }],
      ]);
    });

    it('answers the regions with their coordinates for placing a project offline', async () => {
      const regions = (await operator.get('/api/t_project/regions')).body.data;
      expect(regions).toContainEqual({ id: expect.any(Number), parentId: null, name: '华东区', lng: 120.5, lat: 31 });
    });
  });
});

/** A database from before project administration gets project-delete and the two menu entries. */
describe('migration 014: project administration for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('grants project-delete where project-edit is, and adds 项目列表 and 项目分组 before 组态管理', async () => {
    server = await startTestServer();
    const db = server.database.db;
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_project_list', 'nv_project_group']).execute();
    await db.deleteFrom('t_role_right').where('right_code', '=', 'project-delete').execute();
    await db.deleteFrom('t_org_type_right').where('right_code', '=', 'project-delete').execute();
    await db.deleteFrom('t_right').where('code', '=', 'project-delete').execute();
    await sql`delete from nv_migration where name = '014-project-admin'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['014-project-admin']);
    const after = server.database.db;
    const holders = async (code: string) => (await after.selectFrom('t_role_right').select('role_id').where('right_code', '=', code).orderBy('role_id').execute()).map((r) => r.role_id);
    expect(await holders('project-delete')).toEqual(await holders('project-edit'));
    const types = async (code: string) => (await after.selectFrom('t_org_type_right').select('org_type').where('right_code', '=', code).orderBy('org_type').execute()).map((r) => r.org_type);
    expect(await types('project-delete')).toEqual(await types('project-edit'));
    const parent = (await after.selectFrom('t_menu').select('id').where('name', '=', 'nv_project').executeTakeFirstOrThrow()).id;
    const children = await after.selectFrom('t_menu').select(['name', 'right_code', 'path']).where('parent_id', '=', parent).orderBy('sort_order').execute();
    expect(children.slice(0, 3).map((m) => m.name)).toEqual(['nv_project_list', 'nv_project_group', 'nv_project_graph']);
    expect(children[0]).toMatchObject({ right_code: 'project-preview', path: '/nv_project/nv_project_list' });
    const admin = await loginAs(server, 'admin');
    expect((await admin.get('/api/user/rights')).body.data).toContain('project-delete');
    expect(JSON.stringify((await admin.get('/api/menu/all?type=app')).body.data)).toContain('/nv_project/nv_project_group');

    server = await server.restart();
    expect(server.migrations).toEqual([]);
  });
});
