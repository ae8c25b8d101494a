import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import { addressLocksOf, unlockAccount } from '../../auth/login-locks';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';
import { visibleOrgFilter } from '../../auth/scope-filters';

/** A role as the assignment rules read it: its organisation (null: the platform's), data scope and rights. */
export interface RoleFacts {
  id: number;
  name: string;
  orgId: number | null;
  dataScope: string;
  rights: string[];
}

/** The columns of a user row (contract/resources/user.ts `User`), the virtual fields left out. */
const USER_COLUMNS = [
  'u.id', 'u.version', 'u.username', 'u.nick_name as nickName', 'u.org_id as orgId', 'u.phone', 'u.email', 'u.sex',
  'u.wx_open_id as wxOpenId', 'u.app_open_id as appOpenId', 'u.is_super as isSuper', 'u.is_guest as isGuest', 'u.disabled',
  'u.created_at as createdAt', 'u.deleted_at as deletedAt',
] as const;

/** Ids per query: an IN list stays well inside every database's limit on parameters. */
const CHUNK = 500;

/** Runs `work` in one transaction, with the repository over it: its writes and the audit line share it. */
export function inUserTransaction<T>(db: Kysely<DB>, work: (tx: UserManageRepository) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => work(userManageRepository(trx)));
}

/**
 * The SQL of user management (t_user, t_user_role), within the caller's data scope. Made over a
 * transaction ({@link inUserTransaction}, or the kit's hooks) its writes share it with the audit line.
 */
export function userManageRepository(db: Kysely<DB>) {
  /** The roles asked for, with their rights; ids that name no role are missing from the answer. */
  async function roleFacts(ids: readonly number[]): Promise<RoleFacts[]> {
    if (!ids.length) return [];
    const roles = await db.selectFrom('t_role').select(['id', 'name', 'org_id', 'data_scope']).where('id', 'in', [...ids]).orderBy('id').execute();
    const rights = await db.selectFrom('t_role_right').select(['role_id', 'right_code']).where('role_id', 'in', [...ids]).execute();
    return roles.map((r) => ({
      id: r.id, name: r.name, orgId: r.org_id, dataScope: r.data_scope,
      rights: rights.filter((x) => x.role_id === r.id).map((x) => x.right_code),
    }));
  }

  return {
    db,
    roleFacts,

    /** The user row (without its virtual fields) if the caller sees it; removed users only with `removed`. */
    findVisible(user: AuthUser, id: number, removed = false) {
      return db.selectFrom('t_user as u').select(USER_COLUMNS)
        .where('u.id', '=', id).where(visibleOrgFilter(user, 'u.org_id'))
        .where('u.deleted_at', removed ? 'is not' : 'is', null)
        .executeTakeFirst();
    },

    /** The user row (without its virtual fields), whatever the scope. */
    findAny(id: number) {
      return db.selectFrom('t_user as u').select(USER_COLUMNS).where('u.id', '=', id).executeTakeFirst();
    },

    /** For each user: its roles (by id) and the end of a running lock after failed logins. */
    async extras(ids: readonly number[]) {
      const roles = new Map<number, { id: number; name: string }[]>();
      const lockedUntil = new Map<number, number | null>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const part = ids.slice(i, i + CHUNK);
        const links = await db.selectFrom('t_user_role as ur').innerJoin('t_role as r', 'r.id', 'ur.role_id')
          .select(['ur.user_id', 'r.id', 'r.name']).where('ur.user_id', 'in', part).orderBy('r.id').execute();
        for (const l of links) roles.set(l.user_id, [...(roles.get(l.user_id) ?? []), { id: l.id, name: l.name }]);
        const locks = await db.selectFrom('t_user').select(['id', 'locked_until']).where('id', 'in', part).execute();
        const byAddress = await addressLocksOf(db, part);
        for (const l of locks) lockedUntil.set(l.id, Math.max(l.locked_until ?? 0, byAddress.get(l.id) ?? 0) || null);
      }
      return { roles, lockedUntil };
    },

    /** Whether any user, removed ones included, has this login name. */
    async usernameTaken(username: string): Promise<boolean> {
      return !!(await db.selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirst());
    },

    /** The role ids a user holds, ascending. */
    async roleIdsOf(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('t_user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
      return rows.map((r) => r.role_id);
    },

    /** The roles of these organisations and of the platform (no organisation), with their rights. */
    async rolesOfOrgs(orgIds: readonly number[]): Promise<RoleFacts[]> {
      const ids = await db.selectFrom('t_role').select('id')
        .where((eb) => eb.or([eb('org_id', 'is', null), ...(orgIds.length ? [eb('org_id', 'in', [...orgIds])] : [])]))
        .orderBy('id').execute();
      return roleFacts(ids.map((r) => r.id));
    },

    /** Replaces a user's roles. */
    async setRoles(userId: number, roleIds: readonly number[]): Promise<void> {
      await db.deleteFrom('t_user_role').where('user_id', '=', userId).execute();
      if (roleIds.length) await db.insertInto('t_user_role').values(roleIds.map((role_id) => ({ user_id: userId, role_id }))).execute();
    },

    /** An organisation and those above it, nearest first; empty when it does not exist. */
    async orgAndAncestors(orgId: number): Promise<number[]> {
      const out: number[] = [];
      for (let at: number | null = orgId; at != null && !out.includes(at); ) {
        const row: { parent_id: number | null } | undefined = await db.selectFrom('t_org').select('parent_id').where('id', '=', at).executeTakeFirst();
        if (!row) break;
        out.push(at);
        at = row.parent_id;
      }
      return out;
    },

    /** The organisations the caller sees, by id, with their parents (null where the caller does not see it). */
    async visibleOrgs(user: AuthUser) {
      const rows = await db.selectFrom('t_org').select(['id', 'name', 'parent_id']).where(visibleOrgFilter(user, 'id')).orderBy('id').execute();
      const seen = new Set(rows.map((r) => r.id));
      return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id != null && seen.has(r.parent_id) ? r.parent_id : null }));
    },

    /** The organisation if the caller sees it. */
    findVisibleOrg(user: AuthUser, orgId: number) {
      return db.selectFrom('t_org').select(['id', 'name', 'disabled']).where('id', '=', orgId)
        .where(visibleOrgFilter(user, 'id')).executeTakeFirst();
    },

    /**
     * True when `userId` is the last enabled super administrator that is not removed: disabling,
     * removing or moving it would leave the platform without one.
     */
    async isLastSuper(userId: number): Promise<boolean> {
      const supers = await db.selectFrom('t_user').select('id')
        .where('is_super', '=', 1).where('disabled', '=', 0).where('deleted_at', 'is', null).execute();
      return supers.length === 1 && supers[0].id === userId;
    },

    /** Writes the given columns and moves the version on. */
    async update(userId: number, patch: Partial<{
      disabled: number; org_id: number; wx_open_id: string; app_open_id: string; deleted_at: number | null; password_hash: string;
    }>): Promise<void> {
      await db.updateTable('t_user').set((eb) => ({ ...patch, version: eb('version', '+', 1) })).where('id', '=', userId).execute();
    },

    /** Another user (removed ones included) holding this open id in `column`. */
    async openIdHolder(column: 'wx_open_id' | 'app_open_id', openId: string, exceptUserId: number) {
      return db.selectFrom('t_user').select(['id', 'username']).where(column, '=', openId).where('id', '!=', exceptUserId).executeTakeFirst();
    },

    /** Ends every session of the user but `keepSessionId`. */
    endSessions(userId: number, keepSessionId?: number): Promise<void> {
      return revokeUserSessions(db, userId, keepSessionId);
    },

    /** Ends a lock after failed logins, and the count towards the next one. */
    async unlock(id: number): Promise<void> {
      await unlockAccount(db, id);
    },

    /** The rights of these roles together, by code, with their names (the code where the catalogue has none). */
    async rightsOfRoles(roleIds: readonly number[]): Promise<{ code: string; name: string }[]> {
      if (!roleIds.length) return [];
      const rows = await db.selectFrom('t_role_right as rr').leftJoin('t_right as r', 'r.code', 'rr.right_code')
        .select(['rr.right_code as code', 'r.name']).distinct().where('rr.role_id', 'in', [...roleIds]).orderBy('rr.right_code').execute();
      return rows.map((r) => ({ code: r.code, name: r.name ?? r.code }));
    },

    /** The most recent sign-ins of a user from the operation log: when and from where. */
    async recentLogins(userId: number, limit: number) {
      const rows = await db.selectFrom('t_history_log').select(['created_at', 'ip'])
        .where('user_id', '=', userId).where('action', '=', 'login').where('detail', '!=', 'failed')
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ at: r.created_at, ip: r.ip }));
    },

    /** The guest account's organisation, with its name, or undefined when there is no guest account. */
    guestOrg(userId: number) {
      return db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
        .select(['u.org_id as orgId', 'o.name as orgName', 'u.disabled']).where('u.id', '=', userId).executeTakeFirst();
    },
  };
}

export type UserManageRepository = ReturnType<typeof userManageRepository>;
