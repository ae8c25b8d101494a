import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Right } from '../../contract/rights';
import { parseScreenTemplate, SCREEN_TEMPLATE_VERSION } from '../../contract/screen-template';
import { hashPassword } from '../../server/auth/passwords';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';
import { makePng } from './png';

const doc = (title = '库', widgets = 2) => ({
  version: 2,
  canvas: { width: 1920, height: 1080, background: '#000000', scaleMode: 'fit' },
  sources: [{ id: 'alarms', kind: 'rest', endpoint: '/api/t_real_measure_warning', params: { Page: 1 }, refreshSeconds: 30 }],
  widgets: Array.from({ length: widgets }, (_, i) => (i === 0
    ? { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, title }
    : { id: `k${i}`, type: 'kpi', x: (i % 19) * 100, y: 100 + Math.floor(i / 19) * 80, w: 100, h: 80, source: { sourceId: 'alarms', path: 'count' } })),
});
const png = makePng(4, 3);
const pngUrl = `data:image/png;base64,${png.toString('base64')}`;
const webpUrl = `data:image/webp;base64,${Buffer.concat([Buffer.from('RIFF'), Buffer.from([16, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]).toString('base64')}`;
const jpegUrl = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString('base64')}`;

/** A stored document as the schema reads it (upgraded, defaults filled in). */
function current(content: unknown) {
  const parsed = parseScreenTemplate(content);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.template;
}

function expectError(r: ApiResponse, status: number, error: string | RegExp) {
  expect({ status: r.status, success: r.body.success, data: r.body.data }).toEqual({ status, success: false, data: undefined });
  expect(r.body.error).toMatch(error);
}

describe('screen template library (issue 16)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let admin2: ApiClient;
  let operator: ApiClient;
  let viewer: ApiClient;
  let nobody: ApiClient;
  let operatorOrg: number;
  const db = () => server.database.db;

  /** A user of the operator's organisation with exactly these rights and the VOrg scope. */
  async function userWith(username: string, rights: string[]): Promise<ApiClient> {
    const role = (await db().insertInto('t_role').values({ org_id: operatorOrg, name: username, data_scope: 'VOrg', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    if (rights.length) await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: role, right_code }))).execute();
    const id = (await db().insertInto('t_user').values({
      username, nick_name: username, password_hash: await hashPassword('Library@2026'), org_id: operatorOrg, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: id, role_id: role }).execute();
    return new ApiClient(server.url).login(username, 'Library@2026');
  }
  const create = async (api: ApiClient, name: string, content: unknown = doc()) => {
    const r = await api.post('/api/t_screen_tpl/save', { name, content });
    expect(r.body.error).toBeUndefined();
    return r.body.data as { id: number; version: number; name: string; orgId: number | null };
  };
  const revisionRows = (id: number) => db().selectFrom('t_screen_tpl_revision').select(['version', 'name']).where('template_id', '=', id).orderBy('version').execute();
  const lastLog = () => db().selectFrom('t_history_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    admin2 = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    operatorOrg = (await db().selectFrom('t_user').select('org_id').where('username', '=', 'operator').executeTakeFirstOrThrow()).org_id;
    viewer = await userWith('tpl_viewer', [Right.ScreenPreview]);
    nobody = await userWith('tpl_nobody', []);
  });
  afterAll(async () => { await server?.dispose(); });

  it('migration 009: the seeded templates are version 1, with their current state listed as a revision', async () => {
    const seeded = (await admin.get('/api/t_screen_tpl/1')).body.data;
    expect(seeded).toMatchObject({ version: 1, isDefaultMulti: false, hasThumbnail: false, width: 1920, height: 1080 });
    const list = (await admin.get('/api/t_screen_tpl/1/revisions')).body.data;
    expect(list).toEqual([{ version: 1, name: '平台总览', savedBy: null, savedAt: seeded.updatedAt, widgetCount: seeded.widgetCount, current: true }]);
    // Served as a current document: upgraded and checked, defaults filled in (as the runtime reads the record).
    const one = (await admin.get('/api/t_screen_tpl/1/revisions/1')).body.data;
    expect(one.content).toEqual(current(seeded.content));
  });

  it('refuses every write to a user without screen-edit (403), and reads to one without screen-preview; nothing changes', async () => {
    const t = await create(operator, '权限样本');
    const writes: [string, unknown][] = [
      ['/api/t_screen_tpl/save', { name: 'x', content: doc() }], [`/api/t_screen_tpl/copy/${t.id}`, {}],
      [`/api/t_screen_tpl/rename/${t.id}`, { name: 'y', version: 1 }], [`/api/t_screen_tpl/active/${t.id}`, {}],
      [`/api/t_screen_tpl/default/${t.id}`, {}], [`/api/t_screen_tpl/default-multi/${t.id}`, {}],
      [`/api/t_screen_tpl/thumbnail/${t.id}`, { image: pngUrl }], [`/api/t_screen_tpl/${t.id}/restore`, { revision: 1, version: 1 }],
      ['/api/t_screen_tpl/import', { file: { format: 'nv-screen-template', name: 'i', content: doc() } }], [`/api/t_screen_tpl/del/${t.id}`, undefined],
    ];
    for (const [url, body] of writes) {
      expectError(await expectNoChange(server, () => viewer.post(url, body)), 403, `没有权限：${Right.ScreenEdit}`);
    }
    // The viewer reads the library of its organisation.
    expect((await viewer.get(`/api/t_screen_tpl/${t.id}/revisions`)).body.data).toHaveLength(1);
    expect((await viewer.get(`/api/t_screen_tpl/${t.id}/export`)).status).toBe(200);
    for (const url of [`/api/t_screen_tpl/${t.id}/revisions`, `/api/t_screen_tpl/${t.id}/revisions/1`, `/api/t_screen_tpl/${t.id}/export`]) {
      expectError(await nobody.get(url), 403, `没有权限：${Right.ScreenPreview}`);
    }
  });

  it('keeps scope: another organisation\'s template is unseen (404); global ones are read-only to the operator; copies land in its organisation', async () => {
    const north = (await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-NORTH').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const foreign = (await db().insertInto('t_screen_tpl').values({
      name: '北方模板', content: JSON.stringify(doc()), org_id: north, thumbnail: pngUrl, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    for (const url of [`/api/t_screen_tpl/${foreign}/thumbnail`, `/api/t_screen_tpl/${foreign}/revisions`, `/api/t_screen_tpl/${foreign}/export`]) {
      expectError(await operator.get(url), 404, /不存在$/);
    }
    for (const [url, body] of [[`/api/t_screen_tpl/copy/${foreign}`, {}], [`/api/t_screen_tpl/rename/${foreign}`, { name: 'x', version: 1 }],
      [`/api/t_screen_tpl/active/${foreign}`, {}], [`/api/t_screen_tpl/${foreign}/restore`, { revision: 1, version: 1 }]] as const) {
      expectError(await expectNoChange(server, () => operator.post(url, body)), 404, /不存在$/);
    }
    for (const [url, body] of [['/api/t_screen_tpl/rename/2', { name: 'x', version: 1 }], ['/api/t_screen_tpl/active/2', {}],
      ['/api/t_screen_tpl/thumbnail/2', { image: pngUrl }], ['/api/t_screen_tpl/2/restore', { revision: 1, version: 1 }],
      ['/api/t_screen_tpl/default-multi/2', {}], ['/api/t_screen_tpl/default/2', {}]] as const) {
      expectError(await expectNoChange(server, () => operator.post(url, body)), 403, /可查看全部数据的用户/);
    }
    const copy = (await operator.post('/api/t_screen_tpl/copy/2', {})).body.data;
    expect(copy).toMatchObject({ name: '单项目监控 副本', orgId: operatorOrg, version: 1, isActive: false, isDefault: false });
    expect(copy.content).toEqual(current((await operator.get('/api/t_screen_tpl/2')).body.data.content));
    const own = await create(operator, '运营模板');
    expectError(await expectNoChange(server, () => admin.post(`/api/t_screen_tpl/default/${own.id}`, {})), 400, 'params.id: only a global template can be the default');
    expectError(await expectNoChange(server, () => admin.post(`/api/t_screen_tpl/default-multi/${own.id}`, {})), 400, /^params\.id: only a global template/);
  });

  it('saves with the row version: each save bumps it and keeps a revision; a stale save, rename or restore answers 409 naming who saved and when', async () => {
    const t = await create(admin, '并发模板', doc('v1', 2));
    expect(t.version).toBe(1);
    expectError(await expectNoChange(server, () => admin.post('/api/t_screen_tpl/save', { id: t.id, name: 'x', content: doc() })), 400,
      /^body\.version: version is required when saving an existing template/);

    // Two editors read version 1; the first save wins.
    const first = await admin.post('/api/t_screen_tpl/save', { id: t.id, version: 1, name: '并发模板', content: doc('v2', 3) });
    expect(first.body.data).toMatchObject({ version: 2, widgetCount: 3, updatedBy: '系统管理员' });
    const stale = await expectNoChange(server, () => admin2.post('/api/t_screen_tpl/save', { id: t.id, version: 1, name: '并发模板', content: doc('late') }));
    expectError(stale, 409, /^大屏模板“并发模板”已被 系统管理员 于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 保存（当前版本 2，您编辑的是版本 1），请重新加载或另存为副本$/);
    expectError(await expectNoChange(server, () => admin2.post(`/api/t_screen_tpl/rename/${t.id}`, { name: '改名', version: 1 })), 409, /当前版本 2/);
    expectError(await expectNoChange(server, () => admin2.post(`/api/t_screen_tpl/${t.id}/restore`, { revision: 1, version: 1 })), 409, /当前版本 2/);

    const renamed = await admin2.post(`/api/t_screen_tpl/rename/${t.id}`, { name: '并发模板改', version: 2 });
    expect(renamed.body.data).toMatchObject({ name: '并发模板改', version: 3, widgetCount: 3 });
    expect(renamed.body.data.content).toBeUndefined();
    expect(await revisionRows(t.id)).toEqual([{ version: 1, name: '并发模板' }, { version: 2, name: '并发模板' }, { version: 3, name: '并发模板改' }]);

    const log = await lastLog();
    expect(log).toMatchObject({ action: 'edit', target: `t_screen_tpl#${t.id} 并发模板改` });
    expect(JSON.parse(log.detail)).toEqual({ before: { name: '并发模板' }, after: { name: '并发模板改' } });
  });

  it('lists revisions newest first and restores an old one as a new save', async () => {
    const t = await create(operator, '历史模板', doc('一', 2));
    await operator.post('/api/t_screen_tpl/save', { id: t.id, version: 1, name: '历史模板', content: doc('二', 5) });
    const list = (await operator.get(`/api/t_screen_tpl/${t.id}/revisions`)).body.data;
    expect(list).toEqual([
      { version: 2, name: '历史模板', savedBy: '业主运维', savedAt: expect.any(Number), widgetCount: 5, current: true },
      { version: 1, name: '历史模板', savedBy: '业主运维', savedAt: expect.any(Number), widgetCount: 2, current: false },
    ]);
    expect(list[0].content).toBeUndefined();
    const v1 = (await operator.get(`/api/t_screen_tpl/${t.id}/revisions/1`)).body.data;
    expect(v1).toMatchObject({ templateId: t.id, version: 1, widgetCount: 2, current: false });
    expect(v1.content.widgets[0].title).toBe('一');
    expectError(await operator.get(`/api/t_screen_tpl/${t.id}/revisions/9`), 404, '大屏模板版本不存在');
    expectError(await expectNoChange(server, () => operator.post(`/api/t_screen_tpl/${t.id}/restore`, { revision: 9, version: 2 })), 400,
      'body.revision: the template has no version 9');

    const restored = (await operator.post(`/api/t_screen_tpl/${t.id}/restore`, { revision: 1, version: 2 })).body.data;
    expect(restored).toMatchObject({ version: 3, widgetCount: 2 });
    expect(restored.content).toEqual(v1.content);
    expect((await operator.get(`/api/t_screen_tpl/${t.id}/revisions`)).body.data.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);
    const detail = JSON.parse((await lastLog()).detail);
    expect(detail).toEqual({ before: { content: '5 widgets' }, after: { content: 'content changed (2 widgets)' } });
  });

  it('copies a template with its picture: "<name> 副本" or the name given, version 1, no flags', async () => {
    const t = await create(admin, '原件');
    await admin.post(`/api/t_screen_tpl/thumbnail/${t.id}`, { image: pngUrl });
    await admin.post(`/api/t_screen_tpl/active/${t.id}`);
    const copy = (await admin.post(`/api/t_screen_tpl/copy/${t.id}`)).body.data;
    expect(copy).toMatchObject({ name: '原件 副本', version: 1, isActive: false, isDefault: false, hasThumbnail: true, orgId: null });
    expect(copy.content).toEqual((await admin.get(`/api/t_screen_tpl/${t.id}`)).body.data.content);
    expect(await revisionRows(copy.id)).toEqual([{ version: 1, name: '原件 副本' }]);
    expect((await admin.post(`/api/t_screen_tpl/copy/${t.id}`, { name: '另一份' })).body.data.name).toBe('另一份');
    expectError(await expectNoChange(server, () => admin.post(`/api/t_screen_tpl/copy/${t.id}`, { name: '' })), 400, 'body.name: name is required');
    expectError(await expectNoChange(server, () => admin.post('/api/t_screen_tpl/copy/99999', {})), 404, '大屏模板不存在');
    await admin.post(`/api/t_screen_tpl/active/${t.id}`, { value: false });
  });

  it('sets the flags: one active per owner, exactly one default, several default-multi (the default when none)', async () => {
    const a = await create(admin, '旗标甲');
    const b = await create(admin, '旗标乙');
    const act = (await admin.post(`/api/t_screen_tpl/active/${a.id}`)).body.data;
    expect(act).toMatchObject({ id: a.id, isActive: true, version: 1 });
    expect((await admin.get('/api/t_screen_tpl/active')).body.data.name).toBe('旗标甲');
    expect((await admin.get('/api/t_screen_tpl/1')).body.data.isActive).toBe(false);
    await admin.post(`/api/t_screen_tpl/active/${a.id}`, { value: false });
    await admin.post('/api/t_screen_tpl/active/1');

    expect((await admin.get('/api/t_screen_tpl/default-multi')).body.data.map((t: { name: string }) => t.name)).toEqual(['平台总览']);
    await admin.post(`/api/t_screen_tpl/default-multi/${a.id}`);
    await admin.post(`/api/t_screen_tpl/default-multi/${b.id}`, { value: true });
    const multi = (await operator.get('/api/t_screen_tpl/default-multi')).body.data;
    expect(multi.map((t: { name: string; isDefaultMulti: boolean }) => [t.name, t.isDefaultMulti])).toEqual([['旗标甲', true], ['旗标乙', true]]);
    expect(multi[0].content.widgets).toHaveLength(2);
    await admin.post(`/api/t_screen_tpl/default-multi/${a.id}`, { value: false });
    await admin.post(`/api/t_screen_tpl/default-multi/${b.id}`, { value: false });
    expect((await admin.get('/api/t_screen_tpl/default-multi')).body.data.map((t: { name: string }) => t.name)).toEqual(['平台总览']);

    const def = (await admin.post(`/api/t_screen_tpl/default/${b.id}`)).body.data;
    expect(def).toMatchObject({ isDefault: true, version: 1 });
    const defaults = await db().selectFrom('t_screen_tpl').select('name').where('is_default', '=', 1).execute();
    expect(defaults).toEqual([{ name: '旗标乙' }]);
    expectError(await expectNoChange(server, () => admin.post(`/api/t_screen_tpl/default/${b.id}`, { value: false })), 400, /^body\.value: make another template the default first/);
    expect((await admin.post('/api/t_screen_tpl/default/1')).body.data.isDefault).toBe(true);
    expect(JSON.parse((await lastLog()).detail)).toEqual({ before: { isDefault: false }, after: { isDefault: true } });
    expectError(await expectNoChange(server, () => admin.post(`/api/t_screen_tpl/active/${a.id}`, { value: 'yes' })), 400, /^body\.value: /);
  });

  it('stores a thumbnail without a new version and serves its bytes with type, tag and private caching; refuses what is not an image', async () => {
    const t = await create(operator, '缩略图模板');
    expectError(await operator.get(`/api/t_screen_tpl/${t.id}/thumbnail`), 404, '大屏模板缩略图不存在');
    const stored = (await operator.post(`/api/t_screen_tpl/thumbnail/${t.id}`, { image: pngUrl })).body.data;
    expect(stored).toMatchObject({ id: t.id, version: 1, hasThumbnail: true });
    expect(await revisionRows(t.id)).toHaveLength(1);
    expect((await operator.get('/api/t_screen_tpl?Page=1&Size=100')).body.data.list.find((r: { id: number }) => r.id === t.id))
      .toEqual(expect.objectContaining({ hasThumbnail: true }));

    const res = await fetch(`${server.url}/api/t_screen_tpl/${t.id}/thumbnail`, { headers: { authorization: `Bearer ${operator.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"1-[0-9a-f]{12}"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const again = await fetch(`${server.url}/api/t_screen_tpl/${t.id}/thumbnail?token=${operator.token}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    for (const [url, type] of [[webpUrl, 'image/webp'], [jpegUrl, 'image/jpeg']]) {
      expect((await operator.post(`/api/t_screen_tpl/thumbnail/${t.id}`, { image: url })).body.success).toBe(true);
      const r = await fetch(`${server.url}/api/t_screen_tpl/${t.id}/thumbnail?token=${operator.token}`);
      expect(r.headers.get('content-type')).toBe(type);
      expect(r.headers.get('etag')).not.toBe(etag);
    }
    const tooBig = `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(400 * 1024)]).toString('base64')}`;
    for (const [image, error] of [
      [`data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0]).toString('base64')}`, 'body.image: is not a PNG image'],
      ['data:image/svg+xml;base64,PHN2Zy8+', /^body\.image: must be a data URL of a PNG, WebP or JPEG image/],
      ['https://example.com/a.png', /^body\.image: must be a data URL/],
      [tooBig, 'body.image: must be at most 512 KB'],
    ] as const) {
      expectError(await expectNoChange(server, () => operator.post(`/api/t_screen_tpl/thumbnail/${t.id}`, { image })), 400, error);
    }
  });

  it('exports a download and imports it back with identical content', async () => {
    const t = await create(admin, '导出/模板 "一"', doc('导出', 4));
    const res = await fetch(`${server.url}/api/t_screen_tpl/${t.id}/export`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_____ ___.json"; filename*=UTF-8''${encodeURIComponent('导出_模板 "一".json')}`,
    );
    const file = await res.json();
    expect(file).toEqual({ format: 'nv-screen-template', exportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), name: '导出/模板 "一"', content: expect.any(Object) });
    expect(file.content).toEqual((await admin.get(`/api/t_screen_tpl/${t.id}`)).body.data.content);

    const imported = (await admin.post('/api/t_screen_tpl/import', { file })).body.data;
    expect(imported).toMatchObject({ name: '导出/模板 "一"', version: 1, orgId: null, widgetCount: 4 });
    expect(imported.content).toEqual(file.content);
    expect((await operator.post('/api/t_screen_tpl/import', { name: '我的导入', file })).body.data).toMatchObject({ name: '我的导入', orgId: operatorOrg });
    expect((await lastLog())).toMatchObject({ action: 'add', target: expect.stringMatching(/ 我的导入$/) });
    // An older document is upgraded on import.
    const old = (await admin.post('/api/t_screen_tpl/import', { file: { ...file, content: { ...doc(), version: 1 } } })).body.data;
    expect(old.content.version).toBe(SCREEN_TEMPLATE_VERSION);
    // A body over the app's 1 MB default but under the import's 20 MB is taken.
    const padded = JSON.stringify({ name: '大文件', file }) + ' '.repeat(3 * 1024 * 1024);
    expect((await admin.request('POST', '/api/t_screen_tpl/import', padded)).body.data.name).toBe('大文件');
  });

  it('refuses a bad import with a clear error and writes nothing', async () => {
    const file = { format: 'nv-screen-template', exportedAt: new Date().toISOString(), name: '坏文件', content: doc() };
    const tooMany = { ...file, content: doc('多', 201) };
    const cases: [unknown, number, string | RegExp][] = [
      ['{"file": {"format": ', 400, 'body: 无效的 JSON'],
      [{ file: { ...file, format: 'goview' } }, 400, /^body\.file\.format: must be "nv-screen-template"/],
      [{ file: { ...file, content: '{"version": 1,' } }, 400, /^body\.file\.content: must be a template document or its JSON text/],
      [{ file: { ...file, content: { ...doc(), widgets: [{ id: 'a', type: 'kpi', x: 0, y: 0, w: 100, h: 50, z: 5000 }] } } }, 400, /^body\.file\.content\.widgets\.0\.z: /],
      [{ file: { ...file, content: { ...doc(), version: 2, widgets: [{ id: 'k', type: 'kpi', x: 0, y: 0, w: 100, h: 50, props: { decimals: 9 } }] } } }, 400,
        /^body\.file\.content\.widgets\.0\.props\.decimals: widget "k": /],
      [{ file: { ...file, content: { ...doc(), widgets: [{ id: 'a', type: 'iframe', x: 0, y: 0, w: 100, h: 50 }] } } }, 400, /^body\.file\.content\.widgets\.0\.type: /],
      [{ file: tooMany }, 400, /^body\.file\.content\.widgets: .*200/],
      [{ file: { ...file, name: '' } }, 400, 'body.name: name is required (the file has none)'],
      [{ name: '多余', file, extra: 1 }, 400, /^body: /],
    ];
    for (const [body, status, error] of cases) {
      const r = await expectNoChange(server, () => admin.request('POST', '/api/t_screen_tpl/import', typeof body === 'string' ? body : JSON.stringify(body)));
      expectError(r, status, error);
    }
    // 21 MB: refused before it is read, as JSON.
    const huge = JSON.stringify({ file }) + ' '.repeat(21 * 1024 * 1024);
    const r = await expectNoChange(server, () => admin.request('POST', '/api/t_screen_tpl/import', huge));
    expectError(r, 413, '请求内容过大（上限 20 MB）');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    // Elsewhere the app's 1 MB stands.
    const big = JSON.stringify({ name: 'x', content: doc() }) + ' '.repeat(2 * 1024 * 1024);
    expectError(await admin.request('POST', '/api/t_screen_tpl/save', big), 413, '请求内容过大（上限 1 MB）');
  });

  it('refuses to delete a template a playlist plays, naming the playlist; deleting removes its revisions and logs it', async () => {
    const t = await create(operator, '轮播中的模板');
    await operator.post('/api/t_screen_tpl/save', { id: t.id, version: 1, name: '轮播中的模板', content: doc('二') });
    const playlist = (await operator.post('/api/t_playlist/save', { name: '值班轮播', items: [{ kind: 'template', templateId: t.id, durationSec: 30 }] })).body.data;
    expectError(await expectNoChange(server, () => operator.post(`/api/t_screen_tpl/del/${t.id}`)), 400, '大屏模板正被轮播列表“值班轮播”使用，不能删除');
    await operator.post(`/api/t_playlist/del/${playlist.id}`);

    expect((await operator.post(`/api/t_screen_tpl/del/${t.id}`)).body).toEqual({ success: true, data: true });
    expect(await revisionRows(t.id)).toEqual([]);
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'delete', target: `t_screen_tpl#${t.id} 轮播中的模板` });
    expect(JSON.parse(log.detail).before).toMatchObject({ name: '轮播中的模板', content: '2 widgets' });
    expect(log.detail.length).toBeLessThan(300);
    expectError(await operator.get(`/api/t_screen_tpl/${t.id}/revisions`), 404, '大屏模板不存在');
  });

  it('logs a create with its fields and the document only as a widget count', async () => {
    const t = await create(admin, '日志模板', doc('日志', 7));
    const log = await lastLog();
    expect(log).toMatchObject({ action: 'add', target: `t_screen_tpl#${t.id} 日志模板`, username: 'admin' });
    expect(JSON.parse(log.detail)).toEqual({
      before: null,
      after: { name: '日志模板', orgId: null, isDefault: false, isActive: false, isDefaultMulti: false, content: '7 widgets' },
    });
    await admin.post('/api/t_screen_tpl/save', { id: t.id, version: 1, name: '日志模板', content: doc('日志', 9) });
    expect(JSON.parse((await lastLog()).detail)).toEqual({ before: { content: '7 widgets' }, after: { content: 'content changed (9 widgets)' } });
  });

  it('offers the built-in starters, each a valid document that saves as a new template', async () => {
    const starters = (await admin.get('/api/t_screen_tpl/starters')).body.data as { key: string; name: { zh: string }; widgetCount: number; content: unknown }[];
    expect(starters.map((s) => s.key)).toEqual(['overview', 'situation']);
    for (const s of starters) {
      expect(s.widgetCount).toBeGreaterThan(5);
      const made = await create(admin, `起始 ${s.name.zh}`, s.content);
      expect(current((await admin.get(`/api/t_screen_tpl/${made.id}`)).body.data.content)).toEqual(current(s.content));
    }
    expectError(await nobody.get('/api/t_screen_tpl/starters'), 403, /.+/);
  });

  it('opens the user\'s own choice of 个性化配置 as the active template while it exists and is visible, else the active one', async () => {
    const activeId = (await admin.get('/api/t_screen_tpl/active')).body.data.id as number;
    const mine = await create(admin, '我的大屏');
    const north = (await db().selectFrom('t_org').select('id').where('code', '=', 'OWN-NORTH').executeTakeFirstOrThrow()).id;
    const other = { id: (await db().insertInto('t_screen_tpl').values({
      name: '北方的大屏', content: JSON.stringify(doc()), org_id: north, created_at: Date.now(), updated_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id };
    const prefer = (templateId: number | null) => admin.post('/api/user/customSet', { content: { theme: 'dark', screen: { templateId, rotateSeconds: 0 } } });
    await prefer(mine.id);
    expect((await admin.get('/api/t_screen_tpl/active')).body.data.id).toBe(mine.id);
    await admin.post(`/api/t_screen_tpl/del/${mine.id}`);
    expect((await admin.get('/api/t_screen_tpl/active')).body.data.id).toBe(activeId);
    // The operator's preference for a template out of its scope is not honoured (nor revealed).
    await operator.post('/api/user/customSet', { content: { screen: { templateId: other.id } } });
    const operatorActive = (await operator.get('/api/t_screen_tpl/active')).body.data as { id: number };
    expect(operatorActive.id).not.toBe(other.id);
    await prefer(null);
    expect((await admin.get('/api/t_screen_tpl/active')).body.data.id).toBe(activeId);
  });
});

/** A database of the previous release gets the library's columns and a revision per template on its next start. */
describe('migration 009: the screen library for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds thumbnail, default-multi and updated_by, and keeps each template\'s current state as its revision', async () => {
    server = await startTestServer();
    const admin = await loginAs(server, 'admin');
    const made = (await admin.post('/api/t_screen_tpl/save', { name: '旧库模板', content: doc('旧', 3) })).body.data;
    const db = server.database.db;
    // Back to how a database of the previous release looked: edited twice since (version 3).
    await sql`drop table t_screen_tpl_revision`.execute(db);
    for (const column of ['thumbnail', 'is_default_multi', 'updated_by']) await sql`alter table t_screen_tpl drop column ${sql.ref(column)}`.execute(db);
    await sql`update t_screen_tpl set version = 3 where id = ${made.id}`.execute(db);
    await sql`delete from nv_migration where name = '009-screen-library'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['009-screen-library']);
    const after = server.database.db;
    const templates = await after.selectFrom('t_screen_tpl').selectAll().orderBy('id').execute();
    const revisions = await after.selectFrom('t_screen_tpl_revision').selectAll().orderBy('template_id').execute();
    expect(revisions.map((r) => ({ ...r, id: undefined }))).toEqual(templates.map((t) => ({
      id: undefined, template_id: t.id, version: t.version, name: t.name, content: t.content, widget_count: JSON.parse(t.content).widgets.length,
      saved_by: t.created_by, saved_at: t.updated_at,
    })));
    expect(templates.map((t) => [t.thumbnail, Number(t.is_default_multi), t.updated_by])).toEqual(templates.map((t) => [null, 0, t.created_by]));

    const api = await loginAs(server, 'admin');
    expect((await api.get(`/api/t_screen_tpl/${made.id}/revisions`)).body.data).toEqual([
      { version: 3, name: '旧库模板', savedBy: '系统管理员', savedAt: expect.any(Number), widgetCount: 3, current: true },
    ]);
    expect((await api.get(`/api/t_screen_tpl/${made.id}`)).body.data).toMatchObject({ version: 3, updatedBy: '系统管理员', hasThumbnail: false });

    server = await server.restart();
    expect(server.migrations).toEqual([]);
  });
});
