import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistRecord, SavePlaylistBody } from '../../contract/playlists';
import { GUEST_READ_ONLY } from '../../server/http/api-error';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';

/** A two-node graph without bindings: enough for a playlist to point at. */
const GRAPH_XML = '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>'
  + '<mxCell id="2" value="AHU" vertex="1" parent="1"><mxGeometry x="10" y="10" width="80" height="40" as="geometry"/></mxCell>'
  + '</root></mxGraphModel>';

function expectBad(r: ApiResponse, error: string | RegExp) {
  expect({ status: r.status, success: r.body.success, data: r.body.data }).toEqual({ status: 400, success: false, data: undefined });
  expect(r.body.error).toMatch(error);
}

describe('kiosk playlists (t_playlist)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let guest: ApiClient;
  let templates: Map<string, number>;
  /** A project the operator sees and one it does not, each with a graph. */
  let own: { projectId: number; graphId: number; name: string };
  let foreign: { projectId: number; graphId: number };
  const db = () => server.database.db;

  async function graphOf(api: ApiClient, projectId: number, name: string): Promise<number> {
    // The default one: the demo seeds a graph per project, and a graph item names the active (default first).
    const r = await api.post('/api/t_project_graph/save', { projectId, name, xml: GRAPH_XML, isDefault: true });
    expect(r.body.success, r.body.error).toBe(true);
    return r.body.data.id;
  }
  const save = (api: ApiClient, body: SavePlaylistBody) => api.post<PlaylistRecord>('/api/t_playlist/save', body);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    const g = await new ApiClient(server.url).post('/api/user-manage/guest', { tokenExpired: 30 });
    guest = new ApiClient(server.url);
    guest.token = g.body.data.token;
    templates = new Map((await db().selectFrom('t_screen_tpl').select(['id', 'name']).execute()).map((t) => [t.name, t.id]));
    const seen = new Set(((await operator.get('/api/t_project/names')).body.data as { id: number }[]).map((p) => p.id));
    const projects = await db().selectFrom('t_project').select(['id', 'name']).orderBy('id').execute();
    const ownProject = projects.find((p) => seen.has(p.id))!;
    const foreignProject = projects.find((p) => !seen.has(p.id))!;
    own = { projectId: ownProject.id, graphId: await graphOf(operator, ownProject.id, '一层空调系统'), name: ownProject.name };
    foreign = { projectId: foreignProject.id, graphId: await graphOf(admin, foreignProject.id, '外部组态') };
  });
  afterAll(async () => { await server?.dispose(); });

  it('seeds the demo playlist: 平台总览 30 s, each project graph 20 s, 三维态势 30 s', async () => {
    const r = await guest.get<PlaylistRecord[]>('/api/t_playlist/all');
    expect(r.body.success).toBe(true);
    const demo = r.body.data!.find((p) => p.name === '大厅轮播')!;
    expect(demo).toMatchObject({ enabled: true, orgId: null });
    const items = demo.items;
    expect(items[0]).toEqual({ kind: 'template', templateId: templates.get('平台总览'), durationSec: 30, name: '平台总览' });
    expect(items.at(-1)).toEqual({ kind: 'template', templateId: templates.get('三维态势'), durationSec: 30, name: '三维态势' });
    const graphs = items.slice(1, -1);
    const seededWithGraphs = await db().selectFrom('t_project_graph').select('project_id').distinct()
      .where('created_at', '<=', demo.createdAt).where('is_active', '=', 1).execute();
    expect(graphs.map((i) => [i.kind, i.durationSec])).toEqual(seededWithGraphs.map(() => ['graph', 20]));
    // Named after the graph each shows; a graph name that starts with its project's is not prefixed again.
    const first = graphs[0] as Extract<typeof graphs[number], { kind: 'graph' }>;
    const project = await db().selectFrom('t_project').select('name').where('id', '=', first.projectId).executeTakeFirstOrThrow();
    const graph = await db().selectFrom('t_project_graph').select('name').where('project_id', '=', first.projectId).where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    expect(first.name).toBe(graph.name.startsWith(project.name) ? graph.name : `${project.name} · ${graph.name}`);
    expect(graphs.every((i) => i.name !== '')).toBe(true);
  });

  it('creates, reads back in order with names, and the list and single reads agree', async () => {
    const r = await save(operator, {
      name: ' 一楼大厅 ', items: [
        { kind: 'graph', projectId: own.projectId, graphId: own.graphId, durationSec: 20, title: '空调系统' },
        { kind: 'template', templateId: templates.get('平台总览')!, durationSec: 30 },
        { kind: 'graph', projectId: own.projectId, durationSec: 5, title: '  ' },
      ],
    });
    expect(r.body.success, r.body.error).toBe(true);
    const saved = r.body.data!;
    expect(saved).toMatchObject({ name: '一楼大厅', enabled: true, orgId: expect.any(Number) });
    expect(saved.items).toEqual([
      { kind: 'graph', projectId: own.projectId, graphId: own.graphId, durationSec: 20, title: '空调系统', name: `${own.name} · 一层空调系统` },
      { kind: 'template', templateId: templates.get('平台总览'), durationSec: 30, name: '平台总览' },
      { kind: 'graph', projectId: own.projectId, durationSec: 5, name: `${own.name} · 一层空调系统` },
    ]);
    expect((await guest.get(`/api/t_playlist/${saved.id}`)).body.data).toEqual(saved);
    expect((await operator.get('/api/t_playlist/all')).body.data).toContainEqual(saved);
  });

  it('edits: new order, new durations, disabled; the old item list is replaced', async () => {
    const created = (await save(operator, { name: '编辑前', items: [
      { kind: 'template', templateId: templates.get('平台总览')!, durationSec: 30 },
      { kind: 'template', templateId: templates.get('三维态势')!, durationSec: 40 },
    ] })).body.data!;
    const r = await save(operator, { id: created.id, name: '编辑后', enabled: false, items: [
      { kind: 'template', templateId: templates.get('三维态势')!, durationSec: 3600 },
      { kind: 'template', templateId: templates.get('平台总览')!, durationSec: 5, title: '总览' },
    ] });
    expect(r.body.success, r.body.error).toBe(true);
    expect(r.body.data).toMatchObject({ id: created.id, name: '编辑后', enabled: false, createdAt: created.createdAt });
    expect(r.body.data!.items.map((i) => [i.name, i.durationSec, i.title])).toEqual([['三维态势', 3600, undefined], ['平台总览', 5, '总览']]);
    const rows = await db().selectFrom('t_playlist_item').select(['position', 'duration_sec']).where('playlist_id', '=', created.id).orderBy('position').execute();
    expect(rows).toEqual([{ position: 0, duration_sec: 3600 }, { position: 1, duration_sec: 5 }]);
  });

  it('refuses bad input with a 400 naming the field or item, and changes nothing', async () => {
    const tpl = templates.get('平台总览')!;
    const existing = (await save(operator, { name: '不可改坏', items: [{ kind: 'template', templateId: tpl, durationSec: 30 }] })).body.data!;
    const cases: [SavePlaylistBody, string | RegExp][] = [
      [{ name: '', items: [] }, /^body\.name: name is required/],
      [{ name: 'x'.repeat(65), items: [] }, /^body\.name:/],
      [{ name: '短', items: [{ kind: 'template', templateId: tpl, durationSec: 4 }] }, /^body\.items\.0\.durationSec: durationSec must be at least 5/],
      [{ name: '长', items: [{ kind: 'template', templateId: tpl, durationSec: 3601 }] }, /^body\.items\.0\.durationSec: durationSec must be at most 3600/],
      [{ name: '多', items: Array.from({ length: 101 }, () => ({ kind: 'template' as const, templateId: tpl, durationSec: 5 })) }, /^body\.items: at most 100 items/],
      [{ name: '种类', items: [{ kind: 'video', templateId: tpl, durationSec: 5 } as never] }, /^body\.items\.0\.kind:/],
      [{ name: '缺模板', items: [{ kind: 'template', templateId: tpl, durationSec: 5 }, { kind: 'template', templateId: 999_999, durationSec: 5 }] },
        'body.items.1: screen template 999999 does not exist or is not visible'],
      [{ name: '外部项目', items: [{ kind: 'graph', projectId: foreign.projectId, durationSec: 5 }] },
        `body.items.0: project ${foreign.projectId} does not exist or is not visible`],
      [{ name: '错配组态', items: [{ kind: 'graph', projectId: own.projectId, graphId: foreign.graphId, durationSec: 5 }] },
        `body.items.0: graph ${foreign.graphId} is not a graph of project ${own.projectId}`],
      // An edit with one bad item keeps the stored playlist as it was.
      [{ id: existing.id, name: '改坏', items: [{ kind: 'template', templateId: 999_999, durationSec: 5 }] },
        'body.items.0: screen template 999999 does not exist or is not visible'],
    ];
    for (const [body, error] of cases) expectBad(await expectNoChange(server, () => save(operator, body)), error);
    expect((await operator.get(`/api/t_playlist/${existing.id}`)).body.data).toEqual(existing);
  });

  it('keeps global playlists to users who see all data, and organisation playlists within the data scope', async () => {
    const global = (await save(admin, { name: '全局轮播', items: [{ kind: 'graph', projectId: foreign.projectId, graphId: foreign.graphId, durationSec: 20 }] })).body.data!;
    expect(global.orgId).toBeNull();
    // The operator sees it, but not the name of a project outside its scope: the player skips that item.
    const seen = (await operator.get<PlaylistRecord>(`/api/t_playlist/${global.id}`)).body.data!;
    expect(seen.items).toEqual([{ kind: 'graph', projectId: foreign.projectId, graphId: foreign.graphId, durationSec: 20, name: '' }]);
    for (const r of [
      await expectNoChange(server, () => save(operator, { id: global.id, name: '改名', items: [] })),
      await expectNoChange(server, () => operator.post(`/api/t_playlist/del/${global.id}`)),
    ]) expect({ status: r.status, error: r.body.error }).toEqual({ status: 403, error: '全局轮播列表只能由可查看全部数据的用户修改' });

    // The foreign project's organisation is outside the operator's scope (else it would see the project).
    const otherOrg = (await db().selectFrom('t_project').select('org_id').where('id', '=', foreign.projectId).executeTakeFirstOrThrow()).org_id;
    const hidden = (await db().insertInto('t_playlist').values({ name: '别家轮播', org_id: otherOrg, created_at: 1, updated_at: 1 })
      .returning('id').executeTakeFirstOrThrow()).id;
    expect((await operator.get(`/api/t_playlist/${hidden}`)).status).toBe(404);
    expect(((await operator.get<PlaylistRecord[]>('/api/t_playlist/all')).body.data!).map((p) => p.id)).not.toContain(hidden);
    expect((await admin.get(`/api/t_playlist/${hidden}`)).body.data).toMatchObject({ name: '别家轮播', items: [] });
  });

  it('lets a guest kiosk read playlists and change none', async () => {
    expect((await guest.get('/api/t_playlist/all')).body.success).toBe(true);
    const r = await expectNoChange(server, () => save(guest, { name: '游客', items: [] }));
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(new RegExp(`没有权限|${GUEST_READ_ONLY}`));
  });

  it('deletes a playlist with its items; a template it plays cannot be deleted, and one gone only empties the item name', async () => {
    const tpl = (await admin.post('/api/t_screen_tpl/save', { name: '临时模板', content: {
      version: 2, canvas: { width: 1920, height: 1080, background: '#000000', scaleMode: 'fit' },
      widgets: [{ id: 'title', type: 'header', x: 0, y: 0, w: 1920, h: 96 }],
    } })).body.data.id as number;
    const p = (await save(admin, { name: '将删除', items: [{ kind: 'template', templateId: tpl, durationSec: 10 }] })).body.data!;
    expect((await admin.post(`/api/t_screen_tpl/del/${tpl}`)).body).toMatchObject({ success: false, error: '大屏模板正被轮播列表“将删除”使用，不能删除' });
    // A template gone all the same (removed from the database by hand) leaves the item playable to skip.
    await db().deleteFrom('t_screen_tpl_revision').where('template_id', '=', tpl).execute();
    await db().deleteFrom('t_screen_tpl').where('id', '=', tpl).execute();
    expect((await admin.get<PlaylistRecord>(`/api/t_playlist/${p.id}`)).body.data!.items[0]).toMatchObject({ templateId: tpl, name: '' });

    expect((await admin.post(`/api/t_playlist/del/${p.id}`)).body).toEqual({ success: true, data: true });
    expect((await admin.get(`/api/t_playlist/${p.id}`)).body).toMatchObject({ success: false, error: '轮播列表不存在' });
    expect(await db().selectFrom('t_playlist_item').select('id').where('playlist_id', '=', p.id).execute()).toEqual([]);
    expect((await admin.post(`/api/t_playlist/del/${p.id}`)).status).toBe(404);
  });
});
