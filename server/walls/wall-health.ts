import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { HubMethod, HubTopic } from '../../contract/hub';
import { Right } from '../../contract/rights';
import { formatTile, isTileOf, parseTile } from '../../contract/wall/tile-geometry';
import { evaluateTile, TILE_HEALTH_DEFAULTS } from '../../contract/wall/tile-health';
import type { TileHistoryEvent } from '../../contract/wall/tile-history';
import {
  TILE_SILENT_MS, TileReport, WALL_REPORT_INTERVAL_MS, type TileEventBody, type TileHealth, type TileProblem, type TileReportAt, type TileState,
  type WallHealth,
} from '../../contract/walls';
import type { AuthUser } from '../auth/auth-user';
import { touchDisplayToken } from '../auth/display-tokens';
import type { DB } from '../db/schema';
import { pushMessagesTo, sendMessages } from '../gateway/upgrade-items';
import { describeZodError } from '../http/endpoint';
import { HubMethodError, type HubConnection } from '../hub/connection';
import type { HubMethodHandler } from '../hub/hub-server';
import type { HubPublisher } from '../hub/publisher';
import { tileShareKey, type TileShare } from './tile-share';
import { tileAlarmMessage } from './tile-alarm-message';
import { tilesOf, transitionOf, type Transition } from './tile-transitions';
import { WallHealthRepository, type TileEventRow, type WallFacts } from './wall-health-repository';

/**
 * Video wall health (issue 23, "Wall health"): the tiles' reports over the hub, kept in memory
 * (the last half hour per tile, what evaluateTile reads) and sampled into t_wall_tile_report at
 * most once a minute per tile; a watchdog that judges every tile of every wall on a timer and,
 * when a tile goes down or turns unwell, records the transition (t_wall_tile_event) and sends a
 * system alarm message (type 6) to the wall's administrators, once per transition; a recovery is
 * recorded, not messaged. Also the hub methods WallClock, WallReport and WallJoin.
 *
 * Nothing here waits on ingest or holds a transaction: the watchdog reads t_wall, judges in
 * memory, and writes a row only on a transition; report samples are written one after another in
 * the background (dropped, with a warning, when the database falls far behind).
 *
 * Several server processes (REDIS_URL): a tile's hub connection is on one process, and moves when
 * it reconnects. Each process keeps every tile's latest report in Redis (TileShare) and merges the
 * others' into its memory at every watchdog round and health read, so every process judges every
 * tile from what all of them heard (a tile that moved to another process is not silent; the
 * health page is whole on any process), and a transition is recorded and messaged by the one
 * process that claims it first (SET NX: a tile's going down by the time of its last report, other
 * transitions by kind and problems within a few watchdog rounds). The history of a tile heard
 * elsewhere is what the rounds sampled of it (about one report a round), and a launcher's restart
 * event is known to the process that got it (and to all after a restart, from the database).
 */

/** A report is kept in t_wall_tile_report at most this often per tile. */
export const TILE_SAMPLE_MS = 60_000;
/** Sampled reports and events are kept this long. */
export const TILE_REPORT_RETENTION_MS = 30 * 24 * 3_600_000;
export const TILE_EVENT_RETENTION_MS = 90 * 24 * 3_600_000;
/** Reports in memory per tile, at most (half an hour at one every 5 s is 360). */
const MAX_REPORTS_PER_TILE = 720;
/** Report samples waiting to be written, at most (beyond: dropped). */
const MAX_PENDING_WRITES = 200;
/** How long wall facts read for a report stay good. */
const WALL_FACTS_TTL_MS = 5_000;
/** At start, what the watchdog knew in the last hour is read back (a tile gone with the server is then seen silent). */
const RESUME_WINDOW_MS = 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;
/** How long a tile's going down (by its last report's time) stays claimed by the process that recorded it. */
const SHARED_DOWN_CLAIM_MS = 24 * 3_600_000;

/** What the service needs of the hub: adding methods and pushing messages to users. */
export interface WallHealthHub extends HubPublisher {
  registerMethod(name: string, handler: HubMethodHandler): () => void;
  /** The hub's own Subscribe (the topic rule of server/hub/topics.ts decides who may join a wall). */
  invoke(connection: HubConnection, target: string, args: unknown[]): Promise<unknown>;
}

export interface WallHealthOptions {
  db: Kysely<DB>;
  hub: WallHealthHub;
  log: FastifyBaseLogger;
  /** Watchdog period (`WALL_WATCHDOG_MS`, default 5000); 0: no watchdog (health is still judged on every read). */
  watchdogMs: number;
  /** A tile not heard from for longer is down (`WALL_TILE_SILENT_MS`, default TILE_SILENT_MS). */
  silentMs?: number;
  now?: () => number;
  /** What several server processes share (REDIS_URL); absent with one process. */
  share?: TileShare;
}

interface TileMemory {
  /** Oldest first; always at least the last report once there was one. */
  reports: TileReportAt[];
  /** When a report of this tile was last written to t_wall_tile_report. */
  sampledAt: number;
  /** The state and problems the watchdog judged last. */
  state: TileState;
  reasons: TileProblem[];
  /** The launcher's last restart, hang or crash of this tile (TileEvent), server ms. */
  lastRestartAt: number | null;
}

const DISPLAY_REPORTS_OTHER_WALL = 'This display token belongs to another wall.';
const DISPLAY_REPORTS_OTHER_TILE = 'This display token belongs to another tile.';

/** The display principal of a hub or HTTP caller, if it is one. */
function displayOf(user: AuthUser): AuthUser['display'] {
  return user.display;
}

/** Whether a person sees a wall (global walls everyone; an organisation's within the data scope). */
function personSees(user: AuthUser, wall: WallFacts): boolean {
  return wall.orgId === null || user.scope.all || user.scope.orgIds.includes(wall.orgId);
}

export class WallHealthService {
  private readonly repo: WallHealthRepository;
  private readonly now: () => number;
  private readonly silentMs: number;
  private readonly tiles = new Map<number, Map<string, TileMemory>>();
  private readonly facts = new Map<number, { wall: WallFacts | null; at: number }>();
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private resumed: Promise<void> | undefined;
  private writes: Promise<void> = Promise.resolve();
  private pendingWrites = 0;
  private lastPruneAt = 0;
  private stopped = false;
  private readonly unregister: (() => void)[] = [];

  constructor(private readonly options: WallHealthOptions) {
    this.repo = new WallHealthRepository(options.db);
    this.now = options.now ?? (() => Date.now());
    this.silentMs = options.silentMs ?? TILE_SILENT_MS;
  }

  /** Adds the hub methods and starts the watchdog (unless `watchdogMs` is 0). */
  start(): void {
    const { hub } = this.options;
    this.unregister.push(
      hub.registerMethod(HubMethod.WallClock, (_c, args) => {
        if (args.length) throw new HubMethodError('WallClock takes no arguments.');
        return this.now();
      }),
      hub.registerMethod(HubMethod.WallReport, (c, args) => {
        if (args.length !== 1) throw new HubMethodError('Expected one argument: the report.');
        this.used(c.user);
        return this.report(c.user, args[0]);
      }),
      hub.registerMethod(HubMethod.WallJoin, (c, args) => {
        this.used(c.user);
        return this.join(c, args);
      }),
    );
    if (this.options.watchdogMs > 0) {
      this.timer = setInterval(() => { void this.check(); }, this.options.watchdogMs);
      this.timer.unref();
    }
  }

  /** Stops the watchdog, removes the hub methods and waits for a check and the writes in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const off of this.unregister.splice(0)) off();
    await this.checking;
    await this.writes;
    await this.options.share?.close();
  }

  /** A display token talking over the hub is in use: its `lastUsedAt` moves (throttled: no write per report). */
  private used(user: AuthUser): void {
    const display = displayOf(user);
    if (!display || this.stopped) return;
    touchDisplayToken(this.options.db, display.tokenId, this.now()).catch((err: unknown) => {
      this.options.log.warn({ err }, 'wall health: recording a display token\'s use failed');
    });
  }

  /** The wall of a report or join, if the caller may use it as a tile; a HubMethodError otherwise. */
  private async tileWall(user: AuthUser, wallId: number): Promise<WallFacts> {
    const display = displayOf(user);
    if (display && display.wallId !== wallId) throw new HubMethodError(DISPLAY_REPORTS_OTHER_WALL);
    if (!display && (user.isGuest || !user.rights.has(Right.ScreenPreview))) throw new HubMethodError(`Not allowed to report for wall ${wallId}.`);
    const wall = await this.wallFacts(wallId);
    if (!wall || (!display && !personSees(user, wall))) throw new HubMethodError(`Unknown wall ${wallId}.`);
    return wall;
  }

  /** A wall's facts, read at most every few seconds (a report arrives every 5 s from every tile). */
  private async wallFacts(id: number): Promise<WallFacts | null> {
    const hit = this.facts.get(id);
    const now = this.now();
    if (hit && now - hit.at < WALL_FACTS_TTL_MS) return hit.wall;
    const wall = (await this.repo.wall(id)) ?? null;
    if (this.facts.size > 10_000) this.facts.clear();
    this.facts.set(id, { wall, at: now });
    return wall;
  }

  /** HubMethod.WallReport: keeps a tile's report (and a sample of it now and then). */
  async report(user: AuthUser, raw: unknown): Promise<true> {
    const parsed = TileReport.safeParse(raw);
    if (!parsed.success) throw new HubMethodError(describeZodError('report', parsed.error));
    const report = parsed.data;
    const wall = await this.tileWall(user, report.wallId);
    const display = displayOf(user);
    if (display?.tile && formatTile(display.tile) !== formatTile(report.tile)) throw new HubMethodError(DISPLAY_REPORTS_OTHER_TILE);
    if (!isTileOf(wall, report.tile)) {
      throw new HubMethodError(`report.tile: ${formatTile(report.tile)} is not a tile of this ${wall.rows}×${wall.cols} wall`);
    }
    const at = this.now();
    const mem = this.memory(wall.id, report.tile);
    mem.reports.push({ ...report, at });
    this.options.share?.put({ ...report, at });
    this.trim(mem, at);
    if (at - mem.sampledAt >= TILE_SAMPLE_MS) {
      mem.sampledAt = at;
      const health = this.evaluate(mem, report.tile, at);
      this.write(() => this.repo.insertReport({
        wallId: wall.id, tile: formatTile(report.tile), at, fps: report.fps, heapMb: report.heapMb, dataAgeMs: report.dataAgeMs,
        reconnects: report.reconnects, errors: report.errors, templateId: report.templateId, dataVersion: report.dataVersion,
        state: health.state, reasons: health.reasons,
      }));
    }
    return true;
  }

  /** HubMethod.WallJoin: subscribes the connection to `wall:<id>` (the hub's topic rule decides). */
  async join(connection: HubConnection, args: unknown[]): Promise<string> {
    const [wallId] = args;
    if (args.length !== 1 || typeof wallId !== 'number' || !Number.isInteger(wallId) || wallId < 1 || wallId > 2_147_483_647) {
      throw new HubMethodError('Expected one argument: the wall id.');
    }
    const display = displayOf(connection.user);
    if (display && display.wallId !== wallId) throw new HubMethodError(DISPLAY_REPORTS_OTHER_WALL);
    return await this.options.hub.invoke(connection, HubMethod.Subscribe, [HubTopic.wall(wallId)]) as string;
  }

  /** POST /api/t_wall/{id}/tile-event: the launcher restarted (or found hung, crashed, started) a tile. */
  async tileEvent(user: AuthUser, wallId: number, body: TileEventBody): Promise<TileHistoryEvent | 'notFound' | 'otherTile' | 'offWall'> {
    const display = displayOf(user);
    const wall = await this.repo.wall(wallId);
    if (!wall || (display ? display.wallId !== wallId : !personSees(user, wall))) return 'notFound';
    if (display?.tile && formatTile(display.tile) !== formatTile(body.tile)) return 'otherTile';
    if (!isTileOf(wall, body.tile)) return 'offWall';
    const at = this.now();
    const event: TileEventRow = { wallId, tile: formatTile(body.tile), at, kind: body.kind, detail: body.detail ?? '' };
    await this.repo.insertEvents([event]);
    if (body.kind !== 'started') this.memory(wallId, body.tile).lastRestartAt = at;
    return { at, kind: event.kind, detail: event.detail };
  }

  /** GET /api/t_wall/health: every wall the person sees, its tiles judged now, row by row. */
  async health(user: AuthUser): Promise<WallHealth[]> {
    const now = this.now();
    await this.resume(now);
    const walls = await this.repo.visibleWalls(user);
    await this.mergeShared(walls, now);
    return walls.map((wall) => ({
      wall: { id: wall.id, name: wall.name, rows: wall.rows, cols: wall.cols },
      tiles: tilesOf(wall).map((tile) => {
        const mem = this.tiles.get(wall.id)?.get(formatTile(tile));
        return mem ? this.evaluate(mem, tile, now) : { tile, state: 'unknown' as const, reasons: [], lastReport: null };
      }),
    }));
  }

  /** The wall a person may read the health history of, or undefined. */
  async visibleWall(user: AuthUser, wallId: number): Promise<WallFacts | undefined> {
    const wall = await this.repo.wall(wallId);
    return wall && personSees(user, wall) ? wall : undefined;
  }

  history(wallId: number, tile: [number, number], from: number, to: number) {
    return this.repo.history(wallId, formatTile(tile), from, to);
  }

  /**
   * One watchdog round: judges every tile of every wall at `now`; records every change of state,
   * and messages the administrators of tiles that went down or turned unwell. One round at a time.
   */
  check(now = this.now()): Promise<void> {
    if (!this.checking) {
      const run = this.runCheck(now).catch((err: unknown) => { this.options.log.error({ err }, 'wall watchdog failed'); });
      this.checking = run;
      void run.finally(() => { if (this.checking === run) this.checking = undefined; });
    }
    return this.checking;
  }

  private async runCheck(now: number): Promise<void> {
    if (this.stopped) return;
    await this.resume(now);
    const walls = await this.repo.allWalls();
    const byId = new Map(walls.map((w) => [w.id, w]));
    for (const wall of walls) this.facts.set(wall.id, { wall, at: now });
    for (const id of this.tiles.keys()) if (!byId.has(id)) this.tiles.delete(id);
    await this.mergeShared(walls, now, true);

    const transitions: Transition[] = [];
    for (const wall of walls) {
      const tiles = this.tiles.get(wall.id);
      if (!tiles) continue;
      for (const [key, mem] of tiles) {
        const tile = parseTile(key);
        if (!tile || !isTileOf(wall, tile)) { tiles.delete(key); continue; }
        this.trim(mem, now);
        const health = this.evaluate(mem, tile, now);
        const t = transitionOf(wall, tile, mem, health);
        mem.state = health.state;
        mem.reasons = health.reasons;
        if (t) transitions.push(t);
      }
    }
    if (transitions.length) await this.record(await this.claimed(transitions), now);
    if (now - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = now;
      await this.repo.prune(now - TILE_REPORT_RETENTION_MS, now - TILE_EVENT_RETENTION_MS);
    }
  }

  /**
   * With other processes (REDIS_URL): takes into memory the latest reports they heard of these
   * walls' tiles (newer than this process's last); a tile first heard of here that is already
   * silent is taken as down (it went down before: not a transition of this process's). `prune`:
   * forgets the shared tiles of walls deleted or shrunk (`walls` is then every wall).
   */
  private async mergeShared(walls: readonly WallFacts[], now: number, prune = false): Promise<void> {
    const share = this.options.share;
    if (!share) return;
    const byId = new Map(walls.map((w) => [w.id, w]));
    const gone: string[] = [];
    for (const [key, report] of await share.latest()) {
      const wall = byId.get(report.wallId);
      if (!wall || !isTileOf(wall, report.tile)) {
        if (prune) gone.push(key);
        continue;
      }
      const known = this.tiles.get(wall.id)?.get(formatTile(report.tile));
      const mem = known ?? this.memory(wall.id, report.tile);
      const last = mem.reports.at(-1);
      if (last && last.at >= report.at) continue;
      mem.reports.push(report);
      if (!known && now - report.at > this.silentMs) {
        mem.state = 'down';
        mem.reasons = ['silent'];
      }
    }
    share.forget(gone);
  }

  /**
   * The transitions this process records and messages: all with one process; with several, those
   * it claims first (the others judge the same tiles from the same shared reports).
   */
  private async claimed(transitions: Transition[]): Promise<Transition[]> {
    const share = this.options.share;
    if (!share) return transitions;
    // A tile's going down is one per silence (its last report's time); the others are claimed for
    // a few rounds, the time every process takes to judge the same reports.
    const roundsMs = 3 * Math.max(this.options.watchdogMs, 1) + WALL_REPORT_INTERVAL_MS;
    const won = await Promise.all(transitions.map((t) => {
      const base = `${tileShareKey(t.wall.id, formatTile(t.tile))}:${t.kind}`;
      return t.kind === 'down'
        ? share.claim(`${base}:${t.health.lastReport?.at ?? 0}`, SHARED_DOWN_CLAIM_MS)
        : share.claim(`${base}:${t.health.reasons.join(',')}`, roundsMs);
    }));
    return transitions.filter((_t, i) => won[i]);
  }

  /** Writes the transitions' events, then one message per wall for the tiles gone down and one per tile turned unwell. */
  private async record(transitions: Transition[], now: number): Promise<void> {
    await this.repo.insertEvents(transitions.map((t) => ({
      wallId: t.wall.id, tile: formatTile(t.tile), at: now, kind: t.kind, detail: t.health.reasons.join(','),
    })));
    const push = pushMessagesTo(this.options.hub);
    const admins = new Map<number, number[]>();
    const adminsOf = async (wall: WallFacts) => {
      let ids = admins.get(wall.id);
      if (!ids) admins.set(wall.id, (ids = await this.repo.administratorsOf(wall)));
      return ids;
    };
    const down = new Map<number, Transition[]>();
    for (const t of transitions) {
      if (!t.message) continue;
      if (t.kind === 'down') {
        const list = down.get(t.wall.id);
        if (list) list.push(t);
        else down.set(t.wall.id, [t]);
        continue;
      }
      const event = await sendMessages(this.options.db, await adminsOf(t.wall), tileAlarmMessage(t.wall, 'warn', [t.tile], t.gained), now);
      if (event) push(event);
    }
    for (const list of down.values()) {
      const wall = list[0].wall;
      const event = await sendMessages(this.options.db, await adminsOf(wall), tileAlarmMessage(wall, 'down', list.map((t) => t.tile), ['silent']), now);
      if (event) push(event);
    }
  }

  /**
   * Once, before the first judgement: what the watchdog knew in the last hour — every tile's last
   * sampled report, taken as heard at the start (a tile that does not come back after a restart
   * is then seen silent `silentMs` later), with its state as judged then or by a later transition
   * (a tile already down stays down: no second message), and the launcher's recent restarts.
   */
  private resume(now: number): Promise<void> {
    this.resumed ??= (async () => {
      const { reports, events } = await this.repo.recent(now - Math.max(RESUME_WINDOW_MS, TILE_HEALTH_DEFAULTS.restartWindowMs));
      const lastTransition = new Map<string, TileEventRow>();
      for (const e of events) {
        const key = `${e.wallId}:${e.tile}`;
        if (e.kind === 'down' || e.kind === 'warn' || e.kind === 'recovered') lastTransition.set(key, e);
        else if (e.kind !== 'started') {
          const tile = parseTile(e.tile);
          if (!tile) continue;
          const mem = this.memory(e.wallId, tile);
          mem.lastRestartAt = Math.max(mem.lastRestartAt ?? 0, e.at);
        }
      }
      for (const r of reports) {
        const tile = parseTile(r.tile);
        if (!tile) continue;
        const mem = this.memory(r.wallId, tile);
        if (mem.reports.length) continue;
        const later = lastTransition.get(`${r.wallId}:${r.tile}`);
        const judged = later && later.at >= r.at
          ? { state: later.kind === 'recovered' ? 'ok' as const : later.kind as 'down' | 'warn', reasons: later.detail ? later.detail.split(',') as TileProblem[] : [] }
          : { state: r.state, reasons: [...r.reasons] };
        mem.sampledAt = r.at;
        mem.state = judged.state;
        mem.reasons = judged.reasons;
        mem.reports.push({
          wallId: r.wallId, tile, templateId: r.templateId, templateVersion: null, dataVersion: r.dataVersion, itemIndex: null, fps: r.fps,
          // A tile already down stays as last heard (still silent); any other as heard now.
          heapMb: r.heapMb, dataAgeMs: r.dataAgeMs, reconnects: r.reconnects, errors: r.errors, ready: true,
          at: judged.state === 'down' ? r.at : Math.max(r.at, now),
        });
      }
    })().catch((err: unknown) => {
      this.options.log.error({ err }, 'wall health: reading back the last reports failed');
    });
    return this.resumed;
  }

  private memory(wallId: number, tile: readonly [number, number]): TileMemory {
    let tiles = this.tiles.get(wallId);
    if (!tiles) this.tiles.set(wallId, (tiles = new Map()));
    const key = formatTile(tile);
    let mem = tiles.get(key);
    if (!mem) tiles.set(key, (mem = { reports: [], sampledAt: 0, state: 'unknown', reasons: [], lastRestartAt: null }));
    return mem;
  }

  /** Drops reports older than the health window (keeping the last one) and beyond the bound. */
  private trim(mem: TileMemory, now: number): void {
    const oldest = now - TILE_HEALTH_DEFAULTS.heapWindowMs;
    let drop = 0;
    while (drop < mem.reports.length - 1 && mem.reports[drop].at < oldest) drop++;
    drop = Math.max(drop, mem.reports.length - MAX_REPORTS_PER_TILE);
    if (drop > 0) mem.reports.splice(0, drop);
  }

  private evaluate(mem: TileMemory, tile: [number, number], now: number): TileHealth {
    return evaluateTile(mem.reports, now, { tile, silentMs: this.silentMs, lastRestartAt: mem.lastRestartAt });
  }

  /** Queues a background write; dropped (with a warning) when too many are waiting. */
  private write(work: () => Promise<void>): void {
    if (this.stopped) return;
    if (this.pendingWrites >= MAX_PENDING_WRITES) {
      this.options.log.warn('wall health: report sample dropped (database behind)');
      return;
    }
    this.pendingWrites++;
    this.writes = this.writes.then(work).catch((err: unknown) => {
      this.options.log.error({ err }, 'wall health: writing a report sample failed');
    }).finally(() => { this.pendingWrites--; });
  }
}
