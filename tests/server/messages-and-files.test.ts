import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROPDOWN_MESSAGE_TYPES } from '../../contract/constants';
import { expectNoChange, uploadedFiles } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';
import { fileForm, makePng, makePngOfSize } from './png';

interface Msg { id: number; type: number; content: string; data: string; isReaded: boolean; isDealed: boolean; createdAt: string }

const MB = 1024 * 1024;
const TOO_LARGE = '上传头像图片大小不能超过 2MB!';
/** A real 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe('messages', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const list = async (api: ApiClient, query: string) => {
    const r = await api.get(`/api/t_history_message?${query}`);
    expect(r.body.success).toBe(true);
    return r.body.data as { list: Msg[]; count: number };
  };
  const unread = async (api: ApiClient) => (await api.get('/api/t_history_message/unread-count')).body.data as number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('pages the dropdown query: types 0,5,6,8,9,12, unread only, newest first', async () => {
    const query = `Size=5&type=${DROPDOWN_MESSAGE_TYPES}&isReaded=false`;
    const first = await list(admin, `Page=1&${query}`);
    // The demo's seeded messages, and the life alarms of the filters it seeds near their end.
    expect(first.count).toBeGreaterThanOrEqual(6);
    expect(first.list).toHaveLength(5);
    expect(first.list.every((m) => !m.isReaded && [0, 5, 6, 8, 9, 12].includes(m.type))).toBe(true);
    const times = first.list.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await list(admin, `Page=2&${query}`);
    expect(second.list).toHaveLength(Math.min(5, first.count - 5));
    expect(first.list.map((m) => m.id)).not.toContain(second.list[0].id);

    // Read: a notice, the app audit, and the upgrade and debug messages (types 10 and 11, outside the dropdown's types).
    expect((await list(admin, 'isReaded=true')).count).toBe(4);
    expect((await list(admin, 'isReaded=1')).count).toBe(4);
    expect((await list(admin, 'type=6')).list.map((m) => m.type)).toEqual([6, 6]);
    expect((await list(admin, 'type=9,12')).count).toBe(2);
    expect((await list(admin, 'type=7')).count).toBe(0);
    for (const m of (await list(admin, 'Size=50')).list) expect(() => JSON.parse(m.data)).not.toThrow();
  });

  it('counts unread messages down as they are read and dealt with', async () => {
    const before = await unread(operator);
    const adminBefore = await unread(admin);
    expect(before).toBeGreaterThanOrEqual(3);
    const [a, b, c] = (await list(operator, 'Page=1&Size=3&isReaded=false')).list;

    expect((await operator.post(`/api/t_history_message/set-readed?id=${a.id}`)).body).toEqual({ success: true, data: true });
    expect(await unread(operator)).toBe(before - 1);
    // Reading it again is harmless.
    expect((await operator.post(`/api/t_history_message/set-readed?id=${a.id}`)).body.success).toBe(true);
    expect(await unread(operator)).toBe(before - 1);
    expect((await list(operator, 'isReaded=false&Size=50')).list.map((m) => m.id)).not.toContain(a.id);

    const dealt = await operator.post('/api/t_history_message/set-dealed', { ids: [a.id, b.id, c.id] });
    expect(dealt.body).toEqual({ success: true, data: 3 });
    expect(await unread(operator)).toBe(before - 3);
    const all = (await list(operator, 'Size=50')).list;
    for (const id of [a.id, b.id, c.id]) expect(all.find((m) => m.id === id)).toMatchObject({ isReaded: true, isDealed: true });
    // Nobody else's counter moved.
    expect(await unread(admin)).toBe(adminBefore);
  });

  it('lets notice-edit send a message to users, who then see it as unread', async () => {
    const operatorId = (await operator.get('/api/user/info')).body.data.userId;
    const adminBefore = await unread(admin);
    const operatorBefore = await unread(operator);
    const data = JSON.stringify({ title: '停机维护', content: '今晚 22:00 起停机维护两小时。' });
    const sent = await admin.post('/api/t_history_message/save', { type: 0, content: '系统维护通知', data, userIds: [operatorId, operatorId] });
    expect(sent.body).toEqual({ success: true, data: 1 });

    expect(await unread(operator)).toBe(operatorBefore + 1);
    expect(await unread(admin)).toBe(adminBefore);
    const [newest] = (await list(operator, 'Page=1&Size=1&type=0&isReaded=false')).list;
    expect(newest).toMatchObject({ type: 0, content: '系统维护通知', isReaded: false, isDealed: false });
    expect(JSON.parse(newest.data)).toEqual({ title: '停机维护', content: '今晚 22:00 起停机维护两小时。' });
  });
});

describe('file upload', () => {
  let server: TestServer;
  let admin: ApiClient;
  const upload = (api: ApiClient, content: Buffer, name = 'avatar.png', type = 'image/png', category = 'avatar') =>
    api.post(`/api/file?category=${category}`, fileForm(content, name, type));

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it('stores a PNG and serves it back at the returned path with its content type', async () => {
    const png = makePng(4, 3);
    const r = await upload(admin, png);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ path: expect.stringMatching(/^\/api\/files\/avatar\/[0-9a-f]{32}\.png$/), size: png.length, contentType: 'image/png' });

    // Served without a token, as an <img> would fetch it.
    const served = await fetch(server.url + r.body.data.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(fs.existsSync(path.join(server.config.dataDir, 'uploads', 'avatar', path.basename(r.body.data.path)))).toBe(true);
  });

  it('recognises images by their content, not their name', async () => {
    const gif = await upload(admin, GIF, 'photo.png', 'image/png', 'image');
    expect(gif.body.data).toMatchObject({ path: expect.stringMatching(/^\/api\/files\/image\/[0-9a-f]{32}\.gif$/), contentType: 'image/gif' });
    const served = await fetch(server.url + gif.body.data.path);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await served.arrayBuffer()).equals(GIF)).toBe(true);
  });

  it('accepts exactly 2 MB, above the 1 MB limit of other bodies', async () => {
    for (const size of [1.5 * MB, 2 * MB]) {
      const r = await upload(admin, makePngOfSize(size));
      expect({ status: r.status, size: r.body.data?.size }).toEqual({ status: 200, size });
    }
  });

  it('refuses a file over 2 MB with 413 and stores nothing', async () => {
    for (const size of [2 * MB + 1, 3 * MB]) {
      const r = await expectNoChange(server, () => upload(admin, makePngOfSize(size)));
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ success: false, error: TOO_LARGE });
    }
  });

  it('refuses what is not an image, an empty form and a missing token, and stores nothing', async () => {
    const text = await expectNoChange(server, () => upload(admin, Buffer.from('hello, not a picture'), 'avatar.png', 'image/png'));
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ success: false, error: 'file: 只支持 PNG、JPEG、GIF、WebP 图片' });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await expectNoChange(server, () => upload(admin, svg, 'x.svg', 'image/svg+xml'))).status).toBe(400);

    const form = new FormData();
    form.append('note', 'no file here');
    const empty = await expectNoChange(server, () => admin.post('/api/file?category=avatar', form));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ success: false, error: 'file: 未选择文件' });

    const anonymous = await expectNoChange(server, () => upload(new ApiClient(server.url), makePng()));
    expect(anonymous.status).toBe(401);
    expect(uploadedFiles(server.config.dataDir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});
