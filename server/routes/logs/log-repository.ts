import { sql, type Kysely, type SqlBool } from 'kysely';
import type { LogLine } from '../../../contract/logs';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';

/** What a log list may be narrowed by (all optional); `userId` and `username` only on everyone's list. */
export interface LogFilters {
  userId?: number;
  username?: string;
  action?: string;
  from?: number;
  to?: number;
  target?: string;
}

/** Whose lines a list reads: the caller's own, or all the caller's data scope shows. */
export type LogOwner = { mine: AuthUser } | { scope: AuthUser };

/** `%text%` for LIKE with the wildcards of `text` taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The operation log (t_history_log), read by the log pages. */
export function logRepository(db: Kysely<DB>) {
  function filtered(owner: LogOwner, f: LogFilters) {
    let q = db.selectFrom('t_history_log as l');
    if ('mine' in owner) {
      q = q.where('l.user_id', '=', owner.mine.id);
    } else if (!owner.scope.scope.all) {
      // The lines of users of the caller's organisations, and the caller's own.
      const { id, scope } = owner.scope;
      const orgIds = scope.orgIds;
      q = q.where((eb) => eb.or([
        eb('l.user_id', '=', id),
        ...(orgIds.length ? [eb('l.user_id', 'in', eb.selectFrom('t_user').select('t_user.id').where('t_user.org_id', 'in', orgIds))] : []),
      ]));
    }
    if (f.userId !== undefined) q = q.where('l.user_id', '=', f.userId);
    if (f.action) q = q.where('l.action', '=', f.action);
    if (f.from !== undefined) q = q.where('l.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('l.created_at', '<=', f.to);
    if (f.username) q = q.where(sql<SqlBool>`lower(l.username) like ${likePattern(f.username)} escape '\\'`);
    if (f.target) q = q.where(sql<SqlBool>`lower(l.target) like ${likePattern(f.target)} escape '\\'`);
    return q;
  }

  return {
    /** One page of the lines, newest first. */
    async list(owner: LogOwner, filters: LogFilters, page: number, size: number): Promise<{ list: LogLine[]; count: number }> {
      const q = filtered(owner, filters);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const list = await q.select([
        'l.id', 'l.user_id as userId', 'l.username', 'l.action', 'l.target', 'l.detail', 'l.ip', 'l.created_at as createdAt',
      ]).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(size).offset((page - 1) * size).execute();
      return { list, count: Number(count) };
    },
  };
}
