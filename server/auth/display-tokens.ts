import type { Kysely } from 'kysely';
import { DISPLAY_RIGHTS, DISPLAY_TOKEN_PATTERN, DISPLAY_TOKEN_PREFIX } from '../../contract/display-token';
import type { UserInfo } from '../../contract/session';
import type { DB } from '../db/schema';
import { ApiError, NOT_SIGNED_IN, SESSION_TIMEOUT } from '../http/api-error';
import { loadRights, loadScope, type AuthUser } from './auth-user';
import { hashToken, newToken } from './tokens';

/**
 * Display tokens (issue 23): a video wall's own credential. A token signs in a display principal,
 * never a person: `id` and `sessionId` are minus the token's id (no `user:<id>` topic, no
 * preferences, no session a login could end), read-only (`isGuest`), with its creator's data scope
 * and its creator's rights within DISPLAY_RIGHTS, both recomputed on every request. A revoked
 * token, a deleted wall, or a creator since disabled or deleted refuses it. Stored only as its
 * digest, like the sessions.
 */

/** How often a token's last use is written at most (every request would be a write per tile per second). */
export const LAST_USED_WRITE_MS = 60_000;

/** A new display token: the prefix and 256 random bits. */
export function newDisplayToken(): string {
  return `${DISPLAY_TOKEN_PREFIX}${newToken()}`;
}

/** The tile of a token, stored as 'r,c'. */
export function tileOf(text: string | null): [number, number] | null {
  if (text === null) return null;
  const m = /^(\d+),(\d+)$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

const lastWritten = new Map<number, number>();
const MAX_LAST_WRITTEN = 10_000;

/**
 * Records a display token's use (`lastUsedAt`), at most once a minute per token and process: on
 * every request it signs in (REST, hub negotiate and connect) and on a tile's hub calls
 * (WallJoin, WallReport: a tile that talks only over the hub after its first load is in use).
 */
export async function touchDisplayToken(db: Kysely<DB>, tokenId: number, now: number): Promise<void> {
  const last = lastWritten.get(tokenId);
  if (last !== undefined && now - last < LAST_USED_WRITE_MS) return;
  if (lastWritten.size >= MAX_LAST_WRITTEN) lastWritten.clear();
  lastWritten.set(tokenId, now);
  await db.updateTable('t_wall_token').set({ last_used_at: now }).where('id', '=', tokenId).execute();
}

/**
 * The display principal of a display token. Malformed or unknown: 401 (as an unknown session
 * token). Revoked, or its creator or the creator's organisation disabled or deleted: the
 * envelope's `requireLogin`, as an ended session.
 */
export async function authenticateDisplayToken(db: Kysely<DB>, token: string, now = Date.now()): Promise<AuthUser> {
  if (!DISPLAY_TOKEN_PATTERN.test(token)) throw new ApiError(401, NOT_SIGNED_IN);
  const row = await db.selectFrom('t_wall_token as t')
    .innerJoin('t_wall as w', 'w.id', 't.wall_id')
    .leftJoin('t_user as u', 'u.id', 't.created_by')
    .leftJoin('t_org as o', 'o.id', 'u.org_id')
    .select([
      't.id', 't.wall_id', 't.tile', 't.name', 't.revoked_at', 'u.id as user_id', 'u.org_id', 'u.is_super', 'u.disabled',
      'u.deleted_at', 'o.org_type', 'o.disabled as org_disabled',
    ])
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new ApiError(401, NOT_SIGNED_IN);
  if (row.revoked_at !== null || row.user_id === null || row.org_id === null || row.org_type === null
    || row.disabled || row.deleted_at !== null || row.org_disabled) {
    throw new ApiError(200, SESSION_TIMEOUT, true);
  }
  const isSuper = row.is_super === 1;
  const [rights, scope] = await Promise.all([
    loadRights(db, row.user_id),
    loadScope(db, row.user_id, row.org_id, isSuper),
    touchDisplayToken(db, row.id, now),
  ]);
  const allowed = new Set<string>(DISPLAY_RIGHTS);
  return {
    id: -row.id,
    username: row.name,
    orgId: row.org_id,
    orgType: row.org_type,
    isSuper: false,
    isGuest: true,
    rights: new Set(rights.filter((code) => allowed.has(code))),
    scope,
    sessionId: -row.id,
    display: { tokenId: row.id, wallId: row.wall_id, tile: tileOf(row.tile), creatorId: row.user_id },
  };
}

/**
 * Which of these display tokens still sign in (not revoked, their wall there, their creator and
 * the creator's organisation enabled): the hub closes the connections of the others.
 */
export async function liveDisplayTokens(db: Kysely<DB>, tokenIds: readonly number[]): Promise<Set<number>> {
  const live = new Set<number>();
  const ids = [...new Set(tokenIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('t_wall_token as t')
      .innerJoin('t_wall as w', 'w.id', 't.wall_id')
      .innerJoin('t_user as u', 'u.id', 't.created_by')
      .innerJoin('t_org as o', 'o.id', 'u.org_id')
      .select(['t.id', 't.revoked_at', 'u.disabled', 'u.deleted_at', 'o.disabled as org_disabled'])
      .where('t.id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.revoked_at === null && !r.disabled && r.deleted_at === null && !r.org_disabled) live.add(r.id);
  }
  return live;
}

/**
 * GET /api/user/info for a display principal: the console's shell needs a user; this one is the
 * wall's token ("大厅 2×2 视频墙 · 左上"), in its creator's organisation, read-only, with its own
 * (narrowed) rights. Undefined when the token is gone.
 */
export async function displayUserInfo(db: Kysely<DB>, user: AuthUser): Promise<UserInfo | undefined> {
  if (!user.display) return undefined;
  const row = await db.selectFrom('t_wall_token as t')
    .innerJoin('t_wall as w', 'w.id', 't.wall_id')
    .innerJoin('t_org as o', (join) => join.on('o.id', '=', user.orgId))
    .select(['t.name', 'w.name as wall_name', 'o.code', 'o.name as org_name', 'o.org_type'])
    .where('t.id', '=', user.display.tokenId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: user.id, username: user.username, nickName: `${row.wall_name} · ${row.name}`, avatar: '',
    rights: [...user.rights].sort(), orgId: user.orgId, orgCode: row.code, orgName: row.org_name, orgType: row.org_type,
    wxOpenId: '', isGuest: true,
  };
}
