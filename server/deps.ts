import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Dialect } from './db/columns';
import type { DB } from './db/schema';
import type { SecretBox } from './secrets/secret-box';
import type { Telemetry } from './telemetry/telemetry';
import type { TelemetryEvents } from './telemetry/telemetry-events';
import type { HubPublisher } from './hub/publisher';
import type { SimulatorDrills } from './simulator/drills';

/** What route modules receive: the database, the settings, the secrets' key and the hub's publish API. */
export interface AppDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  config: ServerConfig;
  hub: HubPublisher;
  /** Seals and opens the secrets kept in the database (server/secrets/README.md). */
  secrets: SecretBox;
  /** Telemetry domain events (measureValues, deviceState, measureWarning, message): server/README.md. */
  telemetryEvents?: TelemetryEvents;
  /** The ingest path and alarm engine; absent, the routes make one without background jobs. */
  telemetry?: Telemetry;
  /** The SQLite connection under `db` (SQLite only), for the online backup and restore (server/backup/). */
  sqlite?: SQLite.Database;
  /** The demo simulator's drills (POST /api/sim/drill/haze); absent or detached without a simulator. */
  drills?: SimulatorDrills;
}
