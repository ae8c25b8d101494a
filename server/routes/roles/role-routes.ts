import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CopyRoleBody, DATA_RIGHT_TYPES, DataRightsBody, DataRightTypeList, HeldRights, ImportTypeRolesResult, MeasureIdList,
  MeasureRightsBody, OrgRights, OrgTypeParam, RightCatalogue, RightCodeList, RightHolders, RightsBody, RoleDataRights,
  UserIdParam, UserRights,
} from '../../../contract/access';
import { IdParam } from '../../../contract/envelope';
import { roleResource, type Role } from '../../../contract/resources/role';
import { Right } from '../../../contract/rights';
import { loadRights, loadScope, type AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { auditLog } from '../../logs/audit-log';
import { inScope, resourceRepository } from '../../resources/resource-repository';
import { roleRepository } from './role-repository';
import { checkTargets, knownRights, refuseOutsideCap, refusePlatformRights, refuseRaise } from './role-rules';
import { keepWithinScope, subjectsOfRoles, watchScope } from '../../auth/data-scope';

/** What changed in a set, for the audit line. */
function setChange<T>(before: readonly T[], after: readonly T[]) {
  return { added: after.filter((x) => !before.includes(x)), removed: before.filter((x) => !after.includes(x)) };
}

/**
 * The access calls of SPEC §6 "Role endpoints" beside the kit's `role` and `t_org_type_role`: the
 * rights catalogue and data-right types, a role's rights / data rights / measure rights, role
 * copying, organisation-type rights and their roles' rights, an organisation's rights and the import
 * of its type's roles, a user's effective rights. Every write is refused before anything changes
 * when it would give a right the caller lacks, a right outside the organisation type's, an unknown
 * code or a record outside the caller's data scope, and commits with its audit line.
 */
export function registerRoleRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const repo = roleRepository(db);
  const roles = resourceRepository(db, roleResource);
  const audit = (trx: Kysely<DB>, user: AuthUser, req: FastifyRequest, action: 'add' | 'edit', target: string, detail: unknown) =>
    auditLog(trx, { userId: user.id, username: user.username, ip: req.ip, action, target, detail: JSON.stringify(detail) });

  /** The role if the caller may see it, else 404. */
  const visibleRole = async (user: AuthUser, id: number, trx: Kysely<DB> = db) => {
    const role = await repo.visibleRole(user, id, trx);
    if (!role) throw notFound('角色');
    return role;
  };
  /** The rights a role of an organisation of `orgType` may hold (no organisation: the whole catalogue). */
  const capOf = async (orgType: number | null, trx: Kysely<DB> = db) =>
    (orgType === null ? [...(await repo.knownCodes(trx))].sort() : await repo.typeRights(orgType, trx));
  const typeName = async (orgType: number, trx: Kysely<DB> = db) => (await repo.orgType(orgType, trx))?.name ?? String(orgType);
  const knownType = async (orgType: number, trx: Kysely<DB> = db) => {
    const type = await repo.orgType(orgType, trx);
    if (!type) throw notFound('组织类型');
    return type;
  };
  const knownTypeRole = async (id: number, trx: Kysely<DB> = db) => {
    const role = await repo.typeRole(id, trx);
    if (!role) throw notFound('组织类型角色');
    return role;
  };
  const visibleOrg = async (user: AuthUser, id: number, trx: Kysely<DB> = db) => {
    const org = await repo.visibleOrg(user, id, trx);
    if (!org) throw notFound('组织');
    return org;
  };

  // The catalogue is a picker's source (the rights trees of roles, types and users): any signed-in user.
  endpoint(app, db, {
    method: 'GET', url: '/right/all', access: 'signed-in', response: RightCatalogue,
    async handler() {
      const groups = new Map<string, { code: string; name: string; sortOrder: number }[]>();
      for (const r of await repo.catalogue()) {
        const list = groups.get(r.group_name) ?? [];
        list.push({ code: r.code, name: r.name, sortOrder: r.sort_order });
        groups.set(r.group_name, list);
      }
      return [...groups].map(([group, rights]) => ({ group, rights }));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/right/holders', access: Right.RightPreview, response: RightHolders,
    async handler({ user }) {
      const byCode = new Map<string, { id: number; name: string; orgId: number | null }[]>();
      for (const r of await repo.holders(user)) {
        const list = byCode.get(r.right_code) ?? [];
        list.push({ id: r.id, name: r.name, orgId: r.org_id });
        byCode.set(r.right_code, list);
      }
      return [...byCode].map(([code, list]) => ({ code, roles: list }));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_data_right/all', access: 'signed-in', response: DataRightTypeList,
    handler: () => DATA_RIGHT_TYPES.map((t) => ({ ...t })),
  });

  endpoint(app, db, {
    method: 'GET', url: '/role/rights/:id', access: Right.RolePreview, params: IdParam, response: HeldRights,
    async handler({ user, params }) {
      const role = await visibleRole(user, params.id);
      return { rights: await repo.roleRights(role.id), cap: await capOf(role.org_type) };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/role/rights/:id', access: Right.RoleEdit, tenancy: 'subtree', params: IdParam, body: RightsBody, response: HeldRights,
    async handler({ user, params, body, req }) {
      return repo.atomically(async (trx) => {
        const role = await visibleRole(user, params.id, trx);
        const rights = await knownRights(repo, trx, body.rights);
        const cap = await capOf(role.org_type, trx);
        if (role.org_type !== null) refuseOutsideCap(rights, cap, await typeName(role.org_type, trx));
        const before = await repo.roleRights(role.id, trx);
        refuseRaise(user, before, rights);
        await repo.setRoleRights(trx, role.id, rights);
        await audit(trx, user, req, 'edit', `role#${role.id} ${role.name}`, { rights: setChange(before, rights) });
        return { rights, cap };
      });
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/role/data-rights/:id', access: Right.RolePreview, params: IdParam, response: RoleDataRights,
    async handler({ user, params }) {
      const role = await visibleRole(user, params.id);
      const targets = (await repo.dataTargets(role.id)).filter((t) => t.right_type === role.data_scope).map((t) => t.target_id);
      return { dataScope: role.data_scope, targets };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/role/data-rights/:id', access: Right.RoleEdit, tenancy: 'subtree', params: IdParam, body: DataRightsBody, response: RoleDataRights,
    async handler({ user, params, body, req }) {
      return repo.atomically(async (trx) => {
        const role = await visibleRole(user, params.id, trx);
        const previous = (await repo.dataTargets(role.id, trx)).filter((t) => t.right_type === body.dataScope).map((t) => t.target_id);
        const targets = await checkTargets(repo, trx, body.dataScope, body.targets);
        const field = targets.length ? 'body.targets' : 'body.dataScope';
        await keepWithinScope(trx, user, await subjectsOfRoles(trx, [role.id]), field, () => repo.setDataRights(trx, role.id, body.dataScope, targets));
        await audit(trx, user, req, 'edit', `role#${role.id} ${role.name}`, {
          dataScope: { before: role.data_scope, after: body.dataScope }, targets: setChange(previous, targets),
        });
        return { dataScope: body.dataScope, targets };
      });
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/role/measure-rights/:id', access: Right.RolePreview, params: IdParam, response: MeasureIdList,
    async handler({ user, params }) {
      return repo.measureIds((await visibleRole(user, params.id)).id);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/role/measure-rights/:id', access: Right.RoleEdit, tenancy: 'subtree', params: IdParam, body: MeasureRightsBody, response: MeasureIdList,
    async handler({ user, params, body, req }) {
      return repo.atomically(async (trx) => {
        const role = await visibleRole(user, params.id, trx);
        const ids = [...new Set(body.measureIds)].sort((a, b) => a - b);
        if ((await repo.countMeasures(ids, trx)) !== ids.length) throw badRequest('body.measureIds: 含有不存在的测点');
        const before = await repo.measureIds(role.id, trx);
        await repo.setMeasures(trx, role.id, ids);
        await audit(trx, user, req, 'edit', `role#${role.id} ${role.name}`, { measureIds: setChange(before, ids) });
        return ids;
      });
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/role/copy/:id', access: Right.RoleEdit, tenancy: 'subtree', params: IdParam, body: CopyRoleBody, response: roleResource.row,
    async handler({ user, params, body, req }) {
      const id = await repo.atomically(async (trx) => {
        const source = await visibleRole(user, params.id, trx);
        const orgId = body.orgId ?? source.org_id;
        if (orgId == null) throw badRequest('body.orgId: 请选择所属组织');
        if (!inScope(user, orgId)) throw badRequest('body.orgId: 不在您的数据范围内');
        const org = await repo.org(orgId, trx);
        if (!org) throw badRequest('body.orgId: 组织不存在');
        if (await repo.roleNamed(orgId, body.name, trx)) throw badRequest(`body.name: “${org.name}”已有名为“${body.name}”的角色`);
        const rights = await repo.roleRights(source.id, trx);
        refuseOutsideCap(rights, await repo.typeRights(org.org_type, trx), await typeName(org.org_type, trx), 'body.orgId');
        refuseRaise(user, [], rights, 'body.rights');
        const targets = (await repo.dataTargets(source.id, trx)).filter((t) => t.right_type === source.data_scope);
        const watch = await watchScope(trx, user, { userIds: [], roleIds: [] });
        const copy = await repo.insertRole(trx, {
          orgId, name: body.name, dataScope: source.data_scope, remark: source.remark, rights, targets,
          measureIds: await repo.measureIds(source.id, trx),
        });
        await watch.check('body.orgId', { userIds: [], roleIds: [copy] });
        await audit(trx, user, req, 'add', `role#${copy} ${body.name}`, { copyOf: source.id, orgId, rights });
        return copy;
      });
      return (await roles.findAny(id)) as Role;
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_org_type/rights/:orgType', access: Right.OrgTypePreview, params: OrgTypeParam, response: RightCodeList,
    async handler({ params }) {
      await knownType(params.orgType);
      return repo.typeRights(params.orgType);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_org_type/rights/:orgType', access: Right.OrgTypeEdit, tenancy: 'platform', params: OrgTypeParam, body: RightsBody, response: RightCodeList,
    async handler({ user, params, body, req }) {
      return repo.atomically(async (trx) => {
        const type = await knownType(params.orgType, trx);
        const rights = await knownRights(repo, trx, body.rights);
        refusePlatformRights(type.org_type, rights);
        const before = await repo.typeRights(type.org_type, trx);
        refuseRaise(user, before, rights);
        await repo.setTypeRights(trx, type.org_type, rights);
        await audit(trx, user, req, 'edit', `t_org_type#${type.org_type} ${type.name}`, { rights: setChange(before, rights) });
        return rights;
      });
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_org_type_role/rights/:id', access: Right.OrgTypePreview, params: IdParam, response: HeldRights,
    async handler({ params }) {
      const role = await knownTypeRole(params.id);
      return { rights: await repo.typeRoleRights(role.id), cap: await repo.typeRights(role.org_type) };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_org_type_role/rights/:id', access: Right.OrgTypeEdit, tenancy: 'platform', params: IdParam, body: RightsBody, response: HeldRights,
    async handler({ user, params, body, req }) {
      return repo.atomically(async (trx) => {
        const role = await knownTypeRole(params.id, trx);
        const rights = await knownRights(repo, trx, body.rights);
        const cap = await repo.typeRights(role.org_type, trx);
        refuseOutsideCap(rights, cap, await typeName(role.org_type, trx));
        const before = await repo.typeRoleRights(role.id, trx);
        refuseRaise(user, before, rights);
        await repo.setTypeRoleRights(trx, role.id, rights);
        await audit(trx, user, req, 'edit', `t_org_type_role#${role.id} ${role.name}`, { rights: setChange(before, rights) });
        return { rights, cap };
      });
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_org/rights/:id', access: Right.RightPreview, params: IdParam, response: OrgRights,
    async handler({ user, params }) {
      const org = await visibleOrg(user, params.id);
      return { id: org.id, name: org.name, orgType: org.org_type, rights: await repo.typeRights(org.org_type) };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_org/import-type-roles/:id', access: Right.RoleEdit, tenancy: 'subtree', params: IdParam, response: ImportTypeRolesResult,
    async handler({ user, params, req }) {
      return repo.atomically(async (trx) => {
        const org = await visibleOrg(user, params.id, trx);
        const cap = new Set(await repo.typeRights(org.org_type, trx));
        const have = await repo.roleNames(org.id, trx);
        const imported: { id: number; name: string }[] = [];
        const skipped: string[] = [];
        for (const typeRole of await repo.typeRoles(org.org_type, trx)) {
          if (have.has(typeRole.name)) {
            skipped.push(typeRole.name);
            continue;
          }
          // The type's rights may have narrowed since the type role was set: it never brings more.
          const rights = typeRole.rights.filter((c) => cap.has(c));
          refuseRaise(user, [], rights);
          const watch = await watchScope(trx, user, { userIds: [], roleIds: [] });
          const id = await repo.insertRole(trx, {
            orgId: org.id, name: typeRole.name, dataScope: typeRole.data_scope, remark: typeRole.remark, rights, targets: [], measureIds: [],
          });
          await watch.check(`params.id: 类型角色「${typeRole.name}」`, { userIds: [], roleIds: [id] });
          await audit(trx, user, req, 'add', `role#${id} ${typeRole.name}`, { importedFrom: `t_org_type_role#${typeRole.id}`, orgId: org.id, rights });
          imported.push({ id, name: typeRole.name });
        }
        return { imported, skipped };
      });
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/role/user-rights/:userId', access: Right.RightPreview, params: UserIdParam, response: UserRights,
    async handler({ user, params }) {
      const target = await repo.visibleUser(user, params.userId);
      if (!target) throw notFound('用户');
      const isSuper = target.is_super === 1;
      const [held, effective, scope] = await Promise.all([
        repo.userRoles(target.id), loadRights(db, target.id), loadScope(db, target.id, target.org_id, isSuper),
      ]);
      return {
        userId: target.id,
        username: target.username,
        nickName: target.nick_name,
        orgId: target.org_id,
        orgName: target.org_name,
        orgType: target.org_type,
        isSuper,
        roles: held.map((r) => ({ id: r.id, name: r.name, dataScope: r.data_scope })),
        rights: effective.map((code) => ({ code, roles: held.filter((r) => r.rights.includes(code)).map((r) => r.id) })),
        dataScope: scope.all
          ? { all: true, orgIds: [], projectIds: [], regionIds: [], industryIds: [] }
          : { all: false, orgIds: [...scope.orgIds].sort((a, b) => a - b), projectIds: scope.projectIds, regionIds: scope.regionIds, industryIds: scope.industryIds },
      };
    },
  });
}
