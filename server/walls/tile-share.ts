import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { TileReportAt } from '../../contract/walls';

/**
 * What the wall watchdogs of several server processes (REDIS_URL) share: every tile's latest
 * report, whichever process its hub connection is on, and one claim per transition so that one
 * process records it and messages the administrators. Absent with one process.
 */
export interface TileShare {
  /** Keeps a tile's latest report for the other processes (fire and forget). */
  put(report: TileReportAt): void;
  /** Every tile's latest report, by `<wallId>:<r,c>`; empty when the store cannot be read. */
  latest(): Promise<Map<string, TileReportAt>>;
  /** Forgets the tiles of walls deleted or shrunk (keys as in latest()). */
  forget(keys: readonly string[]): void;
  /** True for the one process that takes `key` first within `ttlMs` (and when the store cannot be reached: better twice than never). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export const TILE_SHARE_KEY = 'nv-console:wall-tiles';
const CLAIM_PREFIX = 'nv-console:wall-claim:';
/** The shared reports live this long after the last one (a cluster whose tiles all stopped forgets them). */
const SHARE_TTL_MS = 3_600_000;
const ERROR_LOG_EVERY_MS = 30_000;

export const tileShareKey = (wallId: number, tile: string) => `${wallId}:${tile}`;

/** The TileShare over Redis: a hash of the latest reports, SET NX PX for the claims. */
export class RedisTileShare implements TileShare {
  private readonly redis: Redis;
  private lastErrorLog = 0;

  constructor(url: string, private readonly log: FastifyBaseLogger, private readonly key = TILE_SHARE_KEY) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, retryStrategy: (times: number) => Math.min(times * 200, 5_000),
    });
    this.redis.on('error', (err: Error) => this.logError('wall health: redis connection failed', err));
    this.redis.connect().catch((err: Error) => this.logError('wall health: redis not reachable yet', err));
  }

  put(report: TileReportAt): void {
    this.redis.multi()
      .hset(this.key, tileShareKey(report.wallId, report.tile.join(',')), JSON.stringify(report))
      .pexpire(this.key, SHARE_TTL_MS)
      .exec()
      .catch((err: Error) => this.logError('wall health: sharing a tile report failed', err));
  }

  async latest(): Promise<Map<string, TileReportAt>> {
    const out = new Map<string, TileReportAt>();
    let all: Record<string, string>;
    try {
      all = await this.redis.hgetall(this.key);
    } catch (err) {
      this.logError('wall health: reading the shared tile reports failed', err as Error);
      return out;
    }
    for (const [field, text] of Object.entries(all)) {
      try {
        const report = JSON.parse(text) as TileReportAt;
        if (typeof report.at === 'number' && Array.isArray(report.tile)) out.set(field, report);
      } catch { /* another version's record: ignored */ }
    }
    return out;
  }

  forget(keys: readonly string[]): void {
    if (!keys.length) return;
    this.redis.hdel(this.key, ...keys).catch((err: Error) => this.logError('wall health: forgetting shared tiles failed', err));
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    try {
      return (await this.redis.set(`${CLAIM_PREFIX}${key}`, '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
    } catch (err) {
      this.logError('wall health: claiming a transition failed; recorded here', err as Error);
      return true;
    }
  }

  async close(): Promise<void> {
    try {
      if (this.redis.status === 'ready') await this.redis.quit();
      else this.redis.disconnect();
    } catch {
      this.redis.disconnect();
    }
  }

  private logError(message: string, err: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLog < ERROR_LOG_EVERY_MS) return;
    this.lastErrorLog = now;
    this.log.error({ err }, message);
  }
}
