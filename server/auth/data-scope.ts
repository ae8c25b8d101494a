import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { subtreeIds } from '../db/tree';
import { forbidden } from '../http/api-error';
import { loadScope, scopeOfRoles, type AuthUser, type DataScope } from './auth-user';
import { visibleProjectFilter } from './scope-filters';

/**
 * Data scope can never be widened by its holder (DESIGN "Tenancy", server/auth/README.md). Every
 * write that can change what someone sees — a role's data scope or targets, a role given or
 * copied, a user moved, an organisation's region, industry or parent — runs inside
 * {@link keepWithinScope}: the scopes of the users and roles it touches are read before the write
 * and again after it, inside the same transaction, and the write is refused (403, nothing
 * written) when it opened anything the caller does not itself see:
 * - all data, when the caller does not see all data;
 * - a project (today's projects, by the same filter every list uses);
 * - an organisation (VOrg, VOrgExt);
 * - a region or an industry (VRegion, VIndustry: they open tomorrow's projects there too, so the
 *   caller must hold that region or industry itself, whoever owns today's projects).
 * A caller who sees all data (the platform) is not checked.
 */
export interface ScopeSubjects {
  /** Users whose data scope the write may change. */
  userIds: readonly number[];
  /** Roles whose data scope the write may change, read as held on their own by a user of the role's organisation. */
  roleIds: readonly number[];
}

type Snapshot = Map<string, DataScope>;

async function scopesOf(db: Kysely<DB>, subjects: ScopeSubjects): Promise<Snapshot> {
  const out: Snapshot = new Map();
  const userIds = [...new Set(subjects.userIds)];
  const roleIds = [...new Set(subjects.roleIds)];
  if (userIds.length) {
    const users = await db.selectFrom('t_user').select(['id', 'org_id', 'is_super']).where('id', 'in', userIds).execute();
    for (const u of users) out.set(`u${u.id}`, await loadScope(db, u.id, u.org_id, u.is_super === 1));
  }
  if (roleIds.length) {
    const roles = await db.selectFrom('t_role').select(['id', 'org_id', 'data_scope']).where('id', 'in', roleIds).execute();
    for (const r of roles) {
      // A platform role (no organisation) is judged where it is given, on its holders.
      if (r.org_id !== null) out.set(`r${r.id}`, await scopeOfRoles(db, r.org_id, [r], []));
    }
  }
  return out;
}

/** The users and roles of organisations and all their descendants: whom an organisation's change reaches. */
export async function subjectsOfOrgs(db: Kysely<DB>, orgIds: readonly number[]): Promise<ScopeSubjects> {
  if (!orgIds.length) return { userIds: [], roleIds: [] };
  const tree = await db.selectFrom('t_org').select(['id', 'parent_id']).execute();
  const ids = [...new Set(orgIds.flatMap((id) => subtreeIds(tree, id)))];
  // Only scopes read from the organisation (its subtree, region or industry) can change with it:
  // VDept and VSpec holders see the same whatever its attributes, so they are not read twice.
  const readsOrg = ['VOrg', 'VOrgExt', 'VRegion', 'VIndustry'];
  const [users, roles] = await Promise.all([
    db.selectFrom('t_user as u').innerJoin('t_user_role as ur', 'ur.user_id', 'u.id').innerJoin('t_role as r', 'r.id', 'ur.role_id')
      .select('u.id').distinct().where('u.org_id', 'in', ids).where('r.data_scope', 'in', readsOrg).execute(),
    db.selectFrom('t_role').select('id').where('org_id', 'in', ids).where('data_scope', 'in', readsOrg).execute(),
  ]);
  return { userIds: users.map((u) => u.id), roleIds: roles.map((r) => r.id) };
}

/** The holders of roles, with the roles themselves: whom a role's change reaches. */
export async function subjectsOfRoles(db: Kysely<DB>, roleIds: readonly number[]): Promise<ScopeSubjects> {
  if (!roleIds.length) return { userIds: [], roleIds: [] };
  const holders = await db.selectFrom('t_user_role').select('user_id').where('role_id', 'in', [...roleIds]).execute();
  return { userIds: holders.map((h) => h.user_id), roleIds };
}

const EMPTY: DataScope = { all: false, orgIds: [], projectIds: [], regionIds: [], industryIds: [] };

async function projectsOf(db: Kysely<DB>, scope: DataScope, cache: Map<DataScope, Set<number>>): Promise<Set<number>> {
  let ids = cache.get(scope);
  if (!ids) {
    const rows = await db.selectFrom('t_project as p').select('p.id').where(visibleProjectFilter({ scope }, 'p.id', 'p.org_id')).execute();
    ids = new Set(rows.map((r) => r.id));
    cache.set(scope, ids);
  }
  return ids;
}

const sameScope = (a: DataScope, b: DataScope) => JSON.stringify(normal(a)) === JSON.stringify(normal(b));
const normal = (s: DataScope) => (s.all ? s : {
  all: false, orgIds: [...s.orgIds].sort(), projectIds: [...s.projectIds].sort(), regionIds: [...s.regionIds].sort(), industryIds: [...s.industryIds].sort(),
});

/** "项目 成都天府数据中心、苏州工厂 等 5 个" — at most three names. */
function listed(noun: string, names: string[]): string {
  return `${noun} ${names.slice(0, 3).join('、')}${names.length > 3 ? ` 等 ${names.length} 个` : ''}`;
}

/**
 * What `after` opens beyond `before` that `caller` does not see, in words, or null when nothing:
 * all data, projects, organisations, regions, industries (named).
 */
async function widening(db: Kysely<DB>, caller: DataScope, before: DataScope, after: DataScope, cache: Map<DataScope, Set<number>>): Promise<string | null> {
  if (caller.all || after === before || sameScope(before, after)) return null;
  if (after.all) return before.all ? null : '全部数据';
  if (before.all) return null;
  const opened = (key: 'orgIds' | 'regionIds' | 'industryIds') => after[key].filter((id) => !before[key].includes(id) && !caller[key].includes(id));
  const orgs = opened('orgIds');
  if (orgs.length) {
    const rows = await db.selectFrom('t_org').select('name').where('id', 'in', orgs).execute();
    return listed('组织', rows.map((r) => r.name));
  }
  const regions = opened('regionIds');
  if (regions.length) {
    const rows = await db.selectFrom('t_region').select('name').where('id', 'in', regions).execute();
    return listed('区域', rows.map((r) => r.name));
  }
  const industries = opened('industryIds');
  if (industries.length) {
    const rows = await db.selectFrom('t_industry').select('name').where('id', 'in', industries).execute();
    return listed('行业', rows.map((r) => r.name));
  }
  const [was, now, own] = await Promise.all([projectsOf(db, before, cache), projectsOf(db, after, cache), projectsOf(db, caller, cache)]);
  const projects = [...now].filter((id) => !was.has(id) && !own.has(id));
  if (!projects.length) return null;
  const rows = await db.selectFrom('t_project').select('name').where('id', 'in', projects).orderBy('id').execute();
  return listed('项目', rows.map((r) => r.name));
}

/** A write under watch: the scopes before it, to compare after it. */
export interface ScopeWatch {
  /**
   * Refuses (403 naming `field` and what would open) when a subject now sees more than before
   * that the caller does not see. `more` adds subjects that exist only now (a user just created).
   */
  check(field: string, more?: ScopeSubjects): Promise<void>;
}

/** Starts watching `subjects` for a write by `caller` (a no-op for a caller who sees all data). */
export async function watchScope(db: Kysely<DB>, caller: Pick<AuthUser, 'scope'>, subjects: ScopeSubjects): Promise<ScopeWatch> {
  if (caller.scope.all) return { check: async () => undefined };
  const before = await scopesOf(db, subjects);
  return {
    async check(field, more) {
      const all = more ? { userIds: [...subjects.userIds, ...more.userIds], roleIds: [...subjects.roleIds, ...more.roleIds] } : subjects;
      const after = await scopesOf(db, all);
      const cache = new Map<DataScope, Set<number>>();
      for (const [key, scope] of after) {
        const why = await widening(db, caller.scope, before.get(key) ?? EMPTY, scope, cache);
        if (why) throw forbidden(`${field}: 不能开放超出您数据范围的数据：${why}`);
      }
    },
  };
}

/** Runs `write` (inside the caller's transaction `db`) and refuses it if it widened anyone's scope past the caller's. */
export async function keepWithinScope<T>(
  db: Kysely<DB>, caller: Pick<AuthUser, 'scope'>, subjects: ScopeSubjects, field: string, write: () => Promise<T>,
): Promise<T> {
  const watch = await watchScope(db, caller, subjects);
  const result = await write();
  await watch.check(field);
  return result;
}
