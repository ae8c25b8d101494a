import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Right } from '../../../contract/rights';
import { UserIdBody, UserListQuery, UserPage } from '../../../contract/users';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import { visibleOrgFilter } from '../scope-filters';
import { registerGuestRoutes } from './guest-routes';

export function registerUserManageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  endpoint(app, db, {
    method: 'GET', url: '/user-manage', access: Right.UserPreview, query: UserListQuery, response: UserPage,
    async handler({ user, query }) {
      let q = db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
        .where(visibleOrgFilter(user, 'u.org_id'));
      if (query.keyword) {
        // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
        const like = `%${query.keyword.toLowerCase()}%`;
        q = q.where((eb) => eb.or([
          eb(eb.fn('lower', ['u.username']), 'like', like),
          eb(eb.fn('lower', ['u.nick_name']), 'like', like),
        ]));
      }
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const list = await q
        .select(['u.id', 'u.username', 'u.nick_name as nickName', 'u.org_id as orgId', 'o.name as orgName',
          'u.phone', 'u.email', 'u.disabled', 'u.locked_until as lockedUntil', 'u.created_at as createdAt'])
        .orderBy('u.id').limit(query.Size).offset((query.Page - 1) * query.Size).execute();
      const now = Date.now();
      return {
        count: Number(count),
        list: list.map((u) => ({ ...u, disabled: u.disabled === 1, locked: u.lockedUntil != null && u.lockedUntil > now })),
      };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/unlock', access: Right.UserEdit, body: UserIdBody, response: z.literal(true),
    async handler({ user, body, req }) {
      await findVisibleUser(user, body.id);
      await db.updateTable('t_user').set({ locked_until: null, failed_logins: 0 }).where('id', '=', body.id).execute();
      await auditLog(db, { userId: user.id, username: user.username, action: 'edit', target: `user:${body.id}`, detail: 'unlock', ip: req.ip });
      return true as const;
    },
  });

  registerGuestRoutes(app, deps);

  async function findVisibleUser(user: AuthUser, id: number) {
    const row = await db.selectFrom('t_user as u').select(['u.id', 'u.username'])
      .where('u.id', '=', id).where(visibleOrgFilter(user, 'u.org_id')).executeTakeFirst();
    if (!row) throw notFound('用户');
    return row;
  }
}
