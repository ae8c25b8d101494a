import type { Kysely, Transaction } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleOrgFilter, visibleProjectFilter } from '../../auth/scope-filters';

/** What a target id of a data right points at, by kind. */
const TARGET_TABLES = { project: 't_project', region: 't_region', industry: 't_industry', org: 't_org' } as const;
export type TargetTable = keyof typeof TARGET_TABLES;

export interface RoleCopy {
  orgId: number;
  name: string;
  dataScope: string;
  remark: string;
  rights: readonly string[];
  targets: readonly { right_type: string; target_id: number }[];
  measureIds: readonly number[];
}

const unique = <T>(values: Iterable<T>) => [...new Set(values)];

/**
 * The SQL of the access calls (server/routes/roles/): the rights catalogue, role rights, data rights
 * and measure rights, organisation-type rights and roles. Writes take the caller's transaction, so
 * a change and its audit line commit together.
 */
export function roleRepository(db: Kysely<DB>) {
  return {
    /** Runs `work` in one transaction: a change, its checks' reads and its audit line commit together. */
    atomically<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** t_right in catalogue order. */
    catalogue(trx: Kysely<DB> = db) {
      return trx.selectFrom('t_right').select(['code', 'name', 'group_name', 'sort_order']).orderBy('sort_order').orderBy('code').execute();
    },

    async knownCodes(trx: Kysely<DB> = db): Promise<Set<string>> {
      return new Set((await trx.selectFrom('t_right').select('code').execute()).map((r) => r.code));
    },

    /** Per right, the roles holding it that the caller may see. */
    holders(user: AuthUser) {
      return db.selectFrom('t_role_right as rr').innerJoin('t_role as r', 'r.id', 'rr.role_id')
        .select(['rr.right_code', 'r.id', 'r.name', 'r.org_id'])
        .where(visibleOrgFilter(user, 'r.org_id'))
        .orderBy('rr.right_code').orderBy('r.id').execute();
    },

    async roleRights(roleId: number, trx: Kysely<DB> = db): Promise<string[]> {
      return (await trx.selectFrom('t_role_right').select('right_code').where('role_id', '=', roleId).orderBy('right_code').execute())
        .map((r) => r.right_code);
    },

    async setRoleRights(trx: Kysely<DB>, roleId: number, codes: readonly string[]): Promise<void> {
      await trx.deleteFrom('t_role_right').where('role_id', '=', roleId).execute();
      if (codes.length) await trx.insertInto('t_role_right').values(unique(codes).map((right_code) => ({ role_id: roleId, right_code }))).execute();
    },

    /** The organisation type's row (its name for messages), if the type exists. */
    orgType(orgType: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('t_org_type').select(['org_type', 'name']).where('org_type', '=', orgType).executeTakeFirst();
    },

    /** The rights an organisation type may hold (t_org_type_right). */
    async typeRights(orgType: number, trx: Kysely<DB> = db): Promise<string[]> {
      return (await trx.selectFrom('t_org_type_right').select('right_code').where('org_type', '=', orgType).orderBy('right_code').execute())
        .map((r) => r.right_code);
    },

    async setTypeRights(trx: Kysely<DB>, orgType: number, codes: readonly string[]): Promise<void> {
      await trx.deleteFrom('t_org_type_right').where('org_type', '=', orgType).execute();
      if (codes.length) await trx.insertInto('t_org_type_right').values(unique(codes).map((right_code) => ({ org_type: orgType, right_code }))).execute();
    },

    /** An organisation with its type, whatever the caller's scope (callers check that first). */
    org(orgId: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('t_org').select(['id', 'name', 'org_type']).where('id', '=', orgId).executeTakeFirst();
    },

    /** The organisation if the caller may see it. */
    visibleOrg(user: AuthUser, orgId: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('t_org').select(['id', 'name', 'org_type']).where('id', '=', orgId)
        .where(visibleOrgFilter(user, 'id')).executeTakeFirst();
    },

    /** The role with its organisation's type (null: a role of no organisation), if the caller may see it. */
    visibleRole(user: AuthUser, roleId: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('t_role as r').leftJoin('t_org as o', 'o.id', 'r.org_id')
        .select(['r.id', 'r.name', 'r.org_id', 'r.data_scope', 'r.remark', 'r.version', 'o.org_type'])
        .where('r.id', '=', roleId).where(visibleOrgFilter(user, 'r.org_id')).executeTakeFirst();
    },

    /** The ids of roles of organisation `orgId` named `name` (a copy's name is unique there). */
    async roleNamed(orgId: number, name: string, trx: Kysely<DB> = db): Promise<number | undefined> {
      return (await trx.selectFrom('t_role').select('id').where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst())?.id;
    },

    async roleNames(orgId: number, trx: Kysely<DB> = db): Promise<Set<string>> {
      return new Set((await trx.selectFrom('t_role').select('name').where('org_id', '=', orgId).execute()).map((r) => r.name));
    },

    async dataTargets(roleId: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('t_data_right').select(['right_type', 'target_id']).where('role_id', '=', roleId).orderBy('id').execute();
    },

    /** The role's data scope type and its targets, the version moved on (the kit's 409 sees the change). */
    async setDataRights(trx: Kysely<DB>, roleId: number, dataScope: string, targets: readonly number[]): Promise<void> {
      await trx.updateTable('t_role').set((eb) => ({ data_scope: dataScope, version: eb('version', '+', 1) })).where('id', '=', roleId).execute();
      await trx.deleteFrom('t_data_right').where('role_id', '=', roleId).execute();
      if (targets.length) {
        await trx.insertInto('t_data_right').values(unique(targets).map((target_id) => ({ role_id: roleId, right_type: dataScope, target_id }))).execute();
      }
    },

    /** Drops the targets that are not of the role's (new) data scope type. */
    async dropOtherTargets(trx: Kysely<DB>, roleId: number, dataScope: string): Promise<void> {
      await trx.deleteFrom('t_data_right').where('role_id', '=', roleId).where('right_type', '!=', dataScope).execute();
    },

    /** How many of `ids` exist in the table of a target kind. */
    async countExisting(kind: TargetTable, ids: readonly number[], trx: Kysely<DB> = db): Promise<number> {
      if (!ids.length) return 0;
      const table = TARGET_TABLES[kind] as 't_org';
      return (await trx.selectFrom(table).select('id').where('id', 'in', unique(ids)).execute()).length;
    },

    /** How many of the projects `ids` the caller may see. */
    async countVisibleProjects(user: AuthUser, ids: readonly number[], trx: Kysely<DB> = db): Promise<number> {
      if (!ids.length) return 0;
      return (await trx.selectFrom('t_project as p').select('p.id').where('p.id', 'in', unique(ids))
        .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).execute()).length;
    },

    async measureIds(roleId: number, trx: Kysely<DB> = db): Promise<number[]> {
      return (await trx.selectFrom('t_role_measure').select('measure_id').where('role_id', '=', roleId).orderBy('measure_id').execute())
        .map((r) => r.measure_id);
    },

    async countMeasures(ids: readonly number[], trx: Kysely<DB> = db): Promise<number> {
      if (!ids.length) return 0;
      return (await trx.selectFrom('t_measure').select('id').where('id', 'in', unique(ids)).execute()).length;
    },

    async setMeasures(trx: Kysely<DB>, roleId: number, ids: readonly number[]): Promise<void> {
      await trx.deleteFrom('t_role_measure').where('role_id', '=', roleId).execute();
      if (ids.length) await trx.insertInto('t_role_measure').values(unique(ids).map((measure_id) => ({ role_id: roleId, measure_id }))).execute();
    },

    /** A new role with its rights, data-right targets and measure rights; answers its id. */
    async insertRole(trx: Kysely<DB>, role: RoleCopy): Promise<number> {
      const id = (await trx.insertInto('t_role').values({
        org_id: role.orgId, name: role.name, data_scope: role.dataScope, remark: role.remark, created_at: Date.now(),
      }).returning('id').executeTakeFirstOrThrow()).id;
      if (role.rights.length) await trx.insertInto('t_role_right').values(unique(role.rights).map((right_code) => ({ role_id: id, right_code }))).execute();
      if (role.targets.length) await trx.insertInto('t_data_right').values(role.targets.map((t) => ({ role_id: id, ...t }))).execute();
      if (role.measureIds.length) await trx.insertInto('t_role_measure').values(unique(role.measureIds).map((measure_id) => ({ role_id: id, measure_id }))).execute();
      return id;
    },

    typeRole(typeRoleId: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('t_org_type_role').select(['id', 'org_type', 'name', 'data_scope', 'remark']).where('id', '=', typeRoleId).executeTakeFirst();
    },

    async typeRoleRights(typeRoleId: number, trx: Kysely<DB> = db): Promise<string[]> {
      return (await trx.selectFrom('t_org_type_role_right').select('right_code').where('type_role_id', '=', typeRoleId).orderBy('right_code').execute())
        .map((r) => r.right_code);
    },

    async setTypeRoleRights(trx: Kysely<DB>, typeRoleId: number, codes: readonly string[]): Promise<void> {
      await trx.deleteFrom('t_org_type_role_right').where('type_role_id', '=', typeRoleId).execute();
      if (codes.length) {
        await trx.insertInto('t_org_type_role_right').values(unique(codes).map((right_code) => ({ type_role_id: typeRoleId, right_code }))).execute();
      }
    },

    /** The roles an organisation type offers, in order, each with its rights. */
    async typeRoles(orgType: number, trx: Kysely<DB> = db) {
      const roles = await trx.selectFrom('t_org_type_role').select(['id', 'name', 'data_scope', 'remark']).where('org_type', '=', orgType).orderBy('id').execute();
      const rights = roles.length
        ? await trx.selectFrom('t_org_type_role_right').select(['type_role_id', 'right_code']).where('type_role_id', 'in', roles.map((r) => r.id)).execute()
        : [];
      return roles.map((r) => ({ ...r, rights: rights.filter((x) => x.type_role_id === r.id).map((x) => x.right_code).sort() }));
    },

    /** The user (if the caller may see it) with its organisation. */
    visibleUser(user: AuthUser, userId: number) {
      return db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
        .select(['u.id', 'u.username', 'u.nick_name', 'u.is_super', 'u.org_id', 'o.name as org_name', 'o.org_type'])
        .where('u.id', '=', userId).where(visibleOrgFilter(user, 'u.org_id')).executeTakeFirst();
    },

    /** A user's roles and, per role, its rights. */
    async userRoles(userId: number) {
      const roles = await db.selectFrom('t_user_role as ur').innerJoin('t_role as r', 'r.id', 'ur.role_id')
        .select(['r.id', 'r.name', 'r.data_scope']).where('ur.user_id', '=', userId).orderBy('r.id').execute();
      const rights = roles.length
        ? await db.selectFrom('t_role_right').select(['role_id', 'right_code']).where('role_id', 'in', roles.map((r) => r.id)).execute()
        : [];
      return roles.map((r) => ({ ...r, rights: rights.filter((x) => x.role_id === r.id).map((x) => x.right_code) }));
    },
  };
}

export type RoleRepository = ReturnType<typeof roleRepository>;
