import { z } from 'zod';
import { DATA_TYPES } from '../enums';
import { Id, MAX_DB_INT, PageQuery, QueryId } from '../envelope';
import { MAX_TABLE_ROWS, MeasurePointInput, MeasureProblemSchema } from '../measure-points';
import { PRINTF_MAX_LENGTH } from '../measure-printf';
import type { Text } from './kit';
import { MeasureGroup } from './measure-group';

/**
 * The measure point calls (SPEC §7 t_measure, t_device_model_measure). Not a kit resource: a point
 * is only valid within its model's register table (registers may not overlap, names are unique),
 * so every write checks the whole table (contract/measure-points.ts) — server/routes/measures/.
 */

/** A measure point as the API answers it. `length`: registers of a String or Blob, else null. */
export const MeasurePoint = z.object({
  id: z.number().int(),
  version: z.number().int(),
  deviceModelId: z.number().int(),
  name: z.string(),
  measureType: z.number().int(),
  dataType: z.enum(DATA_TYPES),
  length: z.number().int().nullable(),
  modbusCode: z.number().int(),
  registerAddr: z.number().int(),
  access: z.number().int(),
  unit: z.string(),
  tagId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  decimals: z.number().int(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  conditionType: z.number().int().nullable(),
  conditionVal1: z.number().nullable(),
  conditionVal2: z.number().nullable(),
  warnLevel: z.number().int(),
  alarmEnabled: z.number().int(),
  printf: z.string(),
  sortOrder: z.number().int(),
});
export type MeasurePoint = z.infer<typeof MeasurePoint>;

const ModelId = z.number().int().positive().max(MAX_DB_INT);

/** GET /api/t_device_model_measure?deviceModelId=: a model's whole register table. */
export const RegisterTableQuery = z.object({ deviceModelId: QueryId });
export const RegisterTable = z.object({
  model: z.object({ id: z.number().int(), name: z.string(), code: z.string(), deviceTypeId: z.number().int() }),
  groups: z.array(MeasureGroup),
  points: z.array(MeasurePoint),
});
export type RegisterTable = z.infer<typeof RegisterTable>;

/**
 * POST /api/t_device_model_measure/batchSave: the model's whole table. `rows` are the points it
 * keeps or adds (with id and version: a stored point; without: a new one); `removeIds` the stored
 * points it deletes. Every stored point must be in one of the two (deletion is explicit). Rows are
 * checked by the server one by one (all problems reported), so this schema takes them unparsed.
 */
export const BatchSaveBody = z.strictObject({
  deviceModelId: ModelId,
  rows: z.array(z.unknown()).max(MAX_TABLE_ROWS),
  removeIds: z.array(Id).max(MAX_TABLE_ROWS).default([]),
});
export type BatchSaveBody = z.input<typeof BatchSaveBody>;

/** What batchSave answers: the table as stored, and what changed. */
export const BatchSaveResult = RegisterTable.extend({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BatchSaveResult = z.infer<typeof BatchSaveResult>;

/** The `data` of a 400 (or 409) of a register-table write: every problem found. */
export const MeasureProblems = z.object({ problems: z.array(MeasureProblemSchema) });

/** POST /api/t_measure/save: one point; `deviceModelId` names its model (required for a new one). */
export const SaveMeasureBody = MeasurePointInput.extend({ deviceModelId: ModelId.optional() });

/** GET /api/t_measure: a page of points, of one model or all. */
export const MeasureListQuery = PageQuery.extend({
  deviceModelId: QueryId.optional(),
  groupId: QueryId.optional(),
  keyword: z.string().trim().max(64).optional(),
});

/** POST /api/t_device_model_measure/save-printf: one point's printf (stored normalised). */
export const SavePrintfBody = z.strictObject({
  id: Id,
  version: z.number().int().min(1).max(MAX_DB_INT),
  printf: z.string().max(PRINTF_MAX_LENGTH),
});

/** GET /api/t_device_model_measure/associate-role: the measures a role may see (of one model, or all). */
export const AssociateRoleQuery = z.object({ roleId: QueryId, deviceModelId: QueryId.optional() });
export const AssociateRole = z.object({
  roleId: z.number().int(),
  deviceModelId: z.number().int().nullable(),
  measureIds: z.array(z.number().int()),
});

/**
 * POST /api/t_device_model_measure/associate-role: replaces the role's measure rights among the
 * points of `deviceModelIds` (all its measure rights when left out) by `measureIds`, which must be
 * points of those models.
 */
export const AssociateRoleBody = z.strictObject({
  roleId: Id,
  deviceModelIds: z.array(Id).max(10_000).optional(),
  measureIds: z.array(Id).max(100_000),
});
export const AssociateRoleResult = z.object({ roleId: z.number().int(), measureIds: z.array(z.number().int()) });

/**
 * The register table's columns, in sheet order: the page's table and the Excel import/export share
 * it, so a problem's `field` maps to a column header (`row` 0 is the sheet's first data row).
 */
export const MEASURE_COLUMNS: readonly { field: keyof z.input<typeof MeasurePointInput> | 'groupName'; label: Text }[] = [
  { field: 'id', label: { zh: 'ID', en: 'ID' } },
  { field: 'name', label: { zh: '测点名称', en: 'Name' } },
  { field: 'measureType', label: { zh: '测点类型', en: 'Measure type' } },
  { field: 'dataType', label: { zh: '数据类型', en: 'Data type' } },
  { field: 'length', label: { zh: '长度(寄存器)', en: 'Length (registers)' } },
  { field: 'modbusCode', label: { zh: '功能码', en: 'Function code' } },
  { field: 'registerAddr', label: { zh: '寄存器地址', en: 'Register address' } },
  { field: 'access', label: { zh: '读写', en: 'Access' } },
  { field: 'unit', label: { zh: '单位', en: 'Unit' } },
  { field: 'tagId', label: { zh: '标签', en: 'Tag' } },
  { field: 'groupName', label: { zh: '分组', en: 'Group' } },
  { field: 'decimals', label: { zh: '小数位', en: 'Decimals' } },
  { field: 'minValue', label: { zh: '最小值', en: 'Min' } },
  { field: 'maxValue', label: { zh: '最大值', en: 'Max' } },
  { field: 'conditionType', label: { zh: '告警条件', en: 'Alarm condition' } },
  { field: 'conditionVal1', label: { zh: '条件值1', en: 'Value 1' } },
  { field: 'conditionVal2', label: { zh: '条件值2', en: 'Value 2' } },
  { field: 'warnLevel', label: { zh: '告警等级', en: 'Warn level' } },
  { field: 'alarmEnabled', label: { zh: '启用告警', en: 'Alarm on' } },
  { field: 'printf', label: { zh: 'printf', en: 'printf' } },
  { field: 'sortOrder', label: { zh: '排序', en: 'Order' } },
];
