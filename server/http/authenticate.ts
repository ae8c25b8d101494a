import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isDisplayToken } from '../../contract/display-token';
import { loadRights, loadScope, type AuthUser } from '../auth/auth-user';
import { authenticateDisplayToken } from '../auth/display-tokens';
import { findSession } from '../auth/sessions';
import { isWellFormedToken } from '../auth/tokens';
import type { DB } from '../db/schema';
import { ApiError, NOT_SIGNED_IN, SESSION_TIMEOUT } from './api-error';

/** The bearer token of a request: `Authorization: Bearer …`, else the `token` query (SPEC §7). */
export function requestToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? m[1] : '';
  }
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' ? q : null;
}

/**
 * Resolves the signed-in user, or a video wall's display principal for a display token. No or
 * malformed token: 401. Expired or revoked token, or a user
 * disabled since: the envelope's `requireLogin` (DESIGN "Contract decisions").
 */
export function authenticate(db: Kysely<DB>, req: FastifyRequest): Promise<AuthUser> {
  // Once per request: a hook that looked first (the wall's response cache) and the endpoint share it.
  let user = resolved.get(req);
  if (!user) resolved.set(req, (user = authenticateToken(db, requestToken(req))));
  return user;
}

const resolved = new WeakMap<FastifyRequest, Promise<AuthUser>>();

/** {@link authenticate} for a token found elsewhere (the hub's WebSocket upgrade). */
export async function authenticateToken(db: Kysely<DB>, token: string | null): Promise<AuthUser> {
  // A video wall's display token (issue 23): a display principal, not a person's session.
  if (isDisplayToken(token)) return authenticateDisplayToken(db, token);
  if (!token || !isWellFormedToken(token)) throw new ApiError(401, NOT_SIGNED_IN);
  const session = await findSession(db, token);
  if (session.status === 'unknown') throw new ApiError(401, NOT_SIGNED_IN);
  if (session.status === 'expired') throw new ApiError(200, SESSION_TIMEOUT, true);
  const user = await db
    .selectFrom('t_user as u')
    .innerJoin('t_org as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.username', 'u.org_id', 'u.is_super', 'u.is_guest', 'u.disabled', 'o.org_type', 'o.disabled as org_disabled'])
    .where('u.id', '=', session.userId)
    .executeTakeFirst();
  if (!user || user.disabled || user.org_disabled) throw new ApiError(200, SESSION_TIMEOUT, true);
  const isSuper = user.is_super === 1;
  const [rights, scope] = await Promise.all([
    loadRights(db, user.id),
    loadScope(db, user.id, user.org_id, isSuper),
  ]);
  return {
    id: user.id,
    username: user.username,
    orgId: user.org_id,
    orgType: user.org_type,
    isSuper,
    isGuest: user.is_guest === 1,
    rights: new Set(rights),
    scope,
    sessionId: session.sessionId,
  };
}
