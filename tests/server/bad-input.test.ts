import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';

/** A refused request: the status, the envelope with no data, and an error naming the field. */
function expectError(r: ApiResponse, status: number, error: string | RegExp) {
  expect({ status: r.status, success: r.body.success, data: r.body.data }).toEqual({ status, success: false, data: undefined });
  expect(r.body.error).toMatch(error);
}

describe('bad input: a clear error naming the field, and nothing changes', () => {
  let server: TestServer;
  let admin: ApiClient;
  let anon: ApiClient;
  let adminId: number;
  /** Sends a request as `api` and asserts the database and uploads are unchanged afterwards. */
  const unchanged = (send: () => Promise<ApiResponse>) => expectNoChange(server, send);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    anon = new ApiClient(server.url);
    adminId = (await admin.get('/api/user/info')).body.data.userId;
  });
  afterAll(async () => { await server?.dispose(); });

  it('missing fields', async () => {
    expectError(await unchanged(() => anon.post('/api/user/login', { password: 'Admin@2026' })), 400, /^body\.user: /);
    expectError(await unchanged(() => anon.post('/api/user/login', { user: 'admin' })), 400, /^body\.password: /);
    expectError(await unchanged(() => admin.post('/api/user/change-password', { newPassword: 'Admin@2027x' })), 400, /^body\.oldPassword: /);
    expectError(await unchanged(() => admin.post('/api/user/customSet', {})), 400, /^body\.content: /);
    expectError(await unchanged(() => admin.post('/api/user-manage/unlock', {})), 400, /^body\.id: /);
    expectError(await unchanged(() => admin.post('/api/t_history_message/save', { type: 0, content: 'x' })), 400, /^body\.userIds: /);
    expectError(await unchanged(() => admin.post('/api/t_history_message/set-readed')), 400, /^query\.id: /);
    expectError(await unchanged(() => admin.post('/api/user/login-test')), 400, /^query\.password: /);
    expectError(await unchanged(() => admin.post('/api/file')), 400, /^query\.category: /);
    // Blank after trimming counts as missing: the login name is trimmed (SPEC §3).
    expectError(await unchanged(() => anon.post('/api/user/login', { user: '   ', password: 'x' })), 400, 'body.user: user is required');
  });

  it('wrong types and values', async () => {
    expectError(await unchanged(() => anon.post('/api/user/login', { user: 42, password: 'Admin@2026' })), 400, /^body\.user: /);
    expectError(await unchanged(() => anon.post('/api/user/login', { user: 'admin', password: 'Admin@2026', tokenExpired: 'soon' })), 400, /^body\.tokenExpired: /);
    expectError(await unchanged(() => admin.post('/api/user/customSet', { content: 'dark' })), 400, /^body\.content: /);
    expectError(await unchanged(() => admin.post('/api/user-manage/unlock', { id: 'abc' })), 400, /^body\.id: /);
    expectError(await unchanged(() => admin.post('/api/user-manage/unlock', { id: -3 })), 400, /^body\.id: /);
    expectError(await unchanged(() => admin.post('/api/t_history_message/set-dealed', { ids: ['a'] })), 400, /^body\.ids\.0: /);
    expectError(await unchanged(() => admin.post('/api/t_history_message/set-dealed', { ids: [] })), 400, /^body\.ids: /);
    expectError(await unchanged(() => admin.post('/api/t_history_message/save', { type: 3, content: 'x', userIds: [adminId] })), 400, 'body.type: unknown message type');
    expectError(await unchanged(() => admin.post('/api/t_history_message/save', { type: 0, content: 'x', data: 'not json', userIds: [adminId] })), 400, /^body\.data: /);
    expectError(await unchanged(() => admin.post('/api/t_history_message/set-readed?id=abc')), 400, /^query\.id: /);
    expectError(await unchanged(() => admin.post('/api/user/login-test?password=Admin@2026')), 400, 'query.password: password must be an md5 hex digest');
    expectError(await unchanged(() => admin.get('/api/menu/all?type=nope')), 400, /^query\.type: /);
    expectError(await unchanged(() => admin.post('/api/file?category=exe')), 400, /^query\.category: /);
    expectError(await unchanged(() => admin.post('/api/user/info', { email: 'not-an-email' })), 400, /^body\.email: /);
    expectError(await unchanged(() => admin.post('/api/user/info', { password_hash: 'x' })), 400, /^body: .*password_hash/);
    expectError(await unchanged(() => admin.post('/api/user/info', {})), 400, /^body: /);
    expectError(await unchanged(() => admin.post('/api/user/change-password', { oldPassword: 'Admin@2026', newPassword: 'short' })), 400, /^body\.newPassword: /);
    expectError(await unchanged(() => admin.post('/api/user/change-password', { oldPassword: 'Admin@2026', newPassword: 'Admin@2026' })), 400, /^body\.newPassword: /);
  });

  it('empty bodies and malformed JSON', async () => {
    const json = { 'content-type': 'application/json' };
    expectError(await unchanged(() => anon.request('POST', '/api/user/login')), 400, /^body: /);
    expectError(await unchanged(() => anon.request('POST', '/api/user/login', '', json)), 400, /^body: /);
    expectError(await unchanged(() => anon.request('POST', '/api/user/login', '{"user": "admin", "password":', json)), 400, 'body: 无效的 JSON');
    expectError(await unchanged(() => admin.request('POST', '/api/user/customSet', '{content: 1}', json)), 400, 'body: 无效的 JSON');
    expectError(await unchanged(() => anon.request('POST', '/api/user/login', 'null', json)), 400, /^body: /);
    expectError(await unchanged(() => anon.request('POST', '/api/user/login', '[1,2]', json)), 400, /^body: /);
  });

  it('wrong content types', async () => {
    const xml = await unchanged(() => anon.request('POST', '/api/user/login', '<user>admin</user>', { 'content-type': 'application/xml' }));
    expectError(xml, 415, '不支持的内容类型：application/xml');
    const text = await unchanged(() => anon.request('POST', '/api/user/login', 'user=admin&password=Admin@2026', { 'content-type': 'text/plain' }));
    expectError(text, 400, /^body: /);
    const form = await unchanged(() => anon.request('POST', '/api/user/login', 'user=admin&password=Admin@2026', { 'content-type': 'application/x-www-form-urlencoded' }));
    expectError(form, 415, /^不支持的内容类型/);
    // A JSON body where an upload is expected.
    expectError(await unchanged(() => admin.post('/api/file?category=avatar', { file: 'x' })), 400, /^body: 需要 multipart\/form-data/);
  });

  it('oversized bodies: 413 above 1 MB, the endpoint\'s own limit below it', async () => {
    const big = JSON.stringify({ content: { blob: 'x'.repeat(1024 * 1024 + 10) } });
    expectError(await unchanged(() => admin.request('POST', '/api/user/customSet', big)), 413, '请求内容过大');
    const bigLogin = JSON.stringify({ user: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expectError(await unchanged(() => anon.request('POST', '/api/user/login', bigLogin)), 413, '请求内容过大');
    // Under the body limit but over what a personal setting may hold (64 KB).
    const large = JSON.stringify({ content: { blob: 'x'.repeat(100 * 1024) } });
    expectError(await unchanged(() => admin.request('POST', '/api/user/customSet', large)), 400, /^body\.content: /);
    expectError(await unchanged(() => admin.post('/api/user/login', { user: 'a'.repeat(65), password: 'x' })), 400, /^body\.user: /);
    expect((await admin.get('/api/user/customSet')).body).toEqual({ success: true, data: {} });
  });

  it('ids and integers beyond what the database holds: 400 naming the field, on SQLite and PostgreSQL alike', async () => {
    const huge = 2 ** 31;
    expectError(await unchanged(() => admin.post(`/api/t_history_message/set-readed?id=${huge}`)), 400, /^query\.id: /);
    expectError(await unchanged(() => admin.post('/api/t_history_message/set-dealed', { ids: [huge] })), 400, /^body\.ids\.0: /);
    expectError(await unchanged(() => admin.post('/api/user-manage/unlock', { id: huge })), 400, /^body\.id: /);
    const save = () => admin.post('/api/t_history_message/save', { type: 0, content: 'x', userIds: [adminId, huge] });
    expectError(await unchanged(save), 400, /^body\.userIds\.1: /);
    expectError(await unchanged(() => anon.post(`/api/user/login?appId=${huge}`, { user: 'admin', password: 'Admin@2026' })), 400, /^query\.appId: /);
    expectError(await unchanged(() => admin.get('/api/t_history_message?type=0,99999999999999999999')), 400, /^query\.type: /);
    // The largest id that fits is simply unknown.
    expectError(await unchanged(() => admin.post(`/api/t_history_message/set-readed?id=${huge - 1}`)), 404, '消息不存在');
  });

  it('NUL characters, which PostgreSQL text cannot hold: 400 naming the field', async () => {
    expectError(await unchanged(() => admin.post('/api/user/info', { nickName: 'a\u0000b' })), 400, /^body\.nickName: /);
    expectError(await unchanged(() => anon.post('/api/user/login', { user: 'admin\u0000', password: 'x' })), 400, /^body\.user: /);
    expectError(await unchanged(() => admin.post('/api/user/customSet', { content: { wall: ['ok', 'b\u0000d'] } })), 400, /^body\.content\.wall\.1: /);
    expectError(await unchanged(() => admin.get('/api/user-manage?keyword=a%00b')), 400, /^query\.keyword: /);
  });

  it('a deeply nested body (200,000 levels, well under the body limit): 400 naming where, also on public calls', async () => {
    // Sent as text: the test's own JSON.stringify of such a value would overflow first.
    const deep = (n: number, leaf: string) => '['.repeat(n) + leaf + ']'.repeat(n);
    const login = `{"user":"admin","password":${deep(200_000, '"x"')}}`;
    expectError(await unchanged(() => anon.request('POST', '/api/user/login', login)), 400, /^body\.password(\.0)+: nested more than 100 levels deep$/);
    const customSet = `{"content":{"wall":${deep(200_000, '1')}}}`;
    expectError(await unchanged(() => admin.request('POST', '/api/user/customSet', customSet)), 400, /^body\.content\.wall(\.0)+: nested more than 100 levels deep$/);
    // A prototype key deep inside is refused by the JSON parser's own check, without a stack overflow.
    const proto = '{"content":' + '{"a":'.repeat(50_000) + '{"__proto__":{"x":1}}' + '}'.repeat(50_000) + '}';
    expect((await unchanged(() => admin.request('POST', '/api/user/customSet', proto))).status).toBe(400);
    // Nesting within the bound is fine.
    expect((await admin.request('POST', '/api/user/customSet', `{"content":{"wall":${deep(90, '1')}}}`)).body.success).toBe(true);
  });

  it('unknown ids and paths: 404', async () => {
    expectError(await unchanged(() => admin.post('/api/t_history_message/set-readed?id=999999')), 404, '消息不存在');
    expectError(await unchanged(() => admin.post('/api/t_history_message/set-dealed', { ids: [999999] })), 404, '消息不存在');
    expectError(await unchanged(() => admin.post('/api/user-manage/unlock', { id: 999999 })), 404, '用户不存在');
    const save = () => admin.post('/api/t_history_message/save', { type: 0, content: '通知', userIds: [adminId, 999999] });
    expectError(await unchanged(save), 404, '用户不存在');
    expectError(await unchanged(() => admin.get(`/api/files/avatar/${'0'.repeat(32)}.png`)), 404, '文件不存在');
    expectError(await unchanged(() => admin.get('/api/files/avatar/..%2F..%2Fnv-console.db')), 404, '文件不存在');
    expectError(await unchanged(() => admin.get('/api/no-such-thing')), 404, '网络请求不存在');
    expectError(await unchanged(() => admin.post('/app-api/no-such-thing', {})), 404, '网络请求不存在');
    // An unknown user name answers like a wrong password, and no account is touched.
    expectError(await unchanged(() => anon.post('/api/user/login', { user: 'nobody', password: 'x' })), 400, '用户名或密码错误');
  });

  it('Page and Size out of range', async () => {
    const list = (q: string) => () => admin.get(`/api/t_history_message?${q}`);
    expectError(await unchanged(list('Page=0')), 400, /^query\.Page: /);
    expectError(await unchanged(list('Page=-1')), 400, /^query\.Page: /);
    expectError(await unchanged(list('Page=1.5')), 400, /^query\.Page: /);
    expectError(await unchanged(list('Page=abc')), 400, /^query\.Page: /);
    expectError(await unchanged(list('Size=0')), 400, /^query\.Size: /);
    expectError(await unchanged(list('Size=501')), 400, /^query\.Size: /);
    expectError(await unchanged(list('Size=ten')), 400, /^query\.Size: /);
    expectError(await unchanged(list('type=a,b')), 400, 'query.type: must be comma-separated integers');
    expectError(await unchanged(list('isReaded=maybe')), 400, /^query\.isReaded: /);
    expectError(await unchanged(() => admin.get('/api/user-manage?Page=0&Size=20')), 400, /^query\.Page: /);
    expectError(await unchanged(() => admin.get('/api/user-manage?Page=1&Size=1000')), 400, /^query\.Size: /);

    // In range: the defaults, and a page past the end is an empty list with the full count.
    const defaults = await admin.get('/api/t_history_message');
    expect(defaults.body.data.list.length).toBe(Math.min(20, defaults.body.data.count));
    const past = await admin.get('/api/t_history_message?Page=99&Size=50');
    expect(past.body).toMatchObject({ success: true, data: { list: [], count: defaults.body.data.count } });
  });
});
