import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { FilterSettingsRow } from '../../analysis/life/life-service';
import type { DB } from '../../db/schema';
import { likePattern } from '../../resources/resource-repository';
import { visibleProjectFilter } from '../../auth/scope-filters';

/** One measure point of a device of the scope, with its current value. */
export interface ScopePoint {
  deviceId: number;
  deviceName: string;
  deviceTypeId: number;
  state: number;
  projectId: number;
  projectName: string;
  modelName: string;
  measureId: number;
  measureName: string;
  unit: string;
  tagId: number | null;
  maxValue: number | null;
  conditionType: number | null;
  /** The device's own threshold when it overrides the model's, else the model's. */
  conditionVal1: number | null;
  value: number | null;
  ts: number | null;
}

/** Hourly sums of a measure's hourly means over the scope's devices: Σ mean and the number of devices. */
export interface MeasureHour {
  measureId: number;
  bucket: number;
  total: number;
  n: number;
}

/** One device's hourly mean of one point. */
export interface DeviceHour {
  deviceId: number;
  measureId: number;
  bucket: number;
  value: number;
}

/**
 * The SQL of the environment analysis (issue 20): the scope's points with their current values,
 * and the hourly rollups (t_history_measure_1h) read in bulk, grouped in the database so a year
 * of a site reads as one row per point and hour.
 */
export class EnvironmentRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Ids of the user's visible projects (one of them when `projectId` is set), as a subquery. */
  private projectIds(user: AuthUser, projectId?: number) {
    let q = this.db.selectFrom('t_project').select('id').where(visibleProjectFilter(user, 'id', 'org_id'));
    if (projectId !== undefined) q = q.where('id', '=', projectId);
    return q;
  }

  /** True when the project exists and the user sees it. */
  async projectVisible(user: AuthUser, projectId: number): Promise<boolean> {
    return !!(await this.projectIds(user, projectId).executeTakeFirst());
  }

  /**
   * The points of the scope's devices that `wanted` keeps (decided on the model's measures, in
   * JS, so names count as well as tags), with current values; devices by project and name.
   */
  async points(
    user: AuthUser, filter: { projectId?: number; keyword?: string },
    wanted: (m: { tag_id: number | null; name: string; unit: string }) => boolean,
  ): Promise<ScopePoint[]> {
    const ids = this.projectIds(user, filter.projectId);
    const measures = await this.db.selectFrom('t_measure').select(['id', 'tag_id', 'name', 'unit'])
      .where('device_model_id', 'in', (eb) => eb.selectFrom('t_device').select('device_model_id').where('project_id', 'in', ids))
      .execute();
    const measureIds = measures.filter(wanted).map((m) => m.id);
    if (!measureIds.length) return [];
    let q = this.db.selectFrom('t_device as d')
      .innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_device_model as dm', 'dm.id', 'd.device_model_id')
      .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .leftJoin('t_measure_group as g', 'g.id', 'm.group_id')
      .leftJoin('t_device_measure as dv', (j) => j.onRef('dv.device_id', '=', 'd.id').onRef('dv.measure_id', '=', 'm.id'))
      .leftJoin('t_real_measure as r', (j) => j.onRef('r.device_id', '=', 'd.id').onRef('r.measure_id', '=', 'm.id'))
      .select([
        'd.id as deviceId', 'd.name as deviceName', 'd.device_type_id as deviceTypeId', 'd.state', 'd.project_id as projectId',
        'p.name as projectName', 'dm.name as modelName', 'm.id as measureId', 'm.name as measureName', 'm.unit', 'm.tag_id as tagId',
        'm.max_value as maxValue', 'm.condition_type as conditionType',
        (eb) => eb.fn.coalesce('dv.condition_val1', 'm.condition_val1').as('conditionVal1'), 'r.value', 'r.ts',
      ])
      .where('d.project_id', 'in', ids).where('m.id', 'in', measureIds);
    if (filter.keyword) q = q.where(sql<SqlBool>`lower(d.name) like ${likePattern(filter.keyword)} escape '\\'`);
    const rows = await q.orderBy('p.name').orderBy('d.name').orderBy('d.id').orderBy('g.sort_order').orderBy('m.sort_order').orderBy('m.id').execute();
    return rows.map((r) => ({
      ...r, projectId: r.projectId!, ts: r.ts === null ? null : Number(r.ts), value: r.value === null ? null : Number(r.value),
      maxValue: r.maxValue === null ? null : Number(r.maxValue), conditionVal1: r.conditionVal1 === null ? null : Number(r.conditionVal1),
    }));
  }

  /** The filter model each of these devices holds (t_device_filter → t_filter), with its life settings' columns, by device id. */
  async filterModels(deviceIds: number[]): Promise<Map<number, FilterSettingsRow>> {
    const out = new Map<number, FilterSettingsRow>();
    for (const chunk of chunks([...new Set(deviceIds)], 1000)) {
      const rows = await this.db.selectFrom('t_device_filter as df').innerJoin('t_filter as f', 'f.id', 'df.filter_id')
        .select(['df.device_id', 'f.initial_pa', 'f.final_pa', 'f.final_multiple', 'f.rated_air_m3h', 'f.dust_capacity_g', 'f.capture_efficiency', 'f.max_days', 'f.warn_days'])
        .where('df.device_id', 'in', chunk).execute();
      for (const { device_id, ...f } of rows) out.set(device_id, f);
    }
    return out;
  }

  /**
   * Per point and hour in [from, to): the sum of the devices' hourly means and their number,
   * over the given devices (the caller has scoped them).
   */
  async measureHours(deviceIds: number[], measureIds: number[], from: number, to: number): Promise<MeasureHour[]> {
    if (!deviceIds.length || !measureIds.length) return [];
    const out: MeasureHour[] = [];
    for (const chunk of chunks(deviceIds, 1000)) {
      const rows = await this.db.selectFrom('t_history_measure_1h as h')
        .select(['h.measure_id', 'h.bucket', sql<number>`sum(h.sum_value / h.sample_count)`.as('total'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('h.measure_id', 'in', measureIds).where('h.device_id', 'in', chunk)
        .where('h.bucket', '>=', from).where('h.bucket', '<', to).where('h.sample_count', '>', 0)
        .groupBy(['h.measure_id', 'h.bucket']).execute();
      for (const r of rows) out.push({ measureId: r.measure_id, bucket: Number(r.bucket), total: Number(r.total), n: Number(r.n) });
    }
    return out;
  }

  /** Each device's hourly means of the given points in [from, to), oldest first. */
  async deviceHours(deviceIds: number[], measureIds: number[], from: number, to: number): Promise<DeviceHour[]> {
    if (!deviceIds.length || !measureIds.length) return [];
    const out: DeviceHour[] = [];
    for (const chunk of chunks(deviceIds, 1000)) {
      const rows = await this.db.selectFrom('t_history_measure_1h as h')
        .select(['h.device_id', 'h.measure_id', 'h.bucket', sql<number>`h.sum_value / h.sample_count`.as('value')])
        .where('h.measure_id', 'in', measureIds).where('h.device_id', 'in', chunk)
        .where('h.bucket', '>=', from).where('h.bucket', '<', to).where('h.sample_count', '>', 0)
        .orderBy('h.bucket').execute();
      for (const r of rows) out.push({ deviceId: r.device_id, measureId: r.measure_id, bucket: Number(r.bucket), value: Number(r.value) });
    }
    return out;
  }

  /** Each device's mean of its hourly means of the given points in [from, to). */
  async deviceMeans(deviceIds: number[], measureIds: number[], from: number, to: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!deviceIds.length || !measureIds.length) return out;
    for (const chunk of chunks(deviceIds, 1000)) {
      const rows = await this.db.selectFrom('t_history_measure_1h as h')
        .select(['h.device_id', 'h.measure_id', sql<number>`avg(h.sum_value / h.sample_count)`.as('value')])
        .where('h.measure_id', 'in', measureIds).where('h.device_id', 'in', chunk)
        .where('h.bucket', '>=', from).where('h.bucket', '<', to).where('h.sample_count', '>', 0)
        .groupBy(['h.device_id', 'h.measure_id']).execute();
      for (const r of rows) out.set(`${r.device_id}:${r.measure_id}`, Number(r.value));
    }
    return out;
  }
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
