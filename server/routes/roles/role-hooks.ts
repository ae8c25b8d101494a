import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/api-error';
import type { ResourceHooks } from '../../resources/resource-routes';
import { roleRepository } from './role-repository';
import { refuseOutsideCap } from './role-rules';
import { subjectsOfRoles } from '../../auth/data-scope';

/**
 * The kit's `role` writes: the organisation must exist; nobody gives a data scope wider than its own
 * (server/auth/data-scope.ts, for the role and its holders); a role moved to an organisation of another type keeps only rights that type may hold (else
 * 400 naming the right); a changed data scope type drops the targets of the old one.
 */
export function roleHooks({ db }: AppDeps): ResourceHooks {
  const repo = roleRepository(db);
  return {
    async beforeSave(trx, { id, fields, before }) {
      const orgId = fields.orgId as number;
      const org = await repo.org(orgId, trx);
      if (!org) throw badRequest('body.orgId: 组织不存在');
      if (before && id !== undefined && before.orgId !== orgId) {
        const type = await repo.orgType(org.org_type, trx);
        refuseOutsideCap(await repo.roleRights(id, trx), await repo.typeRights(org.org_type, trx), type?.name ?? String(org.org_type), 'body.orgId');
      }
      return fields;
    },
    async afterSave(trx, { id, fields, before }) {
      if (before && before.dataScope !== fields.dataScope) await repo.dropOtherTargets(trx, id, String(fields.dataScope));
    },
    async scopeSubjects(trx, { id }) {
      return { ...(id === undefined ? { userIds: [], roleIds: [] } : await subjectsOfRoles(trx, [id])), field: 'body.dataScope' };
    },
  };
}

/** The kit's `t_org_type_role` writes: moved to another type, its rights must lie within that type's. */
export function orgTypeRoleHooks({ db }: AppDeps): ResourceHooks {
  const repo = roleRepository(db);
  return {
    async beforeSave(trx, { id, fields, before }) {
      const orgType = fields.orgType as number;
      const type = await repo.orgType(orgType, trx);
      if (!type) throw badRequest('body.orgType: 组织类型不存在');
      if (before && id !== undefined && before.orgType !== orgType) {
        refuseOutsideCap(await repo.typeRoleRights(id, trx), await repo.typeRights(orgType, trx), type.name, 'body.orgType');
      }
      return fields;
    },
  };
}
