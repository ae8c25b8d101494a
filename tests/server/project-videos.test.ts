import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROJECT_VIDEOS } from '../../contract/project-videos';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const HLS = 'https://cams.example.com/live/gate/index.m3u8';
const MP4 = 'http://10.0.0.8:8080/record/hall.mp4?token=abc';

/** Camera channels of a project (t_project_video) and the graph libraries over t_project_graph (issue 18). */
describe('project camera channels and graph libraries', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  /** A project the operator sees (with a device) and one it does not. */
  let own: number;
  let foreign: number;
  let point: { deviceId: number; measureId: number };
  const db = () => server.database.db;
  const videoRows = (projectId: number) => db().selectFrom('t_project_video').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
  const lastLog = () => db().selectFrom('t_history_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const seen = new Set(((await operator.get('/api/t_project/names')).body.data as { id: number }[]).map((p) => p.id));
    const projects = await db().selectFrom('t_project as p').innerJoin('t_device as d', 'd.project_id', 'p.id').select('p.id')
      .distinct().orderBy('p.id').execute();
    own = projects.find((p) => seen.has(p.id))!.id;
    foreign = projects.find((p) => !seen.has(p.id))!.id;
    point = await db().selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .select(['d.id as deviceId', 'm.id as measureId']).where('d.project_id', '=', own).orderBy('d.id').orderBy('m.id').executeTakeFirstOrThrow();
  });
  afterAll(async () => { await server?.dispose(); });

  describe('camera channels (t_project_video)', () => {
    it('adds channels, lists them in grid order, edits one at its version, and deletes, each with an audit line', async () => {
      expect((await operator.get(`/api/t_project_video/all?projectId=${own}`)).body).toEqual({ success: true, data: [] });
      const gate = await operator.post('/api/t_project_video/save', { projectId: own, name: ' 大门 ', streamUrl: ` ${HLS} `, sortOrder: 2 });
      expect(gate.body).toMatchObject({ success: true, data: { projectId: own, name: '大门', streamUrl: HLS, sortOrder: 2, version: 1 } });
      expect(await lastLog()).toMatchObject({ action: 'add', target: `t_project_video#${gate.body.data.id} 大门` });
      const hall = (await operator.post('/api/t_project_video/save', { projectId: own, name: '车间', streamUrl: MP4, sortOrder: 1 })).body.data;
      const list = (await operator.get(`/api/t_project_video/all?projectId=${own}`)).body.data as { name: string }[];
      expect(list.map((v) => v.name)).toEqual(['车间', '大门']);

      const edited = await operator.post('/api/t_project_video/save', { id: hall.id, version: 1, projectId: own, name: '一号车间', streamUrl: HLS, sortOrder: 3 });
      expect(edited.body.data).toMatchObject({ id: hall.id, name: '一号车间', streamUrl: HLS, sortOrder: 3, version: 2 });
      expect(JSON.parse((await lastLog()).detail)).toEqual({
        projectId: own, before: { name: '车间', streamUrl: MP4, sortOrder: 1 }, after: { name: '一号车间', streamUrl: HLS, sortOrder: 3 },
      });

      // Saved at a version someone else has moved on from: 409, nothing changes.
      const stale = await expectNoChange(server, () => operator.post('/api/t_project_video/save', { id: hall.id, version: 1, projectId: own, name: 'x', streamUrl: HLS }));
      expect({ status: stale.status, error: stale.body.error }).toEqual({ status: 409, error: '数据已被他人修改，请刷新后重试' });
      const noVersion = await expectNoChange(server, () => operator.post('/api/t_project_video/save', { id: hall.id, projectId: own, name: 'x', streamUrl: HLS }));
      expect({ status: noVersion.status, error: noVersion.body.error }).toEqual({ status: 400, error: 'body.version: 修改通道时须带上读取时的 version' });
      const clash = await expectNoChange(server, () => operator.post('/api/t_project_video/save', { projectId: own, name: '大门', streamUrl: HLS }));
      expect({ status: clash.status, error: clash.body.error }).toEqual({ status: 400, error: 'body.name: 该项目已有名为“大门”的视频通道' });

      expect((await operator.post(`/api/t_project_video/del/${hall.id}`)).body).toEqual({ success: true, data: true });
      expect(await lastLog()).toMatchObject({ action: 'delete', target: `t_project_video#${hall.id} 一号车间` });
      expect((await videoRows(own)).map((r) => r.name)).toEqual(['大门']);
      const again = await operator.post(`/api/t_project_video/del/${hall.id}`);
      expect({ status: again.status, error: again.body.error }).toEqual({ status: 404, error: '视频通道不存在' });
      await operator.post(`/api/t_project_video/del/${gate.body.data.id}`);
    });

    it('refuses stream addresses that are not http(s) HLS or MP4, or carry credentials, naming the field; nothing is stored', async () => {
      const cases: [string, string][] = [
        ['javascript:alert(1)//a.m3u8', '视频流地址只支持 http 或 https 协议'],
        ['rtsp://10.0.0.8/stream1', '视频流地址只支持 http 或 https 协议'],
        ['ftp://cams.example.com/a.mp4', '视频流地址只支持 http 或 https 协议'],
        ['http://admin:12345@10.0.0.8/live/index.m3u8', '视频流地址不能包含用户名或密码（user:password@），请改用不带凭据的播放地址'],
        ['https://viewer@cams.example.com/a.mp4', '视频流地址不能包含用户名或密码（user:password@），请改用不带凭据的播放地址'],
        ['https://cams.example.com/live/stream.flv', '视频流地址应为 HLS 播放列表（.m3u8）或 MP4 文件（.mp4）'],
        ['https://cams.example.com/a b.m3u8', '视频流地址不能包含空格或控制字符'],
        ['/live/index.m3u8', '视频流地址无效：应为 http:// 或 https:// 开头的完整地址'],
        ['   ', '请填写视频流地址'],
        [`https://cams.example.com/${'a'.repeat(2050)}.m3u8`, '视频流地址最长 2048 个字符'],
      ];
      for (const [streamUrl, message] of cases) {
        const r = await expectNoChange(server, () => operator.post('/api/t_project_video/save', { projectId: own, name: '摄像头', streamUrl }));
        expect({ streamUrl, status: r.status, error: r.body.error }).toEqual({ streamUrl, status: 400, error: `body.streamUrl: ${message}` });
      }
      const noName = await expectNoChange(server, () => operator.post('/api/t_project_video/save', { projectId: own, name: ' ', streamUrl: HLS }));
      expect({ status: noName.status, error: noName.body.error }).toEqual({ status: 400, error: 'body.name: 请填写通道名称' });
      expect(await videoRows(own)).toEqual([]);
    });

    it('limits every call to the projects the caller sees: another project and its channels are 404 and change nothing', async () => {
      const theirs = (await admin.post('/api/t_project_video/save', { projectId: foreign, name: '外部通道', streamUrl: HLS })).body.data;
      expect((await admin.get(`/api/t_project_video/all?projectId=${foreign}`)).body.data).toHaveLength(1);
      const list = await operator.get(`/api/t_project_video/all?projectId=${foreign}`);
      expect({ status: list.status, error: list.body.error }).toEqual({ status: 404, error: '项目不存在' });
      for (const body of [
        { projectId: foreign, name: '越权', streamUrl: HLS },
        { id: theirs.id, version: 1, projectId: foreign, name: '越权', streamUrl: HLS },
        { id: theirs.id, version: 1, projectId: own, name: '越权', streamUrl: HLS },
      ]) {
        const r = await expectNoChange(server, () => operator.post('/api/t_project_video/save', body));
        expect(r.status).toBe(404);
      }
      const del = await expectNoChange(server, () => operator.post(`/api/t_project_video/del/${theirs.id}`));
      expect({ status: del.status, error: del.body.error }).toEqual({ status: 404, error: '视频通道不存在' });
      // Nor can the admin move a channel to another project.
      const move = await expectNoChange(server, () => admin.post('/api/t_project_video/save', { id: theirs.id, version: 1, projectId: own, name: '外部通道', streamUrl: HLS }));
      expect({ status: move.status, error: move.body.error }).toEqual({ status: 400, error: 'body.projectId: 视频通道不能移到其他项目' });
      await admin.post(`/api/t_project_video/del/${theirs.id}`);
    });

    it(`holds at most ${MAX_PROJECT_VIDEOS} channels per project`, async () => {
      const now = Date.now();
      await db().insertInto('t_project_video').values(Array.from({ length: MAX_PROJECT_VIDEOS }, (_, i) => ({
        project_id: own, name: `通道 ${i + 1}`, stream_url: HLS, sort_order: i, created_at: now, updated_at: now,
      }))).execute();
      const r = await expectNoChange(server, () => operator.post('/api/t_project_video/save', { projectId: own, name: '再多一个', streamUrl: HLS }));
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error: `body.projectId: 一个项目最多 ${MAX_PROJECT_VIDEOS} 个视频通道` });
      await db().deleteFrom('t_project_video').where('project_id', '=', own).execute();
    });
  });

  describe('graph libraries (t_project_graph library, copy, set-default, set-active)', () => {
    const bound = () => '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>'
      + `<UserObject id="ahu" label="空调机组" deviceId="${point.deviceId}" measureId="${point.measureId}" format="0.0"><mxCell vertex="1" parent="1">`
      + '<mxGeometry x="40" y="40" width="160" height="90" as="geometry"/></mxCell></UserObject></root></mxGraphModel>';
    const graphs = (projectId: number) => db().selectFrom('t_project_graph').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
    let source: number;
    let theirs: number;

    beforeAll(async () => {
      source = (await operator.post('/api/t_project_graph/save', { projectId: own, name: '库-一层空调', xml: bound() })).body.data.id;
      theirs = (await admin.post('/api/t_project_graph/save', { projectId: foreign, name: '库-外部项目', xml: '<mxGraphModel><root><mxCell id="0"/></root></mxGraphModel>' })).body.data.id;
    });

    it('lists the graphs of the projects the caller sees, newest change first, with project names, by project and by name', async () => {
      const all = (await operator.get('/api/t_project_graph/library?Page=1&Size=500')).body.data as { list: { id: number; projectId: number; projectName: string }[]; count: number };
      const seen = new Set(((await operator.get('/api/t_project/names')).body.data as { id: number }[]).map((p) => p.id));
      expect(all.count).toBe(all.list.length);
      expect(all.list.every((g) => seen.has(g.projectId))).toBe(true);
      expect(all.list.map((g) => g.id)).toContain(source);
      expect(all.list.map((g) => g.id)).not.toContain(theirs);
      expect(all.list[0]).toMatchObject({ id: source, name: '库-一层空调', isActive: true });
      expect(all.list[0].projectName).toBe((await db().selectFrom('t_project').select('name').where('id', '=', own).executeTakeFirstOrThrow()).name);
      expect((all.list[0] as Record<string, unknown>).xml).toBeUndefined();
      expect((await admin.get('/api/t_project_graph/library?Page=1&Size=500')).body.data.list.map((g: { id: number }) => g.id)).toContain(theirs);

      const named = (await operator.get(`/api/t_project_graph/library?name=${encodeURIComponent('一层空')}`)).body.data;
      expect(named).toEqual({ count: 1, list: [expect.objectContaining({ id: source })] });
      const wild = (await operator.get(`/api/t_project_graph/library?name=${encodeURIComponent('%')}`)).body.data;
      expect(wild).toEqual({ count: 0, list: [] });
      const byProject = (await operator.get(`/api/t_project_graph/library?projectId=${own}&Size=1`)).body.data;
      expect(byProject.count).toBe((await graphs(own)).length);
      expect(byProject.list).toHaveLength(1);
      const foreignList = await operator.get(`/api/t_project_graph/library?projectId=${foreign}`);
      expect({ status: foreignList.status, error: foreignList.body.error }).toEqual({ status: 404, error: '项目不存在' });
    });

    it('copies a graph within its project with its bindings, and into another project without them', async () => {
      const same = await operator.post('/api/t_project_graph/copy', { id: source, projectId: own, name: '库-一层空调（副本）' });
      expect(same.body.data).toMatchObject({ projectId: own, name: '库-一层空调（副本）', isDefault: false, isActive: true, unbound: 0 });
      const sameXml = (await operator.get(`/api/t_project_graph/${same.body.data.id}`)).body.data.xml as string;
      expect(sameXml).toBe((await operator.get(`/api/t_project_graph/${source}`)).body.data.xml);
      expect(await lastLog()).toMatchObject({ action: 'add', target: `t_project_graph#${same.body.data.id} 库-一层空调（副本）` });

      // Another project the admin sees: the source's devices are not its devices.
      const other = await admin.post('/api/t_project_graph/copy', { id: source, projectId: foreign, name: '库-模板' });
      expect(other.body.data).toMatchObject({ projectId: foreign, name: '库-模板', unbound: 1 });
      const otherXml = (await admin.get(`/api/t_project_graph/${other.body.data.id}`)).body.data.xml as string;
      expect(otherXml).not.toMatch(/deviceId|measureId/);
      expect(otherXml).toContain('label="空调机组" format="0.0"');
      expect(JSON.parse((await lastLog()).detail)).toMatchObject({ copiedFrom: { id: source, projectId: own }, projectId: foreign, unbound: 1 });

      for (const body of [{ id: source, projectId: foreign, name: 'x' }, { id: theirs, projectId: own, name: 'x' }]) {
        const r = await expectNoChange(server, () => operator.post('/api/t_project_graph/copy', body));
        expect(r.status).toBe(404);
      }
      const noName = await expectNoChange(server, () => operator.post('/api/t_project_graph/copy', { id: source, projectId: own, name: '' }));
      expect({ status: noName.status, error: noName.body.error }).toEqual({ status: 400, error: 'body.name: name is required' });
      await admin.post(`/api/t_project_graph/del/${other.body.data.id}`);
      await operator.post(`/api/t_project_graph/del/${same.body.data.id}`);
    });

    it('sets the default (one per project) and the active flag, answering the project list, within the caller scope', async () => {
      const before = await graphs(own);
      const r = await operator.post(`/api/t_project_graph/set-default/${source}`);
      expect(r.body.success).toBe(true);
      expect((r.body.data as { id: number; isDefault: boolean }[]).filter((g) => g.isDefault).map((g) => g.id)).toEqual([source]);
      expect((await graphs(own)).filter((g) => Number(g.is_default) === 1).map((g) => g.id)).toEqual([source]);
      expect(await lastLog()).toMatchObject({ action: 'edit', target: `t_project_graph#${source} 库-一层空调` });
      // The document did not change: its place in the library stays.
      expect((await graphs(own)).find((g) => g.id === source)!.updated_at).toBe(before.find((g) => g.id === source)!.updated_at);
      expect((await operator.get(`/api/t_project_graph/default?projectId=${own}`)).body.data.id).toBe(source);

      const off = await operator.post(`/api/t_project_graph/set-active/${source}`, { isActive: false });
      expect(off.body.data).toMatchObject({ id: source, isActive: false, isDefault: true });
      expect((await operator.get(`/api/t_project_graph/active?projectId=${own}`)).body.data.id).not.toBe(source);
      expect((await operator.post(`/api/t_project_graph/set-active/${source}`, { isActive: true })).body.data.isActive).toBe(true);
      const bad = await expectNoChange(server, () => operator.post(`/api/t_project_graph/set-active/${source}`, { isActive: 'yes' }));
      expect({ status: bad.status, error: bad.body.error }).toMatchObject({ status: 400, error: expect.stringMatching(/^body\.isActive: /) });

      for (const url of [`/api/t_project_graph/set-default/${theirs}`, `/api/t_project_graph/set-active/${theirs}`]) {
        const refused = await expectNoChange(server, () => operator.post(url, { isActive: false }));
        expect({ url, status: refused.status, error: refused.body.error }).toEqual({ url, status: 404, error: '组态不存在' });
      }
      // Back to the demo's default.
      const demoDefault = before.find((g) => Number(g.is_default) === 1);
      if (demoDefault) await operator.post(`/api/t_project_graph/set-default/${demoDefault.id}`);
    });
  });
});

/** A database from before migration 015 gets the channel table and the two library menu entries on its next start. */
describe('migration 015: camera channels and graph library menus for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds t_project_video and 项目管理 › 组态库 / 项目组态库 after 组态管理, once', async () => {
    server = await startTestServer();
    const menu = () => server.database.db.selectFrom('t_menu').select(['id', 'parent_id', 'name', 'path', 'sort_order', 'right_code'])
      .where('type', '=', 'app').orderBy('id').execute();
    const seeded = await menu();
    const project = seeded.find((r) => r.name === 'nv_project')!;
    const seededOrder = seeded.filter((r) => r.parent_id === project.id).sort((a, b) => a.sort_order - b.sort_order).map((r) => r.name);
    expect(seededOrder.slice(seededOrder.indexOf('nv_project_graph'), seededOrder.indexOf('nv_project_graph') + 3))
      .toEqual(['nv_project_graph', 'nv_graph_lib', 'nv_project_graph_lib']);

    // Back to how a database of the previous release looked.
    const db = server.database.db;
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_graph_lib', 'nv_project_graph_lib']).execute();
    await db.schema.dropTable('t_project_video').execute();
    await sql`delete from nv_migration where name = '015-project-videos-and-graph-libs'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['015-project-videos-and-graph-libs']);
    const rows = await menu();
    const children = rows.filter((r) => r.parent_id === project.id).sort((a, b) => a.sort_order - b.sort_order);
    expect(children.map((r) => r.name)).toEqual(seededOrder);
    expect(rows.find((r) => r.name === 'nv_graph_lib')).toMatchObject({ path: '/nv_project/nv_graph_lib', right_code: 'project-preview' });
    expect(rows.find((r) => r.name === 'nv_project_graph_lib')).toMatchObject({ path: '/nv_project/nv_project_graph_lib', right_code: 'project-preview' });
    const admin = await loginAs(server, 'admin');
    const saved = await admin.post('/api/t_project_video/save', { projectId: (await admin.get('/api/t_project/names')).body.data[0].id, name: '迁移后', streamUrl: HLS });
    expect(saved.body.success).toBe(true);

    server = await server.restart();
    expect(server.migrations).toEqual([]);
    expect((await menu()).length).toBe(rows.length);
  });
});

/** The console's content security policy lets it fetch and play camera streams (VIDEO_ORIGINS). */
describe('video origins (VIDEO_ORIGINS) and the content security policy', () => {
  let stored: TestServer;
  let any: TestServer;
  let listed: TestServer;
  beforeAll(async () => {
    stored = await startTestServer();
    any = await startTestServer({ videoOrigins: 'any' });
    listed = await startTestServer({ videoOrigins: ['http://10.0.0.8:8080', 'https://cams.example.com'] });
  });
  afterAll(async () => { await stored?.dispose(); await any?.dispose(); await listed?.dispose(); });
  const csp = async (server: TestServer) => (await fetch(`${server.url}/api/sys/info`)).headers.get('content-security-policy') ?? '';

  it('by default admits exactly the saved channels\' origins, from the save on, and none once they are gone', async () => {
    expect(await csp(stored)).toMatch(/connect-src 'self';/);
    expect(await csp(stored)).toMatch(/media-src 'self' blob:;/);
    expect(await csp(stored)).not.toMatch(/ws:|wss:|http:|https:/);
    const admin = await loginAs(stored, 'admin');
    const projectId = (await admin.get('/api/t_project/names')).body.data[0].id as number;
    const a = await admin.post('/api/t_project_video/save', { projectId, name: '门口', streamUrl: 'http://10.1.2.3:8000/live/a.m3u8' });
    await admin.post('/api/t_project_video/save', { projectId, name: '屋顶', streamUrl: 'https://nvr.example.com/b/index.m3u8' });
    await admin.post('/api/t_project_video/save', { projectId, name: '仓库', streamUrl: 'http://10.1.2.3:8000/live/c.m3u8' });
    expect(await csp(stored)).toMatch(/connect-src 'self' http:\/\/10\.1\.2\.3:8000 https:\/\/nvr\.example\.com;/);
    expect(await csp(stored)).toMatch(/media-src 'self' blob: http:\/\/10\.1\.2\.3:8000 https:\/\/nvr\.example\.com;/);
    await admin.post(`/api/t_project_video/del/${a.body.data.id}`);
    // The other channel of that origin keeps it admitted.
    expect(await csp(stored)).toMatch(/connect-src 'self' http:\/\/10\.1\.2\.3:8000 https:\/\/nvr\.example\.com;/);
    for (const v of (await admin.get(`/api/t_project_video/all?projectId=${projectId}`)).body.data) await admin.post(`/api/t_project_video/del/${v.id}`);
    expect(await csp(stored)).toMatch(/connect-src 'self';/);
  });

  it('allows any http(s) stream with VIDEO_ORIGINS=any, and only the listed origins when it lists some', async () => {
    expect(await csp(any)).toMatch(/media-src 'self' blob: http: https:(;|$)/);
    expect(await csp(any)).toMatch(/connect-src [^;]* http: https:(;|$)/);
    expect(await csp(listed)).toMatch(/media-src 'self' blob: http:\/\/10\.0\.0\.8:8080 https:\/\/cams\.example\.com(;|$)/);
    expect(await csp(listed)).toMatch(/connect-src [^;]*http:\/\/10\.0\.0\.8:8080 https:\/\/cams\.example\.com(;|$)/);
    expect(await csp(listed)).not.toMatch(/ http: /);
  });

  it('refuses a channel whose stream comes from an origin VIDEO_ORIGINS does not list', async () => {
    const admin = await loginAs(listed, 'admin');
    const projectId = (await admin.get('/api/t_project/names')).body.data[0].id as number;
    const ok = await admin.post('/api/t_project_video/save', { projectId, name: '允许', streamUrl: 'http://10.0.0.8:8080/live/a.m3u8' });
    expect(ok.body.success).toBe(true);
    const refused = await expectNoChange(listed, () => admin.post('/api/t_project_video/save', { projectId, name: '不允许', streamUrl: 'http://10.0.0.9/live/a.m3u8' }));
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 400, error: 'body.streamUrl: 服务器只允许播放这些来源的视频流（VIDEO_ORIGINS）：http://10.0.0.8:8080，https://cams.example.com',
    });
  });
});
