import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISPLAY_RIGHTS } from '../../contract/display-token';
import { HubMethod, HubNoticeType, HubTopic } from '../../contract/hub';
import { WALL_PREPARE_MS, type DisplayTokenInfo, type TileReport } from '../../contract/walls';
import { LAST_USED_WRITE_MS } from '../../server/auth/display-tokens';
import { hashToken } from '../../server/auth/tokens';
import type { HubServer } from '../../server/hub/hub-server';
import { eventually, hubClient, Notices } from '../hub/hub-client';
import { dbSnapshot } from './db-snapshot';
import { ENDPOINTS, sendCase, type MatrixContext } from './endpoint-table';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';

const WALL = { name: '测试墙', rows: 2, cols: 3, screenWidth: 1920, screenHeight: 1080, bezelX: 10, bezelY: 8 };
const DISPLAY_REFUSED = '显示令牌只能用于视频墙的显示';

/**
 * What a wall tile may call with its display token: the console's start (user info, menu,
 * settings, preferences), the wall's own display (its templates with it) and the widgets' reads.
 * Not the template library: a plain /monitor shows nothing with a display token.
 * Every other endpoint refuses a display principal (checked over the whole endpoint table below).
 */
const DISPLAY_ENDPOINTS = [
  'GET /api/user/info', 'GET /api/user/customSet', 'GET /api/menu/all', 'GET /api/sys_setting/get',
  'GET /api/s/screen/overview', 'GET /api/s/measure-trend', 'GET /api/s/filter-life', 'GET /api/s/featured-unit',
  'GET /api/s/project', 'GET /api/s/device', 'GET /api/s/wMeasure/count', 'GET /api/s/graph-live',
  'GET /api/t_real_measure_warning', 'GET /api/t_real_measure_warning/count', 'GET /api/t_device',
  'GET /api/t_project_graph/all', 'GET /api/t_project_graph/default', 'GET /api/t_project_graph/active', 'GET /api/t_project_graph/:id',
  'GET /api/t_wall/:id/display',
  // The launcher's report of a tile restart (the wall's only write: its own tile events).
  'POST /api/t_wall/:id/tile-event',
];
/** What a display principal's calls may write: its tiles' own reports and events. */
const DISPLAY_WRITES = ['t_wall_tile_event', 't_wall_tile_report'];

function expectRefused(r: ApiResponse, status: number, error: string | RegExp) {
  expect({ status: r.status, success: r.body.success }).toEqual({ status, success: false });
  expect(r.body.error).toMatch(error);
}

/** A client signed in with a display token, the way a tile's console calls (Authorization: Bearer). */
function displayClient(server: TestServer, token: string): ApiClient {
  const api = new ApiClient(server.url);
  api.token = token;
  return api;
}

describe('video walls and display tokens (issue 23)', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let demoWall: number;
  const hubOf = () => server.app.hub as unknown as HubServer;
  const db = () => server.database.db;
  const hubs: HubConnection[] = [];

  async function createToken(wallId: number, body: { name: string; tile?: [number, number] | null }, api = admin) {
    const r = await api.post(`/api/t_wall/${wallId}/tokens/create`, body);
    expect(r.body.error).toBeUndefined();
    return r.body.data as { info: { id: number; tile: [number, number] | null }; token: string };
  }

  async function connect(token: string) {
    const hub = hubClient(server.url, () => token);
    const closed = new Promise<void>((resolve) => hub.onclose(() => resolve()));
    const notices = new Notices(hub);
    await hub.start();
    hubs.push(hub);
    return { hub, closed, notices };
  }

  beforeAll(async () => {
    // One session per account, as in production: a login of the token's creator must not end the token.
    server = await startTestServer({ singleSession: true });
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    demoWall = (await db().selectFrom('t_wall').select('id').where('name', '=', '大厅 2×2 视频墙').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.stop().catch(() => undefined);
    await server?.dispose();
  });

  it('seeds the demo wall and the two menu entries after 轮播列表', async () => {
    const wall = (await admin.get(`/api/t_wall/${demoWall}`)).body.data;
    expect(wall).toMatchObject({ rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, bezelX: 12, bezelY: 12, templateIds: [] });
    const system = await db().selectFrom('t_menu').select(['id']).where('name', '=', 'nv_system').executeTakeFirstOrThrow();
    const names = (await db().selectFrom('t_menu').select(['name', 'right_code']).where('parent_id', '=', system.id).orderBy('sort_order').execute());
    const at = names.findIndex((m) => m.name === 'nv_kiosk_playlists');
    expect(names.slice(at + 1, at + 3)).toEqual([
      { name: 'nv_video_wall', right_code: 'screen-edit' }, { name: 'nv_wall_health', right_code: 'screen-preview' },
    ]);
  });

  it('creates, reads, lists, updates (a new epoch each save) and deletes a wall', async () => {
    const tpl = (await admin.get('/api/t_screen_tpl/all')).body.data as { id: number }[];
    const before = Date.now();
    const made = await admin.post('/api/t_wall/save', { ...WALL, templateIds: [tpl[1].id, tpl[0].id, tpl[1].id], variables: { projectId: '3' } });
    expect(made.body.error).toBeUndefined();
    const wall = made.body.data;
    expect(wall).toMatchObject({ ...WALL, templateIds: [tpl[1].id, tpl[0].id, tpl[1].id], rotateSeconds: 30, idleSeconds: 60, variables: { projectId: '3' }, remark: '' });
    // The rotation starts WALL_PREPARE_MS after the save: every tile prepares its first item meanwhile.
    expect(wall.epoch).toBe(wall.updatedAt + WALL_PREPARE_MS);
    expect(wall.updatedAt).toBeGreaterThanOrEqual(before);
    expect(wall.updatedAt).toBeLessThanOrEqual(Date.now());
    expect((await admin.get(`/api/t_wall/${wall.id}`)).body.data).toEqual(wall);
    expect(((await admin.get('/api/t_wall')).body.data as { id: number }[]).map((w) => w.id)).toContain(wall.id);

    await new Promise((r) => setTimeout(r, 5));
    const saved = (await admin.post('/api/t_wall/save', { ...WALL, id: wall.id, name: '测试墙二', rotateSeconds: 12 })).body.data;
    expect(saved).toMatchObject({ id: wall.id, name: '测试墙二', rotateSeconds: 12, templateIds: [] });
    expect(saved.epoch).toBeGreaterThan(wall.epoch);

    expect((await admin.post(`/api/t_wall/${wall.id}/delete`)).body.data).toBe(true);
    expectRefused(await admin.get(`/api/t_wall/${wall.id}`), 404, '视频墙不存在');
    expectRefused(await admin.post(`/api/t_wall/${wall.id}/delete`), 404, '视频墙不存在');
    expectRefused(await admin.post('/api/t_wall/save', { ...WALL, id: 999_999 }), 404, '视频墙不存在');
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const count = async () => (await db().selectFrom('t_wall').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const n = Number(await count());
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...WALL, rows: 9 }, /^body\.rows: rows must be at most 8/],
      [{ ...WALL, cols: 0 }, /^body\.cols: cols must be at least 1/],
      [{ ...WALL, screenWidth: 100 }, /^body\.screenWidth:/],
      [{ ...WALL, bezelX: 1.5 }, /^body\.bezelX:/],
      [{ ...WALL, name: ' ' }, /^body\.name: name is required/],
      [{ ...WALL, rotateSeconds: 2 }, /^body\.rotateSeconds:/],
      [{ ...WALL, variables: { '1x': 'a' } }, /^body\.variables/],
      [{ ...WALL, templateIds: [999_999] }, /^body\.templateIds\.0: screen template 999999 does not exist/],
      [{ rows: 1 }, /^body\.name/],
    ];
    for (const [body, error] of cases) expectRefused(await admin.post('/api/t_wall/save', body), 400, error);
    expect(Number(await count())).toBe(n);
  });

  it('keeps walls within their organisation: the operator sees global walls, changes only its own', async () => {
    const own = (await operator.post('/api/t_wall/save', { ...WALL, name: '运维的墙' })).body.data;
    expect(((await operator.get('/api/t_wall')).body.data as { id: number }[]).map((w) => w.id)).toEqual(expect.arrayContaining([demoWall, own.id]));
    expectRefused(await operator.post('/api/t_wall/save', { ...WALL, id: demoWall }), 403, '全局视频墙');
    expectRefused(await operator.post(`/api/t_wall/${demoWall}/tokens/create`, { name: 'x' }), 403, '全局视频墙');
    // An organisation's wall out of another's scope reads as missing.
    const hidden = (await admin.post('/api/t_wall/save', { ...WALL, name: '总部的墙' })).body.data;
    await db().updateTable('t_wall').set({ org_id: (await db().selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow()).id })
      .where('id', '=', hidden.id).execute();
    expectRefused(await operator.get(`/api/t_wall/${hidden.id}`), 404, '视频墙不存在');
    expectRefused(await operator.post(`/api/t_wall/${hidden.id}/delete`), 404, '视频墙不存在');
    await admin.post(`/api/t_wall/${hidden.id}/delete`);
    await operator.post(`/api/t_wall/${own.id}/delete`);
  });

  it('shows a token once: stored as its digest, listed without it, its tile checked against the wall', async () => {
    const { info, token } = await createToken(demoWall, { name: '左上', tile: [0, 0] });
    expect(token).toMatch(/^nvd_[A-Za-z0-9_-]{43}$/);
    expect(info).toMatchObject({ wallId: demoWall, tile: [0, 0], name: '左上', createdBy: 'admin', lastUsedAt: null, revokedAt: null });
    const row = await db().selectFrom('t_wall_token').selectAll().where('id', '=', info.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    const listed = await admin.get(`/api/t_wall/${demoWall}/tokens`);
    expect(listed.body.data.map((t: { id: number }) => t.id)).toContain(info.id);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(4));
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(['createdAt', 'createdBy', 'id', 'lastUsedAt', 'name', 'revokedAt', 'tile', 'wallId']);

    expectRefused(await admin.post(`/api/t_wall/${demoWall}/tokens/create`, { name: 'x', tile: [2, 0] }), 400, /^body\.tile: tile 2,0 is not on this 2×2 wall/);
    expectRefused(await admin.post(`/api/t_wall/${demoWall}/tokens/create`, { name: '' }), 400, /^body\.name/);
    expectRefused(await admin.post('/api/t_wall/999999/tokens/create', { name: 'x' }), 404, '视频墙不存在');
    expectRefused(await admin.post('/api/t_wall/tokens/999999/revoke'), 404, '显示令牌不存在');
  });

  it('signs a display principal in: read-only, no person, the creator\'s rights within what a wall shows', async () => {
    const { info, token } = await createToken(demoWall, { name: '整墙' });
    const wall = displayClient(server, token);
    const me = (await wall.get('/api/user/info')).body.data;
    expect(me).toMatchObject({ userId: -info.id, username: '整墙', nickName: '大厅 2×2 视频墙 · 整墙', isGuest: true });
    expect(me.rights.length).toBeGreaterThan(0);
    for (const right of me.rights) expect(DISPLAY_RIGHTS).toContain(right);
    expect((await wall.get('/api/user/customSet')).body.data).toEqual({});

    const display = (await wall.get(`/api/t_wall/${demoWall}/display`)).body.data;
    const multi = (await admin.get('/api/t_screen_tpl/default-multi')).body.data as { id: number }[];
    expect(display.wall.id).toBe(demoWall);
    expect(display.items.map((i: { id: number }) => i.id)).toEqual(multi.map((t) => t.id));
    expect(display.items[0]).toEqual(expect.objectContaining({ name: expect.any(String), content: expect.any(Object), updatedAt: expect.any(Number) }));
    expect(Math.abs(display.serverNow - Date.now())).toBeLessThan(5_000);
    // Another wall does not exist for it.
    const other = (await admin.post('/api/t_wall/save', { ...WALL, name: '另一面墙' })).body.data;
    expectRefused(await wall.get(`/api/t_wall/${other.id}/display`), 404, '视频墙不存在');
    await admin.post(`/api/t_wall/${other.id}/delete`);

    // Not the wall pages, no writes, no session calls.
    expectRefused(await wall.get('/api/t_wall'), 403, DISPLAY_REFUSED);
    expectRefused(await wall.post('/api/t_wall/save', WALL), 403, DISPLAY_REFUSED);
    expectRefused(await wall.post('/api/user/logout'), 403, DISPLAY_REFUSED);
    expectRefused(await wall.post('/api/user/customSet', { content: {} }), 403, DISPLAY_REFUSED);
    // Never refreshed (a wall must not be sent to the login): 400, and nothing issued.
    expectRefused(await wall.post('/api/user/refesh-token', { token, tokenExpired: 30 }), 400, /^body\.token: a display token is not refreshed/);
    // Its use is recorded (at most once a minute).
    expect((await admin.get(`/api/t_wall/${demoWall}/tokens`)).body.data.find((t: { id: number }) => t.id === info.id).lastUsedAt)
      .toEqual(expect.any(Number));
  });

  it('is refused by every endpoint not made for walls, and changes nothing anywhere', async () => {
    const { token } = await createToken(demoWall, { name: '巡检' });
    const wall = displayClient(server, token);
    await wall.get('/api/user/info'); // its first use is written; the sweep stays within the minute
    const adminId = (await admin.get('/api/user/info')).body.data.userId as number;
    const operatorId = (await operator.get('/api/user/info')).body.data.userId as number;
    const base = { server, ids: { admin: adminId, operator: operatorId }, uploadedPath: 'avatar/none.png' };
    const adminCtx: MatrixContext = { ...base, caller: { name: 'admin', api: admin, password: 'Admin@2026', userId: adminId } };
    const ctx: MatrixContext = { ...base, caller: { name: 'display', api: wall, password: '', userId: 0 } };
    const cases = ENDPOINTS.filter((e) => e.access !== 'public');
    // The requests as the admin (the token's creator) makes them, prepared before the snapshot.
    const calls = [];
    for (const e of cases) {
      await e.prepare?.(adminCtx);
      calls.push({ e, spec: await e.call(adminCtx) });
    }
    const before = await dbSnapshot(server);
    const allowed: string[] = [];
    for (const { e, spec } of calls) {
      const name = `${e.method} ${e.route}`;
      const r = await sendCase(ctx, spec, e.method);
      if (DISPLAY_ENDPOINTS.includes(name)) {
        expect({ name, status: r.status, success: r.body.success, error: r.body.error }).toEqual({ name, status: 200, success: true, error: undefined });
        allowed.push(name);
      } else {
        expect({ name, status: r.status, error: r.body.error }).toEqual({ name, status: 403, error: DISPLAY_REFUSED });
      }
    }
    const listed = new Set(cases.map((e) => `${e.method} ${e.route}`));
    expect(allowed.sort()).toEqual(DISPLAY_ENDPOINTS.filter((name) => listed.has(name)).sort());
    const after = await dbSnapshot(server);
    // Its last use is written at most once a minute: a long sweep may write it again.
    const unused = (rows: string[]) => rows.map((r) => JSON.stringify({ ...JSON.parse(r), last_used_at: null }));
    after.t_wall_token = unused(after.t_wall_token);
    before.t_wall_token = unused(before.t_wall_token);
    for (const table of Object.keys(before).filter((t) => !DISPLAY_WRITES.includes(t))) {
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    }
    // Some cases sign the demo accounts in (one session per account here): sign in afresh.
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });

  it('is not ended by its creator\'s login elsewhere, only by revocation (and closes its hub connections)', async () => {
    const { info, token } = await createToken(demoWall, { name: '右下', tile: [1, 1] });
    const wall = displayClient(server, token);
    const { hub, closed, notices } = await connect(token);
    // No user topic: messages and logouts are a person's.
    expect(await hub.invoke(HubMethod.Topics)).toEqual([]);
    expect(await hub.invoke(HubMethod.Subscribe, HubTopic.wall(demoWall))).toBe(HubTopic.wall(demoWall));
    await expect(hub.invoke(HubMethod.Subscribe, HubTopic.wall(demoWall + 1000))).rejects.toThrow(/Not allowed/);
    await expect(hub.invoke(HubMethod.Subscribe, HubTopic.user(1))).rejects.toThrow(/Not allowed/);

    // The creator signs in again (one session per account): the admin's old session ends, the wall stays.
    const again = await loginAs(server, 'admin');
    const old = await db().selectFrom('t_session').select('revoked_at').where('token_hash', '=', hashToken(admin.token!)).executeTakeFirstOrThrow();
    expect(old.revoked_at).not.toBeNull();
    admin = again;
    await hubOf().checkSessions();
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(notices.ofType(HubNoticeType.Logout)).toEqual([]);
    expect((await wall.get(`/api/t_wall/${demoWall}/display`)).body.success).toBe(true);

    // Saving the wall tells its tiles: a new epoch.
    const current = (await admin.get(`/api/t_wall/${demoWall}`)).body.data;
    const savedAt = Date.now();
    const saved = (await admin.post('/api/t_wall/save', { ...current, remark: '改过' })).body.data;
    const changed = await notices.next(HubNoticeType.WallChanged);
    expect(changed.data).toEqual({ wallId: demoWall, epoch: saved.epoch });
    // The epoch the tiles are told is still to come: WALL_PREPARE_MS after the save (± the request's time).
    expect(saved.epoch).toBeGreaterThanOrEqual(savedAt + WALL_PREPARE_MS);
    expect(saved.epoch).toBeLessThanOrEqual(Date.now() + WALL_PREPARE_MS);
    expect(changed.data.epoch).toBeGreaterThan(Date.now());

    const revoked = await admin.post(`/api/t_wall/tokens/${info.id}/revoke`);
    expect(revoked.body.data).toMatchObject({ id: info.id, revokedAt: expect.any(Number) });
    const refused = await wall.get(`/api/t_wall/${demoWall}/display`);
    expect({ status: refused.status, requireLogin: refused.body.requireLogin }).toEqual({ status: 200, requireLogin: true });
    await hubOf().checkSessions();
    await closed;
    expect(hub.state).toBe(HubConnectionState.Disconnected);
    // Revoking again changes nothing (the first revocation time stays).
    expect((await admin.post(`/api/t_wall/tokens/${info.id}/revoke`)).body.data.revokedAt).toBe(revoked.body.data.revokedAt);
    // A revoked token cannot open the hub again.
    await expect(connect(token)).rejects.toThrow();
  });

  it('follows its creator: refused while the creator is disabled, rights and scope as the creator\'s now', async () => {
    const own = (await operator.post('/api/t_wall/save', { ...WALL, name: '运维的大屏墙' })).body.data;
    const { token } = await createToken(own.id, { name: '运维令牌' }, operator);
    const wall = displayClient(server, token);
    expect((await wall.get(`/api/t_wall/${own.id}/display`)).body.success).toBe(true);
    const { hub, closed } = await connect(token);
    const operatorId = (await operator.get('/api/user/info')).body.data.userId as number;
    await db().updateTable('t_user').set({ disabled: 1 }).where('id', '=', operatorId).execute();
    expect((await wall.get(`/api/t_wall/${own.id}/display`)).body.requireLogin).toBe(true);
    await hubOf().checkSessions();
    await closed;
    expect(hub.state).toBe(HubConnectionState.Disconnected);
    await db().updateTable('t_user').set({ disabled: 0 }).where('id', '=', operatorId).execute();
    expect((await wall.get(`/api/t_wall/${own.id}/display`)).body.success).toBe(true);
    // Deleting the wall deletes its tokens.
    operator = await loginAs(server, 'operator');
    await operator.post(`/api/t_wall/${own.id}/delete`);
    expectRefused(await wall.get(`/api/t_wall/${own.id}/display`), 401, '未登录或令牌无效');
  });

  it('revokes the tokens of the tiles a wall saved smaller no longer has, and closes their hub connections', async () => {
    const own = (await admin.post('/api/t_wall/save', { ...WALL, name: '缩小的墙' })).body.data;
    expect(own).toMatchObject({ rows: 2, cols: 3 });
    const kept = await createToken(own.id, { name: '左上', tile: [0, 0] });
    const whole = await createToken(own.id, { name: '整墙' });
    const gone = await createToken(own.id, { name: '右下', tile: [1, 2] });
    const goneRow = await createToken(own.id, { name: '左下', tile: [1, 0] });
    const goneTile = displayClient(server, gone.token);
    expect((await goneTile.get(`/api/t_wall/${own.id}/display`)).body.success).toBe(true);
    const { hub, closed } = await connect(gone.token);
    const keptHub = await connect(kept.token);

    // Same size: nothing revoked.
    const same = await admin.post('/api/t_wall/save', { ...WALL, id: own.id, name: '缩小的墙', remark: '同样大小' });
    expect(same.body.success).toBe(true);
    const tokens = async () => new Map(((await admin.get(`/api/t_wall/${own.id}/tokens`)).body.data as DisplayTokenInfo[]).map((t) => [t.id, t]));
    expect([...(await tokens()).values()].every((t) => t.revokedAt === null)).toBe(true);

    // 2×3 → 1×2: tiles 1,0 and 1,2 are gone.
    const savedAt = Date.now();
    const shrunk = await admin.post('/api/t_wall/save', { ...WALL, id: own.id, name: '缩小的墙', rows: 1, cols: 2 });
    expect(shrunk.body.data).toMatchObject({ rows: 1, cols: 2 });
    const after = await tokens();
    expect(after.get(gone.info.id)!.revokedAt).toBeGreaterThanOrEqual(savedAt);
    expect(after.get(goneRow.info.id)!.revokedAt).toBeGreaterThanOrEqual(savedAt);
    expect(after.get(kept.info.id)!.revokedAt).toBeNull();
    expect(after.get(whole.info.id)!.revokedAt).toBeNull();
    // Its next request is refused as a revoked token's (the launcher says "revoked"); its hub connection is closed.
    const refused = await goneTile.get(`/api/t_wall/${own.id}/display`);
    expect({ status: refused.status, requireLogin: refused.body.requireLogin }).toEqual({ status: 200, requireLogin: true });
    expect((await displayClient(server, kept.token).get(`/api/t_wall/${own.id}/display`)).body.success).toBe(true);
    await hubOf().checkSessions();
    await closed;
    expect(hub.state).toBe(HubConnectionState.Disconnected);
    expect(keptHub.hub.state).toBe(HubConnectionState.Connected);
    // The revocations are in the audit log, by whom and why.
    const audit = await db().selectFrom('t_history_log').select(['username', 'action', 'target', 'detail'])
      .where('target', 'in', [`t_wall_token#${gone.info.id}`, `t_wall_token#${goneRow.info.id}`]).where('action', '=', 'delete').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ username: 'admin', detail: expect.stringContaining('1×2') });

    // Growing the wall back brings no revoked token back.
    await admin.post('/api/t_wall/save', { ...WALL, id: own.id, name: '缩小的墙' });
    expect((await tokens()).get(gone.info.id)!.revokedAt).toBe(after.get(gone.info.id)!.revokedAt);
    expect((await goneTile.get(`/api/t_wall/${own.id}/display`)).body.requireLogin).toBe(true);
    await keptHub.hub.stop();
    await admin.post(`/api/t_wall/${own.id}/delete`);
  });

  it('lists in /api/docs which endpoints answer display tokens (x-display), and only those', async () => {
    const doc = await (await fetch(`${server.url}/api/docs/openapi.json`)).json() as { paths: Record<string, Record<string, { description?: string; 'x-display'?: true }>> };
    const display = doc.paths['/api/t_wall/{id}/display'].get;
    expect(display['x-display']).toBe(true);
    expect(display.description).toMatch(/Answered for display tokens/);
    expect(doc.paths['/api/t_wall/{id}/tile-event'].post['x-display']).toBe(true);
    for (const [path, method] of [['/api/t_wall/save', 'post'], ['/api/t_wall', 'get'], ['/api/t_wall/{id}/tokens', 'get']] as const) {
      expect(doc.paths[path][method]['x-display'], `${method} ${path}`).toBeUndefined();
      expect(doc.paths[path][method].description).not.toMatch(/display tokens/);
    }
    // Exactly the endpoints a display principal may call (the list checked against every endpoint above).
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op['x-display'])
      .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(marked.sort()).toEqual([...DISPLAY_ENDPOINTS].sort());
  });

  it('gives every tile of a wall the identical answer for one data version', async () => {
    const a = displayClient(server, (await createToken(demoWall, { name: 'A', tile: [0, 0] })).token);
    const b = displayClient(server, (await createToken(demoWall, { name: 'B', tile: [0, 1] })).token);
    const url = (v: number) => `/api/t_wall/${demoWall}/display?_v=${v}`;
    const first = await a.get(url(7));
    await new Promise((r) => setTimeout(r, 5));
    const second = await b.get(url(7));
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-wall-cache')).toBe('hit');
    // The next data version is read afresh; so is a read without one.
    const next = await b.get(url(8));
    expect(next.headers.get('x-wall-cache')).toBeNull();
    expect(next.body.data.serverNow).toBeGreaterThan(first.body.data.serverNow);
    expect((await b.get(`/api/t_wall/${demoWall}/display`)).body.data.serverNow).toBeGreaterThan(first.body.data.serverNow);
    // Tiles asking at once get one answer.
    const together = await Promise.all([a.get(url(9)), b.get(url(9)), a.get(url(9))]);
    for (const r of together) expect(r.body).toEqual(together[0].body);
    // A person's read with `_v` is answered as without it, never from the cache.
    const person = await admin.get(url(7));
    expect(person.body.success).toBe(true);
    expect(person.headers.get('x-wall-cache')).toBeNull();
    // Only answers that succeeded are kept: a refused read stays refused.
    expectRefused(await a.get('/api/t_wall?_v=7'), 403, DISPLAY_REFUSED);
  });
  it('a save drops the answers kept for the wall: its tiles never read the wall as it was for the rest of the version', async () => {
    const tpl = (await admin.get('/api/t_screen_tpl/all')).body.data as { id: number }[];
    const made = (await admin.post('/api/t_wall/save', { ...WALL, name: '缓存墙', templateIds: [tpl[0].id] })).body.data as { id: number; updatedAt: number };
    const tile = displayClient(server, (await createToken(made.id, { name: 'T' })).token);
    const url = `/api/t_wall/${made.id}/display?_v=21`;
    const before = await tile.get(url);
    expect((await tile.get(url)).headers.get('x-wall-cache')).toBe('hit');
    const saved = (await admin.post('/api/t_wall/save', { ...WALL, id: made.id, name: '缓存墙', templateIds: [tpl[0].id], rotateSeconds: 3600 })).body.data as { updatedAt: number };
    const after = await tile.get(url);
    expect(after.headers.get('x-wall-cache')).toBeNull();
    expect(after.body.data.wall.rotateSeconds).toBe(3600);
    expect(after.body.data.wall.updatedAt).toBe(saved.updatedAt);
    expect(after.body.data.wall.updatedAt).toBeGreaterThan(before.body.data.wall.updatedAt);
    await admin.post(`/api/t_wall/${made.id}/delete`, {});
  });
});

/**
 * A tile that talks only over the hub after its first load is in use: connecting, WallJoin and
 * WallReport move its token's lastUsedAt, at most once a minute per token (no write per report).
 * The minute passes by moving Date.now forward, on a server of its own whose hub waits long for
 * silent clients (and no watchdog), so the jump closes nothing.
 */
describe('display tokens: last use over the hub', () => {
  let server: TestServer;
  let hub: HubConnection | undefined;
  afterAll(async () => {
    vi.restoreAllMocks();
    await hub?.stop();
    await server?.dispose();
  });

  it('counts connecting, WallJoin and WallReport, throttled to once a minute', async () => {
    server = await startTestServer({ wallWatchdogMs: 0 }, { logger: false, hub: { clientTimeoutMs: 10 * 60_000 } });
    const db = server.database.db;
    const admin = await loginAs(server, 'admin');
    const wallId = (await db.selectFrom('t_wall').select('id').where('name', '=', '大厅 2×2 视频墙').executeTakeFirstOrThrow()).id;
    const created = await admin.post(`/api/t_wall/${wallId}/tokens/create`, { name: '只走 hub', tile: [0, 0] });
    const { info, token } = created.body.data as { info: DisplayTokenInfo; token: string };
    expect(info.lastUsedAt).toBeNull();
    const lastUsed = async () => Number((await db.selectFrom('t_wall_token').select('last_used_at').where('id', '=', info.id).executeTakeFirstOrThrow()).last_used_at);

    const before = Date.now();
    hub = hubClient(server.url, () => token);
    await hub.start();
    // Connecting signs the token in: its use is recorded.
    expect(await lastUsed()).toBeGreaterThanOrEqual(before);

    // Within the minute, joins and reports write nothing (a sentinel stays).
    await db.updateTable('t_wall_token').set({ last_used_at: 1 }).where('id', '=', info.id).execute();
    const report: TileReport = {
      wallId, tile: [0, 0], templateId: null, templateVersion: null, dataVersion: 1, itemIndex: 0, fps: 60, heapMb: 50, dataAgeMs: 1_000,
      reconnects: 0, errors: 0, ready: true,
    };
    expect(await hub.invoke(HubMethod.WallJoin, wallId)).toBe(HubTopic.wall(wallId));
    for (let i = 0; i < 5; i++) expect(await hub.invoke(HubMethod.WallReport, report)).toBe(true);
    expect(await lastUsed()).toBe(1);

    // A minute later the next report records the use, once.
    const realNow = Date.now.bind(Date);
    let shift = LAST_USED_WRITE_MS + 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
    const reportedAt = Date.now();
    expect(await hub.invoke(HubMethod.WallReport, report)).toBe(true);
    await eventually(async () => (await lastUsed()) >= reportedAt, 5_000, 'the report recorded as a use');
    await db.updateTable('t_wall_token').set({ last_used_at: 2 }).where('id', '=', info.id).execute();
    for (let i = 0; i < 3; i++) expect(await hub.invoke(HubMethod.WallReport, report)).toBe(true);
    expect(await lastUsed()).toBe(2);
    // And another minute later a join does too; the listing shows it.
    shift += LAST_USED_WRITE_MS;
    const joinedAt = Date.now();
    await hub.invoke(HubMethod.WallJoin, wallId);
    await eventually(async () => (await lastUsed()) >= joinedAt, 5_000, 'the join recorded as a use');
    const listed = (await admin.get(`/api/t_wall/${wallId}/tokens`)).body.data as DisplayTokenInfo[];
    expect(listed.find((t) => t.id === info.id)!.lastUsedAt).toBeGreaterThanOrEqual(joinedAt);
    vi.restoreAllMocks();
  });
});

/** A database from before the video walls gets their tables and menu entries on its next start. */
describe('migration 031: video walls for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds t_wall, t_wall_token and 视频墙 / 墙体健康 after 轮播列表, once', async () => {
    server = await startTestServer();
    const db = server.database.db;
    // Back to how a database of the previous release looked (the tables that point at t_wall first).
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    for (const table of ['t_wall_tile_event', 't_wall_tile_report', 't_wall_token', 't_wall'].filter((t) => tables.includes(t))) {
      await sql`drop table ${sql.table(table)}`.execute(db);
    }
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_video_wall', 'nv_wall_health']).execute();
    await sql`delete from nv_migration where name >= '031'`.execute(db);

    server = await server.restart();
    expect(server.migrations[0]).toBe('031-video-walls');
    const after = server.database.db;
    const system = await after.selectFrom('t_menu').select('id').where('name', '=', 'nv_system').executeTakeFirstOrThrow();
    const menu = await after.selectFrom('t_menu').select(['name', 'path', 'right_code']).where('parent_id', '=', system.id).orderBy('sort_order').execute();
    const at = menu.findIndex((m) => m.name === 'nv_kiosk_playlists');
    expect(menu.slice(at + 1, at + 3)).toEqual([
      { name: 'nv_video_wall', path: '/nv_system/nv_video_wall', right_code: 'screen-edit' },
      { name: 'nv_wall_health', path: '/nv_system/nv_wall_health', right_code: 'screen-preview' },
    ]);
    const admin = await loginAs(server, 'admin');
    const made = await admin.post('/api/t_wall/save', { ...WALL });
    expect(made.body.success).toBe(true);
    expect((await admin.post(`/api/t_wall/${made.body.data.id}/tokens/create`, { name: 'x' })).body.success).toBe(true);

    const count = menu.length;
    server = await server.restart();
    expect(server.migrations).toEqual([]);
    expect((await server.database.db.selectFrom('t_menu').select('id').where('parent_id', '=', system.id).execute()).length).toBe(count);
  });
});
