import { HubConnectionBuilder, LogLevel, type IRetryPolicy } from '@microsoft/signalr';
import type { createStore } from 'jotai';
import { TOKEN_REFRESH_MS } from '../../../contract/constants';
import {
  HUB_NOTIFY_TARGET, HUB_PAGE_SRC, HubMethod, type HubNotice, type HubNoticeOf, type HubNoticeType,
} from '../../../contract/hub';
import { foreverRetryPolicy } from './foreverRetryPolicy';
import { hubConnectedAtAtom, hubStatusAtom, type HubStatus } from './hubAtoms';

type Store = ReturnType<typeof createStore>;

/** What the owner uses of @microsoft/signalr's HubConnection (tests pass a fake). */
export interface HubConnectionLike {
  start(): Promise<void>;
  stop(): Promise<void>;
  on(method: string, handler: (payload: unknown) => void): void;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
}

export interface HubConnectionOwnerOptions {
  /** The console's one jotai store: the owner writes {@link hubStatusAtom} and {@link hubConnectedAtAtom}. */
  store: Store;
  /** The hub's URL without query, e.g. `${apiBaseUrl}/chatHub`. */
  hubUrl: string;
  /** The current token (the cookie), read at every (re)connect. */
  getToken(): string | undefined;
  /** When the token was stored (epoch ms), to refresh a stale one when the connection opens. */
  getTokenTime(): number | undefined;
  /** Refreshes and stores the token (POST /api/user/refesh-token). */
  refreshToken(): Promise<unknown>;
  /** Wait after a user id appears before connecting (SPEC §4: 5 s). */
  connectDelayMs?: number;
  retryPolicy?: IRetryPolicy;
  createConnection?(url: string, accessTokenFactory: () => string, retryPolicy: IRetryPolicy): HubConnectionLike;
  now?(): number;
  /** Where failures go that nobody awaits (default: console.warn). */
  onError?(message: string, error: unknown): void;
}

type AnyHandler = (notice: HubNotice) => void;

function defaultConnection(url: string, accessTokenFactory: () => string, retryPolicy: IRetryPolicy): HubConnectionLike {
  return new HubConnectionBuilder()
    .withUrl(url, { accessTokenFactory })
    .withAutomaticReconnect(retryPolicy)
    .configureLogging(LogLevel.Warning)
    .build();
}

/**
 * Owns the console's realtime connection (CONVENTIONS: like excalidraw's Portal). Components never
 * touch the socket: they read {@link hubStatusAtom}, listen with {@link on}, ask for topics with
 * {@link subscribe} and register snapshot re-fetches with {@link onResync}.
 *
 * Connects {@link HubConnectionOwnerOptions.connectDelayMs} after a user id is set; reconnects for
 * ever with capped backoff (a failed first start and a final close included); after every
 * (re)connect it subscribes its topics again, calls the re-fetch callbacks and refreshes a token
 * that is 15 minutes old or more.
 */
export class HubConnectionOwner {
  private readonly options: Required<Pick<HubConnectionOwnerOptions, 'connectDelayMs' | 'retryPolicy' | 'createConnection' | 'now' | 'onError'>>
    & HubConnectionOwnerOptions;
  private userId: number | null = null;
  private connection: HubConnectionLike | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failedStarts = 0;
  private failingSince = 0;
  private everConnected = false;
  private status: HubStatus = 'disconnected';
  private disposed = false;
  private readonly topics = new Map<string, number>();
  private readonly handlers = new Map<string, Set<AnyHandler>>();
  private readonly resyncs = new Set<() => void>();

  constructor(options: HubConnectionOwnerOptions) {
    this.options = {
      connectDelayMs: 5_000,
      retryPolicy: foreverRetryPolicy,
      createConnection: defaultConnection,
      now: Date.now,
      onError: (message, error) => console.warn(`hub: ${message}`, error),
      ...options,
    };
  }

  /**
   * Starts (after the delay) for a signed-in user; null stops. Another user starts afresh. The
   * promise settles when the previous connection, if any, has stopped.
   */
  setUserId(userId: number | null): Promise<void> {
    if (this.disposed || userId === this.userId) return Promise.resolve();
    this.userId = userId;
    const stopped = this.teardown();
    if (userId === null) {
      this.setStatus('disconnected');
      return stopped;
    }
    this.setStatus('connecting');
    const url = `${this.options.hubUrl}?userId=${userId}&pageSrc=${HUB_PAGE_SRC}`;
    this.timer = setTimeout(() => this.connect(url), this.options.connectDelayMs);
    return stopped;
  }

  /** Receives a topic while the returned function is not called (counted: many screens may ask). */
  subscribe(topic: string): () => void {
    const count = this.topics.get(topic) ?? 0;
    this.topics.set(topic, count + 1);
    if (count === 0) this.invoke(HubMethod.Subscribe, topic);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.topics.get(topic) ?? 1) - 1;
      if (left > 0) {
        this.topics.set(topic, left);
        return;
      }
      this.topics.delete(topic);
      this.invoke(HubMethod.Unsubscribe, topic);
    };
  }

  /** Calls `handler` for each `Notify` of `type` (`'*'`: every notice) until the returned function is called. */
  on<T extends HubNoticeType>(type: T, handler: (notice: HubNoticeOf<T>) => void): () => void;
  on(type: '*', handler: (notice: HubNotice) => void): () => void;
  on(type: string, handler: AnyHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => { set.delete(handler); };
  }

  /** Calls `refetch` after every (re)connect: pushes missed while away are recovered from a snapshot. */
  onResync(refetch: () => void): () => void {
    this.resyncs.add(refetch);
    return () => { this.resyncs.delete(refetch); };
  }

  /**
   * Invokes a hub method on the open connection and resolves with its result (the video wall's
   * clock and health reports); rejects at once while not connected: callers retry on their own
   * schedule, nothing is queued.
   */
  call<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    if (!this.connection || this.status !== 'connected') return Promise.reject(new Error(`hub not connected (${method})`));
    return this.connection.invoke(method, ...args) as Promise<T>;
  }

  /** Stops everything: timers, the connection, the listeners. Settles when the connection has stopped. */
  dispose(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const stopped = this.setUserId(null);
    this.disposed = true;
    this.handlers.clear();
    this.resyncs.clear();
    this.topics.clear();
    return stopped;
  }

  private connect(url: string): void {
    const connection = this.options.createConnection(url, () => this.options.getToken() ?? '', this.options.retryPolicy);
    this.connection = connection;
    const current = () => this.connection === connection;
    connection.on(HUB_NOTIFY_TARGET, (payload) => { if (current()) this.dispatch(payload); });
    connection.onreconnecting(() => { if (current()) this.setStatus('reconnecting'); });
    connection.onreconnected(() => { if (current()) this.opened(connection); });
    // A final close (the server refused a reconnect, or closed without allowing one): start again.
    connection.onclose((error) => { if (current()) this.retry(connection, error); });
    this.failedStarts = 0;
    void this.start(connection);
  }

  private async start(connection: HubConnectionLike): Promise<void> {
    try {
      await connection.start();
    } catch (error) {
      if (this.connection === connection) this.retry(connection, error);
      return;
    }
    if (this.connection === connection) this.opened(connection);
    else void connection.stop();
  }

  private retry(connection: HubConnectionLike, error: unknown): void {
    const now = this.options.now();
    if (this.failedStarts === 0) this.failingSince = now;
    const delay = this.options.retryPolicy.nextRetryDelayInMilliseconds({
      previousRetryCount: this.failedStarts,
      elapsedMilliseconds: now - this.failingSince,
      retryReason: error instanceof Error ? error : new Error(String(error)),
    }) ?? 30_000;
    this.failedStarts++;
    this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { if (this.connection === connection) void this.start(connection); }, delay);
  }

  private opened(connection: HubConnectionLike): void {
    this.failedStarts = 0;
    this.everConnected = true;
    this.setStatus('connected');
    this.options.store.set(hubConnectedAtAtom, this.options.now());
    const storedAt = this.options.getTokenTime();
    if (storedAt === undefined || this.options.now() - storedAt >= TOKEN_REFRESH_MS) {
      this.options.refreshToken().catch((error: unknown) => this.options.onError('token refresh failed', error));
    }
    for (const topic of this.topics.keys()) {
      connection.invoke(HubMethod.Subscribe, topic).catch((error: unknown) => this.options.onError(`subscribe ${topic} refused`, error));
    }
    for (const refetch of [...this.resyncs]) {
      try {
        refetch();
      } catch (error) {
        this.options.onError('re-fetch after reconnect failed', error);
      }
    }
  }

  /** Invokes on the open connection; while not connected, `opened` will catch up. */
  private invoke(method: string, topic: string): void {
    if (!this.connection || this.status !== 'connected') return;
    this.connection.invoke(method, topic).catch((error: unknown) => this.options.onError(`${method} ${topic} failed`, error));
  }

  private dispatch(payload: unknown): void {
    let notice: unknown = payload;
    try {
      // One JSON string; tolerate it arriving encoded twice, as message data sometimes is (SPEC §3).
      if (typeof notice === 'string') notice = JSON.parse(notice);
      if (typeof notice === 'string') notice = JSON.parse(notice);
    } catch (error) {
      this.options.onError('Notify carried malformed JSON', error);
      return;
    }
    const type = (notice as { type?: unknown } | null)?.type;
    if (typeof type !== 'string') {
      this.options.onError('Notify without a type', notice);
      return;
    }
    for (const handler of [...(this.handlers.get(type) ?? []), ...(this.handlers.get('*') ?? [])]) {
      try {
        handler(notice as HubNotice);
      } catch (error) {
        this.options.onError(`a ${type} handler failed`, error);
      }
    }
  }

  private teardown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const connection = this.connection;
    this.connection = null;
    this.everConnected = false;
    return connection ? connection.stop().catch((error: unknown) => this.options.onError('stop failed', error)) : Promise.resolve();
  }

  private setStatus(status: HubStatus): void {
    this.status = status;
    this.options.store.set(hubStatusAtom, status);
  }
}
