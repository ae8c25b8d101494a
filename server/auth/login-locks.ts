import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface LockSettings {
  /** Failures in a row from one address that lock the account for that address. */
  lockThreshold: number;
  /** Failures in a row from all addresses together that lock the account everywhere (higher). */
  lockAccountThreshold: number;
  lockMinutes: number;
}

/** Failure counts and address locks are forgotten this long after their last change. */
const FORGET_AFTER_MS = 86_400_000;

/** When the account's lock for this address ends, if one is running. */
export async function addressLockedUntil(db: Kysely<DB>, userId: number, ip: string, now = Date.now()): Promise<number | null> {
  const row = await db.selectFrom('t_login_lock').select('locked_until')
    .where('user_id', '=', userId).where('ip', '=', ip).executeTakeFirst();
  return row?.locked_until != null && row.locked_until > now ? row.locked_until : null;
}

/**
 * Counts a wrong password from `ip`: the address's count locks the account for that address at
 * `lockThreshold`; the account's count over all addresses locks it everywhere at
 * `lockAccountThreshold`. Returns whether this failure started a lock (of either kind).
 */
export async function recordFailedLogin(db: Kysely<DB>, userId: number, ip: string, s: LockSettings, now = Date.now()): Promise<boolean> {
  const until = now + s.lockMinutes * 60_000;
  return db.transaction().execute(async (trx) => {
    const address = await trx.insertInto('t_login_lock').values({ user_id: userId, ip, failures: 1, locked_until: null, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet((eb) => ({ failures: eb('t_login_lock.failures', '+', 1), updated_at: now })))
      .returning('failures').executeTakeFirstOrThrow();
    let locked = false;
    if (address.failures >= s.lockThreshold) {
      await trx.updateTable('t_login_lock').set({ failures: 0, locked_until: until })
        .where('user_id', '=', userId).where('ip', '=', ip).execute();
      locked = true;
    }
    const account = await trx.updateTable('t_user').set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
      .where('id', '=', userId).returning('failed_logins').executeTakeFirstOrThrow();
    if (account.failed_logins >= s.lockAccountThreshold) {
      await trx.updateTable('t_user').set({ locked_until: until, failed_logins: 0 }).where('id', '=', userId).execute();
      locked = true;
    }
    return locked;
  });
}

/** A successful sign-in from `ip`: that address's count and the account's count start again. */
export async function clearFailedLogins(db: Kysely<DB>, userId: number, ip: string): Promise<void> {
  await db.deleteFrom('t_login_lock').where('user_id', '=', userId).where('ip', '=', ip).execute();
  await db.updateTable('t_user').set({ failed_logins: 0, locked_until: null }).where('id', '=', userId).execute();
}

/** An administrator's 解锁: every lock and count of the account, for every address. */
export async function unlockAccount(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('t_login_lock').where('user_id', '=', userId).execute();
  await db.updateTable('t_user').set({ locked_until: null, failed_logins: 0 }).where('id', '=', userId).execute();
}

/** When each user's longest running address lock ends (the user list's 锁定 flag counts those too). */
export async function addressLocksOf(db: Kysely<DB>, userIds: readonly number[], now = Date.now()): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  const rows = await db.selectFrom('t_login_lock').select(['user_id', 'locked_until'])
    .where('user_id', 'in', [...userIds]).where('locked_until', '>', now).execute();
  for (const r of rows) out.set(r.user_id, Math.max(out.get(r.user_id) ?? 0, r.locked_until!));
  return out;
}

/** Drops counts and ended locks untouched for a day (run with the session prune). */
export async function pruneLoginLocks(db: Kysely<DB>, now = Date.now()): Promise<void> {
  await db.deleteFrom('t_login_lock').where('updated_at', '<', now - FORGET_AFTER_MS)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)])).execute();
}
