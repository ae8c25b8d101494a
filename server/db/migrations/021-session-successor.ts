import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Sessions remember the session a token refresh replaced them with (`t_session.replaced_by`), so
 * the hub can tell a connection whose session was refreshed (it lives on) from one whose session
 * ended (logged out, revoked by a login elsewhere, a password change, a disabled account: closed).
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql`alter table t_session add column replaced_by integer`.execute(db);
}
