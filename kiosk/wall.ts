import { prepareProfileDir, type BrowserSettings } from './browser';
import type { KioskLog, LogDetails } from './log';
import type { CommonOptions, TileRequest } from './options';
import { backoffDelay } from './schedule';
import { ServerUnreachable } from './session';
import { FatalError, Supervisor, type SupervisorIncident } from './supervisor';
import { errorText, Wakeup, type SupervisorTiming } from './timing';
import { DisplayTokenRefused, fetchWallGeometry, reportTileEvent, WallNotFound } from './wall-api';
import { planWall, type TilePlan, type WallGeometry } from './wall-plan';

/** What one launcher of a wall's tiles needs. */
export interface WallLauncherConfig {
  options: CommonOptions & { wall: number; tiles: TileRequest[] };
  /** The display token; only ever sent as a Bearer header and put into the console's token cookie. */
  token: string;
  /** The folder holding one profile per tile (`tile-r-c`). */
  profileBase: string;
  log: KioskLog;
  timing?: Partial<SupervisorTiming>;
}

/** A tile's log: every line names its tile. */
function tileLog(log: KioskLog, key: string): KioskLog {
  const withTile = (details?: LogDetails): LogDetails => ({ tile: key, ...details });
  return {
    info: (event, details) => log.info(event, withTile(details)),
    warn: (event, details) => log.warn(event, withTile(details)),
    error: (event, details) => log.error(event, withTile(details)),
    secret: (value) => log.secret(value),
  };
}

/**
 * Shows tiles of one video wall: reads the wall's definition with the display token (waiting for a
 * server that does not answer yet), plans one window per tile, and runs one {@link Supervisor} per
 * tile, each with its own Chromium and profile. Every restart a supervisor makes is reported to the
 * server (POST /api/t_wall/{id}/tile-event); a report that fails is logged and otherwise ignored.
 */
export class WallLauncher {
  /** The supervisors by tile key (`r,c`), once the wall is planned. */
  readonly supervisors = new Map<string, Supervisor>();
  private plans: TilePlan[] = [];
  private stopped = false;
  private stopping: Promise<void> | undefined;
  private readonly wakeup = new Wakeup();
  private running: Promise<void> | undefined;
  /** Reports in flight; {@link stop} lets them finish (each is bounded by its request timeout). */
  private readonly reports = new Set<Promise<unknown>>();

  constructor(private readonly config: WallLauncherConfig) {
    config.log.secret(config.token);
  }

  /** The windows, once planned. */
  get tiles(): readonly TilePlan[] {
    return this.plans;
  }

  /**
   * Runs until {@link stop}. Rejects with {@link FatalError} when the token is refused or the wall
   * does not exist at start, and with WallPlanError when a tile is not on the wall.
   */
  run(): Promise<void> {
    this.running ??= this.loop();
    return this.running;
  }

  /** Closes every tile's browser and ends {@link run}; resolves once the browsers are closed. */
  async stop(reason: string): Promise<void> {
    await this.stopTiles(reason);
    await this.running?.catch(() => undefined);
    await Promise.all([...this.reports]);
  }

  /** Stops every tile once; every caller waits until their browsers are closed. */
  private stopTiles(reason: string): Promise<void> {
    if (!this.stopping) {
      this.stopped = true;
      this.wakeup.wake();
      this.stopping = Promise.all([...this.supervisors.values()].map((s) => s.stop(reason))).then(() => undefined);
    }
    return this.stopping;
  }

  private async loop(): Promise<void> {
    const { options, log } = this.config;
    const wall = await this.readWall();
    if (!wall || this.stopped) return;
    this.plans = planWall(wall, options.url, options.tiles, this.config.profileBase);
    log.info('wall.ready', { wall: wall.id, name: wall.name, grid: `${wall.rows}x${wall.cols}`, screen: `${wall.screenWidth}x${wall.screenHeight}` });
    for (const plan of this.plans) {
      prepareProfileDir(plan.profileDir);
      const browser: BrowserSettings = {
        chromium: options.chromium, headless: options.headless, kiosk: options.kiosk, sandbox: options.sandbox,
        softwareGl: options.softwareGl, display: options.display, windowPosition: plan.position, windowSize: plan.size,
      };
      const tileLogger = tileLog(log, plan.key);
      tileLogger.info('tile.plan', { url: plan.target, position: `${plan.position.x},${plan.position.y}`, size: `${plan.size.width},${plan.size.height}`, profile: plan.profileDir });
      this.supervisors.set(plan.key, new Supervisor({
        target: plan.target, origin: options.url, profileDir: plan.profileDir, browser,
        credentials: { kind: 'display', token: this.config.token, wallId: wall.id },
        hangTimeoutSec: options.hangTimeoutSec, heapCeilingMb: options.heapCeilingMb, dailyReload: options.dailyReload,
        log: tileLogger, timing: this.config.timing,
        onIncident: (incident) => this.report(plan, incident, tileLogger),
      }));
    }
    if (this.stopped) return;
    const runs = [...this.supervisors.values()].map((s) => s.run());
    try {
      // A supervisor rejects only with FatalError: then the whole launcher ends.
      await Promise.all(runs);
    } catch (err) {
      await this.stopTiles('fatal error');
      throw err;
    }
  }

  /** The wall's definition: waits out a server that does not answer; a refusal is fatal. */
  private async readWall(): Promise<WallGeometry | undefined> {
    const { options, log, token } = this.config;
    let down = false;
    for (let i = 0; !this.stopped; i++) {
      try {
        const wall = await fetchWallGeometry(options.url, options.wall, token);
        if (down) log.info('network.up', { server: options.url });
        return wall;
      } catch (err) {
        if (err instanceof DisplayTokenRefused || err instanceof WallNotFound) throw new FatalError(err.message);
        if (!(err instanceof ServerUnreachable)) throw err;
        if (!down) log.warn('network.down', { server: options.url, error: err.message });
        down = true;
        await this.wakeup.sleep(backoffDelay(i, this.config.timing?.backoffMs));
      }
    }
    return undefined;
  }

  /** POST tile-event; a failure is one log line, the wall goes on. */
  private report(plan: TilePlan, incident: SupervisorIncident, log: KioskLog): void {
    const sent = reportTileEvent(this.config.options.url, this.config.token, {
      wallId: this.config.options.wall, tile: plan.tile, kind: incident.kind, detail: incident.detail,
    }).then((failure) => {
      if (failure) log.warn('tile-event.failed', { kind: incident.kind, error: failure });
      else log.info('tile-event.sent', { kind: incident.kind });
    }, (err: unknown) => log.warn('tile-event.failed', { kind: incident.kind, error: errorText(err) }));
    this.reports.add(sent);
    void sent.finally(() => this.reports.delete(sent));
  }
}
