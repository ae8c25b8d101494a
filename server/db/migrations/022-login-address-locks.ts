import type { Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Failed logins are counted per account and client address (`t_login_lock`), so nobody can lock
 * the administrator out at will from elsewhere; the account-wide count (t_user.failed_logins) stays,
 * at a higher threshold (LOCK_ACCOUNT_THRESHOLD). Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createTable('t_login_lock')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_t_login_lock', ['user_id', 'ip'])
    .execute();
}
