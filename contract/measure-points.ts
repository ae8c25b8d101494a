import { z } from 'zod';
import { ConditionType } from './conditions';
import { MAX_DB_INT } from './constants';
import { DATA_TYPES, MeasureType, ModbusCode, RegisterAccess, WarnLevel, type DataType } from './enums';
import { parsePrintf, PRINTF_MAX_LENGTH } from './measure-printf';

/**
 * A device model's register table (SPEC §3, §7 t_measure): the save schema of one measure point
 * and the pure rules a table must keep. The server checks every save with these; the console may
 * run the same checks on a sheet before sending it. Rules:
 *
 * - register address 0–65535, and the data type's width must fit: the last register
 *   `registerAddr + width - 1` is at most 65535 ({@link registerWidth});
 * - function codes (Modbus): 1 coils and 2 discrete inputs address single bits, so their data type
 *   is Boolean; 3 holding registers and 4 input registers take any data type (Boolean is one
 *   register there). Access: 1 (coils) may be read-only, write-only or read-write; 2 and 4 only
 *   read-only; 3 any;
 * - two points of one model may not share a register (or coil) of one function code, unless one
 *   of them is "not collected" (measure type -1: never polled);
 * - names are unique within a model;
 * - String and Blob have a `length` in registers (1–125, one Modbus read), other types none;
 * - condition types 0–14 compare: conditionVal1 is a number (changes 0/1: not negative); the
 *   ranges 5, 6, 9–14 need conditionVal2 too, above conditionVal1; the others take no
 *   conditionVal2; the bitwise report (15) takes no values. Alarm enabled needs a condition.
 * - minValue ≤ maxValue; printf is empty, a bit mapping whose bits fit the data type, or a formula
 *   of the safe evaluator (contract/measure-printf.ts), with the error's character position.
 */

/** Registers per data type; String and Blob take their `length`. */
const WIDTH: Record<DataType, number | 'length'> = {
  UInt16: 1, Int16: 1, Boolean: 1,
  UInt32: 2, UInt32_CDAB: 2, Int32: 2, Int32_CDAB: 2, Float: 2, Float_CDAB: 2,
  Double: 4, Double_GHEFCDAB: 4,
  String: 'length', Blob: 'length',
};

/** The most registers one Modbus read returns: the longest String or Blob. */
export const MAX_STRING_REGISTERS = 125;
export const MAX_REGISTER_ADDRESS = 65535;
/** The largest register table one batchSave takes. */
export const MAX_TABLE_ROWS = 2000;

/** True for the types with a `length` (String, Blob). */
export const hasLength = (dataType: DataType) => WIDTH[dataType] === 'length';

/** How many registers (coils on function codes 1/2) a point occupies. */
export function registerWidth(dataType: DataType, length: number | null | undefined): number {
  const w = WIDTH[dataType];
  return w === 'length' ? (length ?? 1) : w;
}

/** The bits a bit mapping may name for a data type (0: no mapping). */
export function mappingBits(dataType: DataType): number {
  if (dataType === 'Boolean') return 1;
  if (dataType === 'UInt16' || dataType === 'Int16') return 16;
  return hasLength(dataType) ? 0 : 32;
}

/** The accesses each function code allows (decided here; SPEC §3 lists the codes only). */
export const ACCESS_BY_CODE: Record<number, readonly number[]> = {
  [ModbusCode.Coil]: [RegisterAccess.ReadOnly, RegisterAccess.WriteOnly, RegisterAccess.ReadWrite],
  [ModbusCode.DiscreteInput]: [RegisterAccess.ReadOnly],
  [ModbusCode.HoldingRegister]: [RegisterAccess.ReadOnly, RegisterAccess.WriteOnly, RegisterAccess.ReadWrite],
  [ModbusCode.InputRegister]: [RegisterAccess.ReadOnly],
};

const RANGE_CONDITIONS: readonly number[] = [
  ConditionType.LtOrGt, ConditionType.GtAndLt, ConditionType.LteOrGte, ConditionType.GteAndLte, ConditionType.LtOrGte,
  ConditionType.LteOrGt, ConditionType.GteAndLt, ConditionType.GtAndLte,
];
/** Condition types that compare with conditionVal1 and conditionVal2. */
export const isRangeCondition = (t: number) => RANGE_CONDITIONS.includes(t);

/** JSON carries no NaN or Infinity: every number that parses is finite. */
const finite = z.number();
const CONDITION_TYPES = Object.values(ConditionType) as [number, ...number[]];

/** One point as a save sends it (batchSave rows, t_measure/save). Defaults fill what is left out. */
export const MeasurePointInput = z.strictObject({
  /** Absent: a new point. */
  id: z.number().int().positive().max(MAX_DB_INT).optional(),
  /** The version read, required with `id` (stale: 409). */
  version: z.number().int().min(1).max(MAX_DB_INT).optional(),
  name: z.string().trim().min(1).max(64),
  measureType: z.literal(Object.values(MeasureType) as [number, ...number[]]).default(MeasureType.Sample),
  dataType: z.enum(DATA_TYPES).default('Float'),
  /** String and Blob only: registers, 1–125. */
  length: z.number().int().min(1).max(MAX_STRING_REGISTERS).nullable().default(null),
  modbusCode: z.literal(Object.values(ModbusCode) as [number, ...number[]]).default(ModbusCode.HoldingRegister),
  registerAddr: z.number().int().min(0).max(MAX_REGISTER_ADDRESS),
  access: z.literal(Object.values(RegisterAccess) as [number, ...number[]]).default(RegisterAccess.ReadOnly),
  unit: z.string().trim().max(32).default(''),
  tagId: z.number().int().positive().max(MAX_DB_INT).nullable().default(null),
  /** A group of the model, or `groupName` (batchSave creates a group of that name if the model has none). */
  groupId: z.number().int().positive().max(MAX_DB_INT).nullable().default(null),
  groupName: z.string().trim().min(1).max(64).optional(),
  decimals: z.number().int().min(0).max(6).default(1),
  minValue: finite.nullable().default(null),
  maxValue: finite.nullable().default(null),
  conditionType: z.literal(CONDITION_TYPES).nullable().default(null),
  conditionVal1: finite.nullable().default(null),
  conditionVal2: finite.nullable().default(null),
  warnLevel: z.literal(Object.values(WarnLevel) as [number, ...number[]]).default(WarnLevel.Hint),
  alarmEnabled: z.literal([0, 1]).default(0),
  printf: z.string().max(PRINTF_MAX_LENGTH).default(''),
  /** Default: the row's place in the table. */
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
export type MeasurePointInput = z.input<typeof MeasurePointInput>;
export type MeasurePointFields = z.output<typeof MeasurePointInput>;

/**
 * One problem of a save: the row (index into the rows sent; null when it is not about one row),
 * the field (a key of {@link MeasurePointInput}, or `removeIds`, `deviceModelId`), a stable code,
 * the text in both languages, and for printf the 0-based character position.
 */
export interface MeasureProblem {
  row: number | null;
  field: string;
  code: string;
  message: string;
  messageEn: string;
  position?: number;
}

export const MeasureProblemSchema = z.object({
  row: z.number().int().nullable(),
  field: z.string(),
  code: z.string(),
  message: z.string(),
  messageEn: z.string(),
  position: z.number().int().optional(),
});

export function problem(row: number | null, field: string, code: string, message: string, messageEn: string, position?: number): MeasureProblem {
  return position === undefined ? { row, field, code, message, messageEn } : { row, field, code, message, messageEn, position };
}

/** "第 3 行" / "row 3": rows counted from 1 for people. */
export const rowLabel = (row: number | null) => (row === null ? { zh: '', en: '' } : { zh: `第 ${row + 1} 行`, en: `row ${row + 1}` });

/** A zod issue of one row as a problem, in both languages. */
function issueProblem(row: number | null, issue: z.core.$ZodIssue): MeasureProblem {
  const field = issue.path.length ? String(issue.path[0]) : '';
  const i = issue as z.core.$ZodIssue & { input?: unknown; expected?: string; minimum?: number; maximum?: number; origin?: string; values?: unknown[]; keys?: string[] };
  switch (i.code) {
    case 'invalid_type':
      if (i.input === undefined) return problem(row, field, 'required', '必填', 'is required');
      if (i.expected === 'int') return problem(row, field, 'integer', '应为整数', 'must be an integer');
      if (i.expected === 'number') return problem(row, field, 'number', '应为数字', 'must be a number');
      if (i.expected === 'string') return problem(row, field, 'text', '应为文本', 'must be text');
      if (i.expected === 'object') return problem(row, '', 'object', '每行应为一个对象', 'each row must be an object');
      return problem(row, field, 'type', `类型不对，应为 ${i.expected}`, `must be ${i.expected}`);
    case 'too_small':
    case 'too_big': {
      const text = i.origin === 'string';
      if (i.code === 'too_small' && text && i.minimum === 1) return problem(row, field, 'required', '不能为空', 'must not be empty');
      if (text) return problem(row, field, 'length', `不能超过 ${i.maximum} 个字符`, `must be at most ${i.maximum} characters`);
      const [lo, hi] = rangeOf(field);
      return problem(row, field, 'range', `应在 ${lo}–${hi} 之间`, `must be within ${lo}–${hi}`);
    }
    case 'invalid_value':
      return problem(row, field, 'one_of', `取值无效，可选：${(i.values ?? []).join('、')}`, `must be one of ${(i.values ?? []).join(', ')}`);
    case 'unrecognized_keys':
      return problem(row, (i.keys ?? [''])[0], 'unknown_field', '未知字段', 'is not a field of a measure point');
    default:
      return problem(row, field, 'invalid', '取值无效', 'is not valid');
  }
}

/** The bounds of a numeric field, for the range message. */
function rangeOf(field: string): [number, number] {
  const shape = MeasurePointInput.shape as Record<string, z.ZodType>;
  let schema = shape[field] as z.ZodType | undefined;
  // Unwrap optional/nullable/default to the number schema that carries the bounds.
  while (schema && !(schema instanceof z.ZodNumber) && 'unwrap' in schema) schema = (schema as unknown as { unwrap(): z.ZodType }).unwrap();
  const n = schema as z.ZodNumber | undefined;
  return [n?.minValue ?? -Infinity, n?.maxValue ?? Infinity];
}

/** A row after the field rules: its values, ready for the table rules. */
export interface CheckedPoint {
  row: number | null;
  fields: MeasurePointFields;
  /** printf as stored (a mapping as its JSON). */
  printf: string;
}

/**
 * The rules of one point on its own (types and ranges, function code, width, conditions, printf).
 * Answers the point with its normalised printf, or the problems (all of them, not the first).
 */
export function checkPoint(input: unknown, row: number | null): { point?: CheckedPoint; problems: MeasureProblem[] } {
  const parsed = MeasurePointInput.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    // One problem per field: the first zod says about it.
    const seen = new Set<string>();
    const problems = parsed.error.issues.map((i) => issueProblem(row, i)).filter((p) => !seen.has(p.field) && seen.add(p.field));
    return { problems };
  }
  const p = parsed.data;
  const out: MeasureProblem[] = [];
  const add = (field: string, code: string, zh: string, en: string, position?: number) => out.push(problem(row, field, code, zh, en, position));

  if (p.id !== undefined && p.version === undefined) add('version', 'required', '修改已有测点需要 version', 'version is required to change a point');
  if (p.groupId !== null && p.groupName !== undefined) add('groupName', 'group.both', '分组和分组名称只能给一个', 'give groupId or groupName, not both');

  if (hasLength(p.dataType) && p.length === null) add('length', 'length.required', `${p.dataType} 需要长度（寄存器数 1–${MAX_STRING_REGISTERS}）`, `${p.dataType} needs a length (1–${MAX_STRING_REGISTERS} registers)`);
  if (!hasLength(p.dataType) && p.length !== null) add('length', 'length.unused', `只有 String 和 Blob 有长度，${p.dataType} 没有`, `only String and Blob have a length, ${p.dataType} has none`);

  const bitsOnly = p.modbusCode === ModbusCode.Coil || p.modbusCode === ModbusCode.DiscreteInput;
  if (bitsOnly && p.dataType !== 'Boolean') {
    add('dataType', 'code.dataType', `功能码 ${p.modbusCode}（${p.modbusCode === 1 ? '线圈' : '离散输入'}）按位寻址，数据类型应为 Boolean`,
      `function code ${p.modbusCode} (${p.modbusCode === 1 ? 'coils' : 'discrete inputs'}) addresses bits: the data type must be Boolean`);
  }
  if (!ACCESS_BY_CODE[p.modbusCode].includes(p.access)) {
    add('access', 'code.access', `功能码 ${p.modbusCode} 只读，读写方式应为只读（0）`, `function code ${p.modbusCode} is read-only: access must be 0 (read-only)`);
  }
  const width = registerWidth(p.dataType, p.length);
  const last = p.registerAddr + width - 1;
  if (last > MAX_REGISTER_ADDRESS) {
    add('registerAddr', 'register.width', `${p.dataType} 占 ${width} 个寄存器，从 ${p.registerAddr} 起到 ${last}，超出 0–${MAX_REGISTER_ADDRESS}`,
      `${p.dataType} takes ${width} registers: ${p.registerAddr}–${last} goes past ${MAX_REGISTER_ADDRESS}`);
  }

  if (p.minValue !== null && p.maxValue !== null && p.minValue > p.maxValue) {
    add('maxValue', 'minmax', `最大值 ${p.maxValue} 小于最小值 ${p.minValue}`, `maxValue ${p.maxValue} is below minValue ${p.minValue}`);
  }
  checkCondition(p, add);

  const printf = parsePrintf(p.printf, mappingBits(p.dataType));
  if (!printf.ok) add('printf', 'printf', printf.error.zh, printf.error.en, printf.error.position);
  return out.length || !printf.ok ? { problems: out } : { point: { row, fields: p, printf: printf.printf.stored }, problems: [] };
}

function checkCondition(p: MeasurePointFields, add: (field: string, code: string, zh: string, en: string) => void): void {
  const t = p.conditionType;
  if (t === null) {
    if (p.alarmEnabled === 1) add('conditionType', 'condition.required', '启用告警需要告警条件', 'an enabled alarm needs a condition type');
    if (p.conditionVal1 !== null) add('conditionVal1', 'condition.unused', '没有告警条件时不设条件值', 'no condition type: leave conditionVal1 empty');
    if (p.conditionVal2 !== null) add('conditionVal2', 'condition.unused', '没有告警条件时不设条件值', 'no condition type: leave conditionVal2 empty');
    return;
  }
  if (t === ConditionType.Bitwise) {
    if (p.conditionVal1 !== null) add('conditionVal1', 'condition.unused', '按位上报不用条件值', 'the bitwise report takes no conditionVal1');
    if (p.conditionVal2 !== null) add('conditionVal2', 'condition.unused', '按位上报不用条件值', 'the bitwise report takes no conditionVal2');
    return;
  }
  if (p.conditionVal1 === null) add('conditionVal1', 'condition.val1', '该告警条件需要条件值1（数字）', 'this condition needs conditionVal1 (a number)');
  else if ((t === ConditionType.ChangeGte || t === ConditionType.ChangeGt) && p.conditionVal1 < 0) {
    add('conditionVal1', 'condition.change', '变化量不能为负数', 'a change cannot be negative');
  }
  if (isRangeCondition(t)) {
    if (p.conditionVal2 === null) add('conditionVal2', 'condition.val2', '范围条件需要条件值2（数字）', 'a range condition needs conditionVal2 (a number)');
    else if (p.conditionVal1 !== null && p.conditionVal1 >= p.conditionVal2) {
      add('conditionVal2', 'condition.order', `条件值2（${p.conditionVal2}）应大于条件值1（${p.conditionVal1}）`, `conditionVal2 (${p.conditionVal2}) must be above conditionVal1 (${p.conditionVal1})`);
    }
  } else if (p.conditionVal2 !== null) {
    add('conditionVal2', 'condition.unused', '只有范围条件使用条件值2', 'only range conditions take conditionVal2');
  }
}

/** What the table rules need of a point: stored points and checked rows alike. */
export interface TablePoint {
  /** Index into the rows sent; null for a stored point not in the request. */
  row: number | null;
  id?: number;
  name: string;
  measureType: number;
  dataType: DataType;
  length: number | null;
  modbusCode: number;
  registerAddr: number;
  printf?: string;
}

const who = (p: TablePoint) => {
  const at = rowLabel(p.row);
  return { zh: `「${p.name}」${at.zh ? `（${at.zh}）` : ''}`, en: `"${p.name}"${at.en ? ` (${at.en})` : ''}` };
};

/**
 * The rules across one model's points: no two share a register of one function code (the problem
 * goes to the later row and names both points with their registers), and no two share a name.
 */
export function checkTable(points: readonly TablePoint[]): MeasureProblem[] {
  const out: MeasureProblem[] = [];
  const byName = new Map<string, TablePoint>();
  for (const p of points) {
    const first = byName.get(p.name);
    if (first) {
      const [a, b] = [who(first), who(p)];
      out.push(problem(p.row ?? first.row, 'name', 'name.duplicate', `名称重复：${b.zh}与${a.zh}`, `duplicate name: ${b.en} and ${a.en}`));
    } else byName.set(p.name, p);
  }
  const polled = points.filter((p) => p.measureType !== MeasureType.NotCollected);
  const byCode = new Map<number, TablePoint[]>();
  for (const p of polled) byCode.set(p.modbusCode, [...(byCode.get(p.modbusCode) ?? []), p]);
  for (const [code, list] of byCode) {
    // Sweep in address order: each point against those still open before it.
    const sorted = [...list].sort((a, b) => a.registerAddr - b.registerAddr || order(a) - order(b));
    const open: TablePoint[] = [];
    for (const p of sorted) {
      for (let k = open.length - 1; k >= 0; k--) if (end(open[k]) < p.registerAddr) open.splice(k, 1);
      for (const q of open) {
        const [later, earlier] = order(p) >= order(q) ? [p, q] : [q, p];
        const [a, b] = [who(earlier), who(later)];
        out.push(problem(later.row ?? earlier.row, 'registerAddr', 'register.overlap',
          `功能码 ${code} 寄存器重叠：${b.zh}占 ${span(later)}，${a.zh}占 ${span(earlier)}`,
          `function code ${code} registers overlap: ${b.en} takes ${span(later)}, ${a.en} takes ${span(earlier)}`));
      }
      open.push(p);
    }
  }
  return out;
}

const end = (p: TablePoint) => p.registerAddr + registerWidth(p.dataType, p.length) - 1;
const span = (p: TablePoint) => (end(p) === p.registerAddr ? `${p.registerAddr}` : `${p.registerAddr}–${end(p)}`);
/** Rows sent come after stored points, in their order. */
const order = (p: TablePoint) => (p.row === null ? -1 : p.row);
