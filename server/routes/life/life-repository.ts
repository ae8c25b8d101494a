import { sql, type Kysely } from 'kysely';
import { DAY_MS } from '../../../contract/analysis/filter-life';
import type {
  DeviceLifeRow, FilterAlg, FilterModel, FilterSetting, FilterType, LifeAnalyzeQuery, LifeFormula, LifeReasonCode, LifeState,
  SaveFilterBody, SaveFilterTypeBody, SaveLifeFormulaBody,
} from '../../../contract/life';
import type { Paged } from '../../../contract/envelope';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../../auth/scope-filters';

/** Rows changed by an update (0: another save came first, or no such row). */
const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * SQL of the life family (server/routes/life/): filter types, filter models with their life
 * settings, life formulas, and the devices' filters and predictions within the caller's scope.
 */
export class LifeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  // ---- filter types ----------------------------------------------------------------------------

  async filterTypes(): Promise<FilterType[]> {
    const rows = await this.db.selectFrom('t_filter_type').selectAll().orderBy('sort_order').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, remark: r.remark, sortOrder: r.sort_order, version: r.version }));
  }

  async filterType(id: number): Promise<FilterType | undefined> {
    return (await this.filterTypes()).find((t) => t.id === id);
  }

  async codeTaken(table: 't_filter_type' | 't_filter', code: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom(table).select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  /** Inserts or updates (at `version`); the id, or null on a version conflict. */
  async saveFilterType(b: SaveFilterTypeBody, now: number): Promise<number | null> {
    const values = { code: b.code, name: b.name, remark: b.remark, sort_order: b.sortOrder };
    if (!b.id) return (await this.db.insertInto('t_filter_type').values({ ...values, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    let q = this.db.updateTable('t_filter_type').set((eb) => ({ ...values, version: eb('version', '+', 1) })).where('id', '=', b.id);
    if (b.version !== undefined) q = q.where('version', '=', b.version);
    return changed(await q.executeTakeFirst()) ? b.id : null;
  }

  async filterTypeInUse(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('t_filter').select('id').where('filter_type_id', '=', id).executeTakeFirst());
  }

  async deleteFilterType(id: number): Promise<boolean> {
    return changed(await this.db.deleteFrom('t_filter_type').where('id', '=', id).executeTakeFirst() as never) > 0;
  }

  // ---- life formulas ---------------------------------------------------------------------------

  async formulas(id?: number): Promise<LifeFormula[]> {
    let q = this.db.selectFrom('t_life_formula as lf')
      .select(['lf.id', 'lf.name', 'lf.source', 'lf.remark', 'lf.version', 'lf.updated_at',
        (eb) => eb.selectFrom('t_filter as f').select((e) => e.fn.countAll<number>().as('n')).whereRef('f.formula_id', '=', 'lf.id').as('filter_count')]);
    if (id !== undefined) q = q.where('lf.id', '=', id);
    const rows = await q.orderBy('lf.id').execute();
    return rows.map((r) => ({
      id: r.id, name: r.name, source: r.source, remark: r.remark, version: r.version, updatedAt: Number(r.updated_at), filterCount: Number(r.filter_count ?? 0),
    }));
  }

  async saveFormula(b: SaveLifeFormulaBody, userId: number, now: number): Promise<number | null> {
    const values = { name: b.name, source: b.source.trim(), remark: b.remark, updated_at: now };
    if (!b.id) {
      return (await this.db.insertInto('t_life_formula').values({ ...values, created_by: userId, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    }
    let q = this.db.updateTable('t_life_formula').set((eb) => ({ ...values, version: eb('version', '+', 1) })).where('id', '=', b.id);
    if (b.version !== undefined) q = q.where('version', '=', b.version);
    return changed(await q.executeTakeFirst()) ? b.id : null;
  }

  async deleteFormula(id: number): Promise<void> {
    await this.db.deleteFrom('t_life_formula').where('id', '=', id).execute();
  }

  async formulaExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('t_life_formula').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Filter models that use a formula (their devices are recomputed when it changes). */
  async filtersOfFormula(id: number): Promise<number[]> {
    return (await this.db.selectFrom('t_filter').select('id').where('formula_id', '=', id).execute()).map((r) => r.id);
  }

  // ---- filter models ---------------------------------------------------------------------------

  private filterQuery() {
    return this.db.selectFrom('t_filter as f')
      .innerJoin('t_filter_type as t', 't.id', 'f.filter_type_id')
      .leftJoin('t_org as o', 'o.id', 'f.supplier_org_id')
      .leftJoin('t_life_formula as lf', 'lf.id', 'f.formula_id')
      .selectAll('f')
      .select(['t.name as type_name', 'o.name as supplier_name', 'lf.name as formula_name',
        (eb) => eb.selectFrom('t_device_filter as df').select((e) => e.fn.countAll<number>().as('n')).whereRef('df.filter_id', '=', 'f.id').as('device_count')]);
  }

  private toModel(r: Awaited<ReturnType<ReturnType<LifeRepository['filterQuery']>['executeTakeFirstOrThrow']>>): FilterModel {
    return {
      id: r.id, code: r.code, name: r.name, filterTypeId: r.filter_type_id, filterTypeName: r.type_name, supplierOrgId: r.supplier_org_id,
      supplierName: r.supplier_name ?? null, leadDays: Number(r.lead_days), unitPrice: Number(r.unit_price), initialPa: Number(r.initial_pa),
      finalPa: num(r.final_pa), finalMultiple: num(r.final_multiple), ratedAirM3h: Number(r.rated_air_m3h), dustCapacityG: num(r.dust_capacity_g),
      captureEfficiency: Number(r.capture_efficiency), maxDays: num(r.max_days), warnDays: Number(r.warn_days), alg: r.alg as FilterAlg,
      formulaId: r.formula_id, formulaName: r.formula_name ?? null, remark: r.remark, deviceCount: Number(r.device_count ?? 0), version: r.version,
    };
  }

  async filters(q: { keyword?: string; filterTypeId?: number; Page: number; Size: number } | null): Promise<Paged<FilterModel>> {
    let base = this.filterQuery();
    if (q?.keyword) base = base.where((eb) => eb.or([eb('f.name', 'like', likePattern(q.keyword!)), eb('f.code', 'like', likePattern(q.keyword!))]));
    if (q?.filterTypeId) base = base.where('f.filter_type_id', '=', q.filterTypeId);
    const count = q ? Number((await base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) : 0;
    let rows = base.orderBy('t.sort_order').orderBy('f.id');
    if (q) rows = rows.limit(q.Size).offset((q.Page - 1) * q.Size);
    const list = (await rows.execute()).map((r) => this.toModel(r));
    return { list, count: q ? count : list.length };
  }

  async filter(id: number): Promise<FilterModel | undefined> {
    const r = await this.filterQuery().where('f.id', '=', id).executeTakeFirst();
    return r ? this.toModel(r) : undefined;
  }

  async orgExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('t_org').select('id').where('id', '=', id).executeTakeFirst());
  }

  private settingColumns(s: FilterSetting) {
    return {
      initial_pa: s.initialPa, final_pa: s.finalPa, final_multiple: s.finalPa === null ? s.finalMultiple : s.finalMultiple,
      rated_air_m3h: s.ratedAirM3h, dust_capacity_g: s.dustCapacityG, capture_efficiency: s.captureEfficiency, max_days: s.maxDays,
      warn_days: s.warnDays,
    };
  }

  async saveFilter(b: SaveFilterBody, now: number): Promise<number | null> {
    const values = {
      code: b.code, name: b.name, filter_type_id: b.filterTypeId, supplier_org_id: b.supplierOrgId, lead_days: b.leadDays, unit_price: b.unitPrice,
      alg: b.alg, formula_id: b.formulaId, remark: b.remark, updated_at: now, ...this.settingColumns(b),
    };
    if (!b.id) return (await this.db.insertInto('t_filter').values({ ...values, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    let q = this.db.updateTable('t_filter').set((eb) => ({ ...values, version: eb('version', '+', 1) })).where('id', '=', b.id);
    if (b.version !== undefined) q = q.where('version', '=', b.version);
    return changed(await q.executeTakeFirst()) ? b.id : null;
  }

  async setAlg(id: number, alg: FilterAlg, formulaId: number | null, now: number): Promise<void> {
    await this.db.updateTable('t_filter').set((eb) => ({ alg, formula_id: formulaId, updated_at: now, version: eb('version', '+', 1) })).where('id', '=', id).execute();
  }

  async setSetting(id: number, s: FilterSetting, now: number): Promise<void> {
    await this.db.updateTable('t_filter').set((eb) => ({ ...this.settingColumns(s), updated_at: now, version: eb('version', '+', 1) })).where('id', '=', id).execute();
  }

  async filterInUse(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('t_device_filter').select('device_id').where('filter_id', '=', id).executeTakeFirst());
  }

  async deleteFilter(id: number): Promise<void> {
    await this.db.deleteFrom('t_filter').where('id', '=', id).execute();
  }

  /** Devices holding these models (recomputed after a change of their settings; the detected cycle is read afresh). */
  async devicesOfFilters(filterIds: number[]): Promise<number[]> {
    if (!filterIds.length) return [];
    const ids = (await this.db.selectFrom('t_device_filter').select('device_id').where('filter_id', 'in', filterIds).orderBy('device_id').execute()).map((r) => r.device_id);
    if (ids.length) await this.db.updateTable('t_device_life').set({ cycle_start: null }).where('device_id', 'in', ids).execute();
    return ids;
  }

  // ---- devices' life ---------------------------------------------------------------------------

  private scoped(user: AuthUser) {
    let q = this.db.selectFrom('t_device_filter as df')
      .innerJoin('t_device as d', 'd.id', 'df.device_id')
      .innerJoin('t_filter as f', 'f.id', 'df.filter_id')
      .innerJoin('t_filter_type as t', 't.id', 'f.filter_type_id')
      .leftJoin('t_project as p', 'p.id', 'd.project_id')
      .leftJoin('t_device_life as l', 'l.device_id', 'df.device_id');
    if (!user.scope.all) q = q.where('d.project_id', 'in', this.db.selectFrom('t_project as vp').select('vp.id').where(visibleProjectFilter(user, 'vp.id', 'vp.org_id')));
    return q;
  }

  /** The ids among `ids` of devices holding a filter that the user sees. */
  async visibleFilterDevices(user: AuthUser, ids?: number[]): Promise<number[]> {
    let q = this.scoped(user).select('df.device_id');
    if (ids) {
      if (!ids.length) return [];
      q = q.where('df.device_id', 'in', ids);
    }
    return (await q.orderBy('df.device_id').execute()).map((r) => r.device_id);
  }

  async lifeRows(user: AuthUser, query: LifeAnalyzeQuery, now: number): Promise<Paged<DeviceLifeRow>> {
    let q = this.scoped(user);
    if (query.projectId) q = q.where('d.project_id', '=', query.projectId);
    if (query.filterId) q = q.where('df.filter_id', '=', query.filterId);
    if (query.filterTypeId) q = q.where('f.filter_type_id', '=', query.filterTypeId);
    if (query.deviceIds?.length) q = q.where('df.device_id', 'in', query.deviceIds);
    if (query.keyword) {
      const k = likePattern(query.keyword);
      q = q.where((eb) => eb.or([eb('d.name', 'like', k), eb('d.code', 'like', k), eb('f.name', 'like', k), eb('p.name', 'like', k)]));
    }
    if (query.dueBefore !== undefined) q = q.where('l.predicted_at', '<=', query.dueBefore);
    if (query.state) {
      const warnAt = sql<number>`${now} + f.warn_days * ${DAY_MS}`;
      if (query.state === 'unknown') q = q.where('l.predicted_at', 'is', null);
      else if (query.state === 'due') q = q.where('l.predicted_at', '<=', now);
      else if (query.state === 'warning') q = q.where('l.predicted_at', '>', now).where('l.predicted_at', '<=', warnAt);
      else q = q.where('l.predicted_at', '>', warnAt);
    }
    const count = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    let rows = q.select([
      'df.device_id', 'd.name as device_name', 'd.code as device_code', 'd.project_id', 'p.name as project_name', 'df.filter_id',
      'f.name as filter_name', 'f.code as filter_code', 't.name as type_name', 'df.quantity', 'df.installed_at', 'f.alg', 'f.warn_days',
      'l.used_ratio', 'l.predicted_at', 'l.interval_low', 'l.interval_high', 'l.reason', 'l.computed_at', 'l.warned_at', 'l.detail',
      'l.filter_id as life_filter_id',
    ]);
    if (query.order === 'used') rows = rows.orderBy(sql`case when l.used_ratio is null then 1 else 0 end`).orderBy('l.used_ratio', 'desc');
    else if (query.order === 'predicted') rows = rows.orderBy(sql`case when l.predicted_at is null then 1 else 0 end`).orderBy('l.predicted_at');
    const list = await rows.orderBy('df.device_id').limit(query.Size).offset((query.Page - 1) * query.Size).execute();
    return { count, list: list.map((r) => this.toLifeRow(r, now)) };
  }

  private toLifeRow(r: {
    device_id: number; device_name: string; device_code: string; project_id: number | null; project_name: string | null; filter_id: number;
    filter_name: string; filter_code: string; type_name: string; quantity: number; installed_at: number; alg: string; warn_days: number;
    used_ratio: number | null; predicted_at: number | null; interval_low: number | null; interval_high: number | null; reason: string | null;
    computed_at: number | null; warned_at: number | null; detail: string | null; life_filter_id: number | null;
  }, now: number): DeviceLifeRow {
    // A prediction made for another model than the one now held is stale: shown as not computed.
    const fresh = r.life_filter_id === r.filter_id;
    const predictedAt = fresh ? num(r.predicted_at) : null;
    const warnDays = Number(r.warn_days);
    const state: LifeState = predictedAt === null ? 'unknown' : predictedAt <= now ? 'due' : predictedAt <= now + warnDays * DAY_MS ? 'warning' : 'ok';
    let detail: Record<string, unknown>;
    try {
      detail = fresh && r.detail ? JSON.parse(r.detail) as Record<string, unknown> : {};
    } catch {
      detail = {};
    }
    return {
      deviceId: r.device_id, deviceName: r.device_name, deviceCode: r.device_code, projectId: r.project_id, projectName: r.project_name ?? null,
      filterId: r.filter_id, filterName: r.filter_name, filterCode: r.filter_code, filterTypeName: r.type_name, quantity: Number(r.quantity),
      installedAt: Number(r.installed_at), alg: r.alg as FilterAlg, warnDays,
      usedRatio: fresh ? num(r.used_ratio) : null, predictedAt, intervalLow: fresh ? num(r.interval_low) : null,
      intervalHigh: fresh ? num(r.interval_high) : null, reason: fresh ? (r.reason as LifeReasonCode | null) : null, state,
      computedAt: fresh ? num(r.computed_at) : null, warnedAt: fresh ? num(r.warned_at) : null, detail,
    };
  }

  async lifeRow(user: AuthUser, deviceId: number, now: number): Promise<DeviceLifeRow | undefined> {
    const page = await this.lifeRows(user, { deviceIds: [deviceId], Page: 1, Size: 1, order: 'device' }, now);
    return page.list[0];
  }

  /** The daily mean resistance of a device from `from`. */
  async resistanceDays(deviceId: number, from: number, until: number): Promise<{ day: number; pa: number | null }[]> {
    const rows = await this.db.selectFrom('t_device_life_day').select(['day', 'resistance_pa']).where('device_id', '=', deviceId)
      .where('day', '>=', from).where('day', '<=', until).orderBy('day').execute();
    return rows.map((r) => ({ day: Number(r.day), pa: num(r.resistance_pa) }));
  }

  async filterSettingsOfDevice(deviceId: number) {
    return this.db.selectFrom('t_device_filter as df').innerJoin('t_filter as f', 'f.id', 'df.filter_id')
      .select(['f.initial_pa', 'f.final_pa', 'f.final_multiple', 'f.rated_air_m3h', 'f.dust_capacity_g', 'f.capture_efficiency', 'f.max_days', 'f.warn_days', 'f.alg', 'df.installed_at'])
      .where('df.device_id', '=', deviceId).executeTakeFirst();
  }

  async cycleStart(deviceId: number): Promise<number | null> {
    const r = await this.db.selectFrom('t_device_life').select('cycle_start').where('device_id', '=', deviceId).executeTakeFirst();
    return num(r?.cycle_start);
  }
}
