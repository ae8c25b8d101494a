import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/auth-user';
import type { DB } from '../db/schema';
import { authenticateToken } from '../http/authenticate';

/**
 * The bearer token of a hub request: the Authorization header (negotiate, long polling, Node
 * clients), else the `access_token` query (browsers cannot set headers on a WebSocket), else the
 * `token` query the rest of the API accepts (SPEC §7).
 */
export function hubBearer(headers: IncomingHttpHeaders, query: URLSearchParams): string | null {
  const header = headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    return m ? m[1] : null;
  }
  return query.get('access_token') ?? query.get('token');
}

/** The signed-in user of a hub request, or null for a missing, unknown, expired or revoked token. */
export async function hubUser(db: Kysely<DB>, token: string | null): Promise<AuthUser | null> {
  try {
    return await authenticateToken(db, token);
  } catch {
    return null;
  }
}

/** Query parameters of a raw request URL. */
export function queryOf(url: string | undefined): URLSearchParams {
  const q = url?.indexOf('?') ?? -1;
  return new URLSearchParams(q < 0 ? '' : url!.slice(q + 1));
}
