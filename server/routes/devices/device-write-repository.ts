import type { Kysely, Transaction } from 'kysely';
import { CONDITION_NAMES, type ConditionType } from '../../../contract/conditions';
import type { SaveDevice, SetProjectBody } from '../../../contract/device-admin';
import { DeviceState, LogAction } from '../../../contract/enums';
import { problem, type MeasureProblem } from '../../../contract/measure-points';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { GatewayCommandQueue } from '../../gateway/command-queue';
import { registerMaps } from '../../gateway/register-map';
import { badRequest, conflict, notFound } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import type { LicenceRoom } from '../../licence/licensing';
import { STALE_VERSION } from '../../resources/resource-routes';
import type { AlarmSnapshot } from '../../telemetry/telemetry-events';
import { visibleProjectFilter } from '../../auth/scope-filters';
import { valueTaken, visibleDeviceIds } from './device-repository';

/** Who writes, for the audit line and the commands queued. */
export interface Writer {
  user: AuthUser;
  ip: string;
  /** The licence's device limit, checked in the transaction of a new device (server/licence/). */
  licence?: LicenceRoom;
}

type Fields = SaveDevice;

/** The device's columns from a save's fields (the type is the model's). */
const columns = (f: Fields, deviceTypeId: number) => ({
  name: f.name, code: f.code, project_id: f.projectId, device_model_id: f.deviceModelId, device_type_id: deviceTypeId,
  gateway_id: f.gatewayId, iot_id: f.iotId, iccid: f.iccid, install_date: f.installDate, lng: f.lng, lat: f.lat,
});

/** The project if it exists and lies in the user's data scope. */
export async function scopedProject(db: Kysely<DB>, user: AuthUser, projectId: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('t_project as p').select(['p.id', 'p.name']).where('p.id', '=', projectId)
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
}

/**
 * The rules of a device's fields that need the database, all problems (field = the save field):
 * a project in the caller's scope (none only for callers who see everything), a model that
 * exists, a gateway of the device's project, code / IoT id / ICCID not used by another device,
 * longitude and latitude both or neither. Answers the model's device type when the model exists.
 */
export async function checkDevice(
  db: Kysely<DB>, user: AuthUser, f: Fields, exceptId: number | null, row: number | null = null,
): Promise<{ problems: MeasureProblem[]; deviceTypeId?: number }> {
  const problems: MeasureProblem[] = [];
  const add = (field: string, code: string, zh: string, en: string) => problems.push(problem(row, field, code, zh, en));
  if (f.projectId === null) {
    if (!user.scope.all) add('projectId', 'project.required', '请选择所属项目', 'choose the device\'s project');
  } else if (!(await scopedProject(db, user, f.projectId))) {
    add('projectId', 'project.scope', `项目 ${f.projectId} 不存在或不在您的数据范围内`, `project ${f.projectId} does not exist or is outside your data scope`);
  }
  const model = await db.selectFrom('t_device_model').select(['id', 'device_type_id']).where('id', '=', f.deviceModelId).executeTakeFirst();
  if (!model) add('deviceModelId', 'model.unknown', `设备型号 ${f.deviceModelId} 不存在`, `device model ${f.deviceModelId} does not exist`);
  if (f.gatewayId !== null) {
    const gateway = await db.selectFrom('t_gateway').select(['id', 'project_id']).where('id', '=', f.gatewayId).executeTakeFirst();
    if (!gateway) add('gatewayId', 'gateway.unknown', `网关 ${f.gatewayId} 不存在`, `gateway ${f.gatewayId} does not exist`);
    else if (gateway.project_id !== f.projectId) add('gatewayId', 'gateway.project', '网关不属于所选项目', 'the gateway belongs to another project');
  }
  if (await valueTaken(db, 'code', f.code, exceptId)) add('code', 'code.duplicate', `设备编码“${f.code}”已存在`, `device code "${f.code}" is taken`);
  if (await valueTaken(db, 'iot_id', f.iotId, exceptId)) add('iotId', 'iotId.duplicate', `物联网ID“${f.iotId}”已被其他设备使用`, `IoT id "${f.iotId}" is used by another device`);
  if (await valueTaken(db, 'iccid', f.iccid, exceptId)) add('iccid', 'iccid.duplicate', `ICCID“${f.iccid}”已被其他设备使用`, `ICCID "${f.iccid}" is used by another device`);
  if ((f.lng === null) !== (f.lat === null)) {
    add(f.lng === null ? 'lng' : 'lat', 'coordinates.pair', '经度和纬度需同时填写', 'give both longitude and latitude, or neither');
  }
  return { problems, deviceTypeId: model?.device_type_id };
}

/** A save's first problem as the 400 the kit's form puts on its field: `body.code: …`. */
function refuse(problems: MeasureProblem[]): never {
  throw badRequest(`body.${problems[0].field}: ${problems[0].message}`);
}

/** Queues one `config` command per gateway with the register maps of its devices (in `trx`). */
export async function pushConfig(trx: Kysely<DB>, userId: number, byGateway: ReadonlyMap<number, readonly number[]>): Promise<number[]> {
  const queue = new GatewayCommandQueue(trx);
  const ids: number[] = [];
  for (const [gatewayId, deviceIds] of byGateway) {
    const devices = await registerMaps(trx, deviceIds);
    if (devices.length) ids.push(await queue.enqueue({ gatewayId, kind: 'config', payload: { devices }, createdBy: userId }, trx));
  }
  return ids;
}

const PICKED = ['name', 'code', 'projectId', 'deviceModelId', 'gatewayId', 'iotId', 'iccid', 'installDate', 'lng', 'lat'] as const;

/** The audit detail of a change: the fields that changed, before and after. */
function changeDetail(before: Record<string, unknown> | null, after: Record<string, unknown>): string {
  const changed = PICKED.filter((k) => !before || before[k] !== after[k]);
  const pick = (row: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, row[k] ?? null]));
  return JSON.stringify({ before: before && pick(before), after: pick(after) });
}

interface StoredDevice extends Fields { id: number; version: number }

async function storedDevice(trx: Kysely<DB>, user: AuthUser, id: number): Promise<StoredDevice> {
  if (!(await visibleDeviceIds(trx, user, [id])).has(id)) throw notFound('设备');
  const d = await trx.selectFrom('t_device').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    id: d.id, version: d.version, name: d.name, code: d.code, projectId: d.project_id, deviceModelId: d.device_model_id, gatewayId: d.gateway_id,
    iotId: d.iot_id, iccid: d.iccid, installDate: d.install_date === null ? null : Number(d.install_date), lng: d.lng, lat: d.lat,
  };
}

/**
 * Inserts (no id) or changes a device, with its audit line, in one transaction; a device wired
 * to a gateway (new, or re-wired) gets its register map pushed to the gateway (a `config`
 * command, so the gateway — the demo's simulated one too — polls it). A model is changed only by
 * change-model, which re-maps the points.
 */
export async function saveDevice(db: Kysely<DB>, w: Writer, f: Fields, id?: number, version?: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = id === undefined ? null : await storedDevice(trx, w.user, id);
    if (before && before.deviceModelId !== f.deviceModelId) {
      throw badRequest('body.deviceModelId: 更换型号请使用“更换型号”（测点按标签对应，历史数据保留）');
    }
    if (before && before.version !== version) throw conflict(STALE_VERSION);
    const { problems, deviceTypeId } = await checkDevice(trx, w.user, f, id ?? null);
    if (problems.length) refuse(problems);
    let savedId: number;
    if (before) {
      const r = await trx.updateTable('t_device').set({ ...columns(f, deviceTypeId!), version: before.version + 1 })
        .where('id', '=', before.id).where('version', '=', before.version).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw conflict(STALE_VERSION);
      savedId = before.id;
      // Open alarms belong to the device's project as it is now.
      if (before.projectId !== f.projectId) await trx.updateTable('t_real_measure_warning').set({ project_id: f.projectId }).where('device_id', '=', savedId).execute();
    } else {
      await w.licence?.assertRoom(trx, 'devices', 1);
      savedId = (await trx.insertInto('t_device').values({ ...columns(f, deviceTypeId!), created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
    }
    if (f.gatewayId !== null && f.gatewayId !== before?.gatewayId) await pushConfig(trx, w.user.id, new Map([[f.gatewayId, [savedId]]]));
    await auditLog(trx, {
      userId: w.user.id, username: w.user.username, ip: w.ip, action: before ? LogAction.Edit : LogAction.Add,
      target: `t_device#${savedId} ${f.name}`, detail: changeDetail(before as Record<string, unknown> | null, f as Record<string, unknown>),
    });
    return savedId;
  });
}

/** A new device like `sourceId` with its own name, code, IoT id and ICCID, and the source's alarm settings. */
export async function copyDevice(
  db: Kysely<DB>, w: Writer, sourceId: number, own: Pick<Fields, 'name' | 'code' | 'iotId' | 'iccid'>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const source = await storedDevice(trx, w.user, sourceId);
    const f: Fields = { ...source, ...own };
    const { problems, deviceTypeId } = await checkDevice(trx, w.user, f, null);
    if (problems.length) refuse(problems);
    await w.licence?.assertRoom(trx, 'devices', 1);
    const id = (await trx.insertInto('t_device').values({ ...columns(f, deviceTypeId!), created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
    const overrides = await trx.selectFrom('t_device_measure').select(['measure_id', 'alarm_enabled', 'condition_val1', 'condition_val2'])
      .where('device_id', '=', sourceId).execute();
    if (overrides.length) await trx.insertInto('t_device_measure').values(overrides.map((o) => ({ ...o, device_id: id }))).execute();
    if (f.gatewayId !== null) await pushConfig(trx, w.user.id, new Map([[f.gatewayId, [id]]]));
    await auditLog(trx, {
      userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Add, target: `t_device#${id} ${f.name}`,
      detail: JSON.stringify({ copiedFrom: { id: source.id, code: source.code }, after: f, alarmSettings: overrides.length }),
    });
    return id;
  });
}

/** Moves devices to a project (contract/device-admin.ts SetProjectBody); answers how many. */
export async function setProject(db: Kysely<DB>, w: Writer, body: SetProjectBody): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(body.ids)];
    const visible = await visibleDeviceIds(trx, w.user, ids);
    const missing = ids.find((id) => !visible.has(id));
    if (missing !== undefined) throw notFound(`设备 ${missing} `);
    const project = await scopedProject(trx, w.user, body.projectId);
    if (!project) throw badRequest(`body.projectId: 项目 ${body.projectId} 不存在或不在您的数据范围内`);
    const gateways = await trx.selectFrom('t_gateway').select(['id']).where('project_id', '=', project.id).execute();
    const ofProject = new Set(gateways.map((g) => g.id));
    if (body.gatewayId != null && !ofProject.has(body.gatewayId)) throw badRequest('body.gatewayId: 网关不属于所选项目');
    const rows = await trx.selectFrom('t_device').select(['id', 'version', 'name', 'project_id', 'gateway_id']).where('id', 'in', ids).execute();
    const pushes = new Map<number, number[]>();
    for (const d of rows) {
      const gatewayId = body.gatewayId !== undefined ? body.gatewayId : d.gateway_id !== null && ofProject.has(d.gateway_id) ? d.gateway_id : null;
      await trx.updateTable('t_device').set({ project_id: project.id, gateway_id: gatewayId, version: d.version + 1 }).where('id', '=', d.id).execute();
      if (gatewayId !== null && gatewayId !== d.gateway_id) pushes.set(gatewayId, [...(pushes.get(gatewayId) ?? []), d.id]);
    }
    await trx.updateTable('t_real_measure_warning').set({ project_id: project.id }).where('device_id', 'in', ids).execute();
    await pushConfig(trx, w.user.id, pushes);
    await auditLog(trx, {
      userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Edit, target: `t_device set-project → t_project#${project.id} ${project.name}`,
      detail: JSON.stringify({ devices: rows.map((d) => ({ id: d.id, name: d.name, from: d.project_id })), gatewayId: body.gatewayId ?? 'kept' }),
    });
    return rows.length;
  });
}

/** The open alarms of a device (of `measureIds` only, when given), as the hub's clear notices carry them. */
export async function openAlarms(trx: Kysely<DB>, deviceId: number, measureIds?: readonly number[]): Promise<AlarmSnapshot[]> {
  if (measureIds && !measureIds.length) return [];
  let q = trx.selectFrom('t_real_measure_warning as w')
    .innerJoin('t_device as d', 'd.id', 'w.device_id').innerJoin('t_measure as m', 'm.id', 'w.measure_id')
    .leftJoin('t_project as p', 'p.id', 'w.project_id')
    .select(['w.id', 'w.project_id', 'p.name as project_name', 'w.device_id', 'd.name as device_name', 'w.measure_id', 'm.name as measure_name',
      'w.condition_type', 'w.condition_val1', 'w.condition_val2', 'w.sample_value', 'm.printf', 'w.content', 'w.warn_level', 'w.raised_at'])
    .where('w.device_id', '=', deviceId);
  if (measureIds) q = q.where('w.measure_id', 'in', [...measureIds]);
  return (await q.execute()).map((r) => ({
    id: r.id, projectId: r.project_id, projectName: r.project_name ?? '', deviceId: r.device_id, deviceName: r.device_name,
    deviceState: DeviceState.Online, measureId: r.measure_id, measureName: r.measure_name, conditionType: r.condition_type,
    condition: CONDITION_NAMES[r.condition_type as ConditionType] ?? '', conditionVal1: r.condition_val1, conditionVal2: r.condition_val2,
    sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content, warnLevel: r.warn_level, raisedAt: Number(r.raised_at), clearedAt: null,
  }));
}

/**
 * Deletes a device with everything that is its own (current values, alarm settings, alarms,
 * history, commands addressed to it — the tables' cascades); the audit line keeps what it was.
 * Refused while a command addressed to it (a set-point write, an upgrade) is queued or running on
 * its gateway. Answers the alarms that were open, to be announced as cleared.
 */
export async function deleteDevice(db: Kysely<DB>, w: Writer, id: number): Promise<AlarmSnapshot[]> {
  return db.transaction().execute(async (trx: Transaction<DB>) => {
    const d = await storedDevice(trx, w.user, id);
    const [{ n }] = await trx.selectFrom('t_gateway_command').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('device_id', '=', id).where('state', 'in', ['queued', 'sent']).execute();
    if (Number(n) > 0) throw badRequest(`无法删除设备：网关还有 ${Number(n)} 条发给它的命令未完成（设定值下发、升级等），请等其完成或超时后再删除`);
    const alarms = await openAlarms(trx, id);
    const [{ values }] = await trx.selectFrom('t_real_measure').select((eb) => eb.fn.countAll<number>().as('values')).where('device_id', '=', id).execute();
    await trx.deleteFrom('t_device').where('id', '=', id).execute();
    await auditLog(trx, {
      userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Delete, target: `t_device#${id} ${d.name}`,
      detail: JSON.stringify({ before: d, removed: { currentValues: Number(values), openAlarms: alarms.length } }),
    });
    return alarms;
  });
}
