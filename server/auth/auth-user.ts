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
  /**
   * Set for a video wall's display principal (issue 23, server/auth/display-tokens.ts), never for a
   * person: `id` and `sessionId` are then minus the token's id. Only endpoints declared with
   * `display: true` answer it.
   */
  display?: DisplayPrincipal;
}

/** What a display token stands for: the token, its wall, its tile (null: any tile) and who created it. */
export interface DisplayPrincipal {
  tokenId: number;
  wallId: number;
  tile: [number, number] | null;
  creatorId: number;
}

export type DataScope =
  | { all: true }
  | { all: false; orgIds: number[]; projectIds: number[]; regionIds: number[]; industryIds: number[] };

/**
 * Effective rights of a user (issue 15): the union of its roles' rights, capped by the rights its
 * organisation's type may hold (t_org_type_right); the super administrator holds every right of the
 * catalogue. Every path that builds a user's rights (the request's AuthUser, /api/user/info,
 * /api/user/rights) reads it here, so narrowing a type's rights takes effect on the next request.
 */
export async function loadRights(db: Kysely<DB>, userId: number): Promise<string[]> {
  const capped = db
    .selectFrom('t_user as u')
    .innerJoin('t_org as o', 'o.id', 'u.org_id')
    .innerJoin('t_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('t_role_right as rr', 'rr.role_id', 'ur.role_id')
    .innerJoin('t_org_type_right as otr', (join) => join.onRef('otr.org_type', '=', 'o.org_type').onRef('otr.right_code', '=', 'rr.right_code'))
    .select('rr.right_code as code')
    .where('u.id', '=', userId)
    .where('u.is_super', '=', 0);
  const everything = db
    .selectFrom('t_right')
    .select('code')
    .where((eb) => eb.exists(eb.selectFrom('t_user').select('id').where('id', '=', userId).where('is_super', '=', 1)));
  const rows = await capped.union(everything).execute();
  return [...new Set(rows.map((r) => r.code))].sort();
}

export type ScopeRole = { id: number; data_scope: string };

/**
 * Data scope from the user's roles (SPEC §3 right types): VAll sees everything; VDept the user's
 * organisation; VOrg it and its descendants; VOrgExt it and the organisations the role lists, each
 * with its descendants; VSpec adds the projects listed for the role; VRegion and VIndustry add the
 * projects in the regions (with the regions below them) or industries the role lists, or, where it
 * lists none, in the organisation's own region or industry. A role's targets count only for its own
 * type. Projects the user is a member of are always visible.
 */
export async function loadScope(db: Kysely<DB>, userId: number, orgId: number, isSuper: boolean): Promise<DataScope> {
  if (isSuper) return { all: true };
  const roles: ScopeRole[] = await db
    .selectFrom('t_user_role as ur')
    .innerJoin('t_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.data_scope'])
    .where('ur.user_id', '=', userId)
    .execute();
  const member = await db.selectFrom('t_project_member').select('project_id').where('user_id', '=', userId).execute();
  return scopeOfRoles(db, orgId, roles, member.map((m) => m.project_id));
}

/**
 * The data scope that `roles` give a holder in organisation `orgId` who is a member of the projects
 * `memberOf` (loadScope's rules; server/auth/data-scope.ts also asks it of a role on its own).
 */
export async function scopeOfRoles(db: Kysely<DB>, orgId: number, roles: readonly ScopeRole[], memberOf: readonly number[]): Promise<DataScope> {
  if (roles.some((r) => r.data_scope === 'VAll')) return { all: true };
  const targets = roles.length
    ? await db.selectFrom('t_data_right').select(['role_id', 'right_type', 'target_id']).where('role_id', 'in', roles.map((r) => r.id)).execute()
    : [];
  /** Per role of `type`: its targets (empty: it lists none). */
  const targetsOf = (type: string) => roles.filter((r) => r.data_scope === type)
    .map((r) => targets.filter((t) => t.role_id === r.id && t.right_type === type).map((t) => t.target_id));

  const orgIds = new Set<number>([orgId]);
  const orgRoots = [
    ...(roles.some((r) => r.data_scope === 'VOrg') ? [orgId] : []),
    ...targetsOf('VOrgExt').flat(),
  ];
  if (orgRoots.length) {
    const tree = await db.selectFrom('t_org').select(['id', 'parent_id']).execute();
    for (const root of orgRoots) for (const id of subtreeIds(tree, root)) orgIds.add(id);
  }

  const org = await db.selectFrom('t_org').select(['region_id', 'industry_id']).where('id', '=', orgId).executeTakeFirst();
  const regionRoles = targetsOf('VRegion');
  const regionIds = new Set<number>();
  if (regionRoles.some((t) => t.length === 0) && org?.region_id != null) regionIds.add(org.region_id);
  const regionRoots = regionRoles.flat();
  if (regionRoots.length) {
    const tree = await db.selectFrom('t_region').select(['id', 'parent_id']).execute();
    for (const root of regionRoots) for (const id of subtreeIds(tree, root)) regionIds.add(id);
  }
  const industryRoles = targetsOf('VIndustry');
  const industryIds = new Set<number>(industryRoles.flat());
  if (industryRoles.some((t) => t.length === 0) && org?.industry_id != null) industryIds.add(org.industry_id);

  const projectIds = new Set<number>(targetsOf('VSpec').flat());
  for (const id of memberOf) projectIds.add(id);
  return { all: false, orgIds: [...orgIds], projectIds: [...projectIds], regionIds: [...regionIds], industryIds: [...industryIds] };
}

/** An organisation and all its descendants. */
export async function orgSubtree(db: Kysely<DB>, rootId: number): Promise<number[]> {
  return subtreeIds(await db.selectFrom('t_org').select(['id', 'parent_id']).execute(), rootId);
}
