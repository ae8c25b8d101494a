import { DATA_TYPES } from '../../../../../contract/enums';
import {
  checkPoint, checkTable, MAX_TABLE_ROWS, mappingBits, type MeasurePointInput, type MeasureProblem, type TablePoint,
} from '../../../../../contract/measure-points';
import { bitMappingText, parsePrintf } from '../../../../../contract/measure-printf';
import { MEASURE_COLUMNS, type MeasurePoint, type RegisterTable } from '../../../../../contract/resources/measure';
import { pointToRow, rowChanged, type DraftRow, type PointValues } from './draft';
import { enumLabel, enumOptions, type EnumName } from './measureLabels';
import { measureStrings, type MeasureLang } from './measureStrings';

/**
 * The register table as a spreadsheet (MEASURE_COLUMNS' layout): what the export writes and the
 * import reads. Pure: exceljs stays in xlsxFile.ts. The import checks every row with the contract's
 * rules (checkPoint, checkTable) and reports each problem with the sheet's own row number and the
 * column's header; only a clean sheet becomes a plan for batchSave, which replaces the table.
 */

export type Field = (typeof MEASURE_COLUMNS)[number]['field'];
export type Cell = string | number | boolean | null;

/** A sheet row as read: its number in the sheet (1 is the header) and its cells by column. */
export interface SheetRow {
  number: number;
  cells: Cell[];
}

export interface SheetData {
  header: string[];
  rows: (string | number)[][];
}

/** One problem of a sheet: the row as the sheet numbers it (null: the sheet as a whole), its column, the text. */
export interface SheetProblem {
  sheetRow: number | null;
  field: string;
  column: string;
  message: string;
}

export interface SheetContext {
  lang: MeasureLang;
  /** The measure tags there are (the sheet names them; an id is taken too). */
  tags: readonly { id: number; name: string }[];
}

/** The enumerations a column's cells are labels of (a number is taken as the value). */
const ENUM_FIELDS: Partial<Record<Field, EnumName>> = {
  measureType: 'measureType', modbusCode: 'modbusCode', access: 'access', conditionType: 'condition', warnLevel: 'warnLevel',
};
const NUMBER_FIELDS: readonly Field[] = ['length', 'registerAddr', 'decimals', 'minValue', 'maxValue', 'conditionVal1', 'conditionVal2', 'sortOrder', 'id'];
const TEXT_FIELDS: readonly Field[] = ['name', 'unit', 'printf', 'groupName'];
/** Left empty, these are null (the others take the save schema's default). */
const NULL_WHEN_EMPTY: readonly Field[] = ['length', 'minValue', 'maxValue', 'conditionType', 'conditionVal1', 'conditionVal2', 'tagId'];
/** Without these the sheet is no register table. */
const REQUIRED_COLUMNS: readonly Field[] = ['name', 'registerAddr'];

const columnOf = (field: string): Field | undefined => {
  if (field === 'groupId') return 'groupName';
  return MEASURE_COLUMNS.find((c) => c.field === field)?.field;
};

/** A column's header in a language; a field that is no column (version, removeIds) by its drawer label. */
export function headerOf(field: string, lang: MeasureLang): string {
  const column = columnOf(field);
  if (column) return MEASURE_COLUMNS.find((c) => c.field === column)!.label[lang];
  return (measureStrings[lang].field as Record<string, string>)[field] ?? field;
}

const yesNo = (lang: MeasureLang) => [measureStrings[lang].yes, measureStrings[lang].no] as const;

/** A printf as the sheet shows it: a bit mapping as `0:名称;1:名称`, a formula as written. */
export function printfCell(printf: string, dataType: PointValues['dataType']): string {
  const parsed = parsePrintf(printf, mappingBits(dataType));
  return parsed.ok && parsed.printf.kind === 'bits' ? bitMappingText(parsed.printf.bits) : printf;
}

/** The sheet of a table's rows: headers and enumeration labels in `lang`, tags and groups by name. */
export function rowsToSheet(rows: readonly (PointValues & { id?: number })[], ctx: SheetContext): SheetData {
  const tagName = new Map(ctx.tags.map((t) => [t.id, t.name]));
  const [yes, no] = yesNo(ctx.lang);
  const cell = (row: PointValues & { id?: number }, field: Field, index: number): string | number => {
    const enumName = ENUM_FIELDS[field];
    if (enumName && field !== 'modbusCode') {
      const value = row[field as keyof PointValues] as number | null;
      return value === null ? '' : enumLabel(enumName, value, ctx.lang);
    }
    switch (field) {
      case 'id': return row.id ?? '';
      case 'tagId': return row.tagId === null ? '' : tagName.get(row.tagId) ?? row.tagId;
      case 'groupName': return row.group;
      case 'alarmEnabled': return row.alarmEnabled === 1 ? yes : no;
      case 'printf': return printfCell(row.printf, row.dataType);
      case 'sortOrder': return index;
      default: {
        const value = row[field as keyof PointValues] as string | number | null;
        return value ?? '';
      }
    }
  };
  return {
    header: MEASURE_COLUMNS.map((c) => c.label[ctx.lang]),
    rows: rows.map((row, i) => MEASURE_COLUMNS.map((c) => cell(row, c.field, i))),
  };
}

/** A stored table as sheet rows (the export of what is saved). */
export const tableToSheet = (table: RegisterTable, ctx: SheetContext) =>
  rowsToSheet([...table.points].sort((a, b) => a.sortOrder - b.sortOrder).map((p) => pointToRow(p, table.groups)), ctx);

/** The choices of the sheet's enumeration columns (the template's drop-down lists), by field. */
export function sheetLists(ctx: SheetContext): { field: Field; values: (string | number)[] }[] {
  return [
    { field: 'measureType', values: enumOptions('measureType', ctx.lang).map((o) => o.label) },
    { field: 'dataType', values: [...DATA_TYPES] },
    { field: 'modbusCode', values: [1, 2, 3, 4] },
    { field: 'access', values: enumOptions('access', ctx.lang).map((o) => o.label) },
    { field: 'tagId', values: ctx.tags.map((t) => t.name) },
    { field: 'conditionType', values: enumOptions('condition', ctx.lang).map((o) => o.label) },
    { field: 'warnLevel', values: enumOptions('warnLevel', ctx.lang).map((o) => o.label) },
    { field: 'alarmEnabled', values: [...yesNo(ctx.lang)] },
  ];
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const isEmpty = (c: Cell) => c === null || (typeof c === 'string' && c.trim() === '');
const text = (c: Cell) => (c === null ? '' : String(c).trim());

/** The field of a header cell: either language's label, or the field's own name. */
function fieldOfHeader(cell: Cell): Field | undefined {
  const h = norm(text(cell));
  if (!h) return undefined;
  return MEASURE_COLUMNS.find((c) => norm(c.label.zh) === h || norm(c.label.en) === h || c.field.toLowerCase() === h)?.field;
}

/** An enumeration cell: its number, or a label in either language. */
function enumValue(name: EnumName, c: Cell): number | undefined {
  if (typeof c === 'number') return c;
  const s = norm(text(c));
  if (/^-?\d+$/.test(s)) return Number(s);
  for (const lang of ['zh', 'en'] as const) {
    const hit = enumOptions(name, lang).find((o) => norm(o.label) === s);
    if (hit) return hit.value;
  }
  return undefined;
}

const YES = ['1', 'true', 'yes', 'y', '是', '启用', '开'];
const NO = ['0', 'false', 'no', 'n', '否', '禁用', '关'];

interface RowRead {
  input: Record<string, unknown>;
  /** Fields whose cell could not be read: checkPoint's word on them is left out. */
  bad: Set<string>;
  problems: SheetProblem[];
}

function readRow(row: SheetRow, columns: (Field | undefined)[], ctx: SheetContext): RowRead {
  const s = measureStrings[ctx.lang];
  const out: RowRead = { input: {}, bad: new Set(), problems: [] };
  const fail = (field: Field, message: string) => {
    out.bad.add(field);
    out.problems.push({ sheetRow: row.number, field, column: headerOf(field, ctx.lang), message });
  };
  columns.forEach((field, i) => {
    if (!field) return;
    const c = row.cells[i] ?? null;
    if (isEmpty(c)) {
      if (NULL_WHEN_EMPTY.includes(field)) out.input[field] = null;
      return;
    }
    const enumName = ENUM_FIELDS[field];
    if (enumName) {
      const v = enumValue(enumName, c);
      if (v === undefined) fail(field, s.importUnknownValue.replace('{{value}}', text(c)).replace('{{options}}', enumOptions(enumName, ctx.lang).map((o) => o.label).join(ctx.lang === 'zh' ? '、' : ', ')));
      else out.input[field] = v;
    } else if (field === 'dataType') {
      const hit = DATA_TYPES.find((d) => d.toLowerCase() === text(c).toLowerCase());
      if (!hit) fail(field, s.importUnknownValue.replace('{{value}}', text(c)).replace('{{options}}', DATA_TYPES.join(', ')));
      else out.input[field] = hit;
    } else if (field === 'tagId') {
      const asId = typeof c === 'number' ? c : /^\d+$/.test(text(c)) ? Number(text(c)) : undefined;
      const tag = ctx.tags.find((t) => (asId !== undefined ? t.id === asId : norm(t.name) === norm(text(c))));
      if (!tag) fail(field, s.importUnknownTag.replace('{{value}}', text(c)));
      else out.input.tagId = tag.id;
    } else if (field === 'alarmEnabled') {
      const v = typeof c === 'boolean' ? (c ? '1' : '0') : norm(text(c));
      if (YES.includes(v)) out.input.alarmEnabled = 1;
      else if (NO.includes(v)) out.input.alarmEnabled = 0;
      else fail(field, s.importUnknownValue.replace('{{value}}', text(c)).replace('{{options}}', yesNo(ctx.lang).join(ctx.lang === 'zh' ? '、' : ', ')));
    } else if (NUMBER_FIELDS.includes(field)) {
      const n = typeof c === 'number' ? c : typeof c === 'boolean' ? Number.NaN : Number(text(c));
      if (!Number.isFinite(n)) fail(field, s.importNumber.replace('{{value}}', text(c)));
      else out.input[field] = n;
    } else if (TEXT_FIELDS.includes(field)) {
      out.input[field] = text(c);
    }
  });
  return out;
}

/** What an import will do: batchSave's rows and removals, and the counts the confirmation shows. */
export interface ImportPlan {
  rows: MeasurePointInput[];
  /** The sheet row of each of `rows` (a refusal's `row` maps back through it). */
  sheetRows: number[];
  removeIds: number[];
  added: number;
  changed: number;
  unchanged: number;
  removed: { id: number; name: string }[];
}

export interface SheetResult {
  problems: SheetProblem[];
  /** Set when there is no problem. */
  plan?: ImportPlan;
  /** Rows of points read. */
  count: number;
}

/** A contract problem of a sheet row (`row` is the sheet row less one, so "第 N 行" in a message is the sheet's row N). */
const sheetProblem = (p: MeasureProblem, lang: MeasureLang): SheetProblem => ({
  sheetRow: p.row === null ? null : p.row + 1,
  field: p.field,
  column: p.field ? headerOf(p.field, lang) : '',
  message: lang === 'zh' ? p.message : p.messageEn,
});

/**
 * Reads a register sheet against the model's stored table. The first non-empty row holds the
 * headers (either language); each later non-empty row is a point. A row names a stored point by
 * its ID (when it is one of this model's) or else by name, so the point keeps its id (and its
 * history); any other row is new. Stored points no
 * row names are removed: the import replaces the table.
 */
export function readSheet(sheet: readonly SheetRow[], table: RegisterTable, ctx: SheetContext): SheetResult {
  const s = measureStrings[ctx.lang];
  const rows = sheet.filter((r) => r.cells.some((c) => !isEmpty(c)));
  const head = rows.shift();
  if (!head) return { problems: [{ sheetRow: null, field: '', column: '', message: s.importNoRows }], count: 0 };
  const columns = head.cells.map(fieldOfHeader);
  const missing = REQUIRED_COLUMNS.filter((f) => !columns.includes(f));
  if (missing.length) {
    return {
      count: rows.length,
      problems: missing.map((f) => ({ sheetRow: head.number, field: f, column: headerOf(f, ctx.lang), message: s.importMissingColumn.replace('{{column}}', headerOf(f, ctx.lang)) })),
    };
  }
  if (!rows.length) return { problems: [{ sheetRow: null, field: '', column: '', message: s.importNoRows }], count: 0 };
  if (rows.length > MAX_TABLE_ROWS) {
    return { problems: [{ sheetRow: null, field: '', column: '', message: s.importTooMany.replace('{{count}}', String(rows.length)).replace('{{max}}', String(MAX_TABLE_ROWS)) }], count: rows.length };
  }

  const stored = new Map(table.points.map((p) => [p.id, p]));
  const byName = new Map(table.points.map((p) => [p.name, p]));
  const problems: SheetProblem[] = [];
  const points: TablePoint[] = [];
  const matched = new Map<number, number>();
  const planned: { sheetRow: number; input: MeasurePointInput; point?: MeasurePoint; values: PointValues }[] = [];

  for (const row of rows) {
    const read = readRow(row, columns, ctx);
    problems.push(...read.problems);
    // The sheet's ID column is the stored point it edits: a row of another model's sheet is new.
    const sheetId = read.input.id;
    delete read.input.id;
    const checked = checkPoint(read.input, row.number - 1);
    problems.push(...checked.problems.filter((p) => !read.bad.has(p.field)).map((p) => sheetProblem(p, ctx.lang)));
    if (!checked.point || read.problems.length) continue;
    const f = checked.point.fields;
    points.push({ ...f, row: row.number - 1 });

    let point = typeof sheetId === 'number' ? stored.get(sheetId) : undefined;
    if (point && matched.has(point.id)) {
      problems.push({ sheetRow: row.number, field: 'id', column: headerOf('id', ctx.lang), message: s.importDuplicateId.replace('{{id}}', String(point.id)) });
      continue;
    }
    // No ID, or one of another model (a sheet copied from a similar product): the point of that name.
    if (!point) {
      const named = byName.get(f.name);
      if (named && !matched.has(named.id)) point = named;
    }
    if (point) matched.set(point.id, row.number);
    const values: PointValues = {
      name: f.name, measureType: f.measureType, dataType: f.dataType, length: f.length, modbusCode: f.modbusCode,
      registerAddr: f.registerAddr, access: f.access, unit: f.unit, tagId: f.tagId, decimals: f.length === null ? f.decimals : 0,
      minValue: f.minValue, maxValue: f.maxValue, conditionType: f.conditionType, conditionVal1: f.conditionVal1,
      conditionVal2: f.conditionVal2, warnLevel: f.warnLevel, alarmEnabled: f.alarmEnabled, printf: checked.point.printf,
      group: f.groupName ?? '',
    };
    const input = { ...read.input, ...(point ? { id: point.id, version: point.version } : {}) } as MeasurePointInput;
    planned.push({ sheetRow: row.number, input, point, values });
  }
  problems.push(...checkTable(points).map((p) => sheetProblem(p, ctx.lang)));
  if (problems.length) {
    const col = (p: SheetProblem) => MEASURE_COLUMNS.findIndex((c) => c.field === columnOf(p.field));
    problems.sort((a, b) => (a.sheetRow ?? 0) - (b.sheetRow ?? 0) || col(a) - col(b));
    return { problems, count: rows.length };
  }

  let changed = 0;
  planned.forEach(({ point, values, input }, i) => {
    if (!point) return;
    const sortOrder = typeof input.sortOrder === 'number' ? input.sortOrder : i;
    if (rowChanged({ ...values, key: '' }, sortOrder, point, table.groups)) changed++;
  });
  const removed = table.points.filter((p) => !matched.has(p.id)).map((p) => ({ id: p.id, name: p.name }));
  const kept = planned.filter((p) => p.point).length;
  return {
    problems: [],
    count: rows.length,
    plan: {
      rows: planned.map((p) => p.input),
      sheetRows: planned.map((p) => p.sheetRow),
      removeIds: removed.map((r) => r.id),
      added: planned.length - kept,
      changed,
      unchanged: kept - changed,
      removed,
    },
  };
}

/** A draft's rows in the sheet's layout (rowsToSheet), typed for the page. */
export const draftToSheet = (rows: readonly DraftRow[], ctx: SheetContext) => rowsToSheet(rows, ctx);
