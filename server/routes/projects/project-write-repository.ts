import type { Kysely, Transaction } from 'kysely';
import { LogAction } from '../../../contract/enums';
import type { AddGatewayBody, ProjectGateway } from '../../../contract/projects';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import type { AlarmSnapshot } from '../../telemetry/telemetry-events';
import { visibleOrgFilter } from '../../auth/scope-filters';
import { openAlarms, pushConfig, type Writer } from '../devices/device-write-repository';
import { listableUserIds, projectOr404, type ProjectHead, visibleProjectIds } from './project-repository';

const target = (p: ProjectHead) => `t_project#${p.id} ${p.name}`;
const audit = (trx: Kysely<DB>, w: Writer, action: LogAction, p: ProjectHead | string, detail: unknown) => auditLog(trx, {
  userId: w.user.id, username: w.user.username, ip: w.ip, action, target: typeof p === 'string' ? p : target(p), detail: JSON.stringify(detail),
});

/** The devices of `ids` that belong to the project; the first that does not is refused, naming its place in the body. */
async function projectDeviceRows(trx: Kysely<DB>, projectId: number, ids: readonly number[], field = 'deviceIds') {
  const unique = [...new Set(ids)];
  const rows = await trx.selectFrom('t_device').select(['id', 'name', 'code', 'version', 'gateway_id']).where('id', 'in', unique)
    .where('project_id', '=', projectId).orderBy('id').execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.findIndex((id) => !found.has(id));
  // A list names the entry (`body.deviceIds.3`), a single id its field (`body.deviceId`).
  const where = field.endsWith('Ids') ? `body.${field}.${missing}` : `body.${field}`;
  if (missing >= 0) throw badRequest(`${where}: 设备 ${ids[missing]} 不属于该项目`);
  return rows;
}

/**
 * The project's devices leave it: no project and no gateway (their gateway was the project's);
 * values and history stay with them, their open alarms no longer name the project.
 */
export async function removeDevices(db: Kysely<DB>, w: Writer, projectId: number, ids: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const project = await projectOr404(trx, w.user, projectId);
    const rows = await projectDeviceRows(trx, project.id, ids);
    for (const d of rows) {
      await trx.updateTable('t_device').set({ project_id: null, gateway_id: null, version: d.version + 1 }).where('id', '=', d.id).execute();
    }
    await trx.updateTable('t_real_measure_warning').set({ project_id: null }).where('device_id', 'in', rows.map((d) => d.id)).execute();
    await audit(trx, w, LogAction.Edit, `${target(project)} remove-device`, { devices: rows.map((d) => ({ id: d.id, code: d.code, name: d.name })) });
    return rows.length;
  });
}

/**
 * Deletes devices of the project with everything that is theirs (values, settings, alarms,
 * history, commands: the tables cascade), all or none; refused while a command addressed to one of
 * them is still queued or running. Answers the alarms that were open, to be announced as cleared.
 */
export async function deleteProjectDevices(db: Kysely<DB>, w: Writer, projectId: number, ids: readonly number[]): Promise<{ deleted: number; cleared: AlarmSnapshot[] }> {
  return db.transaction().execute(async (trx: Transaction<DB>) => {
    const project = await projectOr404(trx, w.user, projectId);
    const rows = await projectDeviceRows(trx, project.id, ids);
    const deviceIds = rows.map((d) => d.id);
    const busy = await trx.selectFrom('t_gateway_command').select('device_id').where('device_id', 'in', deviceIds)
      .where('state', 'in', ['queued', 'sent']).executeTakeFirst();
    if (busy?.device_id != null) {
      const d = rows.find((r) => r.id === busy.device_id)!;
      throw badRequest(`无法删除设备“${d.name}”：网关还有发给它的命令未完成（设定值下发、升级等），请等其完成或超时后再删除`);
    }
    const cleared: AlarmSnapshot[] = [];
    for (const id of deviceIds) cleared.push(...await openAlarms(trx, id));
    await trx.deleteFrom('t_device').where('id', 'in', deviceIds).execute();
    await audit(trx, w, LogAction.Delete, `${target(project)} del-dev`, {
      devices: rows.map((d) => ({ id: d.id, code: d.code, name: d.name })), removed: { openAlarms: cleared.length },
    });
    return { deleted: rows.length, cleared };
  });
}

/** Puts projects the user sees into a group of their organisation, or takes them out of any (null). */
export async function associateGroup(db: Kysely<DB>, w: Writer, groupId: number | null, projectIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(projectIds)];
    const rows = await trx.selectFrom('t_project').select(['id', 'name', 'org_id', 'group_id', 'version']).where('id', 'in', ids)
      .where('id', 'in', visibleProjectIds(trx, w.user)).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = projectIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw notFound(`项目 ${missing} `);
    let group: { id: number; name: string; org_id: number } | undefined;
    if (groupId !== null) {
      group = await trx.selectFrom('t_project_group').select(['id', 'name', 'org_id']).where('id', '=', groupId)
        .where(visibleOrgFilter(w.user, 'org_id')).executeTakeFirst();
      if (!group) throw badRequest(`body.groupId: 分组 ${groupId} 不存在或不在您的数据范围内`);
      const other = projectIds.findIndex((id) => byId.get(id)!.org_id !== group!.org_id);
      if (other >= 0) throw badRequest(`body.projectIds.${other}: 项目“${byId.get(projectIds[other])!.name}”不属于该分组的组织`);
    }
    for (const p of rows) {
      await trx.updateTable('t_project').set({ group_id: groupId, version: p.version + 1 }).where('id', '=', p.id).execute();
    }
    await audit(trx, w, LogAction.Edit, group ? `t_project_group#${group.id} ${group.name} associate-group` : 't_project_group associate-group (none)', {
      projects: rows.map((p) => ({ id: p.id, name: p.name, from: p.group_id })), groupId,
    });
    return rows.length;
  });
}

/**
 * Adds a gateway to the project: one without a project (`gatewayId`), or a new one (`code`,
 * `name`); a gateway of another project is not taken from it.
 */
export async function addGateway(db: Kysely<DB>, w: Writer, body: AddGatewayBody): Promise<ProjectGateway> {
  return db.transaction().execute(async (trx) => {
    const project = await projectOr404(trx, w.user, body.projectId);
    let gateway: { id: number; code: string; name: string };
    if (body.gatewayId !== undefined) {
      const g = await trx.selectFrom('t_gateway as g').leftJoin('t_project as p', 'p.id', 'g.project_id')
        .select(['g.id', 'g.code', 'g.name', 'g.version', 'g.project_id', 'p.name as project_name']).where('g.id', '=', body.gatewayId).executeTakeFirst();
      // A gateway without a project is seen only by those who see everything, as devices without one.
      if (!g || (g.project_id === null && !w.user.scope.all)) throw badRequest(`body.gatewayId: 网关 ${body.gatewayId} 不存在`);
      if (g.project_id === project.id) throw badRequest(`body.gatewayId: 网关“${g.name}”已属于该项目`);
      if (g.project_id !== null) throw badRequest(`body.gatewayId: 网关“${g.name}”属于其他项目，不能直接添加`);
      await trx.updateTable('t_gateway').set({ project_id: project.id, version: g.version + 1 }).where('id', '=', g.id).execute();
      gateway = g;
    } else {
      const code = body.code!;
      if (await trx.selectFrom('t_gateway').select('id').where('code', '=', code).executeTakeFirst()) throw badRequest(`body.code: 网关编码“${code}”已存在`);
      const id = (await trx.insertInto('t_gateway').values({ project_id: project.id, code, name: body.name!, created_at: Date.now() })
        .returning('id').executeTakeFirstOrThrow()).id;
      gateway = { id, code, name: body.name! };
    }
    await audit(trx, w, body.gatewayId !== undefined ? LogAction.Edit : LogAction.Add, `${target(project)} add-gateway`, {
      gateway: { id: gateway.id, code: gateway.code, name: gateway.name }, created: body.gatewayId === undefined,
    });
    const [{ n }] = await trx.selectFrom('t_device').select((eb) => eb.fn.countAll<number>().as('n')).where('gateway_id', '=', gateway.id).execute();
    return { id: gateway.id, code: gateway.code, name: gateway.name, deviceCount: Number(n) };
  });
}

/**
 * Wires devices of the project to one of its gateways and queues the gateway's `config` with their
 * register maps (devices already on it are sent theirs again). Answers how many were wired.
 */
export async function addGatewayItems(db: Kysely<DB>, w: Writer, projectId: number, gatewayId: number, deviceIds: readonly number[], field = 'deviceIds'): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const project = await projectOr404(trx, w.user, projectId);
    const gateway = await trx.selectFrom('t_gateway').select(['id', 'name', 'project_id']).where('id', '=', gatewayId).executeTakeFirst();
    if (!gateway || gateway.project_id !== project.id) throw badRequest(`body.gatewayId: 网关 ${gatewayId} 不属于该项目`);
    const rows = await projectDeviceRows(trx, project.id, deviceIds, field);
    for (const d of rows) {
      if (d.gateway_id !== gateway.id) {
        await trx.updateTable('t_device').set({ gateway_id: gateway.id, version: d.version + 1 }).where('id', '=', d.id).execute();
      }
    }
    await pushConfig(trx, w.user.id, new Map([[gateway.id, rows.map((d) => d.id)]]));
    await audit(trx, w, LogAction.Edit, `${target(project)} add-gateway-items`, {
      gateway: { id: gateway.id, name: gateway.name }, devices: rows.map((d) => ({ id: d.id, code: d.code, from: d.gateway_id })),
    });
    return rows.length;
  });
}

/** Makes users members of the project with `role`, or gives members already there that role. */
export async function saveMembers(db: Kysely<DB>, w: Writer, projectId: number, userIds: readonly number[], role: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const project = await projectOr404(trx, w.user, projectId);
    const listable = await listableUserIds(trx, w.user, userIds);
    const missing = userIds.findIndex((id) => !listable.has(id));
    if (missing >= 0) throw badRequest(`body.userIds.${missing}: 用户 ${userIds[missing]} 不存在或不在您的数据范围内`);
    const ids = [...new Set(userIds)];
    const existing = await trx.selectFrom('t_project_member').select(['user_id', 'role']).where('project_id', '=', project.id)
      .where('user_id', 'in', ids).execute();
    const had = new Map(existing.map((m) => [m.user_id, m.role]));
    const added = ids.filter((id) => !had.has(id));
    const changed = ids.filter((id) => had.has(id) && had.get(id) !== role);
    if (added.length) await trx.insertInto('t_project_member').values(added.map((user_id) => ({ project_id: project.id, user_id, role }))).execute();
    if (changed.length) await trx.updateTable('t_project_member').set({ role }).where('project_id', '=', project.id).where('user_id', 'in', changed).execute();
    if (added.length || changed.length) {
      await audit(trx, w, added.length ? LogAction.Add : LogAction.Edit, `${target(project)} t_project_member`, {
        role, added, changed: changed.map((id) => ({ userId: id, from: had.get(id) })),
      });
    }
    return added.length + changed.length;
  });
}

/** Takes members off the project; a user who is not a member is refused, naming its place in the body. */
export async function removeMembers(db: Kysely<DB>, w: Writer, projectId: number, userIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const project = await projectOr404(trx, w.user, projectId);
    const rows = await trx.selectFrom('t_project_member').select(['user_id', 'role']).where('project_id', '=', project.id)
      .where('user_id', 'in', [...new Set(userIds)]).execute();
    const members = new Set(rows.map((r) => r.user_id));
    const missing = userIds.findIndex((id) => !members.has(id));
    if (missing >= 0) throw badRequest(`body.userIds.${missing}: 用户 ${userIds[missing]} 不是该项目的成员`);
    await trx.deleteFrom('t_project_member').where('project_id', '=', project.id).where('user_id', 'in', [...members]).execute();
    await audit(trx, w, LogAction.Delete, `${target(project)} t_project_member`, { removed: rows.map((r) => ({ userId: r.user_id, role: r.role })) });
    return rows.length;
  });
}
