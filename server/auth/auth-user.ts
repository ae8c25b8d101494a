import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { subtreeIds } from '../db/tree';

/** The signed-in user of a request: identity, organisation, rights and data scope. */
export interface AuthUser {
  id: number;
  username: string;
  orgId: number;
  orgType: number;
  isSuper: boolean;
  /** The shared guest account of 游客访问: it may look, never change anything. */
  isGuest: boolean;
  rights: Set<string>;
  /** Data visibility (SPEC §6 right types): everything, or the organisations and projects listed. */
  scope: DataScope;
  sessionId: number;
}

export type DataScope =
  | { all: true }
  | { all: false; orgIds: number[]; projectIds: number[]; regionIds: number[]; industryIds: number[] };

/** Rights of a user: the union of their roles' rights (the super administrator holds them all). */
export async function loadRights(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('t_user_role as ur')
    .innerJoin('t_role_right as rr', 'rr.role_id', 'ur.role_id')
    .select('rr.right_code')
    .distinct()
    .where('ur.user_id', '=', userId)
    .orderBy('rr.right_code')
    .execute();
  return rows.map((r) => r.right_code);
}

/**
 * Data scope from the user's roles: VAll sees everything; VOrg the user's organisation and its
 * descendants; VDept the user's organisation only; VSpec adds the projects listed for the role;
 * VRegion and VIndustry add the projects in the organisation's region or industry. Projects the
 * user is a member of are always visible.
 */
export async function loadScope(db: Kysely<DB>, userId: number, orgId: number, isSuper: boolean): Promise<DataScope> {
  if (isSuper) return { all: true };
  const roles = await db
    .selectFrom('t_user_role as ur')
    .innerJoin('t_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.data_scope'])
    .where('ur.user_id', '=', userId)
    .execute();
  if (roles.some((r) => r.data_scope === 'VAll')) return { all: true };
  const orgIds = new Set<number>([orgId]);
  if (roles.some((r) => r.data_scope === 'VOrg')) {
    for (const id of await orgSubtree(db, orgId)) orgIds.add(id);
  }
  const scopes = new Set(roles.map((r) => r.data_scope));
  const org = await db.selectFrom('t_org').select(['region_id', 'industry_id']).where('id', '=', orgId).executeTakeFirst();
  const regionIds = scopes.has('VRegion') && org?.region_id != null ? [org.region_id] : [];
  const industryIds = scopes.has('VIndustry') && org?.industry_id != null ? [org.industry_id] : [];
  const projectIds = new Set<number>();
  const roleIds = roles.map((r) => r.id);
  if (roleIds.length) {
    const spec = await db.selectFrom('t_data_right').select('target_id')
      .where('role_id', 'in', roleIds).where('right_type', '=', 'VSpec').execute();
    for (const s of spec) projectIds.add(s.target_id);
  }
  const member = await db.selectFrom('t_project_member').select('project_id').where('user_id', '=', userId).execute();
  for (const m of member) projectIds.add(m.project_id);
  return { all: false, orgIds: [...orgIds], projectIds: [...projectIds], regionIds, industryIds };
}

/** An organisation and all its descendants. */
export async function orgSubtree(db: Kysely<DB>, rootId: number): Promise<number[]> {
  return subtreeIds(await db.selectFrom('t_org').select(['id', 'parent_id']).execute(), rootId);
}
