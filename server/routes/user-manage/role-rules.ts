import type { AuthUser } from '../../auth/auth-user';
import { badRequest } from '../../http/api-error';
import { inScope } from '../../resources/resource-repository';
import type { RoleFacts, UserManageRepository } from './user-manage-repository';

/**
 * Why the caller may not give `role` (null: it may): a role lies in the caller's data scope, holds
 * no right the caller lacks (the super administrator excepted) and sees no more than the caller
 * does (VAll only from a caller who sees everything). Nobody gives what it does not hold.
 */
function refusal(caller: AuthUser, role: RoleFacts): string | null {
  if (!inScope(caller, role.orgId)) return `角色「${role.name}」不在您的数据范围内`;
  if (!caller.isSuper) {
    const lacking = role.rights.filter((r) => !caller.rights.has(r));
    if (lacking.length) {
      const shown = lacking.slice(0, 3).join('、') + (lacking.length > 3 ? ` 等 ${lacking.length} 项` : '');
      return `角色「${role.name}」含有您没有的权限（${shown}），不能授予`;
    }
  }
  if (role.dataScope === 'VAll' && !caller.scope.all) return `角色「${role.name}」可见全部数据，超出您的数据范围`;
  return null;
}

/** A role fits a user of an organisation when it belongs to it, to one above it, or to the platform. */
const fits = (role: RoleFacts, chain: readonly number[]) => role.orgId === null || chain.includes(role.orgId);

export interface RoleAssignment {
  /** The user whose roles these are; absent for a new user. */
  userId?: number;
  /** The user's organisation (after the save). */
  orgId: number;
  /** The organisation changes with this save: every role must fit the new one. */
  orgChanged: boolean;
  /** The roles the user will hold, and those it holds now. */
  wanted: readonly number[];
  current: readonly number[];
}

/**
 * The rules of giving roles (400 naming `body.roleIds`, checked before anything is written):
 * nobody changes its own roles; every role must exist and belong to the user's organisation or
 * one above it; a role newly given must be one the caller may give ({@link refusal}).
 */
export async function checkRoleAssignment(repo: UserManageRepository, caller: AuthUser, change: RoleAssignment): Promise<void> {
  const added = change.wanted.filter((id) => !change.current.includes(id));
  const taken = change.current.filter((id) => !change.wanted.includes(id));
  if (change.userId === caller.id && (added.length || taken.length)) throw badRequest('body.roleIds: 不能修改自己的角色');
  const checked = change.orgChanged ? change.wanted : added;
  if (!checked.length) return;
  const roles = await repo.roleFacts(checked);
  const missing = checked.find((id) => !roles.some((r) => r.id === id));
  if (missing !== undefined) throw badRequest(`body.roleIds: 角色 #${missing} 不存在`);
  const chain = await repo.orgAndAncestors(change.orgId);
  for (const role of roles) {
    if (!fits(role, chain)) throw badRequest(`body.roleIds: 角色「${role.name}」不属于该用户的组织或其上级组织`);
    const why = added.includes(role.id) ? refusal(caller, role) : null;
    if (why) throw badRequest(`body.roleIds: ${why}`);
  }
}

/** The roles the caller may give a user of `orgId`, by id. */
export async function assignableRoles(repo: UserManageRepository, caller: AuthUser, orgId: number): Promise<{ id: number; name: string }[]> {
  const chain = await repo.orgAndAncestors(orgId);
  const roles = await repo.rolesOfOrgs(chain);
  return roles.filter((r) => fits(r, chain) && refusal(caller, r) === null).map((r) => ({ id: r.id, name: r.name }));
}

/** The roles of `current` that do not fit a user of `orgId` (moved there): their ids and names. */
export async function unfitRoles(repo: UserManageRepository, orgId: number, current: readonly number[]): Promise<{ id: number; name: string }[]> {
  const chain = await repo.orgAndAncestors(orgId);
  const roles = await repo.roleFacts(current);
  return roles.filter((r) => !fits(r, chain)).map((r) => ({ id: r.id, name: r.name }));
}
