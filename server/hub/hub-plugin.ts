import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DB } from '../db/schema';
import type { SecretBox } from '../secrets/secret-box';
import { resolveHubSecret } from './connection-token';
import { HubServer, type HubOptions } from './hub-server';
import { registerLongPolling } from './long-polling-transport';
import { registerNegotiate } from './negotiate';
import { LocalBackplane } from './publisher';
import { RedisBackplane } from './redis-backplane';
import { attachWebSocketTransport } from './websocket-transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime hub of this process (tests and the bench reach it here; routes get it in AppDeps). */
    hub: HubServer;
  }
}

/** The hub with its backplane (Redis when REDIS_URL is set), started and ready for routes. */
export async function createHub(
  db: Kysely<DB>, config: ServerConfig, secrets: SecretBox, log: FastifyBaseLogger, options: Partial<HubOptions> = {},
): Promise<HubServer> {
  const secret = await resolveHubSecret(db, config.hubSecret, secrets);
  const backplane = config.redisUrl ? new RedisBackplane(config.redisUrl, log) : new LocalBackplane();
  const hub = new HubServer(db, secret, backplane, log, options);
  await hub.start();
  return hub;
}

/**
 * Serves the hub at /chatHub: negotiate and long polling as routes, the WebSocket transport on the
 * server's `upgrade` event. On app.close() every client gets a Close message that allows
 * reconnecting, before the HTTP server stops.
 */
export async function registerHub(app: FastifyInstance, hub: HubServer, db: Kysely<DB>): Promise<void> {
  app.decorate('hub', hub);
  await app.register(async (scope) => {
    registerNegotiate(scope, hub, db);
    registerLongPolling(scope, hub, db);
  });
  const websockets = attachWebSocketTransport(app.server, hub, db);
  app.addHook('preClose', async () => {
    await hub.close();
    await websockets.close();
  });
}
