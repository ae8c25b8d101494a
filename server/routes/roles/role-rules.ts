import { dataTargetOf } from '../../../contract/access';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { badRequest, forbidden } from '../../http/api-error';
import type { RoleRepository } from './role-repository';

/**
 * The safety rules of the access calls (issue 15 "Bad input and safety"), shared by the routes and
 * the kit's role hooks. Each throws the error the caller sees, naming the field, before anything is
 * written.
 */

/** The codes of a rights body, each once, in order; an unknown code answers 400. */
export async function knownRights(repo: RoleRepository, trx: Kysely<DB>, codes: readonly string[], field = 'body.rights'): Promise<string[]> {
  const known = await repo.knownCodes(trx);
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length) throw badRequest(`${field}: 未知的权限编码：${[...new Set(unknown)].join(', ')}`);
  return [...new Set(codes)].sort();
}

/**
 * A user can never raise its own rights or give rights it does not hold: every right added to a set
 * (not there `before`) must be one the caller holds; the super administrator is excepted.
 */
export function refuseRaise(user: AuthUser, before: readonly string[], after: readonly string[], field = 'body.rights'): void {
  if (user.isSuper) return;
  const had = new Set(before);
  const lacking = after.filter((c) => !had.has(c) && !user.rights.has(c));
  if (lacking.length) throw forbidden(`${field}: 不能授予您自己没有的权限：${lacking.join(', ')}`);
}

/** A role's rights lie within the rights of its organisation's type (400 naming the first right outside). */
export function refuseOutsideCap(rights: readonly string[], cap: readonly string[], typeName: string, field = 'body.rights'): void {
  const allowed = new Set(cap);
  const outside = rights.filter((c) => !allowed.has(c));
  if (outside.length) throw badRequest(`${field}: 权限 ${outside.join(', ')} 不在组织类型“${typeName}”的权限范围内`);
}

/** Nobody gives a data scope wider than its own: VAll only by a caller who sees everything. */
export function refuseWiderScope(user: AuthUser, dataScope: string, field = 'body.dataScope'): void {
  if (dataScope === 'VAll' && !user.scope.all) throw forbidden(`${field}: 不能授予超出您数据范围的数据权限（全部数据）`);
}

/**
 * The targets of a data right: none for a type that takes none; each one existing; and, for a
 * caller who does not see everything, each target it adds (not in `previous`) within what it sees
 * (organisations and projects of its data scope, regions and industries of its own region and
 * industry rights).
 */
export async function checkTargets(
  repo: RoleRepository, trx: Kysely<DB>, user: AuthUser, dataScope: string, targets: readonly number[], previous: readonly number[] = [],
): Promise<number[]> {
  const ids = [...new Set(targets)].sort((a, b) => a - b);
  const kind = dataTargetOf(dataScope);
  if (kind === 'none') {
    if (ids.length) throw badRequest(`body.targets: 数据权限 ${dataScope} 不需要指定对象`);
    return [];
  }
  if ((await repo.countExisting(kind, ids, trx)) !== ids.length) throw badRequest(`body.targets: 含有不存在的${TARGET_NOUN[kind]}`);
  const scope = user.scope;
  const added = ids.filter((id) => !previous.includes(id));
  if (scope.all || !added.length) return ids;
  const within = kind === 'project' ? (await repo.countVisibleProjects(user, added, trx)) === added.length
    : added.every((id) => (kind === 'org' ? scope.orgIds : kind === 'region' ? scope.regionIds : scope.industryIds).includes(id));
  if (!within) throw forbidden(`body.targets: 含有超出您数据范围的${TARGET_NOUN[kind]}`);
  return ids;
}

const TARGET_NOUN = { project: '项目', region: '区域', industry: '行业', org: '组织' } as const;
