import { ModbusCode } from '../../../../../contract/enums';
import {
  checkPoint, checkTable, MAX_REGISTER_ADDRESS, problem, registerWidth,
  type MeasurePointFields, type MeasurePointInput, type MeasureProblem, type TablePoint,
} from '../../../../../contract/measure-points';
import type { MeasureGroup } from '../../../../../contract/resources/measure-group';
import type { BatchSaveBody, MeasurePoint, RegisterTable } from '../../../../../contract/resources/measure';

/**
 * The register table as the page edits it: a draft of rows held in the browser and saved whole
 * with batchSave (all or nothing). A row names its group by name, so a new group typed in the
 * drawer is created by the save (batchSave's `groupName`). Pure: the page and the tests share it.
 */

/** A point's values as the drawer edits them: the save fields less ids, order and group id. */
export type PointValues = Omit<MeasurePointFields, 'id' | 'version' | 'groupId' | 'groupName' | 'sortOrder'> & {
  /** The group's name; '' for none. */
  group: string;
};

export interface DraftRow extends PointValues {
  /** Stable within the page: `p<id>` for a stored point, `n<k>` for a new one. */
  key: string;
  /** A stored point's id and the version it was read at; absent for a new one. */
  id?: number;
  version?: number;
}

const VALUE_FIELDS = [
  'name', 'measureType', 'dataType', 'length', 'modbusCode', 'registerAddr', 'access', 'unit', 'tagId', 'decimals', 'minValue',
  'maxValue', 'conditionType', 'conditionVal1', 'conditionVal2', 'warnLevel', 'alarmEnabled', 'printf', 'group',
] as const satisfies readonly (keyof PointValues)[];

let nextKey = 0;
/** A key for a row that is not stored yet. */
export const newRowKey = () => `n${++nextKey}`;

const groupNameOf = (groups: readonly MeasureGroup[], id: number | null) => (id === null ? '' : groups.find((g) => g.id === id)?.name ?? '');

/** A stored point as a draft row. */
export function pointToRow(p: MeasurePoint, groups: readonly MeasureGroup[]): DraftRow {
  return {
    key: `p${p.id}`, id: p.id, version: p.version, name: p.name, measureType: p.measureType, dataType: p.dataType, length: p.length,
    modbusCode: p.modbusCode, registerAddr: p.registerAddr, access: p.access, unit: p.unit, tagId: p.tagId, decimals: p.decimals,
    minValue: p.minValue, maxValue: p.maxValue, conditionType: p.conditionType, conditionVal1: p.conditionVal1,
    conditionVal2: p.conditionVal2, warnLevel: p.warnLevel, alarmEnabled: p.alarmEnabled === 1 ? 1 : 0, printf: p.printf,
    group: groupNameOf(groups, p.groupId),
  };
}

/** The rows of a stored table, in its order. */
export const tableRows = (table: RegisterTable): DraftRow[] =>
  [...table.points].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((p) => pointToRow(p, table.groups));

/**
 * A row as batchSave takes it: the group by id where the model has one of that name, else by name
 * (created by the save). The order is the row's place (batchSave's default).
 */
export function rowToInput(row: PointValues & { id?: number; version?: number }, groups: readonly MeasureGroup[]): MeasurePointInput {
  const { group, ...values } = row;
  const name = group.trim();
  const known = name ? groups.find((g) => g.name === name) : undefined;
  const input: MeasurePointInput = { ...values, groupId: known?.id ?? null };
  delete (input as { key?: string }).key;
  if (name && !known) input.groupName = name;
  return input;
}

/** The first free address after the points of a function code (0 on an empty table). */
export function nextFreeAddress(rows: readonly PointValues[], modbusCode: number): number {
  const ends = rows.filter((r) => r.modbusCode === modbusCode).map((r) => r.registerAddr + registerWidth(r.dataType, r.length));
  return Math.min(MAX_REGISTER_ADDRESS, ends.length ? Math.max(...ends) : 0);
}

/** What a new point starts as: a Float sample in the next free holding registers. */
export function blankValues(rows: readonly PointValues[], group: string): PointValues {
  return {
    name: '', measureType: 0, dataType: 'Float', length: null, modbusCode: ModbusCode.HoldingRegister,
    registerAddr: nextFreeAddress(rows, ModbusCode.HoldingRegister), access: 0, unit: '', tagId: null, decimals: 1,
    minValue: null, maxValue: null, conditionType: null, conditionVal1: null, conditionVal2: null, warnLevel: 0, alarmEnabled: 0,
    printf: '', group,
  };
}

/** A name not used by any row: `name_副本`, `name_副本2`, … */
export function uniqueName(rows: readonly { name: string }[], wanted: string): string {
  const names = new Set(rows.map((r) => r.name));
  if (!names.has(wanted)) return wanted;
  for (let i = 2; ; i++) if (!names.has(`${wanted}${i}`)) return `${wanted}${i}`;
}

/**
 * Every problem of the draft, `row` being the row's index: each row's own rules (checkPoint), tags
 * that do not exist (when `tagIds` is known), then the rules across rows (overlapping registers,
 * duplicate names) over the rows that pass their own.
 */
export function checkRows(rows: readonly DraftRow[], groups: readonly MeasureGroup[], tagIds?: ReadonlySet<number>): MeasureProblem[] {
  const out: MeasureProblem[] = [];
  const table: TablePoint[] = [];
  rows.forEach((row, i) => {
    const r = checkPoint(rowToInput(row, groups), i);
    out.push(...r.problems);
    if (!r.point) return;
    const f = r.point.fields;
    if (tagIds && f.tagId !== null && !tagIds.has(f.tagId)) {
      out.push(problem(i, 'tagId', 'tag.unknown', `测点标签 ${f.tagId} 不存在`, `measure tag ${f.tagId} does not exist`));
    }
    table.push({ ...f, row: i });
  });
  out.push(...checkTable(table));
  return out;
}

/** Problems by row key (a problem about no row is left out: the page lists those on their own). */
export function problemsByKey(rows: readonly DraftRow[], problems: readonly MeasureProblem[]): Map<string, MeasureProblem[]> {
  const out = new Map<string, MeasureProblem[]>();
  for (const p of problems) {
    const key = p.row === null ? undefined : rows[p.row]?.key;
    if (key !== undefined) out.set(key, [...(out.get(key) ?? []), p]);
  }
  return out;
}

/** True when a row differs from the stored point (any value, or its place in the table). */
export function rowChanged(row: DraftRow, index: number, point: MeasurePoint, groups: readonly MeasureGroup[]): boolean {
  const stored = pointToRow(point, groups);
  return point.sortOrder !== index || VALUE_FIELDS.some((f) => stored[f] !== row[f]);
}

export interface DraftDiff {
  added: number;
  /** Keys of stored points whose row differs. */
  changed: Set<string>;
  removed: MeasurePoint[];
  /** added + changed + removed: what "unsaved changes (n)" counts. */
  count: number;
}

/** What the draft would change in the stored table. */
export function diffRows(table: RegisterTable, rows: readonly DraftRow[]): DraftDiff {
  const byId = new Map(table.points.map((p) => [p.id, p]));
  const kept = new Set<number>();
  const changed = new Set<string>();
  let added = 0;
  rows.forEach((row, i) => {
    const point = row.id === undefined ? undefined : byId.get(row.id);
    if (!point) {
      added++;
      return;
    }
    kept.add(point.id);
    if (rowChanged(row, i, point, table.groups)) changed.add(row.key);
  });
  const removed = table.points.filter((p) => !kept.has(p.id));
  return { added, changed, removed, count: added + changed.size + removed.length };
}

/** The batchSave request of the draft: every row in order, the stored points it no longer has removed. */
export function saveBody(table: RegisterTable, rows: readonly DraftRow[]): BatchSaveBody {
  const kept = new Set(rows.flatMap((r) => (r.id === undefined ? [] : [r.id])));
  return {
    deviceModelId: table.model.id,
    rows: rows.map((r) => rowToInput(r, table.groups)),
    removeIds: table.points.filter((p) => !kept.has(p.id)).map((p) => p.id),
  };
}

/** Moves the row at `from` by `by` places (clamped). */
export function moveRow<T>(rows: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(rows.length - 1, from + by));
  const out = [...rows];
  const [row] = out.splice(from, 1);
  out.splice(to, 0, row);
  return out;
}
