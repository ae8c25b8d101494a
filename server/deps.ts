import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Dialect } from './db/columns';
import type { DB } from './db/schema';

/** What route modules receive: the database and the settings. */
export interface AppDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  config: ServerConfig;
}
