import { z } from 'zod';
import { DEVICE_CODE_PATTERN } from './device-admin';
import { Id, PageQuery, paged, QueryId } from './envelope';
import type { Text } from './resources/kit';
import { ProjectFilter } from './resources/project';

/**
 * The project family's own calls (SPEC §7 t_project sub-calls, t_project_member; issue 18), beside
 * the kit's list / all / names / {id} / save / del of contract/resources/project.ts. Every call
 * is limited to the projects the caller sees (data scope or membership): another project is 404.
 * Shapes where SPEC is silent: server/routes/projects/README.md.
 */

/** At most this many devices, projects or users in one association call. */
export const MAX_BATCH = 500;
const IdBatch = (what: string) => z.array(Id).min(1, `${what} needs at least one id`).max(MAX_BATCH);

/** GET /api/t_project/cnt: the caller's projects with the list's filters, counted. */
export const ProjectCountQuery = ProjectFilter;
export const ProjectCount = z.object({
  total: z.number().int(),
  /** Projects the caller is a member of. */
  member: z.number().int(),
  /** Projects with at least one open alarm. */
  alarm: z.number().int(),
  /** Projects without any device. */
  empty: z.number().int(),
});
export type ProjectCount = z.infer<typeof ProjectCount>;

/**
 * GET /api/t_project/rights/{id}: what the caller may do with one project it sees — how it sees it
 * (`viaScope`: its data scope; `member`: a member of it, `memberRole` its role there) and which
 * of the family's writes its rights allow.
 */
export const ProjectRights = z.object({
  projectId: z.number().int(),
  viaScope: z.boolean(),
  member: z.boolean(),
  memberRole: z.string().nullable(),
  isCreator: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canEditDevices: z.boolean(),
  canDeleteDevices: z.boolean(),
});
export type ProjectRights = z.infer<typeof ProjectRights>;

/** A member's part in a project: a label for people, not a right (rights come from the user's roles). */
export const PROJECT_MEMBER_ROLES: readonly { value: string; label: Text }[] = [
  { value: 'owner', label: { zh: '项目负责人', en: 'Project lead' } },
  { value: 'engineer', label: { zh: '运维工程师', en: 'Engineer' } },
  { value: 'member', label: { zh: '项目成员', en: 'Member' } },
];
export const MemberRole = z.enum(['owner', 'engineer', 'member'], { message: 'role must be owner, engineer or member' });

/**
 * GET /api/t_project/related-user?projectId=&keyword=&member=&Page=&Size=: the users the caller
 * may make members (users of organisations in the caller's data scope; not the guest account, not
 * removed ones), each saying whether, and as what, it is a member already. `member=1` lists only
 * members, `member=0` only the others.
 */
export const RelatedUserQuery = PageQuery.extend({
  projectId: QueryId,
  keyword: z.string().trim().max(64).optional(),
  member: z.coerce.number().int().min(0).max(1).optional(),
});
export const RelatedUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  member: z.boolean(),
  role: z.string().nullable(),
});
export type RelatedUser = z.infer<typeof RelatedUser>;
export const RelatedUserPage = paged(RelatedUser);

/**
 * GET /api/t_project_member?projectId=&keyword=&Page=&Size=: the project's members (whoever they
 * are: a member from another organisation is listed too), by name.
 */
export const MemberQuery = PageQuery.extend({ projectId: QueryId, keyword: z.string().trim().max(64).optional() });
export const ProjectMember = z.object({
  projectId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  role: z.string(),
});
export type ProjectMember = z.infer<typeof ProjectMember>;
export const MemberPage = paged(ProjectMember);

/**
 * POST /api/t_project_member/save: makes the users members of the project with `role`, or gives
 * members already there that role. Each user must be one the caller could list (related-user).
 */
export const SaveMembersBody = z.strictObject({
  projectId: Id,
  userIds: z.array(Id).min(1, 'userIds needs at least one id').max(200),
  role: MemberRole.default('member'),
});
export type SaveMembersBody = z.input<typeof SaveMembersBody>;
/** POST /api/t_project_member/del: takes the users off the project (members only; others are 400). */
export const DelMembersBody = z.strictObject({ projectId: Id, userIds: z.array(Id).min(1, 'userIds needs at least one id').max(200) });
export const MembersChanged = z.object({ changed: z.number().int() });

/**
 * GET /api/t_project/devices?projectId=&in=1|0&keyword=&Page=&Size=: the devices of the project
 * (`in=1`, default) or the devices the caller sees that are not in it (`in=0`: other projects'
 * and, for callers who see everything, devices without a project), paged and searched on the
 * server (name or code) for the transfer list of nv_associate_device.
 */
export const ProjectDevicesQuery = PageQuery.extend({
  projectId: QueryId,
  in: z.coerce.number().int().min(0).max(1).default(1),
  keyword: z.string().trim().max(64).optional(),
});

/**
 * POST /api/t_project/associate: moves devices the caller sees into the project (as t_device
 * set-project: `gatewayId`, a gateway of the project, wires them all to it; left out, each keeps
 * a gateway of the project and loses any other; null unwires them).
 */
export const AssociateBody = z.strictObject({
  projectId: Id,
  deviceIds: IdBatch('deviceIds'),
  gatewayId: Id.nullable().optional(),
});
export type AssociateBody = z.input<typeof AssociateBody>;

/** POST /api/t_project/remove-device: the project's devices leave it (no project, no gateway); history stays. */
export const ProjectDevicesBody = z.strictObject({ projectId: Id, deviceIds: IdBatch('deviceIds') });
export type ProjectDevicesBody = z.input<typeof ProjectDevicesBody>;
export const Updated = z.object({ updated: z.number().int() });
/** POST /api/t_project/del-dev: the project's devices are deleted with their values, history and alarms. */
export const Deleted = z.object({ deleted: z.number().int() });

/** POST /api/t_project/associate-group: puts the projects in a group of their organisation (null: none). */
export const AssociateGroupBody = z.strictObject({ groupId: Id.nullable(), projectIds: IdBatch('projectIds') });

/** A gateway of a project, with how many devices it drives. */
export const ProjectGateway = z.object({ id: z.number().int(), code: z.string(), name: z.string(), deviceCount: z.number().int() });
export type ProjectGateway = z.infer<typeof ProjectGateway>;
/**
 * GET /api/t_project/gateways?projectId=: the project's gateways, and the gateways without a
 * project the caller may add to it (`free`: only for callers who see everything, as devices
 * without a project).
 */
export const ProjectGatewaysQuery = z.object({ projectId: QueryId });
export const ProjectGateways = z.object({
  gateways: z.array(ProjectGateway),
  free: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type ProjectGateways = z.infer<typeof ProjectGateways>;

/**
 * POST /api/t_project/add-gateway: adds a gateway to the project — an existing one without a
 * project (`gatewayId`), or a new one (`code`, unique among gateways, and `name`). A gateway of
 * another project is not taken from it. Its key (X-Gateway-Key) is issued on the gateway page.
 */
export const AddGatewayBody = z.strictObject({
  projectId: Id,
  gatewayId: Id.optional(),
  code: z.string().trim().min(1, 'code is required').max(64).regex(DEVICE_CODE_PATTERN, 'code may hold letters, digits, _, . and -').optional(),
  name: z.string().trim().min(1, 'name is required').max(64).optional(),
}).superRefine((b, ctx) => {
  if (b.gatewayId !== undefined && (b.code !== undefined || b.name !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['gatewayId'], message: 'gatewayId or code and name, not both' });
  } else if (b.gatewayId === undefined) {
    if (b.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: 'code is required (or gatewayId)' });
    else if (b.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'name is required' });
  }
});
export type AddGatewayBody = z.input<typeof AddGatewayBody>;

/**
 * POST /api/t_project/add-gateway-items: wires devices of the project to one of its gateways; the
 * gateway is sent their register maps (a `config` command), so it starts polling them.
 */
export const AddGatewayItemsBody = z.strictObject({ projectId: Id, gatewayId: Id, deviceIds: IdBatch('deviceIds') });
export type AddGatewayItemsBody = z.input<typeof AddGatewayItemsBody>;
/** POST /api/t_project/add-gateway-item: the same for one device; answers the device. */
export const AddGatewayItemBody = z.strictObject({ projectId: Id, gatewayId: Id, deviceId: Id });

/**
 * GET /api/t_project/regions: the regions with their coordinates, for placing a project offline
 * (a region's centre) where no map service resolves addresses.
 */
export const ProjectRegion = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
});
export type ProjectRegion = z.infer<typeof ProjectRegion>;
export const ProjectRegions = z.array(ProjectRegion);

/** GET /api/t_project/comXML/{id}: the commissioning export's media type. */
export const COM_XML_TYPE = 'application/xml; charset=utf-8';
