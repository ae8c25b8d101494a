import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DeviceListItem } from '../../../contract/devices';
import type { ProjectCount, ProjectGateways, ProjectRegion, RelatedUser, ProjectMember } from '../../../contract/projects';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { likePattern } from '../../resources/resource-repository';
import { registerMaps } from '../../gateway/register-map';
import { devicesByIds } from '../devices/device-repository';
import { visibleOrgFilter, visibleProjectFilter } from '../../auth/scope-filters';
import type { ComXmlProject } from './project-xml';

/** A project as the family's calls read it once they know the caller sees it. */
export interface ProjectHead {
  id: number;
  name: string;
  code: string;
  orgId: number;
  createdBy: number | null;
}

type Row = Record<string, unknown>;

/** Ids of the projects the user sees (data scope or membership), as a subquery. */
export function visibleProjectIds(db: Kysely<DB>, user: AuthUser) {
  return db.selectFrom('t_project as p').select('p.id').where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
}

/** The project if the user sees it (its organisation in the data scope, or a member of it), else undefined. */
export async function findVisibleProject(db: Kysely<DB>, user: AuthUser, id: number): Promise<ProjectHead | undefined> {
  return db.selectFrom('t_project as p').select(['p.id', 'p.name', 'p.code', 'p.org_id as orgId', 'p.created_by as createdBy'])
    .where('p.id', '=', id).where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
}

/** The project if the user sees it, else 404 (every project call starts here). */
export async function projectOr404(db: Kysely<DB>, user: AuthUser, id: number): Promise<ProjectHead> {
  const project = await findVisibleProject(db, user, id);
  if (!project) throw notFound('项目');
  return project;
}

/** The user's part in the project, if a member. */
export async function memberRole(db: Kysely<DB>, projectId: number, userId: number): Promise<string | null> {
  const row = await db.selectFrom('t_project_member').select('role').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/**
 * True when the user sees the project through its data scope (its organisation, region or
 * industry, or a VSpec role listing it), not only as a member.
 */
export async function seesByScope(db: Kysely<DB>, user: AuthUser, projectId: number): Promise<boolean> {
  if (user.scope.all) return true;
  const listed = await db.selectFrom('t_data_right as r').innerJoin('t_user_role as ur', 'ur.role_id', 'r.role_id')
    .innerJoin('t_role as role', 'role.id', 'r.role_id')
    .select('r.id').where('ur.user_id', '=', user.id).where('role.data_scope', '=', 'VSpec')
    .where('r.right_type', '=', 'VSpec').where('r.target_id', '=', projectId).executeTakeFirst();
  if (listed) return true;
  const withoutMembership: AuthUser = { ...user, scope: { ...user.scope, projectIds: user.scope.projectIds.filter((id) => id !== projectId) } };
  return !!(await findVisibleProject(db, withoutMembership, projectId));
}

/** The hooks' reads: organisation and group names, and devices, gateways and members counted per project. */
export async function projectExtras(db: Kysely<DB>, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => r.id as number);
  const orgIds = [...new Set(rows.map((r) => r.orgId as number))];
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((g): g is number => typeof g === 'number'))];
  const countBy = async (table: 't_device' | 't_gateway' | 't_project_member') => {
    const counted = await db.selectFrom(table).select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('project_id', 'in', ids).groupBy('project_id').execute();
    return new Map(counted.map((c) => [c.project_id, Number(c.n)]));
  };
  const [orgs, groups, devices, gateways, members] = await Promise.all([
    db.selectFrom('t_org').select(['id', 'name']).where('id', 'in', orgIds).execute(),
    groupIds.length ? db.selectFrom('t_project_group').select(['id', 'name']).where('id', 'in', groupIds).execute() : Promise.resolve([]),
    countBy('t_device'), countBy('t_gateway'), countBy('t_project_member'),
  ]);
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return rows.map((r) => ({
    ...r,
    orgName: orgName.get(r.orgId as number) ?? '',
    groupName: typeof r.groupId === 'number' ? groupName.get(r.groupId) ?? '' : '',
    deviceCount: devices.get(r.id as number) ?? 0,
    gatewayCount: gateways.get(r.id as number) ?? 0,
    memberCount: members.get(r.id as number) ?? 0,
  }));
}

/** Projects counted per group (the group hooks). */
export async function groupProjectCounts(db: Kysely<DB>, groupIds: number[]): Promise<Map<number, number>> {
  if (!groupIds.length) return new Map();
  const rows = await db.selectFrom('t_project').select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('group_id', 'in', groupIds).groupBy('group_id').execute();
  return new Map(rows.map((r) => [r.group_id!, Number(r.n)]));
}

/** What a project's save refers to, for its checks: which exist, and the group's organisation. */
export async function saveReferences(db: Kysely<DB>, f: { orgId: number; groupId: number | null; regionId: number | null; industryId: number | null }) {
  const [org, group, region, industry] = await Promise.all([
    db.selectFrom('t_org').select('id').where('id', '=', f.orgId).executeTakeFirst(),
    f.groupId === null ? undefined : db.selectFrom('t_project_group').select(['id', 'org_id']).where('id', '=', f.groupId).executeTakeFirst(),
    f.regionId === null ? undefined : db.selectFrom('t_region').select('id').where('id', '=', f.regionId).executeTakeFirst(),
    f.industryId === null ? undefined : db.selectFrom('t_industry').select('id').where('id', '=', f.industryId).executeTakeFirst(),
  ]);
  return { org: !!org, groupOrgId: group?.org_id ?? null, region: !!region, industry: !!industry };
}

/** True when the organisation exists. */
export async function orgExists(db: Kysely<DB>, orgId: number): Promise<boolean> {
  return !!(await db.selectFrom('t_org').select('id').where('id', '=', orgId).executeTakeFirst());
}

/** How many devices belong to the project. */
export async function projectDeviceCount(db: Kysely<DB>, projectId: number): Promise<number> {
  const [{ n }] = await db.selectFrom('t_device').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).execute();
  return Number(n);
}

/**
 * What stays behind a deleted project that is not its own (inside the delete's transaction): its
 * gateways lose it (they are hardware, and may serve another project), alarms of devices that have
 * since moved elsewhere keep their device but no longer name it, and VSpec roles stop listing it.
 * Its members, alarm contacts, graphs and playlist entries go with it (the tables cascade).
 */
export async function releaseProject(trx: Kysely<DB>, projectId: number): Promise<{ gateways: number }> {
  const gateways = await trx.updateTable('t_gateway').set((eb) => ({ project_id: null, version: eb('version', '+', 1) }))
    .where('project_id', '=', projectId).executeTakeFirst();
  await trx.updateTable('t_real_measure_warning').set({ project_id: null }).where('project_id', '=', projectId).execute();
  await trx.updateTable('t_history_measure_warning').set({ project_id: null }).where('project_id', '=', projectId).execute();
  await trx.updateTable('t_alarm_escalation').set({ project_id: null }).where('project_id', '=', projectId).execute();
  await trx.deleteFrom('t_data_right').where('right_type', '=', 'VSpec').where('target_id', '=', projectId).execute();
  return { gateways: Number(gateways.numUpdatedRows) };
}

/** The filters of the project list, as GET /api/t_project/cnt takes them. */
export interface ProjectListFilter {
  keyword?: string;
  orgId?: number;
  groupId?: number;
  regionId?: number;
}

/** The user's projects with the list's filters, counted: all, as a member, with an open alarm, without devices. */
export async function countProjects(db: Kysely<DB>, user: AuthUser, f: ProjectListFilter): Promise<ProjectCount> {
  let q = db.selectFrom('t_project as p').where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
  if (f.orgId !== undefined) q = q.where('p.org_id', '=', f.orgId);
  if (f.groupId !== undefined) q = q.where('p.group_id', '=', f.groupId);
  if (f.regionId !== undefined) q = q.where('p.region_id', '=', f.regionId);
  if (f.keyword) {
    const like = likePattern(f.keyword);
    q = q.where(sql<SqlBool>`(lower(p.name) like ${like} escape '\\' or lower(p.code) like ${like} escape '\\' or lower(p.city) like ${like} escape '\\')`);
  }
  const [row] = await q.select((eb) => [
    eb.fn.countAll<number>().as('total'),
    eb.fn.count<number>(eb.case().when(eb.exists(eb.selectFrom('t_project_member as m').select('m.user_id')
      .whereRef('m.project_id', '=', 'p.id').where('m.user_id', '=', user.id))).then(1).end()).as('member'),
    eb.fn.count<number>(eb.case().when(eb.exists(eb.selectFrom('t_real_measure_warning as w').select('w.id')
      .whereRef('w.project_id', '=', 'p.id'))).then(1).end()).as('alarm'),
    eb.fn.count<number>(eb.case().when(eb.not(eb.exists(eb.selectFrom('t_device as d').select('d.id')
      .whereRef('d.project_id', '=', 'p.id')))).then(1).end()).as('empty'),
  ]).execute();
  return { total: Number(row.total), member: Number(row.member), alarm: Number(row.alarm), empty: Number(row.empty) };
}

/** Users the caller may list: of organisations in its data scope, not the guest account, not removed. */
function scopedUsers(db: Kysely<DB>, user: AuthUser) {
  return db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
    .where('u.is_guest', '=', 0).where('u.deleted_at', 'is', null).where(visibleOrgFilter(user, 'u.org_id'));
}

/** The users of the caller's data scope with their membership of the project (related-user). */
export async function relatedUsers(
  db: Kysely<DB>, user: AuthUser, projectId: number, f: { keyword?: string; member?: number }, page: number, size: number,
): Promise<{ list: RelatedUser[]; count: number }> {
  let q = scopedUsers(db, user)
    .leftJoin('t_project_member as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.project_id', '=', projectId));
  if (f.member !== undefined) q = q.where('m.user_id', f.member === 1 ? 'is not' : 'is', null);
  if (f.keyword) {
    const like = likePattern(f.keyword);
    q = q.where(sql<SqlBool>`(lower(u.username) like ${like} escape '\\' or lower(u.nick_name) like ${like} escape '\\')`);
  }
  const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
  const rows = await q.select(['u.id', 'u.username', 'u.nick_name', 'u.org_id', 'o.name as org_name', 'm.role'])
    .orderBy('u.username').orderBy('u.id').limit(size).offset((page - 1) * size).execute();
  return {
    count: Number(count),
    list: rows.map((r) => ({
      userId: r.id, username: r.username, nickName: r.nick_name, orgId: r.org_id, orgName: r.org_name, member: r.role !== null, role: r.role,
    })),
  };
}

/** Which of `userIds` the caller may make members (related-user's users). */
export async function listableUserIds(db: Kysely<DB>, user: AuthUser, userIds: readonly number[]): Promise<Set<number>> {
  const rows = await scopedUsers(db, user).select('u.id').where('u.id', 'in', [...userIds]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The project's members, whoever they are, by login name. */
export async function listMembers(
  db: Kysely<DB>, projectId: number, keyword: string | undefined, page: number, size: number,
): Promise<{ list: ProjectMember[]; count: number }> {
  let q = db.selectFrom('t_project_member as m').innerJoin('t_user as u', 'u.id', 'm.user_id').innerJoin('t_org as o', 'o.id', 'u.org_id')
    .where('m.project_id', '=', projectId);
  if (keyword) {
    const like = likePattern(keyword);
    q = q.where(sql<SqlBool>`(lower(u.username) like ${like} escape '\\' or lower(u.nick_name) like ${like} escape '\\')`);
  }
  const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
  const rows = await q.select(['m.project_id', 'm.user_id', 'm.role', 'u.username', 'u.nick_name', 'u.org_id', 'o.name as org_name'])
    .orderBy('u.username').orderBy('u.id').limit(size).offset((page - 1) * size).execute();
  return {
    count: Number(count),
    list: rows.map((r) => ({
      projectId: r.project_id, userId: r.user_id, username: r.username, nickName: r.nick_name, orgId: r.org_id, orgName: r.org_name, role: r.role,
    })),
  };
}

/**
 * One page of the project's devices (`inside`), or of the devices the user sees outside it
 * (other projects' in its data scope; and devices without a project for users who see everything),
 * searched by name or code.
 */
export async function projectDevices(
  db: Kysely<DB>, user: AuthUser, projectId: number, inside: boolean, keyword: string | undefined, page: number, size: number,
): Promise<{ list: DeviceListItem[]; count: number }> {
  let q = db.selectFrom('t_device as d');
  if (inside) {
    q = q.where('d.project_id', '=', projectId);
  } else if (user.scope.all) {
    q = q.where((eb) => eb.or([eb('d.project_id', 'is', null), eb('d.project_id', '!=', projectId)]));
  } else {
    q = q.where('d.project_id', '!=', projectId).where('d.project_id', 'in', visibleProjectIds(db, user));
  }
  if (keyword) {
    const like = likePattern(keyword);
    q = q.where(sql<SqlBool>`(lower(d.name) like ${like} escape '\\' or lower(d.code) like ${like} escape '\\')`);
  }
  const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
  const ids = (await q.select('d.id').orderBy('d.id').limit(size).offset((page - 1) * size).execute()).map((r) => r.id);
  return { count: Number(count), list: await devicesByIds(db, ids) };
}

/** The project's gateways with their device counts, and (for callers who see everything) the gateways without a project. */
export async function projectGatewayList(db: Kysely<DB>, user: AuthUser, projectId: number): Promise<ProjectGateways> {
  const rows = await db.selectFrom('t_gateway as g').leftJoin('t_device as d', 'd.gateway_id', 'g.id')
    .select(['g.id', 'g.code', 'g.name', (eb) => eb.fn.count<number>('d.id').as('n')])
    .where('g.project_id', '=', projectId).groupBy(['g.id', 'g.code', 'g.name']).orderBy('g.name').orderBy('g.id').execute();
  const free = user.scope.all
    ? await db.selectFrom('t_gateway').select(['id', 'code', 'name']).where('project_id', 'is', null).orderBy('name').orderBy('id').limit(500).execute()
    : [];
  return { gateways: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, deviceCount: Number(r.n) })), free };
}

/** Every region with its coordinates, for placing a project offline. */
export async function regionPoints(db: Kysely<DB>): Promise<ProjectRegion[]> {
  const rows = await db.selectFrom('t_region').select(['id', 'parent_id', 'name', 'lng', 'lat']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id, name: r.name, lng: r.lng, lat: r.lat }));
}

/** What the commissioning export (comXML) of a project the caller sees holds. */
export async function comXmlData(db: Kysely<DB>, projectId: number): Promise<ComXmlProject> {
  const p = await db.selectFrom('t_project as p').innerJoin('t_org as o', 'o.id', 'p.org_id')
    .select(['p.id', 'p.code', 'p.name', 'o.name as org_name', 'p.city', 'p.address', 'p.lng', 'p.lat'])
    .where('p.id', '=', projectId).executeTakeFirstOrThrow();
  const gateways = await db.selectFrom('t_gateway').select(['id', 'code', 'name']).where('project_id', '=', projectId).orderBy('code').orderBy('id').execute();
  const devices = await db.selectFrom('t_device as d').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .select(['d.id', 'd.code', 'd.name', 'd.gateway_id', 'm.code as model_code', 'm.name as model_name', 'd.device_type_id', 'd.iot_id', 'd.iccid'])
    .where('d.project_id', '=', projectId).orderBy('d.code').orderBy('d.id').execute();
  const maps = new Map((await registerMaps(db, devices.map((d) => d.id))).map((m) => [m.deviceId, m.registers]));
  return {
    id: p.id, code: p.code, name: p.name, orgName: p.org_name, city: p.city, address: p.address, lng: p.lng, lat: p.lat, gateways,
    devices: devices.map((d) => ({
      id: d.id, code: d.code, name: d.name, gatewayId: d.gateway_id, modelCode: d.model_code, modelName: d.model_name,
      deviceTypeId: d.device_type_id, iotId: d.iot_id, iccid: d.iccid, registers: maps.get(d.id) ?? [],
    })),
  };
}
