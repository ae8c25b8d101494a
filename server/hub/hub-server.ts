import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { HUB_NOTIFY_TARGET, HubMethod, HubTopic, parseTopic, type HubNotice } from '../../contract/hub';
import type { AuthUser } from '../auth/auth-user';
import { liveDisplayTokens } from '../auth/display-tokens';
import { liveSessions } from '../auth/sessions';
import type { DB } from '../db/schema';
import { HubConnection, HubMethodError, type ConnectionHost, type HubTransport } from './connection';
import { invocationFrame, PING_FRAME, SharedFrame } from './protocol';
import type { Backplane, HubEnvelope, HubPublisher, PublishOptions, UserPublishOptions } from './publisher';
import { maySubscribe, ProjectFactsCache, scopeSeesProject, TopicIndex } from './topics';

export interface HubOptions {
  /** A ping goes out when nothing else was sent for this long (the client's default timeout is 30 s). */
  keepAliveMs: number;
  /** A client heard from for this long is gone: its connection is closed. */
  clientTimeoutMs: number;
  /** Time from transport start to a completed handshake. */
  handshakeTimeoutMs: number;
  /** Largest message a client may send, and the largest HTTP body of a long-polling send. */
  maxMessageBytes: number;
  /** A long poll with nothing to deliver is answered empty after this long. */
  pollTimeoutMs: number;
  /** A negotiated connection token must be used to start a transport within this time. */
  negotiateTtlMs: number;
  maxTopicsPerConnection: number;
  maxPendingInvocations: number;
  /** Bytes queued for one client before it counts as not reading and is disconnected. */
  sendBufferBytes: number;
  /** How often the sessions behind open connections are checked (a connection whose session ended is closed). */
  sessionCheckMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  maxMessageBytes: 64 * 1024,
  pollTimeoutMs: 90_000,
  negotiateTtlMs: 5 * 60_000,
  maxTopicsPerConnection: 256,
  maxPendingInvocations: 32,
  sendBufferBytes: 1024 * 1024,
  sessionCheckMs: 5_000,
};

const MAX_TOPIC_LENGTH = 64;
const MAX_NEGOTIATED = 50_000;

/** A method added with {@link HubServer.registerMethod}: the calling connection (its user) and the arguments. */
export type HubMethodHandler = (connection: HubConnection, args: unknown[]) => unknown;

/** The methods the hub itself answers (topics); a registered method never shadows them. */
const BUILT_IN_METHODS: ReadonlySet<string> = new Set([HubMethod.Subscribe, HubMethod.Unsubscribe, HubMethod.Topics]);

/**
 * The hub: the connections of this process, their topics, the hub methods clients invoke, keep-alive
 * and timeouts, and the publish API other modules use (through {@link HubPublisher}).
 */
export class HubServer implements HubPublisher, ConnectionHost {
  readonly options: HubOptions;
  private readonly connections = new Map<string, HubConnection>();
  /** Negotiated here and not yet started: long polling may only start on the process that negotiated. */
  private readonly negotiated = new Map<string, { user: AuthUser; expiresAt: number }>();
  private readonly index = new TopicIndex();
  private readonly projects: ProjectFactsCache;
  private ticker: NodeJS.Timeout | undefined;
  private sessionTimer: NodeJS.Timeout | undefined;
  private sessionCheck: Promise<void> | undefined;
  private deliveries: Promise<void> = Promise.resolve();
  private closing = false;
  /** Methods other modules add (server/walls/: WallClock, WallReport, WallJoin), by target name. */
  private readonly methods = new Map<string, HubMethodHandler>();

  constructor(
    private readonly db: Kysely<DB>,
    readonly secret: Buffer,
    private readonly backplane: Backplane,
    readonly log: FastifyBaseLogger,
    options: Partial<HubOptions> = {},
  ) {
    this.options = { ...DEFAULT_HUB_OPTIONS, ...options };
    this.projects = new ProjectFactsCache(db);
  }

  get maxMessageBytes(): number { return this.options.maxMessageBytes; }
  get maxPendingInvocations(): number { return this.options.maxPendingInvocations; }
  get connectionCount(): number { return this.connections.size; }
  get isClosing(): boolean { return this.closing; }

  async start(): Promise<void> {
    await this.backplane.start((envelope) => { void this.enqueue(envelope); });
    const { keepAliveMs, clientTimeoutMs, handshakeTimeoutMs } = this.options;
    const tickMs = Math.max(10, Math.min(keepAliveMs, clientTimeoutMs, handshakeTimeoutMs) / 4);
    this.ticker = setInterval(() => this.tick(tickMs), tickMs);
    this.ticker.unref();
    this.sessionTimer = setInterval(() => { void this.checkSessions(); }, this.options.sessionCheckMs);
    this.sessionTimer.unref();
  }

  /**
   * Closes the connections whose session has ended — logged out, revoked by a login elsewhere, a
   * password change or guest mode switched off, expired, or the account or organisation disabled —
   * so no push reaches a token the REST API already refuses. A session refreshed into a live one
   * keeps its connections, which move to the refreshed session. Runs on the hub's timer (also catching ends decided by other processes);
   * one check at a time. The client is told not to reconnect (its token is no longer good).
   */
  checkSessions(): Promise<void> {
    if (!this.sessionCheck) {
      const run = this.closeEndedSessions();
      this.sessionCheck = run;
      void run.finally(() => { if (this.sessionCheck === run) this.sessionCheck = undefined; });
    }
    return this.sessionCheck;
  }

  private async closeEndedSessions(): Promise<void> {
    try {
      const bySession = new Map<number, HubConnection[]>();
      const displays: HubConnection[] = [];
      for (const c of this.connections.values()) {
        // A video wall's display principal has no session: its display token is checked instead.
        if (c.user.display) {
          displays.push(c);
          continue;
        }
        const list = bySession.get(c.user.sessionId);
        if (list) list.push(c);
        else bySession.set(c.user.sessionId, [c]);
      }
      if ((!bySession.size && !displays.length) || this.closing) return;
      const liveTokens = await liveDisplayTokens(this.db, displays.map((c) => c.user.display!.tokenId));
      for (const c of displays) {
        if (!liveTokens.has(c.user.display!.tokenId)) c.close({ error: 'The display token has been revoked.', allowReconnect: false });
      }
      const live = await liveSessions(this.db, [...bySession.keys()]);
      for (const [sessionId, list] of bySession) {
        const head = live.get(sessionId);
        // A refreshed session's connections now stand for its successor (publishing "to a user
        // except a session" and the next check follow the current session, not the first one).
        if (head !== undefined) for (const c of list) c.user.sessionId = head;
        else for (const c of list) c.close({ error: 'The session has ended.', allowReconnect: false });
      }
    } catch (err) {
      this.log.error({ err }, 'hub session check failed');
    }
  }

  /** Sends Close (reconnect allowed) to every client, stops the timers and the backplane. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.ticker);
    clearInterval(this.sessionTimer);
    await this.sessionCheck;
    for (const c of [...this.connections.values()]) c.close({ error: 'Server is shutting down.', allowReconnect: true });
    await this.deliveries;
    await this.backplane.close();
  }

  rememberNegotiation(token: string, user: AuthUser, expiresAt: number): void {
    // Bounded: a client negotiating in a loop cannot grow this without limit.
    if (this.negotiated.size >= MAX_NEGOTIATED) this.negotiated.delete(this.negotiated.keys().next().value!);
    this.negotiated.set(token, { user, expiresAt });
  }

  takeNegotiation(token: string): AuthUser | undefined {
    const entry = this.negotiated.get(token);
    this.negotiated.delete(token);
    return entry && entry.expiresAt > Date.now() ? entry.user : undefined;
  }

  get(id: string): HubConnection | undefined {
    return this.connections.get(id);
  }

  /** A new connection over a started transport; it receives its user's topic from the start. */
  open(id: string, user: AuthUser, transport: HubTransport): HubConnection {
    const connection = new HubConnection(id, user, transport, this);
    this.connections.set(id, connection);
    // A display principal is no user: no user topic (messages, logout) for it.
    if (!user.display) this.index.add(HubTopic.user(user.id), connection);
    return connection;
  }

  closed(connection: HubConnection): void {
    if (this.connections.get(connection.id) === connection) this.connections.delete(connection.id);
    this.index.removeAll(connection);
  }

  /**
   * Adds a hub method a client may invoke (its arguments as sent, its result completes the call; a
   * {@link HubMethodError} it throws is the message the caller reads). One handler per name; the
   * built-in methods cannot be replaced. Returns the function that removes it.
   */
  registerMethod(name: string, handler: HubMethodHandler): () => void {
    if (BUILT_IN_METHODS.has(name)) throw new Error(`Hub method '${name}' is built in.`);
    if (this.methods.has(name)) throw new Error(`Hub method '${name}' is already registered.`);
    this.methods.set(name, handler);
    return () => { if (this.methods.get(name) === handler) this.methods.delete(name); };
  }

  async invoke(connection: HubConnection, target: string, args: unknown[]): Promise<unknown> {
    switch (target) {
      case HubMethod.Subscribe: {
        const topic = topicArgument(args);
        const parsed = parseTopic(topic);
        if (!parsed) throw new HubMethodError(`Unknown topic '${topic}'.`);
        if (connection.topics.has(topic)) return topic;
        if (connection.topics.size >= this.options.maxTopicsPerConnection) throw new HubMethodError('Too many subscriptions.');
        if (!(await maySubscribe(this.db, connection.user, parsed))) throw new HubMethodError(`Not allowed to subscribe to '${topic}'.`);
        if (connection.state === 'open') this.index.add(topic, connection);
        return topic;
      }
      case HubMethod.Unsubscribe: {
        const topic = topicArgument(args);
        // The user's own topic carries `logout` and messages: it stays.
        if (topic === HubTopic.user(connection.user.id)) return false;
        return this.index.remove(topic, connection);
      }
      case HubMethod.Topics:
        if (args.length) throw new HubMethodError('Topics takes no arguments.');
        return [...connection.topics].sort();
      default: {
        const handler = this.methods.get(target);
        if (!handler) throw new HubMethodError(`Unknown hub method '${target}'.`);
        return handler(connection, args);
      }
    }
  }

  publish(topics: string | readonly string[], notice: HubNotice, options: PublishOptions = {}): Promise<void> {
    return this.dispatch({
      topics: typeof topics === 'string' ? [topics] : [...topics], notice,
      ...(options.projectId !== undefined && { projectId: options.projectId }),
    });
  }

  publishToUser(userId: number, notice: HubNotice, options: UserPublishOptions = {}): Promise<void> {
    return this.dispatch({
      topics: [HubTopic.user(userId)], notice,
      ...(options.exceptSessionId !== undefined && { exceptSessionId: options.exceptSessionId }),
    });
  }

  private async dispatch(envelope: HubEnvelope): Promise<void> {
    if (this.closing) return;
    // Stamped once where it is published (every process passes the same time on): the tiles of a
    // video wall apply a push at the same server-clock tick by it.
    if (envelope.notice.sentAt === undefined) envelope = { ...envelope, notice: { ...envelope.notice, sentAt: Date.now() } };
    await Promise.all([this.enqueue(envelope), this.backplane.publish(envelope)]);
  }

  /** Deliveries run one after another, so notices reach each client in publish order. */
  private enqueue(envelope: HubEnvelope): Promise<void> {
    this.deliveries = this.deliveries.then(() => this.deliver(envelope)).catch((err: unknown) => {
      this.log.error({ err, topics: envelope.topics }, 'hub delivery failed');
    });
    return this.deliveries;
  }

  private async deliver(envelope: HubEnvelope): Promise<void> {
    const subscribers = this.recipients(envelope.topics);
    if (!subscribers?.size) return;
    const { projectId } = envelope;
    const project = projectId === undefined || projectId === null ? undefined : await this.projects.get(projectId);
    if (project === null) return;
    // Serialised and encoded once for every recipient.
    const frame = new SharedFrame(invocationFrame(HUB_NOTIFY_TARGET, [JSON.stringify(envelope.notice)]));
    for (const c of subscribers) {
      if (c.state !== 'open') continue;
      if (envelope.exceptSessionId !== undefined && c.user.sessionId === envelope.exceptSessionId) continue;
      if (projectId === null ? !c.user.scope.all : project && !scopeSeesProject(c.user.scope, project)) continue;
      c.send(frame);
    }
  }

  /** The subscribers of any of the topics, each once. */
  private recipients(topics: string[]): ReadonlySet<HubConnection> | undefined {
    if (topics.length === 1) return this.index.subscribers(topics[0]);
    const all = new Set<HubConnection>();
    for (const topic of topics) for (const c of this.index.subscribers(topic) ?? []) all.add(c);
    return all;
  }

  /** Handshake deadline, client timeout and keep-alive pings, for every connection at once. */
  private tick(tickMs: number): void {
    const now = Date.now();
    const { keepAliveMs, clientTimeoutMs, handshakeTimeoutMs } = this.options;
    for (const c of this.connections.values()) {
      if (c.state === 'handshake') {
        if (now - c.openedAt > handshakeTimeoutMs) c.close();
        continue;
      }
      const lastHeard = Math.max(c.lastReceivedAt, c.transport.lastActivity(now));
      if (now - lastHeard > clientTimeoutMs) {
        c.close({ error: 'Server timeout elapsed without receiving a message from the client.', allowReconnect: true });
      } else if (now - c.lastSentAt >= keepAliveMs - tickMs) {
        // Checked a tick early, so no gap between two messages ever exceeds keepAliveMs.
        c.send(PING_FRAME);
      }
    }
    for (const [token, entry] of this.negotiated) if (entry.expiresAt <= now) this.negotiated.delete(token);
  }
}

function topicArgument(args: unknown[]): string {
  const [topic] = args;
  if (args.length !== 1 || typeof topic !== 'string' || topic.length > MAX_TOPIC_LENGTH) {
    throw new HubMethodError('Expected one argument: the topic name.');
  }
  return topic;
}
