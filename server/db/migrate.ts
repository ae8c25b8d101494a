import { sql, type Kysely } from 'kysely';
import type { Dialect } from './columns';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-telemetry';
import * as m003 from './migrations/003-device-search';
import * as m004 from './migrations/004-playlists';
import * as m005 from './migrations/005-graph-and-playlist-menus';
import * as m006 from './migrations/006-row-versions';
import * as m007 from './migrations/007-delete-rights';
import * as m008 from './migrations/008-access-model';
import * as m009 from './migrations/009-screen-library';
import * as m010 from './migrations/010-product-catalogue';
import * as m011 from './migrations/011-gateway-commands';
import * as m012 from './migrations/012-device-admin';
import * as m013 from './migrations/013-alarm-notifications';
import * as m014 from './migrations/014-project-admin';
import * as m015 from './migrations/015-project-videos-and-graph-libs';
import * as m016 from './migrations/016-remote-control';
import * as m017 from './migrations/017-firmware-upgrade';
import * as m018 from './migrations/018-monitoring-menu';
import * as m020 from './migrations/020-alarm-acknowledgement';
import * as m021 from './migrations/021-session-successor';
import * as m022 from './migrations/022-login-address-locks';
import * as m023 from './migrations/023-energy-analysis';
import * as m024 from './migrations/024-filter-life';
import * as m026 from './migrations/026-orders-and-installation';
import * as m027 from './migrations/027-cards-and-catalogue-sync';
import * as m029 from './migrations/029-settings';
import * as m030 from './migrations/030-licence';
import * as m031 from './migrations/031-video-walls';
import * as m032 from './migrations/032-wall-health';
import * as m033 from './migrations/033-platform-rights';

interface Migration {
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Every migration in order. A new one is appended, never edited once released. */
const MIGRATIONS: Migration[] = [
  { name: '001-initial', up: m001.up },
  { name: '002-telemetry', up: m002.up },
  { name: '003-device-search', up: m003.up },
  { name: '004-playlists', up: m004.up },
  { name: '005-graph-and-playlist-menus', up: m005.up },
  { name: '006-row-versions', up: m006.up },
  { name: '007-delete-rights', up: m007.up },
  { name: '008-access-model', up: m008.up },
  { name: '009-screen-library', up: m009.up },
  { name: '010-product-catalogue', up: m010.up },
  { name: '011-gateway-commands', up: m011.up },
  { name: '012-device-admin', up: m012.up },
  { name: '013-alarm-notifications', up: m013.up },
  { name: '014-project-admin', up: m014.up },
  { name: '015-project-videos-and-graph-libs', up: m015.up },
  { name: '016-remote-control', up: m016.up },
  { name: '017-firmware-upgrade', up: m017.up },
  { name: '018-monitoring-menu', up: m018.up },
  { name: '020-alarm-acknowledgement', up: m020.up },
  { name: '021-session-successor', up: m021.up },
  { name: '022-login-address-locks', up: m022.up },
  { name: '023-energy-analysis', up: m023.up },
  { name: '024-filter-life', up: m024.up },
  { name: '026-orders-and-installation', up: m026.up },
  { name: '027-cards-and-catalogue-sync', up: m027.up },
  { name: '029-settings', up: m029.up },
  { name: '030-licence', up: m030.up },
  { name: '031-video-walls', up: m031.up },
  { name: '032-wall-health', up: m032.up },
  { name: '033-platform-rights', up: m033.up },
];

/** The names of the migrations this build knows that the database has not applied (GET /readyz). */
export async function pendingMigrations(db: Kysely<unknown>): Promise<string[]> {
  const done = new Set(
    (await sql<{ name: string }>`select name from nv_migration`.execute(db)).rows.map((r) => r.name),
  );
  return MIGRATIONS.map((m) => m.name).filter((name) => !done.has(name));
}

/**
 * Applies the migrations not yet applied, each in its own transaction, so a failure leaves the
 * database at the last good migration. Returns the names applied now.
 */
export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  await db.schema
    .createTable('nv_migration')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  const done = new Set(
    (await sql<{ name: string }>`select name from nv_migration`.execute(db)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.name)) continue;
    await db.transaction().execute(async (trx) => {
      await m.up(trx, dialect);
      await sql`insert into nv_migration (name, applied_at) values (${m.name}, ${Date.now()})`.execute(trx);
    });
    applied.push(m.name);
  }
  return applied;
}
