import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/** Retention settings (sys_setting) with their defaults, in days. */
export const RETENTION_DEFAULTS = {
  'retention.raw.days': 7,
  'retention.1m.days': 90,
  'retention.1h.days': 1825,
} as const;

/**
 * Telemetry: gateway keys (stored hashed), raw measure history and its 1-minute and 1-hour
 * rollups, retention settings, the `ingest` right, and the indexes the device list and the alarm
 * engine read by. Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`alter table t_gateway add column key_hash text`.execute(db);
  await createIndex(db, 't_gateway', ['key_hash'], true);

  // Primary keys lead with the point, so trend reads and per-point pruning are range scans and
  // ingest pays for no second index.
  await createTable(db, dialect, 't_history_measure', {
    device_id: 'int!>t_device*', measure_id: 'int!>t_measure*', ts: 'bigint!', value: 'real!',
  }, (t) => t.addPrimaryKeyConstraint('pk_t_history_measure', ['device_id', 'measure_id', 'ts'] as never));
  for (const name of ['t_history_measure_1m', 't_history_measure_1h']) {
    await createTable(db, dialect, name, {
      device_id: 'int!>t_device*', measure_id: 'int!>t_measure*', bucket: 'bigint!',
      min_value: 'real!', max_value: 'real!', sum_value: 'real!', sample_count: 'int!',
    }, (t) => t.addPrimaryKeyConstraint(`pk_${name}`, ['device_id', 'measure_id', 'bucket'] as never));
  }

  await createIndex(db, 't_history_measure_warning', ['device_id', 'measure_id']);
  await createIndex(db, 't_real_measure_warning', ['project_id']);
  await createIndex(db, 't_device', ['state', 'id']);
  await createIndex(db, 't_device', ['project_id', 'state', 'id']);
  await createIndex(db, 't_device', ['gateway_id']);
  await createIndex(db, 't_device', ['last_seen_at']);

  for (const [key, days] of Object.entries(RETENTION_DEFAULTS)) {
    await sql`insert into sys_setting ("key", "value") values (${key}, ${String(days)}) on conflict (key) do nothing`.execute(db);
  }
  // Installations seeded before this migration: the catalogue learns the new right and the roles
  // that hold every administrative right (they can back up the database) are granted it. An empty
  // database is left alone, so the reference seed still sees it as empty.
  await sql`insert into t_right (code, name, group_name, sort_order)
    select 'ingest', '数据接入', '设备', 1000 where exists (select 1 from t_right) and not exists (select 1 from t_right where code = 'ingest')`
    .execute(db);
  await sql`insert into t_role_right (role_id, right_code)
    select role_id, 'ingest' from t_role_right where right_code = 'backup'
    and role_id not in (select role_id from t_role_right where right_code = 'ingest')`.execute(db);
}
