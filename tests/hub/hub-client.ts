import {
  HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type IRetryPolicy,
} from '@microsoft/signalr';
import WebSocket from 'ws';
import type { HubNotice, HubNoticeType } from '../../contract/hub';
import { HUB_NOTIFY_TARGET, HUB_PAGE_SRC, HUB_PATH } from '../../contract/hub';

export const RS = '\u001e';

export interface ClientOptions {
  transport?: HttpTransportType;
  /** The client's own timers (defaults of @microsoft/signalr: 30 s and 15 s). */
  serverTimeoutMs?: number;
  keepAliveMs?: number;
  /** Automatic reconnect with these delays (then none: the default client gives up). */
  reconnectDelays?: number[];
}

/** A real @microsoft/signalr client for `url`, the way the console builds it (not started). */
export function hubClient(url: string, token: () => string | null, options: ClientOptions = {}): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(`${url}${HUB_PATH}?userId=0&pageSrc=${HUB_PAGE_SRC}`, {
      accessTokenFactory: () => token() ?? '',
      ...(options.transport !== undefined && { transport: options.transport }),
    })
    .configureLogging(LogLevel.None);
  if (options.reconnectDelays) {
    const delays = options.reconnectDelays;
    const policy: IRetryPolicy = { nextRetryDelayInMilliseconds: (c) => delays[Math.min(c.previousRetryCount, delays.length - 1)] };
    builder = builder.withAutomaticReconnect(policy);
  }
  if (options.serverTimeoutMs) builder = builder.withServerTimeout(options.serverTimeoutMs);
  if (options.keepAliveMs) builder = builder.withKeepAliveInterval(options.keepAliveMs);
  return builder.build();
}

/** Every Notify a client receives, parsed, with a way to wait for the next of a type. */
export class Notices {
  readonly all: HubNotice[] = [];
  private readonly claimed = new Set<HubNotice>();
  private waiters: { type: string; resolve: (n: HubNotice) => void }[] = [];

  constructor(connection: HubConnection) {
    connection.on(HUB_NOTIFY_TARGET, (payload: string) => {
      const notice = JSON.parse(payload) as HubNotice;
      this.all.push(notice);
      const i = this.waiters.findIndex((w) => w.type === notice.type);
      if (i >= 0) {
        this.claimed.add(notice);
        this.waiters.splice(i, 1)[0].resolve(notice);
      }
    });
  }

  ofType<T extends HubNoticeType>(type: T): Extract<HubNotice, { type: T }>[] {
    return this.all.filter((n) => n.type === type) as Extract<HubNotice, { type: T }>[];
  }

  /** The first notice of `type` not yet returned by `next`, received already or still to come. */
  next<T extends HubNoticeType>(type: T, timeoutMs = 5_000): Promise<Extract<HubNotice, { type: T }>> {
    const waiting = this.all.find((n) => n.type === type && !this.claimed.has(n));
    if (waiting) {
      this.claimed.add(waiting);
      return Promise.resolve(waiting as Extract<HubNotice, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} notice within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ type, resolve: (n) => { clearTimeout(timer); resolve(n as Extract<HubNotice, { type: T }>); } });
    });
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds or `timeoutMs` passes. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/**
 * A raw WebSocket client speaking the JSON protocol by hand: to send what no real client would
 * (malformed frames) and to watch the frames themselves.
 */
export class RawHubClient {
  readonly frames: string[] = [];
  readonly closed: Promise<{ code: number }>;
  private constructor(readonly ws: WebSocket) {
    ws.on('error', () => undefined);
    ws.on('message', (data) => { this.frames.push(...data.toString().split(RS).filter(Boolean)); });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }

  /** Opens `/chatHub` (optionally with a connection token) and completes the handshake unless told not to. */
  static async connect(url: string, query: Record<string, string>, handshake = true): Promise<RawHubClient> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${HUB_PATH}?${new URLSearchParams(query)}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
    const client = new RawHubClient(ws);
    if (handshake) {
      client.sendText(`{"protocol":"json","version":1}${RS}`);
      await client.frame((f) => f === '{}');
    }
    return client;
  }

  sendText(text: string): void {
    this.ws.send(text);
  }

  send(message: object): void {
    this.sendText(JSON.stringify(message) + RS);
  }

  /** The first frame (already received or coming) that matches, parsed when it is JSON. */
  async frame(match: (frame: string) => boolean, timeoutMs = 5_000): Promise<string> {
    let found: string | undefined;
    await eventually(() => (found = this.frames.find(match)) !== undefined, timeoutMs, 'frame');
    return found!;
  }

  async message(match: (m: Record<string, unknown>) => boolean, timeoutMs = 5_000): Promise<Record<string, unknown>> {
    const f = await this.frame((s) => { try { return match(JSON.parse(s)); } catch { return false; } }, timeoutMs);
    return JSON.parse(f);
  }
}

/** The upgrade status a WebSocket attempt gets (101 when it opens). */
export function upgradeStatus(url: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`, { headers });
    ws.once('open', () => { ws.close(); resolve(101); });
    ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
    ws.once('error', reject);
  });
}
