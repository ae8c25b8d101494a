import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DeviceListItem, DevicePage } from '../../../contract/devices';
import { IdParam } from '../../../contract/envelope';
import {
  AddGatewayBody, AddGatewayItemBody, AddGatewayItemsBody, AssociateBody, AssociateGroupBody, COM_XML_TYPE, DelMembersBody, Deleted,
  MemberPage, MemberQuery, MembersChanged, ProjectCount, ProjectCountQuery, ProjectDevicesBody, ProjectDevicesQuery, ProjectGateway,
  ProjectGateways, ProjectGatewaysQuery, ProjectRegions, ProjectRights, RelatedUserPage, RelatedUserQuery, SaveMembersBody, Updated,
} from '../../../contract/projects';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { devicesByIds } from '../devices/device-repository';
import { setProject } from '../devices/device-write-repository';
import {
  comXmlData, countProjects, findVisibleProject, listMembers, memberRole, projectDevices, projectGatewayList, projectOr404, regionPoints,
  relatedUsers, seesByScope,
} from './project-repository';
import {
  addGateway, addGatewayItems, associateGroup, deleteProjectDevices, removeDevices, removeMembers, saveMembers,
} from './project-write-repository';
import { buildComXml } from './project-xml';

/** A file name for the download: the project code's safe characters. */
const xmlFileName = (code: string) => `project-${code.replace(/[^A-Za-z0-9_.-]/g, '_')}.xml`;

/**
 * The project family's own calls (SPEC §7 t_project sub-calls and t_project_member; issue 18)
 * beside the kit's list / all / names / {id} / save / del (contract/resources/project.ts). A
 * project is visible to its organisation's users by data scope and to its members; every call
 * answers 404 for a project the caller does not see, 403 without its right, and every write
 * commits with its audit line. Shapes: server/routes/projects/README.md.
 */
export function registerProjectRoutes(app: FastifyInstance, { db, telemetry, telemetryEvents }: AppDeps): void {
  const serial = <T>(work: () => Promise<T>): Promise<T> => (telemetry ? telemetry.ingest.exclusive(work) : work());

  endpoint(app, db, {
    method: 'GET', url: '/t_project/cnt', access: Right.ProjectPreview, query: ProjectCountQuery, response: ProjectCount,
    handler: ({ user, query }) => countProjects(db, user, query),
  });

  // Whether the caller sees the project: false for one it does not (or that does not exist), never 404.
  endpoint(app, db, {
    method: 'GET', url: '/t_project/can-view/:id', access: 'signed-in', params: IdParam, response: z.boolean(),
    handler: async ({ user, params }) => !!(await findVisibleProject(db, user, params.id)),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project/is-creator/:id', access: Right.ProjectPreview, params: IdParam, response: z.boolean(),
    handler: async ({ user, params }) => (await projectOr404(db, user, params.id)).createdBy === user.id,
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project/rights/:id', access: Right.ProjectPreview, params: IdParam, response: ProjectRights,
    async handler({ user, params }) {
      const project = await projectOr404(db, user, params.id);
      const role = await memberRole(db, project.id, user.id);
      const may = (right: string) => user.rights.has(right) && !user.isGuest;
      return {
        projectId: project.id, viaScope: await seesByScope(db, user, project.id), member: role !== null, memberRole: role,
        isCreator: project.createdBy === user.id, canEdit: may(Right.ProjectEdit), canDelete: may(Right.ProjectDelete),
        canEditDevices: may(Right.ProjectEdit), canDeleteDevices: may(Right.DeviceDelete),
      };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project/related-user', access: Right.ProjectPreview, query: RelatedUserQuery, response: RelatedUserPage,
    async handler({ user, query }) {
      const project = await projectOr404(db, user, query.projectId);
      return relatedUsers(db, user, project.id, query, query.Page, query.Size);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project/devices', access: Right.ProjectPreview, query: ProjectDevicesQuery, response: DevicePage,
    async handler({ user, query }) {
      const project = await projectOr404(db, user, query.projectId);
      return projectDevices(db, user, project.id, query.in === 1, query.keyword, query.Page, query.Size);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project/gateways', access: Right.ProjectPreview, query: ProjectGatewaysQuery, response: ProjectGateways,
    async handler({ user, query }) {
      return projectGatewayList(db, user, (await projectOr404(db, user, query.projectId)).id);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project/regions', access: Right.ProjectPreview, response: ProjectRegions,
    handler: () => regionPoints(db),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project/comXML/:id', access: Right.ProjectPreview, params: IdParam, raw: true,
    async handler({ user, params, reply }) {
      const project = await projectOr404(db, user, params.id);
      const xml = buildComXml(await comXmlData(db, project.id), new Date());
      void reply.header('content-type', COM_XML_TYPE)
        .header('content-disposition', `attachment; filename="${xmlFileName(project.code)}"`)
        .header('cache-control', 'no-store')
        .send(xml);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project/associate', access: Right.ProjectEdit, tenancy: 'subtree', body: AssociateBody, response: Updated,
    async handler({ user, body, req }) {
      // The same move as t_device/set-project, from the project's side: 404 for a project not seen.
      await projectOr404(db, user, body.projectId);
      return { updated: await setProject(db, { user, ip: req.ip }, { ids: body.deviceIds, projectId: body.projectId, gatewayId: body.gatewayId }) };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project/remove-device', access: Right.ProjectEdit, tenancy: 'subtree', body: ProjectDevicesBody, response: Updated,
    handler: async ({ user, body, req }) => ({ updated: await removeDevices(db, { user, ip: req.ip }, body.projectId, body.deviceIds) }),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project/del-dev', access: Right.DeviceDelete, tenancy: 'subtree', body: ProjectDevicesBody, response: Deleted,
    async handler({ user, body, req }) {
      const { deleted, cleared } = await serial(() => deleteProjectDevices(db, { user, ip: req.ip }, body.projectId, body.deviceIds));
      for (const alarm of cleared) telemetryEvents?.emit('measureWarning', { action: 'clear', alarm });
      return { deleted };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project/associate-group', access: Right.ProjectEdit, tenancy: 'subtree', body: AssociateGroupBody, response: Updated,
    handler: async ({ user, body, req }) => ({ updated: await associateGroup(db, { user, ip: req.ip }, body.groupId, body.projectIds) }),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project/add-gateway', access: Right.ProjectEdit, tenancy: 'subtree', body: AddGatewayBody, response: ProjectGateway,
    handler: ({ user, body, req }) => addGateway(db, { user, ip: req.ip }, body),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project/add-gateway-items', access: Right.ProjectEdit, tenancy: 'subtree', body: AddGatewayItemsBody, response: Updated,
    handler: async ({ user, body, req }) => ({ updated: await addGatewayItems(db, { user, ip: req.ip }, body.projectId, body.gatewayId, body.deviceIds) }),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project/add-gateway-item', access: Right.ProjectEdit, tenancy: 'subtree', body: AddGatewayItemBody, response: DeviceListItem,
    async handler({ user, body, req }) {
      await addGatewayItems(db, { user, ip: req.ip }, body.projectId, body.gatewayId, [body.deviceId], 'deviceId');
      return (await devicesByIds(db, [body.deviceId]))[0];
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_project_member', access: Right.ProjectPreview, query: MemberQuery, response: MemberPage,
    async handler({ user, query }) {
      const project = await projectOr404(db, user, query.projectId);
      return listMembers(db, project.id, query.keyword, query.Page, query.Size);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_member/save', access: Right.ProjectEdit, tenancy: 'subtree', body: SaveMembersBody, response: MembersChanged,
    handler: async ({ user, body, req }) => ({ changed: await saveMembers(db, { user, ip: req.ip }, body.projectId, body.userIds, body.role) }),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_project_member/del', access: Right.ProjectEdit, tenancy: 'subtree', body: DelMembersBody, response: MembersChanged,
    handler: async ({ user, body, req }) => ({ changed: await removeMembers(db, { user, ip: req.ip }, body.projectId, body.userIds) }),
  });
}
