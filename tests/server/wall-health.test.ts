import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType } from '../../contract/enums';
import { HubMethod, HubNoticeType, HubTopic } from '../../contract/hub';
import type { TileHistory } from '../../contract/wall/tile-history';
import type { TileReport, WallDefinition, WallHealth } from '../../contract/walls';
import { readConfig } from '../../server/config';
import { eventually, hubClient, Notices, sleep } from '../hub/hub-client';
import { hasRedisServer, startRedis, type RedisProcess } from '../hub/redis-server';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';

/**
 * Video wall health (issue 23, server/walls/wall-health.ts) with the real SignalR client: the clock,
 * tile reports, the watchdog's transitions (a silent tile goes down with one type-6 message to the
 * wall's administrators; a recovery is recorded, not messaged), low fps, the launcher's tile events,
 * the history, and who may do what. The watchdog runs every 100 ms and a tile is silent after 1.2 s.
 */
describe('video wall health', () => {
  const SILENT_MS = 2_000;
  let server: TestServer;
  let operator: ApiClient;
  let superadmin: ApiClient;
  let wall: WallDefinition;
  let otherWall: WallDefinition;
  /** Display tokens: the whole wall, tile 0,1 only, and a token of the other wall. */
  const token = { wall: '', tile01: '', other: '' };
  const hubs: HubConnection[] = [];
  const timers: NodeJS.Timeout[] = [];
  const db = () => server.database.db;

  async function hubFor(tokenOf: () => string | null): Promise<{ hub: HubConnection; notices: Notices }> {
    const hub = hubClient(server.url, tokenOf);
    hubs.push(hub);
    const notices = new Notices(hub);
    await hub.start();
    return { hub, notices };
  }
  function report(tile: [number, number], over: Partial<TileReport> = {}): TileReport {
    return {
      wallId: wall.id, tile, templateId: null, templateVersion: null, dataVersion: 1, itemIndex: 0, fps: 58, heapMb: 80,
      dataAgeMs: 2_000, reconnects: 0, errors: 0, ready: true, ...over,
    };
  }
  const health = async (api: ApiClient) => {
    const r = await api.get<WallHealth[]>('/api/t_wall/health');
    expect(r.status).toBe(200);
    return r.body.data!;
  };
  const tileOf = async (tile: string) => (await health(operator)).find((w) => w.wall.id === wall.id)!.tiles.find((t) => t.tile.join(',') === tile)!;
  /** The type-6 wall messages of a user, newest first. */
  const wallMessages = async (username: string) => db().selectFrom('t_history_message as m').innerJoin('t_user as u', 'u.id', 'm.user_id')
    .select(['m.type', 'm.content', 'm.data']).where('u.username', '=', username).where('m.type', '=', MessageType.SystemAlarm)
    .where('m.content', 'like', '视频墙%').orderBy('m.id', 'desc').execute();
  const events = async (tile: string) => db().selectFrom('t_wall_tile_event').select(['kind', 'detail']).where('wall_id', '=', wall.id)
    .where('tile', '=', tile).orderBy('id').execute();
  function expectError(r: ApiResponse, status: number, error: string | RegExp) {
    expect({ status: r.status, success: r.body.success }).toEqual({ status, success: false });
    expect(r.body.error).toMatch(error);
  }
  async function createToken(wallId: number, name: string, tile: [number, number] | null): Promise<string> {
    const r = await operator.post(`/api/t_wall/${wallId}/tokens/create`, { name, tile });
    expect(r.status).toBe(200);
    return r.body.data.token as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ wallWatchdogMs: 100, wallTileSilentMs: SILENT_MS });
    [operator, superadmin] = await Promise.all([loginAs(server, 'operator'), loginAs(server, 'superadmin')]);
    // The operator's organisation's walls: the operator and the super administrator are their administrators.
    const save = async (name: string) => {
      const r = await operator.post<WallDefinition>('/api/t_wall/save', { name, rows: 1, cols: 2, screenWidth: 1920, screenHeight: 1080 });
      expect(r.status).toBe(200);
      return r.body.data!;
    };
    wall = await save('健康测试墙');
    otherWall = await save('另一面墙');
    token.wall = await createToken(wall.id, '整面墙', null);
    token.tile01 = await createToken(wall.id, '右屏', [0, 1]);
    token.other = await createToken(otherWall.id, '另一面墙', null);
  });

  afterAll(async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(hubs.map((h) => h.stop()));
    await server?.dispose();
  });

  it('WallClock answers the server time, between the send and the answer', async () => {
    const { hub } = await hubFor(() => token.wall);
    const t0 = Date.now();
    const serverNow = await hub.invoke<number>(HubMethod.WallClock);
    const t2 = Date.now();
    expect(serverNow).toBeGreaterThanOrEqual(t0);
    expect(serverNow).toBeLessThanOrEqual(t2);
    await expect(hub.invoke(HubMethod.WallClock, 1)).rejects.toThrow(/takes no arguments/);
  });

  it('WallJoin subscribes a tile to its own wall only', async () => {
    const { hub } = await hubFor(() => token.wall);
    expect(await hub.invoke(HubMethod.WallJoin, wall.id)).toBe(HubTopic.wall(wall.id));
    await expect(hub.invoke(HubMethod.WallJoin, otherWall.id)).rejects.toThrow(/another wall/);
    await expect(hub.invoke(HubMethod.WallJoin, 'x')).rejects.toThrow(/the wall id/);
    const person = await hubFor(() => operator.token);
    expect(await person.hub.invoke(HubMethod.WallJoin, otherWall.id)).toBe(HubTopic.wall(otherWall.id));
  });

  it('a report makes its tile ok; the others stay unknown; bad reports are refused naming the field', async () => {
    const { hub } = await hubFor(() => token.wall);
    expect(await hub.invoke(HubMethod.WallReport, report([0, 0]))).toBe(true);
    const tile = await tileOf('0,0');
    expect(tile.state).toBe('ok');
    expect(tile.reasons).toEqual([]);
    expect(tile.lastReport).toMatchObject({ fps: 58, heapMb: 80, tile: [0, 0] });
    expect((await tileOf('0,1')).state).toBe('unknown');
    // The super administrator sees every wall; the operator's other wall has heard nothing.
    const all = await health(superadmin);
    expect(all.find((w) => w.wall.id === wall.id)!.tiles.map((t) => t.state)).toEqual(['ok', 'unknown']);
    expect(all.find((w) => w.wall.id === otherWall.id)).toEqual({
      wall: { id: otherWall.id, name: '另一面墙', rows: 1, cols: 2 },
      tiles: [{ tile: [0, 0], state: 'unknown', reasons: [], lastReport: null }, { tile: [0, 1], state: 'unknown', reasons: [], lastReport: null }],
    });

    await expect(hub.invoke(HubMethod.WallReport, report([0, 0], { fps: -1 }))).rejects.toThrow(/report\.fps/);
    await expect(hub.invoke(HubMethod.WallReport, report([1, 0]))).rejects.toThrow(/report\.tile: 1,0 is not a tile of this 1×2 wall/);
    await expect(hub.invoke(HubMethod.WallReport, { ...report([0, 0]), wallId: otherWall.id })).rejects.toThrow(/another wall/);
    // A tile's token reports for its tile only.
    const right = await hubFor(() => token.tile01);
    await expect(right.hub.invoke(HubMethod.WallReport, report([0, 0]))).rejects.toThrow(/another tile/);
    // The first report of a tile is kept as history at once, then at most one a minute.
    for (let i = 0; i < 3; i++) await hub.invoke(HubMethod.WallReport, report([0, 0]));
    const rows = await db().selectFrom('t_wall_tile_report').select(['tile', 'fps', 'state']).where('wall_id', '=', wall.id).execute();
    expect(rows).toEqual([{ tile: '0,0', fps: 58, state: 'ok' }]);
  });

  it('a silent tile goes down with one type-6 message to the wall\'s administrators; its recovery is recorded, not messaged', async () => {
    const { hub } = await hubFor(() => token.wall);
    const watcher = await hubFor(() => operator.token);
    const before = { operator: (await wallMessages('operator')).length, superadmin: (await wallMessages('superadmin')).length };
    await hub.invoke(HubMethod.WallReport, report([0, 0]));
    // Nothing more from 0,0: down after SILENT_MS.
    await eventually(async () => (await tileOf('0,0')).state === 'down', 8_000, 'tile 0,0 down');
    expect((await tileOf('0,0')).reasons).toEqual(['silent']);
    await eventually(async () => (await wallMessages('operator')).length > before.operator, 3_000, 'the down message');
    await sleep(500); // several more watchdog rounds: still one message
    const [message] = await wallMessages('operator');
    const down = (await wallMessages('operator')).filter((m) => m.content === `视频墙「健康测试墙」第1行第1列屏幕无响应`);
    expect(down).toHaveLength(1);
    expect(JSON.parse(message.data)).toMatchObject({
      wallId: wall.id, wallName: '健康测试墙', tiles: ['0,0'], state: 'down', reasons: ['silent'],
      contentEn: 'Video wall "健康测试墙": the screen at row 1, column 1 is not responding',
    });
    expect((await wallMessages('superadmin')).filter((m) => m.content === message.content)).toHaveLength(1);
    expect((await wallMessages('superadmin')).length).toBeGreaterThan(before.superadmin);
    // Pushed to the administrators' consoles as it was written.
    const pushed = await watcher.notices.next(HubNoticeType.Message);
    expect(pushed.data).toMatchObject({ type: MessageType.SystemAlarm, content: message.content });
    expect((await events('0,0')).map((e) => e.kind)).toContain('down');

    const messages = (await wallMessages('operator')).length;
    await hub.invoke(HubMethod.WallReport, report([0, 0]));
    expect((await tileOf('0,0')).state).toBe('ok');
    await eventually(async () => (await events('0,0')).some((e) => e.kind === 'recovered'), 3_000, 'the recovery event');
    expect((await wallMessages('operator')).length).toBe(messages);
    // Keep it alive for the next cases.
    timers.push(setInterval(() => { void hub.invoke(HubMethod.WallReport, report([0, 0])).catch(() => undefined); }, 300));
  });

  it('a tile under 20 fps on its last three reports turns unwell and is messaged once', async () => {
    const { hub } = await hubFor(() => token.tile01);
    const before = (await wallMessages('operator')).length;
    await hub.invoke(HubMethod.WallReport, report([0, 1], { fps: 50 }));
    for (let i = 0; i < 3; i++) await hub.invoke(HubMethod.WallReport, report([0, 1], { fps: 12 }));
    const tile = await tileOf('0,1');
    expect([tile.state, tile.reasons]).toEqual(['warn', ['lowFps']]);
    await eventually(async () => (await wallMessages('operator')).length > before, 3_000, 'the low fps message');
    await hub.invoke(HubMethod.WallReport, report([0, 1], { fps: 11 }));
    await sleep(300);
    const sent = (await wallMessages('operator')).filter((m) => m.content.includes('第1行第2列屏幕异常'));
    expect(sent.map((m) => m.content)).toEqual(['视频墙「健康测试墙」第1行第2列屏幕异常：帧率低于 20 fps']);
    expect(JSON.parse(sent[0].data)).toMatchObject({ state: 'warn', reasons: ['lowFps'], tiles: ['0,1'] });
    expect((await events('0,1')).map((e) => [e.kind, e.detail])).toContainEqual(['warn', 'lowFps']);
    // Back over 20 fps: recovered (the tile goes silent afterwards, which the next case does not mind).
    for (let i = 0; i < 3; i++) await hub.invoke(HubMethod.WallReport, report([0, 1], { fps: 60 }));
    expect((await tileOf('0,1')).state).toBe('ok');
  });

  it('the launcher reports a restarted tile with its display token; the tile shows it', async () => {
    const display = new ApiClient(server.url);
    display.token = token.wall;
    const r = await display.post(`/api/t_wall/${wall.id}/tile-event`, { tile: [0, 0], kind: 'restarted', detail: 'page crashed (exit 1)' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'restarted', detail: 'page crashed (exit 1)' });
    // (The watchdog may already have recorded the tile's turn to 'warn' after it.)
    expect(await events('0,0')).toContainEqual({ kind: 'restarted', detail: 'page crashed (exit 1)' });
    const tile = await tileOf('0,0');
    expect(tile.reasons).toContain('restarted');

    expectError(await display.post(`/api/t_wall/${wall.id}/tile-event`, { tile: [0, 0], kind: 'exploded' }), 400, /^body\.kind/);
    expectError(await display.post(`/api/t_wall/${wall.id}/tile-event`, { tile: [0, 5], kind: 'hung' }), 400, /^body\.tile: 0,5 is not a tile/);
    expectError(await display.post(`/api/t_wall/${otherWall.id}/tile-event`, { tile: [0, 0], kind: 'hung' }), 404, /视频墙不存在/);
    const tileToken = new ApiClient(server.url);
    tileToken.token = token.tile01;
    expectError(await tileToken.post(`/api/t_wall/${wall.id}/tile-event`, { tile: [0, 0], kind: 'hung' }), 403, /另一块屏幕/);
    // A display token reads no health: that is the administrators' page.
    expect((await display.get('/api/t_wall/health')).status).toBe(403);
  });

  it('the history of a tile: sampled reports and events, oldest first; bad queries name the field', async () => {
    const r = await operator.get<TileHistory>(`/api/t_wall/${wall.id}/tile-history?tile=0,0`);
    expect(r.status).toBe(200);
    const history = r.body.data!;
    expect(history.tile).toEqual([0, 0]);
    expect(history.to - history.from).toBe(6 * 3_600_000);
    expect(history.reports[0]).toMatchObject({ fps: 58, heapMb: 80, dataAgeMs: 2_000, state: 'ok', reasons: [] });
    expect(history.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['down', 'recovered', 'restarted']));
    expect([...history.events].sort((a, b) => a.at - b.at)).toEqual(history.events);

    expectError(await operator.get(`/api/t_wall/${wall.id}/tile-history?tile=x`), 400, /^query\.tile/);
    expectError(await operator.get(`/api/t_wall/${wall.id}/tile-history?tile=2,0`), 400, /^query\.tile: 2,0 is not a tile/);
    expectError(await operator.get(`/api/t_wall/${wall.id}/tile-history?tile=0,0&from=5&to=4`), 400, /^query\.from/);
    expectError(await operator.get(`/api/t_wall/${wall.id}/tile-history?tile=0,0&from=0&to=${8 * 86_400_000}`), 400, /^query\.from: .*7 days/);
    expectError(await operator.get('/api/t_wall/999999/tile-history?tile=0,0'), 404, /视频墙不存在/);
  });

  it('after a server restart, a tile that does not come back goes down (messaged); one already down is not messaged again', async () => {
    await eventually(async () => (await tileOf('0,1')).state === 'down', 8_000, 'tile 0,1 down before the restart');
    /** Down messages naming `tile` (tiles of one wall going down at one check share a message). */
    const downs = async (tile: string) => (await wallMessages('operator'))
      .filter((m) => { const d = JSON.parse(m.data); return d.state === 'down' && d.tiles.includes(tile); }).length;
    // 0,1 has not been down before: its first down message (written after its event).
    await eventually(async () => (await downs('0,1')) === 1, 3_000, 'the down message of 0,1');
    expect((await events('0,1')).at(-1)?.kind).toBe('down');
    for (const t of timers.splice(0)) clearInterval(t);
    const down00 = await downs('0,0');
    const down01 = await downs('0,1');
    expect((await tileOf('0,0')).state).not.toBe('down');
    server = await server.restart();
    operator = await loginAs(server, 'operator');
    // 0,0 was well when the server stopped: read back as heard at the start, then silent.
    expect((await tileOf('0,0')).state).not.toBe('unknown');
    await eventually(async () => (await tileOf('0,0')).state === 'down', 8_000, 'tile 0,0 down after the restart');
    await eventually(async () => (await downs('0,0')) === down00 + 1, 3_000, 'a new down message for 0,0');
    await sleep(400);
    expect(await downs('0,0')).toBe(down00 + 1);
    expect(await downs('0,1')).toBe(down01);
    expect((await tileOf('0,1')).state).toBe('down');
    expect((await events('0,1')).at(-1)?.kind).toBe('down');
  });

  it('a deleted wall takes its tiles\' history and memory with it', async () => {
    const gone = (await operator.post<WallDefinition>('/api/t_wall/save', { name: '将删除的墙', rows: 1, cols: 1, screenWidth: 1920, screenHeight: 1080 })).body.data!;
    const t = await createToken(gone.id, '删', null);
    const { hub } = await hubFor(() => t);
    await hub.invoke(HubMethod.WallReport, { ...report([0, 0]), wallId: gone.id });
    expect((await health(operator)).some((w) => w.wall.id === gone.id)).toBe(true);
    expect((await operator.post(`/api/t_wall/${gone.id}/delete`)).status).toBe(200);
    expect((await health(operator)).some((w) => w.wall.id === gone.id)).toBe(false);
    expect(await db().selectFrom('t_wall_tile_report').select('id').where('wall_id', '=', gone.id).execute()).toEqual([]);
  });
});

describe('the wall watchdog setting', () => {
  it('WALL_WATCHDOG_MS: 5 s by default, 0 turns the watchdog off', () => {
    expect(readConfig({}).wallWatchdogMs).toBe(5_000);
    expect(readConfig({ WALL_WATCHDOG_MS: '0' }).wallWatchdogMs).toBe(0);
    expect(readConfig({}).wallTileSilentMs).toBe(20_000);
    expect(() => readConfig({ WALL_WATCHDOG_MS: 'soon' })).toThrow(/WALL_WATCHDOG_MS/);
  });

  it('without a watchdog a silent tile is judged down on reading, and nothing is recorded or messaged', async () => {
    const server = await startTestServer({ wallWatchdogMs: 0, wallTileSilentMs: 1_000 });
    const hubs: HubConnection[] = [];
    try {
      const operator = await loginAs(server, 'operator');
      const wall = (await operator.post<WallDefinition>('/api/t_wall/save', { name: '无看门狗', rows: 1, cols: 1, screenWidth: 1920, screenHeight: 1080 })).body.data!;
      const t = (await operator.post(`/api/t_wall/${wall.id}/tokens/create`, { name: '屏', tile: null })).body.data.token as string;
      const hub = hubClient(server.url, () => t);
      hubs.push(hub);
      await hub.start();
      await hub.invoke(HubMethod.WallReport, {
        wallId: wall.id, tile: [0, 0], templateId: null, templateVersion: null, dataVersion: null, itemIndex: null, fps: 60, heapMb: null,
        dataAgeMs: null, reconnects: 0, errors: 0, ready: true,
      });
      await sleep(1_400);
      const read = (await operator.get<WallHealth[]>('/api/t_wall/health')).body.data!.find((w) => w.wall.id === wall.id)!;
      expect(read.tiles[0].state).toBe('down');
      const db = server.database.db;
      expect(await db.selectFrom('t_wall_tile_event').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('t_history_message').select('id').where('content', 'like', '视频墙%').execute()).toEqual([]);
    } finally {
      await Promise.all(hubs.map((h) => h.stop()));
      await server.dispose();
    }
  });
});

/**
 * Two server processes over Redis (REDIS_URL), sharing one database: every tile's latest report is
 * shared, so a tile whose hub connection moves to the other process is not silent on the first,
 * either process's health page shows it, and its going down is recorded and messaged once.
 */
describe.skipIf(!hasRedisServer)('video wall health on two processes over Redis (skipped only where redis-server is not installed)', () => {
  const SILENT_MS = 1_500;
  let redis: RedisProcess;
  let a: TestServer;
  let b: TestServer;
  const hubs: HubConnection[] = [];
  const timers: NodeJS.Timeout[] = [];
  afterAll(async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all(hubs.map((h) => h.stop()));
    await b?.dispose();
    await a?.dispose();
    await redis?.stop();
  });

  it('judges every tile from what both heard; a moved tile is not silent; one down event and one message', async () => {
    redis = await startRedis();
    const config = { redisUrl: redis.url, wallWatchdogMs: 100, wallTileSilentMs: SILENT_MS };
    a = await startTestServer(config);
    b = await startTestServer({ ...config, dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl });
    const [onA, onB] = await Promise.all([loginAs(a, 'operator'), loginAs(b, 'operator')]);
    const wall = (await onA.post<WallDefinition>('/api/t_wall/save', { name: '两进程墙', rows: 1, cols: 2, screenWidth: 1920, screenHeight: 1080 })).body.data!;
    const token = (await onA.post(`/api/t_wall/${wall.id}/tokens/create`, { name: '整墙', tile: null })).body.data.token as string;
    const db = a.database.db;
    const tile = async (api: ApiClient) => ((await api.get<WallHealth[]>('/api/t_wall/health')).body.data!)
      .find((w) => w.wall.id === wall.id)!.tiles.find((t) => t.tile.join(',') === '0,0')!;
    const downEvents = async () => (await db.selectFrom('t_wall_tile_event').select('kind').where('wall_id', '=', wall.id).where('tile', '=', '0,0').execute())
      .filter((e) => e.kind === 'down').length;
    const messages = async () => (await db.selectFrom('t_history_message as m').innerJoin('t_user as u', 'u.id', 'm.user_id').select('m.id')
      .where('u.username', '=', 'operator').where('m.type', '=', MessageType.SystemAlarm).where('m.content', 'like', '视频墙「两进程墙」%').execute()).length;
    const report: TileReport = {
      wallId: wall.id, tile: [0, 0], templateId: null, templateVersion: null, dataVersion: 1, itemIndex: 0, fps: 58, heapMb: 80,
      dataAgeMs: 1_000, reconnects: 0, errors: 0, ready: true,
    };
    const reportFrom = async (url: string) => {
      const hub = hubClient(url, () => token);
      hubs.push(hub);
      await hub.start();
      await hub.invoke(HubMethod.WallReport, report);
      const timer = setInterval(() => { void hub.invoke(HubMethod.WallReport, report).catch(() => undefined); }, 250);
      timers.push(timer);
      return async () => { clearInterval(timer); await hub.stop(); };
    };

    // The tile reports to A: B's health page shows it too.
    const stopA = await reportFrom(a.url);
    await eventually(async () => (await tile(onB)).state === 'ok', 5_000, 'the tile ok on B');
    // Its connection moves to B (a reconnect): A keeps hearing of it, past the silence limit.
    await stopA();
    const movedAt = Date.now();
    const stopB = await reportFrom(b.url);
    await eventually(async () => ((await tile(onA)).lastReport?.at ?? 0) > movedAt + SILENT_MS, 8_000, 'A hearing of the tile past the silence limit');
    expect((await tile(onA)).state).toBe('ok');
    expect(await downEvents()).toBe(0);

    // It stops: both processes judge it down; one event, one message.
    const before = await messages();
    await stopB();
    await eventually(async () => (await downEvents()) > 0, 8_000, 'the down event');
    await eventually(async () => (await tile(onA)).state === 'down' && (await tile(onB)).state === 'down', 3_000, 'down on both');
    await sleep(600); // several more rounds of both watchdogs
    expect(await downEvents()).toBe(1);
    expect(await messages()).toBe(before + 1);
  });
});
