import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { HUB_PATH } from '../../contract/hub';
import type { DB } from '../db/schema';
import { newConnectionId, signConnectionToken } from './connection-token';
import { hubBearer, hubUser, queryOf } from './hub-auth';
import type { HubServer } from './hub-server';

const TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text'] },
];

/**
 * `POST /chatHub/negotiate?negotiateVersion=1` (TransportProtocols.md): a valid bearer token gets a
 * connection id and a signed connection token; anything else is 401 and no connection.
 */
export function registerNegotiate(scope: FastifyInstance, hub: HubServer, db: Kysely<DB>): void {
  scope.post(`${HUB_PATH}/negotiate`, async (req, reply) => {
    if (hub.isClosing) return reply.code(503).type('text/plain').send('Server is shutting down.');
    const query = queryOf(req.url);
    const user = await hubUser(db, hubBearer(req.headers, query));
    if (!user) return reply.code(401).type('text/plain').send('Unauthorized');
    const version = Number(query.get('negotiateVersion') ?? 0) >= 1 ? 1 : 0;
    const connectionId = newConnectionId();
    const expiresAt = Date.now() + hub.options.negotiateTtlMs;
    const connectionToken = signConnectionToken(hub.secret, { c: connectionId, u: user.id, s: user.sessionId, e: expiresAt });
    hub.rememberNegotiation(connectionToken, user, expiresAt);
    reply.header('cache-control', 'no-store');
    // Version 0 clients address the connection by its id, so the id is the token there.
    return version === 1
      ? { negotiateVersion: 1, connectionId, connectionToken, availableTransports: TRANSPORTS }
      : { negotiateVersion: 0, connectionId: connectionToken, availableTransports: TRANSPORTS };
  });
}
