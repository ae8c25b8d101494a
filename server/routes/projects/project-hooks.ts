import type { SaveProject } from '../../../contract/resources/project';
import { badRequest } from '../../http/api-error';
import { inScope } from '../../resources/resource-repository';
import type { ResourceHooks } from '../../resources/resource-routes';
import { groupProjectCounts, orgExists, projectDeviceCount, projectExtras, releaseProject, saveReferences } from './project-repository';

/**
 * The kit's hooks for `t_project`: a project's organisation lies in the caller's data scope (on a
 * change only when it changes, and then the old one too — a member may edit a project of an
 * organisation it does not see, not move it),
 * its group is one of that organisation's, region and industry exist, coordinates come in pairs;
 * the creator is stamped. A project with devices is not deleted (they must be moved out with
 * remove-device or deleted with del-dev first); deleting one releases its gateways
 * (project-repository.ts releaseProject).
 */
export function projectHooks(): ResourceHooks {
  return {
    rows: (db, rows) => projectExtras(db, rows),

    async beforeSave(trx, { user, fields, before }) {
      const f = fields as SaveProject;
      if (!before || before.orgId !== f.orgId) {
        if (!inScope(user, f.orgId)) throw badRequest('body.orgId: 不在您的数据范围内');
        // A member from elsewhere edits the project; it does not carry it off to its own organisation.
        if (before && !inScope(user, before.orgId)) throw badRequest('body.orgId: 项目的所属组织不在您的数据范围内，不能更改');
      }
      const refs = await saveReferences(trx, f);
      if (!refs.org) throw badRequest(`body.orgId: 组织 ${f.orgId} 不存在`);
      if (f.groupId !== null && refs.groupOrgId !== f.orgId) throw badRequest('body.groupId: 分组不存在或不属于所选组织');
      if (f.regionId !== null && !refs.region) throw badRequest(`body.regionId: 区域 ${f.regionId} 不存在`);
      if (f.industryId !== null && !refs.industry) throw badRequest(`body.industryId: 行业 ${f.industryId} 不存在`);
      if ((f.lng === null) !== (f.lat === null)) throw badRequest(`body.${f.lng === null ? 'lng' : 'lat'}: 经度和纬度需同时填写`);
      return before ? fields : { ...fields, createdBy: user.id };
    },

    async beforeDelete(trx, { before }) {
      const devices = await projectDeviceCount(trx, before.id as number);
      if (devices > 0) {
        throw badRequest(`无法删除项目：仍有 ${devices} 个设备引用它。请先在“关联设备”中把设备移出项目，或删除这些设备（del-dev）`);
      }
      await releaseProject(trx, before.id as number);
    },
  };
}

/**
 * The kit's hooks for `t_project_group`: rows count their projects; a group's organisation must
 * exist, and a group with projects keeps its organisation (its projects are that organisation's).
 */
export function projectGroupHooks(): ResourceHooks {
  return {
    async rows(db, rows) {
      const counts = await groupProjectCounts(db, rows.map((r) => r.id as number));
      return rows.map((r) => ({ ...r, projectCount: counts.get(r.id as number) ?? 0 }));
    },

    async beforeSave(trx, { fields, before }) {
      const orgId = fields.orgId as number;
      if (!(await orgExists(trx, orgId))) throw badRequest(`body.orgId: 组织 ${orgId} 不存在`);
      const projects = before ? (before.projectCount as number) : 0;
      if (before && before.orgId !== orgId && projects > 0) {
        throw badRequest(`body.orgId: 分组中还有 ${projects} 个项目，不能改到其他组织`);
      }
      return fields;
    },
  };
}
