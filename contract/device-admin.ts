import { z } from 'zod';
import { DeviceListItem } from './devices';
import { Id, QueryId } from './envelope';
import { MeasureProblemSchema, problem, type MeasureProblem } from './measure-points';
import type { Text } from './resources/kit';

/**
 * Device administration (issue 18, SPEC §7 t_device, t_device_measure): what a save, the
 * uniqueness checks, counts, set-project, copy, change-model, the per-device alarm settings and the
 * batch import send and answer. The routes are server/routes/devices/; the device list and the
 * device row are contract/devices.ts.
 */

/** A device code: letters, digits, `_`, `.` and `-` (unique among all devices). */
export const DEVICE_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** An IoT platform id: letters, digits, `_`, `.`, `:` and `-` (unique among all devices when given). */
export const IOT_ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;
/** An ICCID (the SIM card of a 4G device): 19 or 20 digits (unique among all devices when given). */
export const ICCID_PATTERN = /^\d{19,20}$/;
/** Installation dates run from 2000-01-01 to 2100-01-01 (epoch ms). */
export const INSTALL_DATE_MIN = Date.UTC(2000, 0, 1);
export const INSTALL_DATE_MAX = Date.UTC(2100, 0, 1);

/**
 * POST /api/t_device/save: a new device (no id) or a change (id with the version read). The
 * device type is the model's; the project must lie in the caller's data scope (a device without a
 * project only for callers who see everything); the gateway must belong to the device's project;
 * code, IoT id and ICCID are unique among all devices ('' for none); longitude and latitude are
 * given both or neither.
 */
export const SaveDevice = z.object({
  name: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1).max(64).regex(DEVICE_CODE_PATTERN, 'code may hold letters, digits, _, . and -'),
  projectId: Id.nullable().default(null),
  deviceModelId: Id,
  gatewayId: Id.nullable().default(null),
  iotId: z.union([z.literal(''), z.string().trim().max(64).regex(IOT_ID_PATTERN, 'iotId may hold letters, digits, _, ., : and -')]).default(''),
  iccid: z.union([z.literal(''), z.string().trim().regex(ICCID_PATTERN, 'ICCID 应为 19–20 位数字')]).default(''),
  installDate: z.number().int().min(INSTALL_DATE_MIN).max(INSTALL_DATE_MAX).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
  lat: z.number().min(-90).max(90).nullable().default(null),
});
export type SaveDevice = z.output<typeof SaveDevice>;

/**
 * GET /api/t_device/is-iotid-exit/{id}?value= and is-iccid-exit/{id}?value=: true when another
 * device than `{id}` (the device being edited; 0 for a new one) already uses the value, among all
 * devices, whoever sees them (the value must be unique everywhere). '' is never taken.
 */
export const UniqueCheckParams = z.object({ id: z.coerce.number().int().min(0).max(2_147_483_647) });
export const UniqueCheckQuery = z.object({ value: z.string().trim().max(64).default('') });
export const UniqueCheck = z.boolean();

/** GET /api/t_device/cnt: the caller's devices by state, with the list's filters. */
export const DeviceCountQuery = z.object({
  projectId: QueryId.optional(),
  deviceModelId: QueryId.optional(),
  iot: z.coerce.number().int().min(0).max(1).optional(),
});
export const DeviceCount = z.object({
  total: z.number().int(),
  offline: z.number().int(),
  online: z.number().int(),
  alarm: z.number().int(),
});
export type DeviceCount = z.infer<typeof DeviceCount>;

/** GET /api/t_device/gateways?projectId=: the gateways a device of that project may be wired to. */
export const GatewayOptionsQuery = z.object({ projectId: QueryId });

/**
 * POST /api/t_device/set-project: moves devices (all visible to the caller) to a project of its
 * scope. `gatewayId` (of that project) wires them all to it; left out, each keeps its gateway if
 * it belongs to the project and loses it otherwise; null unwires them. History stays with the
 * devices; their open alarms move with them.
 */
export const SetProjectBody = z.strictObject({
  ids: z.array(Id).min(1).max(500),
  projectId: Id,
  gatewayId: Id.nullable().optional(),
});
export type SetProjectBody = z.input<typeof SetProjectBody>;
export const SetProjectResult = z.object({ updated: z.number().int() });

/**
 * POST /api/t_device/copy: a new device like `id` (model, project, gateway, install date, place and
 * its alarm settings), with its own name and code; IoT id and ICCID are the copy's own (unique).
 */
export const CopyDeviceBody = z.strictObject({
  id: Id,
  name: SaveDevice.shape.name,
  code: SaveDevice.shape.code,
  iotId: SaveDevice.shape.iotId,
  iccid: SaveDevice.shape.iccid,
});
export type CopyDeviceBody = z.input<typeof CopyDeviceBody>;

/** A measure point as change-model names it. */
export const PointRef = z.object({
  id: z.number().int(),
  name: z.string(),
  tagId: z.number().int().nullable(),
  unit: z.string(),
});
export type PointRef = z.infer<typeof PointRef>;

/**
 * What changing a device's model does to its points: each point of the current model is mapped
 * to one of the new model by measure tag (the n-th point of a tag to the n-th of that tag, in the
 * models' order), else — points without a tag — by the same name. Mapped points keep their current
 * value, history, alarm settings (when the condition type is the same; else listed in
 * `overridesDropped`) and open alarms; `unmapped` points of the current model have no counterpart:
 * their history stays under the old point, their open alarms end. `added`: points of the new
 * model nothing maps to.
 */
export const ChangeModelPlan = z.object({
  deviceId: z.number().int(),
  from: z.object({ id: z.number().int(), name: z.string() }),
  to: z.object({ id: z.number().int(), name: z.string() }),
  mapped: z.array(z.object({ from: PointRef, to: PointRef, by: z.enum(['tag', 'name']) })),
  unmapped: z.array(PointRef),
  added: z.array(PointRef),
  overridesDropped: z.array(PointRef),
});
export type ChangeModelPlan = z.infer<typeof ChangeModelPlan>;

/** GET /api/t_device/change-model/preview?id=&deviceModelId=: the plan, nothing changed. */
export const ChangeModelQuery = z.object({ id: QueryId, deviceModelId: QueryId });

/**
 * POST /api/t_device/change-model: applies the plan in one transaction. `unmappedIds` are the
 * points the user saw without a counterpart (the preview's `unmapped`): if the plan differs now
 * (either model's table changed), 409 and nothing changes.
 */
export const ChangeModelBody = z.strictObject({
  id: Id,
  version: z.number().int().min(1),
  deviceModelId: Id,
  unmappedIds: z.array(Id).max(2000),
});
export type ChangeModelBody = z.input<typeof ChangeModelBody>;
export const ChangeModelResult = ChangeModelPlan.extend({ device: DeviceListItem });
export type ChangeModelResult = z.infer<typeof ChangeModelResult>;

/** The alarm settings of a point: the model's, or the device's override (null: the model's). */
export const AlarmSettings = z.object({
  alarmEnabled: z.number().int().nullable(),
  conditionVal1: z.number().nullable(),
  conditionVal2: z.number().nullable(),
});

/**
 * GET /api/t_device_measure?deviceId=: the points of the device's model that can alarm (with a
 * condition type), the model's settings and the device's overrides.
 */
export const DeviceMeasureQuery = z.object({ deviceId: QueryId });
export const DeviceMeasurePoint = z.object({
  measureId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  tagId: z.number().int().nullable(),
  conditionType: z.number().int(),
  model: AlarmSettings,
  override: AlarmSettings.nullable(),
});
export type DeviceMeasurePoint = z.infer<typeof DeviceMeasurePoint>;
export const DeviceMeasures = z.object({
  deviceId: z.number().int(),
  deviceModelId: z.number().int(),
  points: z.array(DeviceMeasurePoint),
});
export type DeviceMeasures = z.infer<typeof DeviceMeasures>;

/** One override: null fields take the model's value; an item with all three null is no override. */
export const DeviceMeasureItem = z.strictObject({
  measureId: Id,
  alarmEnabled: z.union([z.literal(0), z.literal(1)]).nullable().default(null),
  conditionVal1: z.number().nullable().default(null),
  conditionVal2: z.number().nullable().default(null),
});
export type DeviceMeasureItem = z.input<typeof DeviceMeasureItem>;

/**
 * POST /api/t_device_measure/save: the device's overrides become exactly `items` (each a point of
 * its model, once). Every item is checked with the measure-point condition rules against the
 * point's condition type (contract/measure-points.ts); all problems come back as `{problems}` in a
 * 400's data (`row` = the item's index), nothing written.
 */
export const SaveDeviceMeasureBody = z.strictObject({
  deviceId: Id,
  items: z.array(z.unknown()).max(2000),
});
export type SaveDeviceMeasureBody = z.input<typeof SaveDeviceMeasureBody>;

/** The most rows one batch import takes. */
export const MAX_IMPORT_ROWS = 1000;

/**
 * One row of a batch import (the sheet's columns, {@link DEVICE_IMPORT_COLUMNS}): the project, the
 * model and the gateway by code or by name (the gateway within the row's project), the rest as
 * a save takes them.
 */
export const DeviceImportRow = z.strictObject({
  name: SaveDevice.shape.name,
  code: SaveDevice.shape.code,
  project: z.string().trim().min(1).max(128),
  deviceModel: z.string().trim().min(1).max(128),
  gateway: z.string().trim().max(128).default(''),
  iotId: SaveDevice.shape.iotId,
  iccid: SaveDevice.shape.iccid,
  installDate: SaveDevice.shape.installDate,
  lng: SaveDevice.shape.lng,
  lat: SaveDevice.shape.lat,
});
export type DeviceImportRow = z.input<typeof DeviceImportRow>;
export type DeviceImportField = keyof DeviceImportRow;

/**
 * POST /api/t_device/batch: every row checked (fields, references, scope, uniqueness against the
 * stored devices and the other rows); any problem → 400 with `{problems}` (`row` = index into
 * `rows`) and nothing written; else all rows are inserted in one transaction. `dryRun`: check
 * only (answers what would be inserted, `ids` empty).
 */
export const DeviceImportBody = z.strictObject({
  rows: z.array(z.unknown()).min(1).max(MAX_IMPORT_ROWS),
  dryRun: z.boolean().default(false),
});
export type DeviceImportBody = z.input<typeof DeviceImportBody>;
export const DeviceImportResult = z.object({ inserted: z.number().int(), ids: z.array(z.number().int()), dryRun: z.boolean() });
export type DeviceImportResult = z.infer<typeof DeviceImportResult>;

/** The `data` of a refused batch import or alarm-settings save: every problem found. */
export const DeviceProblems = z.object({ problems: z.array(MeasureProblemSchema) });

/** The import sheet's columns, in order (the template the console offers has these headers). */
export const DEVICE_IMPORT_COLUMNS: readonly { field: DeviceImportField; label: Text }[] = [
  { field: 'name', label: { zh: '设备名称', en: 'Name' } },
  { field: 'code', label: { zh: '设备编码', en: 'Code' } },
  { field: 'project', label: { zh: '项目（编码或名称）', en: 'Project (code or name)' } },
  { field: 'deviceModel', label: { zh: '设备型号（编码或名称）', en: 'Model (code or name)' } },
  { field: 'gateway', label: { zh: '网关（编码或名称）', en: 'Gateway (code or name)' } },
  { field: 'iotId', label: { zh: '物联网ID', en: 'IoT id' } },
  { field: 'iccid', label: { zh: 'ICCID', en: 'ICCID' } },
  { field: 'installDate', label: { zh: '安装日期', en: 'Install date' } },
  { field: 'lng', label: { zh: '经度', en: 'Longitude' } },
  { field: 'lat', label: { zh: '纬度', en: 'Latitude' } },
];

/** Device states (SPEC §3) with their labels; the list shows them as tags. */
export const DEVICE_STATES: readonly { value: number; label: Text; tone: 'default' | 'success' | 'error' }[] = [
  { value: 0, label: { zh: '离线', en: 'Offline' }, tone: 'default' },
  { value: 1, label: { zh: '在线', en: 'Online' }, tone: 'success' },
  { value: 2, label: { zh: '告警', en: 'Alarm' }, tone: 'error' },
];

/**
 * The zod issues of one row (import row or alarm override) as problems in both languages, one per
 * field (the first issue about it).
 */
export function rowIssues(row: number | null, issues: readonly z.core.$ZodIssue[]): MeasureProblem[] {
  const seen = new Set<string>();
  const out: MeasureProblem[] = [];
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push(issueProblem(row, field, issue as z.core.$ZodIssue & IssueExtras));
  }
  return out;
}

interface IssueExtras { input?: unknown; expected?: string; minimum?: number | bigint; maximum?: number | bigint; origin?: string; keys?: string[] }

function issueProblem(row: number | null, field: string, i: z.core.$ZodIssue & IssueExtras): MeasureProblem {
  if (i.code === 'invalid_type' && (i.input === undefined || i.input === null)) return problem(row, field, 'required', '必填', 'is required');
  if (i.code === 'invalid_type' && i.expected === 'object') return problem(row, '', 'object', '每行应为一个对象', 'each row must be an object');
  if (i.code === 'invalid_type') return problem(row, field, 'type', i.expected === 'number' ? '应为数字' : '应为文本', i.expected === 'number' ? 'must be a number' : 'must be text');
  if (i.code === 'too_small' && i.origin === 'string') return problem(row, field, 'required', '不能为空', 'must not be empty');
  if (i.code === 'too_big' && i.origin === 'string') return problem(row, field, 'length', `不能超过 ${i.maximum} 个字符`, `must be at most ${i.maximum} characters`);
  if (i.code === 'too_small' || i.code === 'too_big') {
    const bound = i.code === 'too_small' ? `不能小于 ${i.minimum}` : `不能大于 ${i.maximum}`;
    return problem(row, field, 'range', bound, i.code === 'too_small' ? `must be at least ${i.minimum}` : `must be at most ${i.maximum}`);
  }
  if (i.code === 'unrecognized_keys') return problem(row, (i.keys ?? [''])[0], 'unknown_field', '未知字段', 'is not a known field');
  if (i.code === 'invalid_union' || i.code === 'invalid_format') return problem(row, field, 'format', `格式不对：${formatHint(field).zh}`, `bad format: ${formatHint(field).en}`);
  return problem(row, field, 'invalid', '取值无效', 'is not valid');
}

function formatHint(field: string): Text {
  switch (field) {
    case 'code': return { zh: '只能包含字母、数字、_、. 和 -', en: 'letters, digits, _, . and - only' };
    case 'iotId': return { zh: '只能包含字母、数字、_、.、: 和 -', en: 'letters, digits, _, ., : and - only' };
    case 'iccid': return { zh: '应为 19–20 位数字', en: '19 or 20 digits' };
    default: return { zh: '取值无效', en: 'not valid' };
  }
}
