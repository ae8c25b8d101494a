import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { hasLength } from '../../../contract/measure-points';
import type { DataType } from '../../../contract/enums';
import type { MeasureGroup } from '../../../contract/resources/measure-group';
import type { MeasurePoint } from '../../../contract/resources/measure';
import type { Dialect } from '../../db/columns';
import type { DB } from '../../db/schema';
import { likePattern } from '../../resources/resource-repository';

type MeasureRow = Selectable<DB['t_measure']>;
/** The columns of a point as written (no id, no version). */
export type MeasureValues = Omit<Insertable<DB['t_measure']>, 'id' | 'version'>;

const unique = <T>(values: Iterable<T>) => [...new Set(values)];

/**
 * A stored point as the API answers it. String and Blob keep their `length` (registers) in the
 * `decimals` column, which means nothing for them (t_measure has no column of its own for it).
 */
export function toPoint(r: MeasureRow): MeasurePoint {
  const sized = hasLength(r.data_type as DataType);
  return {
    id: r.id, version: r.version, deviceModelId: r.device_model_id, name: r.name, measureType: r.measure_type,
    dataType: r.data_type as DataType, length: sized ? r.decimals : null, modbusCode: r.modbus_code, registerAddr: r.register_addr,
    access: r.access, unit: r.unit, tagId: r.tag_id, groupId: r.group_id, decimals: sized ? 0 : r.decimals,
    minValue: r.min_value, maxValue: r.max_value, conditionType: r.condition_type, conditionVal1: r.condition_val1,
    conditionVal2: r.condition_val2, warnLevel: r.warn_level, alarmEnabled: r.alarm_enabled, printf: r.printf, sortOrder: r.sort_order,
  };
}

/** The columns of a point (see {@link toPoint} for `length`). */
export function toValues(p: Omit<MeasurePoint, 'id' | 'version'>): MeasureValues {
  return {
    device_model_id: p.deviceModelId, group_id: p.groupId, tag_id: p.tagId, name: p.name, unit: p.unit, measure_type: p.measureType,
    data_type: p.dataType, modbus_code: p.modbusCode, register_addr: p.registerAddr, access: p.access,
    decimals: hasLength(p.dataType) ? (p.length ?? 1) : p.decimals, min_value: p.minValue, max_value: p.maxValue,
    condition_type: p.conditionType, condition_val1: p.conditionVal1, condition_val2: p.conditionVal2, warn_level: p.warnLevel,
    printf: p.printf, alarm_enabled: p.alarmEnabled, sort_order: p.sortOrder,
  };
}

function toGroup(r: Selectable<DB['t_measure_group']>): MeasureGroup {
  return { id: r.id, version: r.version, deviceModelId: r.device_model_id, name: r.name, sortOrder: r.sort_order };
}

/**
 * The SQL of measure points (server/routes/measures/): a model's register table, its groups, one
 * point, measure rights per role. Writes take the caller's transaction, so a change and its audit
 * line commit together.
 */
export function measureRepository(db: Kysely<DB>, dialect: Dialect) {
  return {
    atomically<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    model(id: number, trx: Kysely<DB> = db) {
      return trx.selectFrom('t_device_model').select(['id', 'name', 'code', 'device_type_id']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Holds the model's row until the transaction ends, so two writes of one table run one after
     * the other (PostgreSQL; SQLite runs one write transaction at a time anyway).
     */
    async lockModel(trx: Transaction<DB>, id: number): Promise<void> {
      if (dialect === 'postgres') await trx.selectFrom('t_device_model').select('id').where('id', '=', id).forUpdate().execute();
    },

    async points(modelId: number, trx: Kysely<DB> = db): Promise<MeasurePoint[]> {
      const rows = await trx.selectFrom('t_measure').selectAll().where('device_model_id', '=', modelId)
        .orderBy('sort_order').orderBy('id').execute();
      return rows.map(toPoint);
    },

    async point(id: number, trx: Kysely<DB> = db): Promise<MeasurePoint | undefined> {
      const row = await trx.selectFrom('t_measure').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toPoint(row);
    },

    async list(filter: { deviceModelId?: number; groupId?: number; keyword?: string }, page: number, size: number) {
      let q = db.selectFrom('t_measure');
      if (filter.deviceModelId !== undefined) q = q.where('device_model_id', '=', filter.deviceModelId);
      if (filter.groupId !== undefined) q = q.where('group_id', '=', filter.groupId);
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        q = q.where((eb) => eb.or([
          sql<SqlBool>`lower(name) like ${pattern} escape '\\'`, sql<SqlBool>`lower(unit) like ${pattern} escape '\\'`,
        ]));
      }
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.selectAll().orderBy('device_model_id').orderBy('sort_order').orderBy('id')
        .limit(size).offset((page - 1) * size).execute();
      return { list: rows.map(toPoint), count: Number(count) };
    },

    async groups(modelId: number, trx: Kysely<DB> = db): Promise<MeasureGroup[]> {
      const rows = await trx.selectFrom('t_measure_group').selectAll().where('device_model_id', '=', modelId)
        .orderBy('sort_order').orderBy('id').execute();
      return rows.map(toGroup);
    },

    async insertGroup(trx: Transaction<DB>, modelId: number, name: string, sortOrder: number): Promise<number> {
      return (await trx.insertInto('t_measure_group').values({ device_model_id: modelId, name, sort_order: sortOrder })
        .returning('id').executeTakeFirstOrThrow()).id;
    },

    /** Which of `ids` are measure tags. */
    async knownTags(ids: readonly number[], trx: Kysely<DB> = db): Promise<Set<number>> {
      if (!ids.length) return new Set();
      return new Set((await trx.selectFrom('t_measure_tag').select('id').where('id', 'in', unique(ids)).execute()).map((r) => r.id));
    },

    async insertPoint(trx: Transaction<DB>, values: MeasureValues): Promise<number> {
      return (await trx.insertInto('t_measure').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** Writes `values` if the point is still at `version`; false when another save came first. */
    async updatePoint(trx: Transaction<DB>, id: number, version: number, values: Partial<MeasureValues>): Promise<boolean> {
      const result = await trx.updateTable('t_measure').set({ ...values, version: version + 1 })
        .where('id', '=', id).where('version', '=', version).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Deletes points. What hangs off them goes too, by the schema's cascades: current and past
     * values, rollups, open and past alarms, device overrides and role measure rights.
     */
    async deletePoints(trx: Transaction<DB>, ids: readonly number[]): Promise<void> {
      for (let i = 0; i < ids.length; i += 500) await trx.deleteFrom('t_measure').where('id', 'in', ids.slice(i, i + 500)).execute();
    },

    async nextSortOrder(modelId: number, trx: Kysely<DB> = db): Promise<number> {
      const row = await trx.selectFrom('t_measure').select((eb) => eb.fn.max('sort_order').as('max'))
        .where('device_model_id', '=', modelId).executeTakeFirst();
      return row?.max == null ? 0 : Number(row.max) + 1;
    },

    /** The role's measure rights, among the points of `modelIds` (all of them when null). */
    async roleMeasureIds(roleId: number, modelIds: readonly number[] | null, trx: Kysely<DB> = db): Promise<number[]> {
      let q = trx.selectFrom('t_role_measure as rm').select('rm.measure_id').where('rm.role_id', '=', roleId);
      if (modelIds) {
        if (!modelIds.length) return [];
        q = q.innerJoin('t_measure as m', 'm.id', 'rm.measure_id').where('m.device_model_id', 'in', unique(modelIds));
      }
      return (await q.orderBy('rm.measure_id').execute()).map((r) => r.measure_id);
    },

    /** The model of each of `ids` that is a point (unknown ids are left out). */
    async modelsOf(ids: readonly number[], trx: Kysely<DB> = db): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await trx.selectFrom('t_measure').select(['id', 'device_model_id']).where('id', 'in', ids.slice(i, i + 1000)).execute();
        for (const r of rows) out.set(r.id, r.device_model_id);
      }
      return out;
    },

    /** Which of `ids` are device models. */
    async knownModels(ids: readonly number[], trx: Kysely<DB> = db): Promise<Set<number>> {
      if (!ids.length) return new Set();
      return new Set((await trx.selectFrom('t_device_model').select('id').where('id', 'in', unique(ids)).execute()).map((r) => r.id));
    },

    /** Replaces the role's measure rights `before` (those read with {@link roleMeasureIds}) by `ids`. */
    async setRoleMeasures(trx: Transaction<DB>, roleId: number, before: readonly number[], ids: readonly number[]): Promise<void> {
      for (let i = 0; i < before.length; i += 1000) {
        await trx.deleteFrom('t_role_measure').where('role_id', '=', roleId).where('measure_id', 'in', before.slice(i, i + 1000)).execute();
      }
      const add = unique(ids);
      for (let i = 0; i < add.length; i += 1000) {
        await trx.insertInto('t_role_measure').values(add.slice(i, i + 1000).map((measure_id) => ({ role_id: roleId, measure_id }))).execute();
      }
    },
  };
}

export type MeasureRepository = ReturnType<typeof measureRepository>;
