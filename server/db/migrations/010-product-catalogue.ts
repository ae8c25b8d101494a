import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * The product catalogue (issue 17): `t_device_model.picture`, the path of the product's picture as
 * POST /api/file answered it ('' for none). Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql`alter table t_device_model add column picture text not null default ''`.execute(db);
}
