import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { pruneLoginLocks } from './login-locks';
import { hashToken, newToken } from './tokens';

/** A refreshed token's predecessor stays valid this long, so requests already in flight succeed. */
export const REFRESH_GRACE_MS = 60_000;

export interface IssuedToken {
  token: string;
  expiresAt: number;
  sessionId: number;
}

export async function issueSession(
  db: Kysely<DB>, userId: number, minutes: number, appId: number | null, now = Date.now(),
): Promise<IssuedToken> {
  const token = newToken();
  const expiresAt = now + minutes * 60_000;
  const row = await db
    .insertInto('t_session')
    .values({ user_id: userId, token_hash: hashToken(token), app_id: appId, created_at: now, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, expiresAt, sessionId: row.id };
}

export type SessionLookup =
  | { status: 'valid'; sessionId: number; userId: number; appId: number | null }
  | { status: 'expired' }
  | { status: 'unknown' };

export async function findSession(db: Kysely<DB>, token: string, now = Date.now()): Promise<SessionLookup> {
  const s = await db
    .selectFrom('t_session')
    .select(['id', 'user_id', 'app_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!s) return { status: 'unknown' };
  if (s.expires_at <= now || (s.revoked_at != null && s.revoked_at <= now)) return { status: 'expired' };
  return { status: 'valid', sessionId: s.id, userId: s.user_id, appId: s.app_id };
}

/** Ends a session now, or at `at` (a refresh leaves its predecessor a short grace). */
export async function revokeSession(db: Kysely<DB>, sessionId: number, at = Date.now()): Promise<void> {
  await db.updateTable('t_session').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * A token refresh: the old session ends at `at` (a short grace for requests in flight) and names its
 * successor, so the hub keeps the connections it opened (see {@link liveSessions}).
 */
export async function replaceSession(db: Kysely<DB>, sessionId: number, successorId: number, at: number): Promise<void> {
  await db.updateTable('t_session').set({ revoked_at: at, replaced_by: successorId })
    .where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * Most refreshes followed from one session in one check: the hub moves a connection to the session
 * its chain leads to at every check, so a chain seen there is one or two refreshes long.
 */
const MAX_SUCCESSOR_HOPS = 64;
const ID_CHUNK = 500;

/**
 * Which of `sessionIds` still stand for a signed-in user at `now`, each mapped to the session it now
 * stands for: itself while valid (its user and organisation enabled too), or the valid session a
 * chain of token refreshes led to (`replaced_by`). The hub closes the connections of the others:
 * logged out, revoked by a login elsewhere or a password change, expired, or the account or
 * organisation disabled since.
 */
export async function liveSessions(db: Kysely<DB>, sessionIds: readonly number[], now = Date.now()): Promise<Map<number, number>> {
  const rows = new Map<number, { valid: boolean; next: number | null }>();
  let wanted = [...new Set(sessionIds)];
  for (let hop = 0; wanted.length && hop <= MAX_SUCCESSOR_HOPS; hop++) {
    const next: number[] = [];
    for (let i = 0; i < wanted.length; i += ID_CHUNK) {
      const found = await db.selectFrom('t_session as s')
        .innerJoin('t_user as u', 'u.id', 's.user_id')
        .innerJoin('t_org as o', 'o.id', 'u.org_id')
        .select(['s.id', 's.expires_at', 's.revoked_at', 's.replaced_by', 'u.disabled', 'o.disabled as org_disabled'])
        .where('s.id', 'in', wanted.slice(i, i + ID_CHUNK))
        .execute();
      for (const r of found) {
        const ended = r.expires_at <= now || (r.revoked_at != null && r.revoked_at <= now) || !!r.disabled || !!r.org_disabled;
        rows.set(r.id, { valid: !ended, next: r.replaced_by });
        if (ended && r.replaced_by != null && !rows.has(r.replaced_by)) next.push(r.replaced_by);
      }
    }
    wanted = [...new Set(next)];
  }
  const live = new Map<number, number>();
  for (const id of new Set(sessionIds)) {
    let at: number | null = id;
    for (let hops = 0; at != null && hops <= MAX_SUCCESSOR_HOPS; hops++) {
      const row = rows.get(at);
      if (!row) break;
      if (row.valid) {
        live.set(id, at);
        break;
      }
      at = row.next;
    }
  }
  return live;
}

/** Ends every session of a user except `keepSessionId` (password change, account disabled). */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, keepSessionId?: number, now = Date.now()): Promise<void> {
  let q = db.updateTable('t_session').set({ revoked_at: now }).where('user_id', '=', userId)
    .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)]));
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/**
 * Deletes sessions that ended more than a day ago, and failed-login counts untouched for a day, so
 * neither table grows for ever.
 */
export async function pruneSessions(db: Kysely<DB>, now = Date.now()): Promise<void> {
  const cutoff = now - 86_400_000;
  await db.deleteFrom('t_session').where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)])).execute();
  await pruneLoginLocks(db, now);
}
