import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Kysely } from 'kysely';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { HUB_PATH } from '../../contract/hub';
import type { AuthUser } from '../auth/auth-user';
import type { DB } from '../db/schema';
import type { HubTransport } from './connection';
import { newConnectionId, verifyConnectionToken } from './connection-token';
import { hubBearer, hubUser, queryOf } from './hub-auth';
import type { OutgoingFrame } from './protocol';
import type { HubServer } from './hub-server';

/** How long a closing socket may take for its close handshake before it is cut. */
const CLOSE_GRACE_MS = 2_000;

class WebSocketTransport implements HubTransport {
  readonly name = 'WebSockets';
  constructor(private readonly ws: WebSocket, private readonly maxBufferedBytes: number) {}

  send(frame: OutgoingFrame): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) return false;
    // Text frames always (the json protocol); a broadcast's bytes are encoded once for all.
    this.ws.send(typeof frame === 'string' ? frame : frame.utf8, { binary: false });
    return true;
  }

  close(): void {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close(1000);
    setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** Liveness over a WebSocket is the client's own messages (its pings included). */
  lastActivity(): number {
    return 0;
  }
}

const text = (data: RawData) => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer)).toString('utf8');

function refuse(socket: Duplex, status: number): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}

export interface WebSocketTransportHandle {
  /** Stops taking upgrades and waits (briefly) until every socket has closed. */
  close(): Promise<void>;
}

/**
 * The WebSocket transport on the app's HTTP server: `GET /chatHub?id=<connection token>` upgraded,
 * with the bearer token in the Authorization header or the `access_token` query. Without `id` a
 * connection starts without negotiation (TransportProtocols.md allows it). The token may come from
 * any process that shares the hub secret.
 */
export function attachWebSocketTransport(server: Server, hub: HubServer, db: Kysely<DB>): WebSocketTransportHandle {
  // A bound above the message limit, so an oversized message gets the hub's Close message with an
  // error rather than a bare close frame; far beyond it the socket library cuts the connection.
  const wss = new WebSocketServer({ noServer: true, maxPayload: hub.options.maxMessageBytes * 4, perMessageDeflate: false });

  const start = (ws: WebSocket, id: string, user: AuthUser) => {
    const connection = hub.open(id, user, new WebSocketTransport(ws, hub.options.sendBufferBytes));
    ws.on('message', (data, isBinary) => {
      if (isBinary) connection.close({ error: 'Binary messages are not supported by the json protocol.' });
      else connection.receive(text(data));
    });
    ws.on('close', () => connection.transportClosed());
    ws.on('error', (err) => hub.log.debug({ err }, 'hub websocket error'));
  };

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?')[0];
    if (path !== HUB_PATH) return refuse(socket, 404);
    if (hub.isClosing) return refuse(socket, 503);
    try {
      const query = queryOf(req.url);
      const token = query.get('id');
      const claims = token === null ? null : verifyConnectionToken(hub.secret, token);
      if (token !== null) {
        if (!claims) return refuse(socket, 404);
        if (hub.get(claims.c)) return refuse(socket, 409);
        hub.takeNegotiation(token);
      }
      const user = await hubUser(db, hubBearer(req.headers, query));
      if (!user || (claims && claims.u !== user.id)) return refuse(socket, 401);
      if (socket.destroyed) return;
      if (hub.isClosing) return refuse(socket, 503);
      wss.handleUpgrade(req, socket, head, (ws) => start(ws, claims?.c ?? newConnectionId(), user));
    } catch (err) {
      hub.log.error({ err }, 'hub upgrade failed');
      refuse(socket, 500);
    }
  };
  const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => { void onUpgrade(req, socket, head); };
  server.on('upgrade', listener);

  return {
    async close() {
      server.off('upgrade', listener);
      const open = [...wss.clients].filter((ws) => ws.readyState !== WebSocket.CLOSED);
      await Promise.all(open.map((ws) => new Promise<void>((resolve) => {
        const timer = setTimeout(() => { ws.terminate(); resolve(); }, CLOSE_GRACE_MS);
        ws.once('close', () => { clearTimeout(timer); resolve(); });
        if (ws.readyState === WebSocket.OPEN) ws.close(1001);
      })));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
