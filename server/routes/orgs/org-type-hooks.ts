import { BUILT_IN_ORG_TYPES } from '../../../contract/resources/org-type';
import type { AppDeps } from '../../deps';
import { OrgType } from '../../../contract/enums';
import { subjectsOfOrgs } from '../../auth/data-scope';
import { badRequest, forbidden, PLATFORM_ONLY } from '../../http/api-error';
import type { ResourceHooks } from '../../resources/resource-routes';
import { orgTypeRepository } from './org-type-repository';

/**
 * The kit's `t_org_type` writes: a new type is numbered by the server (one past the highest, from 6
 * on: 0–5 are SPEC §3's kinds); the six kinds are never deleted; a type removed takes its rights and
 * roles with it (the kit refuses first while an organisation is of it).
 */
export function orgTypeHooks({ db }: AppDeps): ResourceHooks {
  const repo = orgTypeRepository(db);
  return {
    async beforeSave(trx, { fields, before }) {
      if (before) return fields;
      return { ...fields, orgType: await repo.nextNumber(BUILT_IN_ORG_TYPES, trx) };
    },
    async beforeDelete(trx, { before }) {
      const orgType = Number(before.orgType);
      if (orgType < BUILT_IN_ORG_TYPES) throw badRequest('系统内置的组织类型不能删除');
      await repo.removeDependants(orgType, trx);
    },
  };
}

/**
 * The kit's `t_org` writes: the organisation's type must exist, and only the platform makes an
 * organisation of the internal type (its rights cap holds the platform's rights). A change of
 * region, industry or parent is watched for the users and roles of the organisation's subtree:
 * it may not open them what the caller does not see (server/auth/data-scope.ts).
 */
export function orgHooks({ db }: AppDeps): ResourceHooks {
  const repo = orgTypeRepository(db);
  return {
    async beforeSave(trx, { user, fields, before }) {
      if (!(await repo.exists(Number(fields.orgType), trx))) throw badRequest('body.orgType: 组织类型不存在');
      const madeInternal = Number(fields.orgType) === OrgType.Internal && Number(before?.orgType) !== OrgType.Internal;
      if (madeInternal && !user.scope.all) throw forbidden(`body.orgType: ${PLATFORM_ONLY}`);
      return fields;
    },
    async scopeSubjects(trx, { id, fields, before }) {
      const changed = ['regionId', 'industryId', 'parentId'].find((f) => before && before[f] !== fields[f]) ?? 'regionId';
      return { ...(id === undefined ? { userIds: [], roleIds: [] } : await subjectsOfOrgs(trx, [id])), field: `body.${changed}` };
    },
  };
}
