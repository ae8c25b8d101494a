import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { HUB_PATH } from '../../contract/hub';
import type { DB } from '../db/schema';
import type { HubConnection, HubTransport } from './connection';
import type { OutgoingFrame } from './protocol';
import { verifyConnectionToken } from './connection-token';
import { hubBearer, hubUser, queryOf } from './hub-auth';
import type { HubServer } from './hub-server';

/** How long a finished long-polling connection still answers its client's last requests. */
const LINGER_MS = 5_000;

type PollAnswer = { status: 200 | 204; body: string };

/**
 * Long polling (TransportProtocols.md) for networks whose proxies block WebSockets: the client
 * keeps one GET waiting for frames and POSTs what it sends. Connection state lives in the process
 * that negotiated it, so behind a load balancer long polling needs sticky sessions.
 */
export class LongPollingTransport implements HubTransport {
  readonly name = 'LongPolling';
  connection!: HubConnection;
  private queue: string[] = [];
  private queuedBytes = 0;
  private waiting: ((answer: PollAnswer) => void) | null = null;
  private lastPollEnd = Date.now();
  ended = false;
  /** Called once when the transport ends. */
  onEnd: (() => void) | undefined;

  constructor(private readonly pollTimeoutMs: number, private readonly maxQueuedBytes: number) {}

  send(frame: OutgoingFrame): boolean {
    if (this.ended) return false;
    const text = typeof frame === 'string' ? frame : frame.text;
    if (this.queuedBytes + text.length > this.maxQueuedBytes) return false;
    this.queue.push(text);
    this.queuedBytes += text.length;
    this.flush();
    return true;
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.flush();
    this.onEnd?.();
  }

  lastActivity(now: number): number {
    return this.waiting ? now : this.lastPollEnd;
  }

  /** A GET: answered at once with what is queued, else when something is, else empty on timeout. */
  poll(): Promise<PollAnswer> {
    // A new poll replaces one the client gave up on (TransportProtocols.md: 204 to the old one).
    this.waiting?.({ status: 204, body: '' });
    if (this.queue.length) return Promise.resolve(this.take());
    if (this.ended) return Promise.resolve({ status: 204, body: '' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => answer({ status: 200, body: '' }), this.pollTimeoutMs);
      const answer = (a: PollAnswer) => {
        clearTimeout(timer);
        if (this.waiting === answer) this.waiting = null;
        this.lastPollEnd = Date.now();
        resolve(a);
      };
      this.waiting = answer;
    });
  }

  /** The client went away while its poll waited. */
  abandon(): void {
    this.waiting?.({ status: 200, body: '' });
  }

  private flush(): void {
    if (!this.waiting) return;
    if (this.queue.length) this.waiting(this.take());
    else if (this.ended) this.waiting({ status: 204, body: '' });
  }

  private take(): PollAnswer {
    const body = this.queue.join('');
    this.queue = [];
    this.queuedBytes = 0;
    return { status: 200, body };
  }
}

/** GET (poll), POST (send) and DELETE (goodbye) at /chatHub, each with the connection token as `id`. */
export function registerLongPolling(scope: FastifyInstance, hub: HubServer, db: Kysely<DB>): void {
  const byToken = new Map<string, LongPollingTransport>();
  const forget = (token: string, transport: LongPollingTransport) => {
    setTimeout(() => { if (byToken.get(token) === transport) byToken.delete(token); }, LINGER_MS).unref();
  };
  const tokenOf = (url: string) => queryOf(url).get('id');
  const text = (reply: FastifyReply, status: number, body = '') =>
    reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(body);

  // Bodies are protocol text, read as a string whatever the content type, within the message bound.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: hub.options.maxMessageBytes }, (_req, body, done) => done(null, body));
  scope.setErrorHandler((err: FastifyError, req, reply) => {
    const transport = byToken.get(tokenOf(req.url) ?? '');
    if (err.statusCode === 413 && transport) {
      transport.connection.close({ error: `Message exceeds the limit of ${hub.options.maxMessageBytes} bytes.` });
    }
    if ((err.statusCode ?? 500) >= 500) req.log.error({ err }, 'hub request failed');
    return text(reply, err.statusCode ?? 500, err.statusCode && err.statusCode < 500 ? err.message : 'Server error');
  });

  scope.get(HUB_PATH, async (req, reply) => {
    const token = tokenOf(req.url);
    if (!token) return text(reply, 400, 'Connection ID required');
    let transport = byToken.get(token);
    if (!transport) {
      // The first poll starts the connection, on the process that negotiated it, for the same user.
      const claims = verifyConnectionToken(hub.secret, token);
      const negotiated = claims ? hub.takeNegotiation(token) : undefined;
      if (!claims || !negotiated || hub.isClosing) return text(reply, 404, 'No Connection with that ID');
      const user = await hubUser(db, hubBearer(req.headers, queryOf(req.url)));
      if (!user || user.id !== claims.u) return text(reply, 401, 'Unauthorized');
      const created = new LongPollingTransport(hub.options.pollTimeoutMs, hub.options.sendBufferBytes);
      created.onEnd = () => forget(token, created);
      transport = created;
      transport.connection = hub.open(claims.c, user, transport);
      byToken.set(token, transport);
      return text(reply, 200);
    }
    const polling = transport;
    reply.raw.on('close', () => { if (!reply.raw.writableFinished) polling.abandon(); });
    const answer = await polling.poll();
    return answer.status === 204 ? reply.code(204).send() : text(reply, 200, answer.body);
  });

  scope.post(HUB_PATH, async (req, reply) => {
    const token = tokenOf(req.url);
    if (!token) return text(reply, 400, 'Connection ID required');
    const transport = byToken.get(token);
    if (!transport || transport.ended) return text(reply, 404, 'No Connection with that ID');
    transport.connection.receive(typeof req.body === 'string' ? req.body : '');
    return text(reply, 200);
  });

  scope.delete(HUB_PATH, async (req, reply) => {
    const token = tokenOf(req.url);
    if (!token) return text(reply, 400, 'Connection ID required');
    const transport = byToken.get(token);
    if (!transport) return text(reply, 404, 'No Connection with that ID');
    transport.connection.close({}, false);
    return text(reply, 202, 'Accepted');
  });
}
