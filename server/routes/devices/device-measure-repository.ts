import type { Kysely } from 'kysely';
import { DeviceMeasureItem, rowIssues, type DeviceMeasures } from '../../../contract/device-admin';
import { LogAction } from '../../../contract/enums';
import { checkPoint, problem, type MeasureProblem } from '../../../contract/measure-points';
import type { MeasurePoint } from '../../../contract/resources/measure';
import type { Dialect } from '../../db/columns';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import { measureRepository } from '../measures/measure-repository';
import { problemsError } from '../measures/register-table';
import { visibleDeviceIds } from './device-repository';
import type { Writer } from './device-write-repository';

/** The device's model id, if the user sees the device; else 404. */
async function deviceModel(db: Kysely<DB>, w: Pick<Writer, 'user'>, deviceId: number): Promise<{ modelId: number; name: string }> {
  if (!(await visibleDeviceIds(db, w.user, [deviceId])).has(deviceId)) throw notFound('设备');
  const d = await db.selectFrom('t_device').select(['device_model_id', 'name']).where('id', '=', deviceId).executeTakeFirstOrThrow();
  return { modelId: d.device_model_id, name: d.name };
}

/** The points of the device's model that can alarm, with the model's settings and the device's overrides. */
export async function readDeviceMeasures(db: Kysely<DB>, w: Pick<Writer, 'user'>, deviceId: number): Promise<DeviceMeasures> {
  const { modelId } = await deviceModel(db, w, deviceId);
  const points = await db.selectFrom('t_measure as m')
    .leftJoin('t_device_measure as o', (j) => j.onRef('o.measure_id', '=', 'm.id').on('o.device_id', '=', deviceId))
    .select(['m.id', 'm.name', 'm.unit', 'm.tag_id', 'm.condition_type', 'm.alarm_enabled', 'm.condition_val1', 'm.condition_val2',
      'o.device_id as o_device', 'o.alarm_enabled as o_enabled', 'o.condition_val1 as o_val1', 'o.condition_val2 as o_val2'])
    .where('m.device_model_id', '=', modelId).where('m.condition_type', 'is not', null)
    .orderBy('m.sort_order').orderBy('m.id').execute();
  return {
    deviceId, deviceModelId: modelId,
    points: points.map((p) => ({
      measureId: p.id, name: p.name, unit: p.unit, tagId: p.tag_id, conditionType: p.condition_type!,
      model: { alarmEnabled: p.alarm_enabled, conditionVal1: p.condition_val1, conditionVal2: p.condition_val2 },
      override: p.o_device === null ? null : { alarmEnabled: p.o_enabled, conditionVal1: p.o_val1, conditionVal2: p.o_val2 },
    })),
  };
}

const CONDITION_FIELDS = new Set(['conditionType', 'conditionVal1', 'conditionVal2', 'alarmEnabled']);

/** A stored point as a save would send it, with the override's values over the model's. */
function merged(p: MeasurePoint, o: { alarmEnabled: 0 | 1 | null; conditionVal1: number | null; conditionVal2: number | null }) {
  return {
    name: p.name, measureType: p.measureType, dataType: p.dataType, length: p.length, modbusCode: p.modbusCode, registerAddr: p.registerAddr,
    access: p.access, unit: p.unit, tagId: p.tagId, groupId: p.groupId, decimals: p.decimals, minValue: p.minValue, maxValue: p.maxValue,
    conditionType: p.conditionType, conditionVal1: o.conditionVal1 ?? p.conditionVal1, conditionVal2: o.conditionVal2 ?? p.conditionVal2,
    warnLevel: p.warnLevel, alarmEnabled: o.alarmEnabled ?? p.alarmEnabled, printf: p.printf, sortOrder: p.sortOrder,
  };
}

/**
 * Replaces the device's alarm overrides by `items` (contract/device-admin.ts SaveDeviceMeasureBody)
 * in one transaction with its audit line. Each item is checked on its own (fields), against the
 * model (a point of it, once, that has a condition) and with the measure-point condition rules on
 * the settings it results in; every problem is reported and nothing written. The alarm engine
 * reads overrides with each batch: the new settings hold from the next sample on.
 */
export async function saveDeviceMeasures(
  db: Kysely<DB>, dialect: Dialect, w: Writer, deviceId: number, items: readonly unknown[],
): Promise<DeviceMeasures> {
  await db.transaction().execute(async (trx) => {
    const { modelId, name } = await deviceModel(trx, w, deviceId);
    const points = new Map((await measureRepository(trx, dialect).points(modelId, trx)).map((p) => [p.id, p]));
    const problems: MeasureProblem[] = [];
    const seen = new Set<number>();
    const rows: { measure_id: number; alarm_enabled: number | null; condition_val1: number | null; condition_val2: number | null }[] = [];
    items.forEach((input, row) => {
      const parsed = DeviceMeasureItem.safeParse(input, { reportInput: true });
      if (!parsed.success) return void problems.push(...rowIssues(row, parsed.error.issues));
      const o = parsed.data;
      const p = points.get(o.measureId);
      if (!p) return void problems.push(problem(row, 'measureId', 'measure.unknown', `测点 ${o.measureId} 不是该设备型号的测点`, `point ${o.measureId} is not a point of the device's model`));
      if (seen.has(o.measureId)) return void problems.push(problem(row, 'measureId', 'measure.duplicate', `测点「${p.name}」出现了两次`, `point "${p.name}" appears twice`));
      seen.add(o.measureId);
      if (p.conditionType === null) {
        return void problems.push(problem(row, 'alarmEnabled', 'condition.none', `测点「${p.name}」没有告警条件，不能单独设置`, `point "${p.name}" has no alarm condition to override`));
      }
      const found = checkPoint(merged(p, o), row).problems.filter((x) => CONDITION_FIELDS.has(x.field));
      problems.push(...found.map((x) => ({ ...x, field: x.field === 'conditionType' ? 'alarmEnabled' : x.field, message: `「${p.name}」${x.message}` })));
      if (o.alarmEnabled !== null || o.conditionVal1 !== null || o.conditionVal2 !== null) {
        rows.push({ measure_id: o.measureId, alarm_enabled: o.alarmEnabled, condition_val1: o.conditionVal1, condition_val2: o.conditionVal2 });
      }
    });
    if (problems.length) throw problemsError(400, problems, 'items');
    const before = await trx.selectFrom('t_device_measure').select(['measure_id', 'alarm_enabled', 'condition_val1', 'condition_val2'])
      .where('device_id', '=', deviceId).orderBy('measure_id').execute();
    await trx.deleteFrom('t_device_measure').where('device_id', '=', deviceId).execute();
    if (rows.length) await trx.insertInto('t_device_measure').values(rows.map((r) => ({ ...r, device_id: deviceId }))).execute();
    await auditLog(trx, {
      userId: w.user.id, username: w.user.username, ip: w.ip, action: LogAction.Edit, target: `t_device_measure#${deviceId} ${name}`,
      detail: JSON.stringify({ before, after: rows }),
    });
  });
  return readDeviceMeasures(db, w, deviceId);
}
