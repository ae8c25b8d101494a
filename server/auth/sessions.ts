import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
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

/** Ends every session of a user except `keepSessionId` (password change, account disabled). */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, keepSessionId?: number, now = Date.now()): Promise<void> {
  let q = db.updateTable('t_session').set({ revoked_at: now }).where('user_id', '=', userId)
    .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)]));
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/** Deletes sessions that ended more than a day ago, so the table does not grow for ever. */
export async function pruneSessions(db: Kysely<DB>, now = Date.now()): Promise<void> {
  const cutoff = now - 86_400_000;
  await db.deleteFrom('t_session').where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)])).execute();
}
