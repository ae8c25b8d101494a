import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Dialect } from './db/columns';
import type { DB } from './db/schema';
import type { HubPublisher } from './hub/publisher';

/** What route modules receive: the database, the settings and the hub's publish API. */
export interface AppDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  config: ServerConfig;
  hub: HubPublisher;
}
