import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NameList } from '../../../contract/envelope';
import { User, userResource } from '../../../contract/resources/user';
import { Right } from '../../../contract/rights';
import {
  AssignableRolesQuery, BindOpenIdBody, CheckUserQuery, CheckUserResult, DisableUserBody, JoinOrgBody, SetPasswordBody, UserIdBody,
  UserOrgTree,
} from '../../../contract/users';
import type { AuthUser } from '../../auth/auth-user';
import { hashPassword } from '../../auth/passwords';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { keepWithinScope } from '../../auth/data-scope';
import { endpoint } from '../../http/endpoint';
import { Licensing } from '../../licence/licensing';
import { auditLog, type AuditEntry } from '../../logs/audit-log';
import { auditTarget } from '../../resources/resource-audit';
import { inScope } from '../../resources/resource-repository';
import { registerGuestRoutes } from './guest-routes';
import { assignableRoles, unfitRoles } from './role-rules';
import { pushLogout, refuseLastSuper, refuseSelf, withUserExtras } from './user-hooks';
import { inUserTransaction, userManageRepository, type UserManageRepository } from './user-manage-repository';

type UserRow = NonNullable<Awaited<ReturnType<UserManageRepository['findVisible']>>>;

/**
 * The user-manage calls beside the kit's list, {id}, save and del/{id} (SPEC §7): disable, recover,
 * change-password, unlock, check-user, join-org, bind/wxopenid, bind/appopenid, the roles a form
 * may offer, the organisation tree of the page, and guest mode. Each checks its right and the caller's data scope (a user outside it
 * is 404), and writes its audit line in the transaction of its change.
 */
export function registerUserManageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const users = userManageRepository(db);
  const licence = new Licensing(db, deps.config);
  const NOUN = userResource.noun.zh;

  /** The user if the caller sees it (a removed one only with `removed`), else 404. */
  async function visibleUser(repo: UserManageRepository, user: AuthUser, id: number, removed = false): Promise<UserRow> {
    const row = await repo.findVisible(user, id, removed);
    if (!row) throw notFound(NOUN);
    return row;
  }
  const entryOf = (user: AuthUser, ip: string, row: UserRow, detail: unknown): AuditEntry => ({
    userId: user.id, username: user.username, ip, action: 'edit', target: auditTarget(userResource, row.id, row), detail: JSON.stringify(detail),
  });
  /** The user as the list shows it, after a change. */
  const answer = async (id: number) => (await withUserExtras(db, [(await users.findAny(id))!]))[0];

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/disable', access: Right.UserEdit, tenancy: 'subtree', body: DisableUserBody, response: User,
    async handler({ user, body, req }) {
      const disabled = body.disabled ? 1 : 0;
      const changed = await inUserTransaction(db, async (tx) => {
        const row = await visibleUser(tx, user, body.id);
        if (body.disabled) {
          refuseSelf(user, row.id, '不能禁用自己的账号');
          await refuseLastSuper(tx, row.id);
        }
        if (row.disabled === disabled) return false;
        await tx.update(row.id, { disabled });
        if (body.disabled) await tx.endSessions(row.id);
        await auditLog(tx.db, entryOf(user, req.ip, row, { before: { disabled: row.disabled }, after: { disabled } }));
        return true;
      });
      if (changed && body.disabled) pushLogout(deps, body.id, 'disabled');
      return answer(body.id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/recover', access: Right.UserDelete, tenancy: 'subtree', body: UserIdBody, response: User,
    async handler({ user, body, req }) {
      await inUserTransaction(db, async (tx) => {
        const row = await tx.findVisible(user, body.id, true);
        if (!row) {
          await visibleUser(tx, user, body.id);
          throw badRequest('body.id: 该用户未被移出');
        }
        await licence.assertRoom(tx.db, 'users', 1);
        await tx.update(row.id, { deleted_at: null });
        await auditLog(tx.db, entryOf(user, req.ip, row, { before: { deletedAt: row.deletedAt }, after: { deletedAt: null } }));
      });
      return answer(body.id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/change-password', access: Right.UserEdit, tenancy: 'subtree', body: SetPasswordBody, response: z.literal(true),
    async handler({ user, body, req }) {
      const hash = await hashPassword(body.password);
      await inUserTransaction(db, async (tx) => {
        const row = await visibleUser(tx, user, body.id);
        await tx.update(row.id, { password_hash: hash });
        // The caller's own session stays when it set its own password here; every other one ends.
        await tx.endSessions(row.id, row.id === user.id ? user.sessionId : undefined);
        await auditLog(tx.db, entryOf(user, req.ip, row, { before: { password: '***' }, after: { password: '***' } }));
      });
      pushLogout(deps, body.id, 'passwordChanged', body.id === user.id ? user.sessionId : undefined);
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/unlock', access: Right.UserEdit, tenancy: 'subtree', body: UserIdBody, response: z.literal(true),
    async handler({ user, body, req }) {
      await inUserTransaction(db, async (tx) => {
        const row = await visibleUser(tx, user, body.id);
        await tx.unlock(row.id);
        await auditLog(tx.db, { ...entryOf(user, req.ip, row, null), detail: 'unlock' });
      });
      return true as const;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/user-manage/check-user', access: Right.UserEdit, query: CheckUserQuery, response: CheckUserResult,
    handler: async ({ query }) => ({ exists: await users.usernameTaken(query.username) }),
  });

  endpoint(app, db, {
    method: 'GET', url: '/user-manage/assignable-roles', access: Right.UserEdit, query: AssignableRolesQuery, response: NameList,
    handler({ user, query }) {
      if (!inScope(user, query.orgId)) throw badRequest('query.orgId: 不在您的数据范围内');
      return assignableRoles(users, user, query.orgId);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/user-manage/orgs', access: Right.UserPreview, response: UserOrgTree,
    handler: ({ user }) => users.visibleOrgs(user),
  });

  endpoint(app, db, {
    method: 'POST', url: '/user-manage/join-org', access: Right.UserEdit, tenancy: 'subtree', body: JoinOrgBody, response: User,
    async handler({ user, body, req }) {
      await inUserTransaction(db, async (tx) => {
        const row = await visibleUser(tx, user, body.id);
        if (!(await tx.findVisibleOrg(user, body.orgId))) throw badRequest('body.orgId: 组织不存在或不在您的数据范围内');
        if (row.orgId === body.orgId) return;
        await refuseLastSuper(tx, row.id);
        const current = await tx.roleIdsOf(row.id);
        const dropped = await unfitRoles(tx, body.orgId, current);
        await keepWithinScope(tx.db, user, { userIds: [row.id], roleIds: [] }, 'body.orgId', async () => {
          await tx.update(row.id, { org_id: body.orgId });
          if (dropped.length) await tx.setRoles(row.id, current.filter((id) => !dropped.some((d) => d.id === id)));
        });
        await auditLog(tx.db, entryOf(user, req.ip, row, {
          before: { orgId: row.orgId }, after: { orgId: body.orgId }, droppedRoles: dropped.map((d) => d.name),
        }));
      });
      return answer(body.id);
    },
  });

  for (const [path, column, field, what] of [
    ['wxopenid', 'wx_open_id', 'wxOpenId', '微信 openId'], ['appopenid', 'app_open_id', 'appOpenId', 'App openId'],
  ] as const) {
    endpoint(app, db, {
      method: 'POST', url: `/user-manage/bind/${path}`, access: Right.UserEdit, tenancy: 'subtree', body: BindOpenIdBody, response: User,
      async handler({ user, body, req }) {
        await inUserTransaction(db, async (tx) => {
          const row = await visibleUser(tx, user, body.id);
          if (row[field] === body.openId) return;
          if (body.openId && await tx.openIdHolder(column, body.openId, row.id)) throw badRequest(`body.openId: 该${what}已绑定其他用户`);
          await tx.update(row.id, { [column]: body.openId });
          await auditLog(tx.db, entryOf(user, req.ip, row, { before: { [field]: row[field] }, after: { [field]: body.openId } }));
        });
        return answer(body.id);
      },
    });
  }

  registerGuestRoutes(app, deps);
}
