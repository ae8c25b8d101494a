import { dataTargetOf } from '../../../contract/access';
import { OrgType } from '../../../contract/enums';
import { PLATFORM_RIGHTS } from '../../../contract/rights';
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

/** Only the internal organisation type's cap holds the platform's own rights (400 naming them). */
export function refusePlatformRights(orgType: number, rights: readonly string[], field = 'body.rights'): void {
  if (orgType === OrgType.Internal) return;
  const platform = rights.filter((c) => (PLATFORM_RIGHTS as readonly string[]).includes(c));
  if (platform.length) throw badRequest(`${field}: 平台权限 ${platform.join(', ')} 只能属于内部组织类型`);
}

/**
 * The targets of a data right: none for a type that takes none, and each one existing. Whether they
 * lie within the caller's own scope is decided for the whole write by server/auth/data-scope.ts.
 */
export async function checkTargets(repo: RoleRepository, trx: Kysely<DB>, dataScope: string, targets: readonly number[]): Promise<number[]> {
  const ids = [...new Set(targets)].sort((a, b) => a - b);
  const kind = dataTargetOf(dataScope);
  if (kind === 'none') {
    if (ids.length) throw badRequest(`body.targets: 数据权限 ${dataScope} 不需要指定对象`);
    return [];
  }
  if ((await repo.countExisting(kind, ids, trx)) !== ids.length) throw badRequest(`body.targets: 含有不存在的${TARGET_NOUN[kind]}`);
  return ids;
}

const TARGET_NOUN = { project: '项目', region: '区域', industry: '行业', org: '组织' } as const;
