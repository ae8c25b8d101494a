import { sql, type Kysely } from 'kysely';
import { createIndex, type Dialect } from '../columns';

/**
 * The admin resource kit (issue 15): every administered table carries a row `version` for
 * optimistic concurrency (a save read at an older version answers 409); the kit's lists get the
 * indexes they sort and filter by. Frozen once released.
 */
export const VERSIONED_TABLES = [
  't_org_type', 't_region', 't_industry', 't_manufactor', 't_org', 't_application', 't_role', 't_user',
  't_project_group', 't_project', 't_contacts', 't_device_type', 't_device_category_scheme', 't_device_category',
  't_device_model', 't_measure_tag_group', 't_measure_tag', 't_measure_group', 't_measure', 't_gateway', 't_device',
  't_data_dict', 't_screen_tpl',
] as const;

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await sql`alter table ${sql.table(table)} add column version integer not null default 1`.execute(db);
  }
  // Kit lists filter by organisation and sort by name: neither may read a whole large table.
  await createIndex(db, 't_contacts', ['org_id', 'name']);
  await createIndex(db, 't_contacts', ['name']);
  await createIndex(db, 't_manufactor', ['name']);
}
