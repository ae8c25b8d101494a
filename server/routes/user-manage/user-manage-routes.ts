import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Right } from '../../../contract/rights';
import { UserIdBody, UserListQuery, UserPage } from '../../../contract/users';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import { registerGuestRoutes } from './guest-routes';
import { userManageRepository } from './user-manage-repository';

export function registerUserManageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const users = userManageRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/user-manage', access: Right.UserPreview, query: UserListQuery, response: UserPage,
    handler: ({ user, query }) => users.list(user, query.keyword, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/unlock', access: Right.UserEdit, body: UserIdBody, response: z.literal(true),
    async handler({ user, body, req }) {
      await findVisibleUser(user, body.id);
      await users.unlock(body.id);
      await auditLog(db, { userId: user.id, username: user.username, action: 'edit', target: `user:${body.id}`, detail: 'unlock', ip: req.ip });
      return true as const;
    },
  });

  registerGuestRoutes(app, deps);

  async function findVisibleUser(user: AuthUser, id: number) {
    const row = await users.findVisible(user, id);
    if (!row) throw notFound('用户');
    return row;
  }
}
