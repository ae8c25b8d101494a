import type { Kysely } from 'kysely';
import { HubNoticeType, type LogoutData } from '../../../contract/hub';
import type { AuthUser } from '../../auth/auth-user';
import { hashPassword } from '../../auth/passwords';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/api-error';
import { Licensing } from '../../licence/licensing';
import type { ResourceHooks } from '../../resources/resource-routes';
import { checkRoleAssignment } from './role-rules';
import { userManageRepository, type UserManageRepository } from './user-manage-repository';

type Row = Record<string, unknown>;

/** The refusals that keep the platform administrable: never the last super administrator, never oneself. */
export const LAST_SUPER = '不能禁用、移出或调动最后一个超级管理员';

/** `body.id: …` where a body field is to blame, the bare message otherwise (a delete's URL). */
const naming = (field: string | null, message: string) => (field ? `body.${field}: ${message}` : message);

/**
 * Refuses to take `userId` out of service (disable, remove, move) when it is the last super
 * administrator; the error names `field` of the body.
 */
export async function refuseLastSuper(repo: UserManageRepository, userId: number, field: string | null = 'id'): Promise<void> {
  if (await repo.isLastSuper(userId)) throw badRequest(naming(field, LAST_SUPER));
}

/** A user may not take itself out of service. */
export function refuseSelf(user: AuthUser, id: number, message: string, field: string | null = 'id'): void {
  if (user.id === id) throw badRequest(naming(field, message));
}

/** The virtual fields of user rows (contract/resources/user.ts): roles by id and name, and the lock. */
export async function withUserExtras<T extends Row & { id: number }>(db: Kysely<DB>, rows: T[], now = Date.now()) {
  const { roles, lockedUntil } = await userManageRepository(db).extras(rows.map((r) => r.id));
  return rows.map((row) => {
    const held = roles.get(row.id) ?? [];
    const until = lockedUntil.get(row.id);
    return { ...row, locked: until != null && until > now, roleIds: held.map((r) => r.id), roles: held };
  });
}

/** Ends a user's sessions' pages (except the caller's own) with the 下线提示 push. */
export function pushLogout(deps: AppDeps, userId: number, reason: LogoutData['reason'], exceptSessionId?: number): void {
  void deps.hub.publishToUser(userId, { type: HubNoticeType.Logout, data: { reason } },
    exceptSessionId === undefined ? {} : { exceptSessionId });
}

/**
 * The kit's hooks for `user-manage`: a password hashed (scrypt over md5, as login checks it; one
 * given on an update ends the user's other sessions), the roles given checked against the assignment rules and written to t_user_role; a removal
 * refused for oneself and the last super administrator, the removed user's sessions ended and its
 * pages told.
 */
export function userHooks(deps: AppDeps): ResourceHooks {
  const licence = new Licensing(deps.db, deps.config);
  return {
    rows: (db, rows) => withUserExtras(db, rows as (Row & { id: number })[]),

    async beforeSave(trx, { user, id, fields, before }) {
      const repo = userManageRepository(trx);
      const { password, ...rest } = fields as Row & { password?: string; roleIds?: number[]; orgId: number };
      if (id === undefined && !password) throw badRequest('body.password: 新用户须设置密码');
      if (id === undefined) await licence.assertRoom(trx, 'users', 1);
      const current = (before?.roleIds as number[] | undefined) ?? [];
      if (!(await repo.orgAndAncestors(rest.orgId)).length) throw badRequest('body.orgId: 组织不存在');
      const orgChanged = !!before && before.orgId !== rest.orgId;
      if (orgChanged) await refuseLastSuper(repo, id!, 'orgId');
      await checkRoleAssignment(repo, user, {
        userId: id, orgId: rest.orgId, orgChanged, wanted: rest.roleIds ?? current, current,
      });
      return password === undefined ? rest : { ...rest, passwordHash: await hashPassword(password) };
    },

    async afterSave(trx, { user, id, fields, before }) {
      // A new password on an update (the console sets one through change-password) ends the user's other sessions.
      if (before && fields.passwordHash !== undefined) await userManageRepository(trx).endSessions(id, id === user.id ? user.sessionId : undefined);
      const roleIds = fields.roleIds as number[] | undefined;
      const current = (before?.roleIds as number[] | undefined) ?? [];
      if (roleIds === undefined || JSON.stringify(roleIds) === JSON.stringify(current)) return;
      await userManageRepository(trx).setRoles(id, roleIds);
    },

    async scopeSubjects(_trx, { id, fields, before }) {
      return { userIds: id === undefined ? [] : [id], roleIds: [], field: before && before.orgId !== fields.orgId ? 'body.orgId' : 'body.roleIds' };
    },

    async beforeDelete(trx, { user, before }) {
      const repo = userManageRepository(trx);
      const id = before.id as number;
      refuseSelf(user, id, '不能移出自己的账号', null);
      await refuseLastSuper(repo, id, null);
      await repo.endSessions(id);
    },

    afterDelete({ before }) {
      pushLogout(deps, before.id as number, 'removed');
    },
  };
}
