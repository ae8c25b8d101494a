import type { Transaction } from 'kysely';
import {
  checkPoint, checkTable, problem, type CheckedPoint, type MeasureProblem, type TablePoint,
} from '../../../contract/measure-points';
import type { MeasurePoint } from '../../../contract/resources/measure';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { STALE_VERSION } from '../../resources/resource-routes';
import { toValues, type MeasureRepository } from './measure-repository';

/**
 * Writing a model's register table (batchSave, and one point's save as a table with one row
 * changed): every rule of contract/measure-points.ts plus what needs the database (ids of the
 * model, tags and groups that exist), all problems collected before anything is written; then the
 * stale check (409), then the writes. Runs inside the caller's transaction.
 */
export interface TableWrite {
  modelId: number;
  rows: readonly unknown[];
  /** The row a problem of `rows[i]` names: i for batchSave, null for one point's save. */
  rowOf(i: number): number | null;
  removeIds: readonly number[];
  /** Stored points neither in `rows` nor in `removeIds`: kept as they are (one point), or a problem (batchSave). */
  othersKept: boolean;
}

export interface TableOutcome {
  /** The id each row was stored under, in row order. */
  ids: number[];
  inserted: number;
  updated: number;
  unchanged: number;
  removed: { id: number; name: string }[];
  /** What the audit line records. */
  detail: {
    added: string[];
    changed: { id: number; name: string; fields: Record<string, [unknown, unknown]> }[];
    removed: { id: number; name: string }[];
    groupsAdded: string[];
  };
}

/** A 400 (or 409) naming the first problem's field, with every problem in `data.problems`. */
export function problemsError(status: number, problems: MeasureProblem[], rowsPath: string | null): ApiError {
  const first = problems[0];
  const where = first.row === null || rowsPath === null
    ? `body${first.field ? `.${first.field}` : ''}`
    : `body.${rowsPath}.${first.row}${first.field ? `.${first.field}` : ''}`;
  const more = problems.length > 1 ? `（共 ${problems.length} 处问题）` : '';
  return new ApiError(status, `${where}: ${first.message}${more}`, false, { problems });
}

const idOf = (input: unknown) => {
  const id = input && typeof input === 'object' ? (input as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : undefined;
};

const API_FIELDS = [
  'name', 'measureType', 'dataType', 'length', 'modbusCode', 'registerAddr', 'access', 'unit', 'tagId', 'groupId', 'decimals',
  'minValue', 'maxValue', 'conditionType', 'conditionVal1', 'conditionVal2', 'warnLevel', 'alarmEnabled', 'printf', 'sortOrder',
] as const;

function changes(before: MeasurePoint, after: Omit<MeasurePoint, 'id' | 'version'>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of API_FIELDS) if (before[f] !== after[f]) out[f] = [before[f], after[f]];
  return out;
}

const asTablePoint = (p: MeasurePoint): TablePoint => ({
  row: null, id: p.id, name: p.name, measureType: p.measureType, dataType: p.dataType, length: p.length, modbusCode: p.modbusCode,
  registerAddr: p.registerAddr,
});

export async function writeTable(repo: MeasureRepository, trx: Transaction<DB>, w: TableWrite, rowsPath: string | null): Promise<TableOutcome> {
  await repo.lockModel(trx, w.modelId);
  const stored = await repo.points(w.modelId, trx);
  const storedById = new Map(stored.map((p) => [p.id, p]));
  const problems: MeasureProblem[] = [];
  const checked: { index: number; point: CheckedPoint }[] = [];
  w.rows.forEach((input, index) => {
    const r = checkPoint(input, w.rowOf(index));
    problems.push(...r.problems);
    if (r.point) checked.push({ index, point: r.point });
  });

  // Ids: each a point of this model, once; removals likewise; batchSave names every stored point.
  const rowIds = new Map<number, number | null>();
  w.rows.forEach((input, index) => {
    const id = idOf(input);
    if (id === undefined) return;
    const row = w.rowOf(index);
    if (!storedById.has(id)) problems.push(problem(row, 'id', 'id.unknown', `测点 ${id} 不是该型号的测点`, `point ${id} is not a point of this model`));
    else if (rowIds.has(id)) problems.push(problem(row, 'id', 'id.duplicate', `测点 ${id} 在表中出现了两次`, `point ${id} appears twice in the table`));
    rowIds.set(id, row);
  });
  const removeIds = [...new Set(w.removeIds)];
  for (const id of removeIds) {
    if (!storedById.has(id)) problems.push(problem(null, 'removeIds', 'remove.unknown', `要删除的测点 ${id} 不是该型号的测点`, `point ${id} to remove is not a point of this model`));
    else if (rowIds.has(id)) problems.push(problem(rowIds.get(id)!, 'id', 'remove.inRows', `测点 ${id} 既在表中又要删除`, `point ${id} is both in the table and to be removed`));
  }
  const kept = stored.filter((p) => !rowIds.has(p.id) && !removeIds.includes(p.id));
  if (!w.othersKept) {
    for (const p of kept) {
      problems.push(problem(null, 'removeIds', 'table.missing', `测点「${p.name}」（id ${p.id}）既不在表中，也不在 removeIds 中`,
        `point "${p.name}" (id ${p.id}) is neither in the table nor in removeIds`));
    }
  }

  // References: tags that exist, groups of this model (by id, or by name: created when new).
  const tags = await repo.knownTags(checked.flatMap(({ point }) => (point.fields.tagId === null ? [] : [point.fields.tagId])), trx);
  const groups = await repo.groups(w.modelId, trx);
  const groupIds = new Set(groups.map((g) => g.id));
  const groupByName = new Map(groups.map((g) => [g.name, g.id]));
  for (const { point } of checked) {
    const f = point.fields;
    if (f.tagId !== null && !tags.has(f.tagId)) problems.push(problem(point.row, 'tagId', 'tag.unknown', `测点标签 ${f.tagId} 不存在`, `measure tag ${f.tagId} does not exist`));
    if (f.groupId !== null && !groupIds.has(f.groupId)) problems.push(problem(point.row, 'groupId', 'group.unknown', `分组 ${f.groupId} 不是该型号的分组`, `group ${f.groupId} is not a group of this model`));
  }

  problems.push(...checkTable([
    ...(w.othersKept ? kept.map(asTablePoint) : []),
    ...checked.map(({ point }): TablePoint => ({ ...point.fields, row: point.row })),
  ]));
  if (problems.length) throw problemsError(400, problems, rowsPath);

  const stale = checked.filter(({ point }) => point.fields.id !== undefined && storedById.get(point.fields.id)!.version !== point.fields.version);
  if (stale.length) {
    throw problemsError(409, stale.map(({ point }) => problem(point.row, 'version', 'stale',
      `${STALE_VERSION}（测点「${storedById.get(point.fields.id!)!.name}」）`, `point "${storedById.get(point.fields.id!)!.name}" was changed by someone else: reload and try again`)), rowsPath);
  }

  const outcome: TableOutcome = {
    ids: [], inserted: 0, updated: 0, unchanged: 0, removed: [], detail: { added: [], changed: [], removed: [], groupsAdded: [] },
  };
  outcome.removed = removeIds.map((id) => ({ id, name: storedById.get(id)!.name }));
  outcome.detail.removed = outcome.removed;
  await repo.deletePoints(trx, removeIds);

  let nextGroupOrder = groups.reduce((m, g) => Math.max(m, g.sortOrder + 1), 0);
  let nextSort: number | null = null;
  for (const { index, point } of checked) {
    const f = point.fields;
    let groupId = f.groupId;
    if (f.groupName !== undefined) {
      groupId = groupByName.get(f.groupName) ?? null;
      if (groupId === null) {
        groupId = await repo.insertGroup(trx, w.modelId, f.groupName, nextGroupOrder++);
        groupByName.set(f.groupName, groupId);
        outcome.detail.groupsAdded.push(f.groupName);
      }
    }
    const before = f.id === undefined ? undefined : storedById.get(f.id)!;
    // batchSave: the table's order is the rows' order; one point keeps its place or goes last.
    let sortOrder = f.sortOrder ?? (w.othersKept ? before?.sortOrder : index);
    if (sortOrder === undefined) sortOrder = nextSort ??= await repo.nextSortOrder(w.modelId, trx);
    const after: Omit<MeasurePoint, 'id' | 'version'> = {
      deviceModelId: w.modelId, name: f.name, measureType: f.measureType, dataType: f.dataType, length: f.length,
      modbusCode: f.modbusCode, registerAddr: f.registerAddr, access: f.access, unit: f.unit, tagId: f.tagId, groupId,
      decimals: f.length === null ? f.decimals : 0, minValue: f.minValue, maxValue: f.maxValue, conditionType: f.conditionType,
      conditionVal1: f.conditionVal1, conditionVal2: f.conditionVal2, warnLevel: f.warnLevel, alarmEnabled: f.alarmEnabled,
      printf: point.printf, sortOrder,
    };
    if (!before) {
      outcome.ids.push(await repo.insertPoint(trx, toValues(after)));
      outcome.inserted++;
      outcome.detail.added.push(f.name);
      continue;
    }
    outcome.ids.push(before.id);
    const changed = changes(before, after);
    if (!Object.keys(changed).length) {
      outcome.unchanged++;
      continue;
    }
    if (!(await repo.updatePoint(trx, before.id, before.version, toValues(after)))) {
      throw problemsError(409, [problem(point.row, 'version', 'stale', STALE_VERSION, 'changed by someone else: reload and try again')], rowsPath);
    }
    outcome.updated++;
    outcome.detail.changed.push({ id: before.id, name: f.name, fields: changed });
  }
  return outcome;
}
