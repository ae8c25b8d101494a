import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceTypeId, MESSAGE_TYPES, MeasureTag, OrgType } from '../../contract/enums';
import { ALL_RIGHTS, Right } from '../../contract/rights';
import { siteDayStart, type FilterLifeList, type ScreenOverview } from '../../contract/screen-data';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

interface MenuItem { id: number; parentId: number; name: string; order: number; rightCode: string | null; path: string }

/** What the Foundation issue and issue 15 say the demo operator lacks. */
const OPERATOR_MUST_LACK = [
  Right.NoticePreview, Right.RealAlarmPreview, Right.Buy, Right.BuyApply, Right.BuyRecord, Right.EnergyAnalysis,
  Right.OrgPreview, Right.OrgEdit, Right.OrgTypePreview, Right.OrgTypeEdit, Right.RolePreview, Right.RoleEdit,
  Right.RightPreview, Right.RightEdit, Right.UserPreview, Right.UserEdit, Right.BaseDataPreview, Right.BaseDataEdit, Right.Backup,
  // Issue 15: the demo operator sees none of the administration.
  Right.ApplicationPreview, Right.ApplicationEdit, Right.OrgDelete, Right.RoleDelete, Right.UserDelete, Right.SysLogPreview,
];

/** `data` of a message as the console reads it: JSON, sometimes encoded twice (SPEC §3). */
function messageData(text: string): Record<string, unknown> {
  const once = JSON.parse(text);
  return typeof once === 'string' ? JSON.parse(once) : once;
}

describe('demo seed', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it('has organisations of every org type, with the operator\'s owner organisation and its child', async () => {
    const orgs = await server.database.db.selectFrom('t_org').select(['id', 'code', 'org_type', 'parent_id']).execute();
    expect([...new Set(orgs.map((o) => o.org_type))].sort()).toEqual(Object.values(OrgType).sort());
    const east = orgs.find((o) => o.code === 'OWN-EAST')!;
    expect(east.org_type).toBe(OrgType.Owner);
    expect(orgs.find((o) => o.code === 'OWN-EAST-SZ')).toMatchObject({ parent_id: east.id, org_type: OrgType.Owner });
    expect((await admin.get('/api/t_org/names')).body.data).toHaveLength(orgs.length);
  });

  it('has 3 regions and 6+ projects with coordinates in different cities', async () => {
    expect((await admin.get('/api/t_region/names')).body.data).toHaveLength(3);
    const projects = await server.database.db.selectFrom('t_project').select(['name', 'city', 'lng', 'lat', 'region_id']).execute();
    expect(projects.length).toBeGreaterThanOrEqual(6);
    expect(new Set(projects.map((p) => p.city)).size).toBe(projects.length);
    expect(new Set(projects.map((p) => `${p.lng},${p.lat}`)).size).toBe(projects.length);
    for (const p of projects) {
      // Inside China.
      expect(p.lng).toBeGreaterThan(73);
      expect(p.lng).toBeLessThan(135);
      expect(p.lat).toBeGreaterThan(18);
      expect(p.lat).toBeLessThan(54);
    }
    const stats = (await admin.get('/api/s/project')).body.data;
    expect(stats.total).toBe(projects.length);
    expect(stats.byRegion).toHaveLength(3);
  });

  it('has 120+ devices of every device type, in every state', async () => {
    const stats = (await admin.get('/api/s/device')).body.data;
    expect(stats.total).toBeGreaterThanOrEqual(120);
    expect(stats.byType.map((t: { typeId: number }) => t.typeId).sort((a: number, b: number) => a - b))
      .toEqual(Object.values(DeviceTypeId).sort((a, b) => a - b));
    expect(stats.online).toBeGreaterThan(0);
    expect(stats.offline).toBeGreaterThan(0);
    expect(stats.alarm).toBeGreaterThan(0);
    const db = server.database.db;
    const mismatched = await db.selectFrom('t_device as d').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
      .select('d.id').whereRef('m.device_type_id', '!=', 'd.device_type_id').execute();
    expect(mismatched).toEqual([]);
    expect(await db.selectFrom('t_device').select('id').where('project_id', 'is', null).execute()).toEqual([]);
  });

  it('starts calm, like a real platform: a few alarms on two projects, a few devices offline', async () => {
    const o = (await admin.get('/api/s/screen/overview')).body.data as ScreenOverview;
    const alarmed = o.projectList.filter((p) => p.state === 'alarm');
    expect(alarmed.length).toBeGreaterThanOrEqual(1);
    expect(alarmed.length).toBeLessThanOrEqual(3);
    expect(o.projectList.filter((p) => p.state === 'normal').length).toBeGreaterThanOrEqual(5);
    expect(o.alarms.total).toBeGreaterThanOrEqual(5);
    expect(o.alarms.total).toBeLessThanOrEqual(15);
    expect(o.devices.offline).toBeGreaterThanOrEqual(2);
    expect(o.devices.offline).toBeLessThanOrEqual(10);
  });

  it('gives the projects different sizes and filter wear', async () => {
    const o = (await admin.get('/api/s/screen/overview')).body.data as ScreenOverview;
    const energy = o.projectList.map((p) => p.energyToday).sort((a, b) => a - b);
    // A data centre draws several times what an office does (once the day has some hours in it).
    if (Date.now() - siteDayStart(Date.now()) > 30 * 60_000) expect(energy.at(-1)! / energy[0]).toBeGreaterThan(3);
    // Sizes differ in proportion: bins relative to the largest, since the day's totals start from 0
    // at the site's midnight (absolute 100 kWh bins all read 0 in its first hour).
    const top = energy.at(-1)!;
    if (top > 0) expect(new Set(energy.map((e) => Math.round((e / top) * 20))).size).toBeGreaterThanOrEqual(6);

    const life = ((await admin.get('/api/s/filter-life?limit=50')).body.data as FilterLifeList).map((f) => f.remainingPct);
    expect(life).toHaveLength(48);
    // A few nearly worn (some past their limit, in alarm), most in the middle, some new.
    expect(life.filter((p) => p < 15).length).toBeGreaterThanOrEqual(2);
    expect(life.filter((p) => p < 15).length).toBeLessThanOrEqual(8);
    expect(life.filter((p) => p > 85).length).toBeGreaterThanOrEqual(2);
    expect(life.filter((p) => p >= 5 && p <= 95).length).toBeGreaterThanOrEqual(life.length * 0.75);
    const median = life[life.length >> 1];
    expect(median).toBeGreaterThan(30);
    expect(median).toBeLessThan(70);
  });

  it('has measure points for every measure tag, and alarm rules', async () => {
    const measures = await server.database.db.selectFrom('t_measure')
      .select(['tag_id', 'alarm_enabled', 'condition_type', 'condition_val1', 'warn_level', 'printf']).execute();
    const tags = new Set(measures.map((m) => m.tag_id).filter((t) => t != null));
    expect([...tags].sort((a, b) => a! - b!)).toEqual(Object.values(MeasureTag).sort((a, b) => a - b));

    const rules = measures.filter((m) => m.alarm_enabled === 1);
    expect(rules.length).toBeGreaterThanOrEqual(5);
    expect(new Set(rules.map((r) => r.condition_type)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rules.map((r) => r.warn_level))).toEqual(new Set([0, 1, 2]));
    for (const r of rules) {
      expect(r.condition_type).toBeGreaterThanOrEqual(0);
      expect(r.condition_type).toBeLessThanOrEqual(15);
      if (r.condition_type === 15) expect(Object.keys(JSON.parse(r.printf)).length).toBeGreaterThan(0);
      else expect(r.condition_val1).not.toBeNull();
    }
    expect(rules.some((r) => r.condition_type === 15)).toBe(true);
  });

  it('has messages of every message type, with data the console can read', async () => {
    const list = (await admin.get('/api/t_history_message?Page=1&Size=50')).body.data.list as { type: number; data: string }[];
    expect([...new Set(list.map((m) => m.type))].sort((a, b) => a - b)).toEqual([...MESSAGE_TYPES].sort((a, b) => a - b));
    for (const m of list) {
      const data = messageData(m.data);
      if (m.type === 0) expect(data).toHaveProperty('title');
      if (m.type === 6 || m.type === 8) expect(Object.keys(data)).toEqual(expect.arrayContaining(['projectName', 'deviceName', 'measureName']));
      if (m.type === 12) expect(Object.keys(data)).toEqual(expect.arrayContaining(['name', 'nickName', 'sex']));
    }
    // Both forms of `data` occur: plain JSON and JSON encoded twice.
    expect(list.some((m) => typeof JSON.parse(m.data) === 'string')).toBe(true);
    expect(list.some((m) => typeof JSON.parse(m.data) === 'object')).toBe(true);
  });

  it('serves the menu sorted by order, with right codes on the entries', async () => {
    const menu = (await admin.get('/api/menu/all?type=app')).body.data as MenuItem[];
    const orders = menu.map((m) => m.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const ids = new Set(menu.map((m) => m.id));
    for (const m of menu) expect(m.parentId === 0 || ids.has(m.parentId)).toBe(true);
    const coded = menu.filter((m) => m.rightCode);
    expect(coded.length).toBeGreaterThanOrEqual(10);
    for (const m of coded) expect(ALL_RIGHTS).toContain(m.rightCode);
    expect(menu.find((m) => m.name === 'nv_realtime_alarm')?.rightCode).toBe(Right.RealAlarmPreview);
    expect(menu.find((m) => m.name === 'nv_users')?.rightCode).toBe(Right.UserPreview);
    // 项目管理 > 组态管理 (issue 6): the project graph editor, shown to whoever may see projects.
    const projectParent = menu.find((m) => m.name === 'nv_project');
    expect(projectParent).toMatchObject({ path: '/nv_project', icon: 'project', rightCode: null });
    expect(menu.find((m) => m.name === 'nv_project_graph')).toMatchObject({
      parentId: projectParent?.id, path: '/nv_project/nv_project_graph', rightCode: Right.ProjectPreview,
    });
    for (const name of ['nv_application_list', 'nv_product_list', 'nv_iot_monitor', 'nv_history_alarm', 'nv_organize', 'nv_base_data', 'nv_version']) {
      expect(menu.map((m) => m.name)).toContain(name);
    }
    // Every parent has children; siblings come in their order.
    for (const parent of menu.filter((m) => menu.some((c) => c.parentId === m.id))) {
      const children = menu.filter((c) => c.parentId === parent.id).map((c) => c.order);
      expect(children).toEqual([...children].sort((a, b) => a - b));
    }
    const superMenu = (await admin.get('/api/menu/all?type=super')).body.data as MenuItem[];
    expect(superMenu.map((m) => m.path)).toEqual(['/nv_screen_graph_lib', '/nv_personal_config']);
  });

  it('has the three demo accounts with the rights the README promises', async () => {
    const rightsOf = async (who: 'superadmin' | 'admin' | 'operator') => {
      const info = (await (await loginAs(server, who)).get('/api/user/info')).body.data;
      return { rights: (info.rights as string[]).sort(), orgType: info.orgType as number, orgCode: info.orgCode as string };
    };
    expect((await rightsOf('superadmin')).rights).toEqual([...ALL_RIGHTS].sort());
    expect(await rightsOf('admin')).toMatchObject({ rights: [...ALL_RIGHTS].sort(), orgType: OrgType.Internal });
    const operator = await rightsOf('operator');
    expect(operator).toMatchObject({ orgType: OrgType.Owner, orgCode: 'OWN-EAST' });
    expect(operator.rights.filter((r) => (OPERATOR_MUST_LACK as string[]).includes(r))).toEqual([]);
    expect(operator.rights).toEqual(expect.arrayContaining([
      Right.AccountPreview, Right.LifeAnalysis, Right.EnvironmentAnalysis, Right.ProjectPreview, Right.DevicePreview,
    ]));
  });
});
