import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScreenTemplate } from '../../contract/screen-template';
import { OVERVIEW_TEMPLATE, SITUATION_TEMPLATE, singleProjectTemplate } from '../../server/seed/demo-screens';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const simple = (title = '测试') => ({
  version: 2,
  canvas: { width: 1920, height: 1080, background: '#000000', scaleMode: 'fit' },
  sources: [{ id: 'alarms', kind: 'rest', endpoint: '/api/t_real_measure_warning', params: { Page: 1 }, refreshSeconds: 30 }],
  widgets: [
    { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, title },
    { id: 'ticker', type: 'alarmTicker', x: 0, y: 100, w: 960, h: 400, source: { sourceId: 'alarms', path: 'list' } },
  ],
});

describe('screen templates (t_screen_tpl)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const db = () => server.database.db;
  const byName = async (name: string) => db().selectFrom('t_screen_tpl').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('the seed templates validate with the schema', () => {
    expect(parseScreenTemplate(OVERVIEW_TEMPLATE)).toMatchObject({ ok: true });
    expect(parseScreenTemplate(singleProjectTemplate(7))).toMatchObject({ ok: true });
    expect(parseScreenTemplate(SITUATION_TEMPLATE)).toMatchObject({ ok: true });
  });

  it('seeds three valid templates: the overview is default and active', async () => {
    const rows = await db().selectFrom('t_screen_tpl').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.name, Number(r.is_default), Number(r.is_active), r.org_id])).toEqual([
      ['平台总览', 1, 1, null], ['单项目监控', 0, 0, null], ['三维态势', 0, 0, null],
    ]);
    for (const r of rows) expect(parseScreenTemplate(r.content)).toMatchObject({ ok: true });
    const single = parseScreenTemplate(rows[1].content);
    const firstProject = await db().selectFrom('t_project').select('id').orderBy('id').executeTakeFirstOrThrow();
    if (single.ok) expect(single.template.variables[0]).toMatchObject({ name: 'projectId', type: 'project', default: firstProject.id });
  });

  it('lists, pages and filters; all, active, default, default-multi and by id', async () => {
    const list = await admin.get('/api/t_screen_tpl?Page=1&Size=1');
    expect(list.body.data.count).toBe(3);
    expect(list.body.data.list).toEqual([expect.objectContaining({
      name: '平台总览', isDefault: true, isActive: true, isDefaultMulti: false, orgId: null, version: 1, width: 1920, height: 1080,
      widgetCount: OVERVIEW_TEMPLATE.widgets.length, hasThumbnail: false,
    })]);
    expect(list.body.data.list[0].content).toBeUndefined();
    const found = await admin.get(`/api/t_screen_tpl?keyword=${encodeURIComponent('单项目')}`);
    expect(found.body.data.list.map((t: { name: string }) => t.name)).toEqual(['单项目监控']);

    const all = await operator.get('/api/t_screen_tpl/all');
    expect(all.body.data).toEqual([
      { id: 1, name: '平台总览', isDefault: true, isActive: true }, { id: 2, name: '单项目监控', isDefault: false, isActive: false },
      { id: 3, name: '三维态势', isDefault: false, isActive: false },
    ]);
    for (const url of ['/api/t_screen_tpl/active', '/api/t_screen_tpl/default', '/api/t_screen_tpl/1']) {
      const r = await operator.get(url);
      expect(r.body.data).toMatchObject({ id: 1, name: '平台总览' });
      expect(parseScreenTemplate(r.body.data.content)).toMatchObject({ ok: true });
    }
    const multi = await admin.get('/api/t_screen_tpl/default-multi');
    expect(multi.body.data.map((t: { name: string }) => t.name)).toEqual(['平台总览']);
    expect((await admin.get('/api/t_screen_tpl/9999')).status).toBe(404);
  });

  it('saves a valid template as an object or JSON text, and edits it', async () => {
    const r = await admin.post('/api/t_screen_tpl/save', { name: '值班大屏', content: simple() });
    expect(r.body).toMatchObject({ success: true, data: { name: '值班大屏', isDefault: false, isActive: false, orgId: null } });
    expect(r.body.data.content.widgets[0]).toMatchObject({ id: 'header', z: 0, props: {} });
    expect(r.body.data).toMatchObject({ version: 1, widgetCount: 2, width: 1920, height: 1080, updatedBy: expect.any(String) });
    const edited = await admin.post('/api/t_screen_tpl/save', { id: r.body.data.id, version: 1, name: '值班大屏2', content: JSON.stringify(simple('新')) });
    expect(edited.body.data).toMatchObject({ id: r.body.data.id, name: '值班大屏2', version: 2 });
    expect(JSON.parse((await byName('值班大屏2')).content).widgets[0].title).toBe('新');
  });

  it.each<[string, unknown, string | RegExp]>([
    ['a widget outside the canvas', { ...simple(), widgets: [{ id: 'a', type: 'kpi', x: 1900, y: 0, w: 100, h: 50 }] },
      'body.content.widgets.0.w: widget "a" lies outside the canvas: x + w = 2000 > width 1920'],
    ['an unknown widget type', { ...simple(), widgets: [{ id: 'a', type: 'iframe', x: 0, y: 0, w: 100, h: 50 }] },
      /^body\.content\.widgets\.0\.type: widget "a": unknown widget type "iframe"/],
    ['a bad widget prop', { ...simple(), widgets: [{ id: 'kpi1', type: 'kpi', x: 0, y: 0, w: 100, h: 50, props: { decimals: 7 } }] },
      'body.content.widgets.0.props.decimals: widget "kpi1": must be at most 6'],
    ['10,000 widgets', { ...simple(), widgets: Array.from({ length: 10_000 }, (_, i) => ({ id: `k${i}`, type: 'kpi', x: 0, y: 0, w: 1, h: 1 })) },
      'body.content.widgets: a template holds at most 200 widgets (got 10000)'],
    ['an unknown source', { ...simple(), widgets: [{ id: 'a', type: 'kpi', x: 0, y: 0, w: 100, h: 50, source: { sourceId: 'x' } }] },
      'body.content.widgets.0.source.sourceId: unknown source "x"'],
    ['a full-URL endpoint', { ...simple(), sources: [{ ...simple().sources[0], endpoint: 'http://evil.example/api/x' }] },
      /^body\.content\.sources\.0\.endpoint: must be a relative path starting with \/api\//],
    ['text that is not JSON', '{"version": 1,', /^body\.content: must be a template document or its JSON text/],
    ['a missing canvas', { version: 2, widgets: simple().widgets }, /^body\.content\.canvas: /],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, content, message) => {
    const r = await expectNoChange(server, () => admin.post('/api/t_screen_tpl/save', { name: '坏模板', content }));
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error).toMatch(message);
  });

  it('keeps one default: setting it clears the others in one go; the default cannot be deleted or unset', async () => {
    const made = (await admin.post('/api/t_screen_tpl/save', { name: '新默认', content: simple(), isDefault: true })).body.data;
    expect(made.isDefault).toBe(true);
    expect((await admin.get('/api/t_screen_tpl/default-multi')).body.data.map((t: { name: string }) => t.name)).toEqual(['新默认']);
    expect(Number((await byName('平台总览')).is_default)).toBe(0);

    const del = await expectNoChange(server, () => admin.post(`/api/t_screen_tpl/del/${made.id}`));
    expect(del.status).toBe(400);
    expect(del.body.error).toMatch('不能删除唯一的默认大屏模板');
    const unset = await expectNoChange(server, () => admin.post('/api/t_screen_tpl/save', { id: made.id, version: made.version, name: '新默认', content: simple(), isDefault: false }));
    expect(unset.body.error).toMatch(/^body\.isDefault: /);

    const overview = (await admin.get('/api/t_screen_tpl/1')).body.data;
    expect((await admin.post('/api/t_screen_tpl/save', { id: 1, version: overview.version, name: '平台总览', content: overview.content, isDefault: true })).body.success).toBe(true);
    expect((await admin.post(`/api/t_screen_tpl/del/${made.id}`)).body).toEqual({ success: true, data: true });
    expect((await admin.get('/api/t_screen_tpl/default')).body.data.name).toBe('平台总览');
    expect((await admin.get(`/api/t_screen_tpl/${made.id}`)).status).toBe(404);
  });

  it('operator: creates, activates and deletes its organisation\'s templates; global ones are read-only; others\' unseen', async () => {
    const op = await db().selectFrom('t_user').select('org_id').where('username', '=', 'operator').executeTakeFirstOrThrow();
    const other = await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-NORTH').executeTakeFirstOrThrow();
    const now = Date.now();
    const foreign = (await db().insertInto('t_screen_tpl').values({
      name: '别家模板', content: JSON.stringify(simple()), org_id: other.id, is_active: 1, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;

    const mine = await operator.post('/api/t_screen_tpl/save', { name: '我的大屏', content: simple(), isActive: true });
    expect(mine.body.data).toMatchObject({ name: '我的大屏', orgId: op.org_id, isActive: true, isDefault: false });
    // The org's active template wins over the global one, for the operator only.
    expect((await operator.get('/api/t_screen_tpl/active')).body.data.name).toBe('我的大屏');
    expect((await admin.get('/api/t_screen_tpl/active')).body.data.name).toBe('平台总览');

    const names = (await operator.get('/api/t_screen_tpl/all')).body.data.map((t: { name: string }) => t.name);
    expect(names).toContain('我的大屏');
    expect(names).not.toContain('别家模板');
    expect((await operator.get(`/api/t_screen_tpl/${foreign}`)).status).toBe(404);
    expect((await expectNoChange(server, () => operator.post(`/api/t_screen_tpl/del/${foreign}`))).status).toBe(404);
    expect((await admin.get(`/api/t_screen_tpl/${foreign}`)).body.data.name).toBe('别家模板');

    const editGlobal = await expectNoChange(server, () => operator.post('/api/t_screen_tpl/save', { id: 2, version: 1, name: '改名', content: simple() }));
    expect(editGlobal.status).toBe(403);
    const setDefault = await expectNoChange(server, () => operator.post('/api/t_screen_tpl/save', { name: 'x', content: simple(), isDefault: true }));
    expect(setDefault.status).toBe(403);
    expect((await expectNoChange(server, () => operator.post('/api/t_screen_tpl/del/2'))).status).toBe(403);

    expect((await operator.post(`/api/t_screen_tpl/del/${mine.body.data.id}`)).body.data).toBe(true);
    expect((await operator.get('/api/t_screen_tpl/active')).body.data.name).toBe('平台总览');
  });
});
