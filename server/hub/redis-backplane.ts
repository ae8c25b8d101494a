import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Backplane, HubEnvelope } from './publisher';

export const HUB_CHANNEL = 'nv-console:hub';
const SUBSCRIBE_WAIT_MS = 5_000;
const ERROR_LOG_EVERY_MS = 30_000;

/**
 * Fans hub publishes out over Redis pub/sub (DESIGN "Scale-out path"). Each process delivers its
 * own publishes locally at once and ignores their echo, so a Redis outage only cuts the other
 * processes off; publishes made meanwhile are dropped rather than queued without bound.
 */
export class RedisBackplane implements Backplane {
  private readonly origin = randomBytes(8).toString('hex');
  private readonly pub: Redis;
  private readonly sub: Redis;
  private lastErrorLog = 0;

  constructor(url: string, private readonly log: FastifyBaseLogger, private readonly channel = HUB_CHANNEL) {
    const options = { maxRetriesPerRequest: 1, retryStrategy: (times: number) => Math.min(times * 200, 5_000) };
    this.pub = new Redis(url, { ...options, enableOfflineQueue: false, lazyConnect: true });
    this.sub = new Redis(url, { ...options, lazyConnect: true });
    for (const client of [this.pub, this.sub]) client.on('error', (err: Error) => this.logError('redis connection failed', err));
  }

  async start(onRemote: (envelope: HubEnvelope) => void): Promise<void> {
    this.sub.on('message', (_channel: string, text: string) => {
      let message: { o?: unknown; e?: HubEnvelope };
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      const e = message.e;
      if (message.o === this.origin || !e || !Array.isArray(e.topics) || typeof e.notice?.type !== 'string') return;
      onRemote(e);
    });
    // Start-up does not wait for an unreachable Redis for ever: the clients keep reconnecting and
    // ioredis subscribes again once they are through.
    const ready = Promise.all([this.pub.connect(), this.sub.connect().then(() => this.sub.subscribe(this.channel))]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), SUBSCRIBE_WAIT_MS); });
    const outcome = await Promise.race([ready.then(() => 'ok' as const, (err: Error) => err), timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') this.log.warn('hub: Redis not reachable yet; other processes will not see this one\'s pushes until it is');
    else if (outcome instanceof Error) this.logError('hub: Redis subscribe failed', outcome);
  }

  async publish(envelope: HubEnvelope): Promise<void> {
    try {
      await this.pub.publish(this.channel, JSON.stringify({ o: this.origin, e: envelope }));
    } catch (err) {
      this.logError('hub: Redis publish failed; the push reached this process only', err as Error);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.pub, this.sub].map(async (client) => {
      try {
        if (client.status === 'ready') await client.quit();
        else client.disconnect();
      } catch {
        client.disconnect();
      }
    }));
  }

  private logError(message: string, err: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLog < ERROR_LOG_EVERY_MS) return;
    this.lastErrorLog = now;
    this.log.error({ err }, message);
  }
}
