import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleOrgFilter } from '../scope-filters';

/** The SQL of user management (t_user), within the caller's data scope. */
export function userManageRepository(db: Kysely<DB>) {
  return {
    /** One page of the users the caller sees, by id, matching `keyword` in login or nick name; and the total. */
    async list(user: AuthUser, keyword: string | undefined, page: number, size: number) {
      let q = db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
        .where(visibleOrgFilter(user, 'u.org_id'));
      if (keyword) {
        // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
        const like = `%${keyword.toLowerCase()}%`;
        q = q.where((eb) => eb.or([
          eb(eb.fn('lower', ['u.username']), 'like', like),
          eb(eb.fn('lower', ['u.nick_name']), 'like', like),
        ]));
      }
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const list = await q
        .select(['u.id', 'u.username', 'u.nick_name as nickName', 'u.org_id as orgId', 'o.name as orgName',
          'u.phone', 'u.email', 'u.disabled', 'u.locked_until as lockedUntil', 'u.created_at as createdAt'])
        .orderBy('u.id').limit(size).offset((page - 1) * size).execute();
      const now = Date.now();
      return {
        count: Number(count),
        list: list.map((u) => ({ ...u, disabled: u.disabled === 1, locked: u.lockedUntil != null && u.lockedUntil > now })),
      };
    },

    /** The user if the caller sees it. */
    findVisible(user: AuthUser, id: number) {
      return db.selectFrom('t_user as u').select(['u.id', 'u.username'])
        .where('u.id', '=', id).where(visibleOrgFilter(user, 'u.org_id')).executeTakeFirst();
    },

    /** Ends a lock after failed logins, and the count towards the next one. */
    async unlock(id: number): Promise<void> {
      await db.updateTable('t_user').set({ locked_until: null, failed_logins: 0 }).where('id', '=', id).execute();
    },
  };
}
