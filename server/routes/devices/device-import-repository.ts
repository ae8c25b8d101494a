import type { Kysely } from 'kysely';
import { DeviceImportRow, rowIssues, type DeviceImportResult, type SaveDevice } from '../../../contract/device-admin';
import { LogAction } from '../../../contract/enums';
import { problem, rowLabel, type MeasureProblem } from '../../../contract/measure-points';
import type { DB } from '../../db/schema';
import { auditLog } from '../../logs/audit-log';
import { problemsError } from '../measures/register-table';
import { visibleProjectFilter } from '../../auth/scope-filters';
import { valueTaken } from './device-repository';
import { checkDevice, pushConfig, type Writer } from './device-write-repository';

/** A save field's name as the import sheet calls it. */
const IMPORT_FIELD: Record<string, string> = { projectId: 'project', deviceModelId: 'deviceModel', gatewayId: 'gateway' };

interface Named { id: number; code: string; name: string }

/** The one record `text` names, by code first, then by name; or why there is none. */
function byCodeOrName<T extends Named>(list: readonly T[], text: string): T | 'none' | 'ambiguous' {
  const code = list.filter((r) => r.code === text);
  if (code.length === 1) return code[0];
  const name = list.filter((r) => r.name === text);
  if (name.length === 1) return name[0];
  return code.length + name.length > 1 ? 'ambiguous' : 'none';
}

/**
 * The batch import (contract/device-admin.ts DeviceImportBody): every row checked — its fields,
 * the project (in the caller's scope), model and gateway (of the row's project) it names, the
 * rules of a save (checkDevice) and uniqueness among the rows themselves — and every problem
 * reported (400, `data.problems`, nothing written); a clean batch is inserted in one transaction
 * with one audit line, and the gateways get their new devices' register maps.
 */
export async function importDevices(db: Kysely<DB>, w: Writer, rows: readonly unknown[], dryRun: boolean): Promise<DeviceImportResult> {
  return db.transaction().execute(async (trx) => {
    const projects = await trx.selectFrom('t_project as p').select(['p.id', 'p.code', 'p.name'])
      .where(visibleProjectFilter(w.user, 'p.id', 'p.org_id')).execute();
    const models = await trx.selectFrom('t_device_model').select(['id', 'code', 'name']).execute();
    const gateways = await trx.selectFrom('t_gateway').select(['id', 'code', 'name', 'project_id']).execute();
    const problems: MeasureProblem[] = [];
    const ready: { row: number; fields: SaveDevice; deviceTypeId: number }[] = [];
    const firstRow = { code: new Map<string, number>(), iotId: new Map<string, number>(), iccid: new Map<string, number>() };

    for (const [row, input] of rows.entries()) {
      const parsed = DeviceImportRow.safeParse(input, { reportInput: true });
      if (!parsed.success) {
        problems.push(...rowIssues(row, parsed.error.issues));
        continue;
      }
      const r = parsed.data;
      const add = (field: string, code: string, zh: string, en: string) => problems.push(problem(row, field, code, zh, en));
      const project = byCodeOrName(projects, r.project);
      if (project === 'none') add('project', 'project.unknown', `项目“${r.project}”不存在或不在您的数据范围内`, `project "${r.project}" does not exist or is outside your data scope`);
      if (project === 'ambiguous') add('project', 'project.ambiguous', `有多个项目叫“${r.project}”，请填项目编码`, `several projects are called "${r.project}": give the project code`);
      const model = byCodeOrName(models, r.deviceModel);
      if (model === 'none') add('deviceModel', 'model.unknown', `设备型号“${r.deviceModel}”不存在`, `device model "${r.deviceModel}" does not exist`);
      if (model === 'ambiguous') add('deviceModel', 'model.ambiguous', `有多个型号叫“${r.deviceModel}”，请填型号编码`, `several models are called "${r.deviceModel}": give the model code`);
      let gatewayId: number | null = null;
      if (r.gateway && typeof project === 'object') {
        const gateway = byCodeOrName(gateways.filter((g) => g.project_id === project.id), r.gateway);
        if (typeof gateway === 'object') gatewayId = gateway.id;
        else add('gateway', 'gateway.unknown', `网关“${r.gateway}”不是项目“${project.name}”的网关`, `gateway "${r.gateway}" is not a gateway of project "${project.name}"`);
      }
      for (const key of ['code', 'iotId', 'iccid'] as const) {
        const value = r[key];
        if (!value) continue;
        const earlier = firstRow[key].get(value);
        if (earlier === undefined) firstRow[key].set(value, row);
        else add(key, `${key}.repeated`, `“${value}”与${rowLabel(earlier).zh}重复`, `"${value}" repeats ${rowLabel(earlier).en}`);
      }
      if (typeof project !== 'object' || typeof model !== 'object') {
        // The row cannot be checked whole: what can be checked on its own still is.
        for (const [key, column, what] of [['code', 'code', '设备编码'], ['iotId', 'iot_id', '物联网ID'], ['iccid', 'iccid', 'ICCID']] as const) {
          if (!(await valueTaken(trx, column, r[key], null))) continue;
          if (key === 'code') add(key, 'code.duplicate', `设备编码“${r.code}”已存在`, `device code "${r.code}" is taken`);
          else add(key, `${key}.duplicate`, `${what}“${r[key]}”已被其他设备使用`, `${what} "${r[key]}" is used by another device`);
        }
        continue;
      }
      const fields: SaveDevice = {
        name: r.name, code: r.code, projectId: project.id, deviceModelId: model.id, gatewayId, iotId: r.iotId, iccid: r.iccid,
        installDate: r.installDate, lng: r.lng, lat: r.lat,
      };
      const checked = await checkDevice(trx, w.user, fields, null, row);
      problems.push(...checked.problems.map((p) => ({ ...p, field: IMPORT_FIELD[p.field] ?? p.field })));
      if (!checked.problems.length) ready.push({ row, fields, deviceTypeId: checked.deviceTypeId! });
    }
    if (problems.length) {
      problems.sort((a, b) => (a.row ?? -1) - (b.row ?? -1));
      throw problemsError(400, problems, 'rows');
    }
    await w.licence?.assertRoom(trx, 'devices', ready.length);
    if (dryRun) return { inserted: ready.length, ids: [], dryRun: true };

    const now = Date.now();
    const ids: number[] = [];
    const pushes = new Map<number, number[]>();
    for (const { fields: f, deviceTypeId } of ready) {
      const id = (await trx.insertInto('t_device').values({
        name: f.name, code: f.code, project_id: f.projectId, device_model_id: f.deviceModelId, device_type_id: deviceTypeId,
        gateway_id: f.gatewayId, iot_id: f.iotId, iccid: f.iccid, install_date: f.installDate, lng: f.lng, lat: f.lat, created_at: now,
      }).returning('id').executeTakeFirstOrThrow()).id;
      ids.push(id);
      if (f.gatewayId !== null) pushes.set(f.gatewayId, [...(pushes.get(f.gatewayId) ?? []), id]);
    }
    await pushConfig(trx, w.user.id, pushes);
    await auditLog(trx, {
      userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Add, target: `t_device 批量导入 ${ids.length} 台`,
      detail: JSON.stringify({ devices: ready.map((r, i) => ({ id: ids[i], code: r.fields.code, name: r.fields.name })) }),
    });
    return { inserted: ids.length, ids, dryRun: false };
  });
}
