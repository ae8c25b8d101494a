import type { Kysely, Transaction } from 'kysely';
import type { Paged } from '../../../contract/envelope';
import type {
  LccItemAction, LccSyncDetail, LccSyncItem, LccSyncKind, LccSyncRun, LccSyncState, UpstreamCatalogue,
} from '../../../contract/filter-catalogue';
import type { DB } from '../../db/schema';
import { auditLog } from '../../logs/audit-log';
import { diffCatalogue, upstreamRecords, type Diff, type DiffItem, type Fields, type LocalRecord } from './catalogue-diff';

export interface Audit { userId: number; username: string; ip: string }

export type ApplyResult =
  | { outcome: 'applied'; changedModels: number[] } | { outcome: 'stale' } | { outcome: 'taken' } | { outcome: 'missingType'; code: string };

const KIND_TEXT: Record<LccSyncKind, string> = { 'filter-type': '滤网类型', 'filter-model': '滤网型号' };
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The filter catalogue sync's SQL: local records as synced fields, runs and items, and applying a run. */
export class CatalogueRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The organisation a catalogue's supplier code names, if any. */
  async supplierOrg(db: Kysely<DB>, code: string | undefined): Promise<number | null> {
    if (!code) return null;
    return (await db.selectFrom('t_org').select('id').where('code', '=', code).executeTakeFirst())?.id ?? null;
  }

  /** Local records of a kind with their synced fields and how much uses each. */
  async local(db: Kysely<DB>, kind: LccSyncKind): Promise<LocalRecord[]> {
    if (kind === 'filter-type') {
      const rows = await db.selectFrom('t_filter_type as t')
        .select(['t.code', 't.name', 't.remark', 't.sort_order'])
        .select((eb) => eb.selectFrom('t_filter as f').select((e) => e.fn.countAll<number>().as('n')).whereRef('f.filter_type_id', '=', 't.id').as('in_use'))
        .execute();
      return rows.map((r) => ({ code: r.code, name: r.name, inUse: Number(r.in_use ?? 0), fields: { name: r.name, remark: r.remark, sortOrder: Number(r.sort_order) } }));
    }
    const rows = await db.selectFrom('t_filter as f')
      .innerJoin('t_filter_type as t', 't.id', 'f.filter_type_id')
      .leftJoin('t_org as o', 'o.id', 'f.supplier_org_id')
      .select(['f.code', 'f.name', 't.code as type_code', 'o.code as supplier_code', 'f.initial_pa', 'f.final_pa', 'f.final_multiple',
        'f.rated_air_m3h', 'f.dust_capacity_g', 'f.capture_efficiency', 'f.max_days', 'f.lead_days', 'f.unit_price'])
      .select((eb) => eb.selectFrom('t_device_filter as df').select((e) => e.fn.countAll<number>().as('n')).whereRef('df.filter_id', '=', 'f.id').as('in_use'))
      .execute();
    return rows.map((r) => ({
      code: r.code, name: r.name, inUse: Number(r.in_use ?? 0),
      fields: {
        name: r.name, typeCode: r.type_code, supplierCode: r.supplier_code ?? null, initialPa: num(r.initial_pa), finalPa: num(r.final_pa),
        finalMultiple: num(r.final_multiple), ratedAirM3h: num(r.rated_air_m3h), dustCapacityG: num(r.dust_capacity_g),
        captureEfficiency: num(r.capture_efficiency), maxDays: num(r.max_days), leadDays: num(r.lead_days), unitPrice: num(r.unit_price),
      },
    }));
  }

  /**
   * Which local records the catalogue may remove: filter models of the catalogue's supplier (the
   * supplier no longer offers them), and filter types an earlier applied sync added. Nothing made
   * here by hand is ever removed by a sync.
   */
  async removable(db: Kysely<DB>, kind: LccSyncKind, catalogue: UpstreamCatalogue): Promise<Set<string>> {
    if (kind === 'filter-model') {
      const supplier = await this.supplierOrg(db, catalogue.supplier?.code);
      if (supplier === null) return new Set();
      return new Set((await db.selectFrom('t_filter').select('code').where('supplier_org_id', '=', supplier).execute()).map((r) => r.code));
    }
    const rows = await db.selectFrom('t_lcc_sync_items as i').innerJoin('t_lcc_sync as s', 's.id', 'i.sync_id')
      .select('i.code').where('s.kind', '=', kind).where('s.state', '=', 'applied').where('i.action', '=', 'added').execute();
    return new Set(rows.map((r) => r.code));
  }

  /** The diff of a catalogue against the local records now. */
  async diff(db: Kysely<DB>, kind: LccSyncKind, catalogue: UpstreamCatalogue): Promise<Diff> {
    const usedBy = kind === 'filter-type' ? (n: number) => `仍有 ${n} 个滤网型号使用，保留` : (n: number) => `仍有 ${n} 台设备使用，保留`;
    return diffCatalogue(kind, upstreamRecords(kind, catalogue), await this.local(db, kind), await this.removable(db, kind, catalogue), usedBy);
  }

  /** Records a previewed run with its items; earlier previews of the kind are superseded. */
  async recordPreview(kind: LccSyncKind, sourceUrl: string, catalogue: UpstreamCatalogue, diff: Diff, audit: Audit): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('t_lcc_sync').set({ state: 'superseded' }).where('kind', '=', kind).where('state', '=', 'previewed').execute();
      const count = (a: LccItemAction) => diff.items.filter((i) => i.action === a).length;
      const { id } = await trx.insertInto('t_lcc_sync').values({
        kind, source_url: sourceUrl, upstream_version: catalogue.version, payload: JSON.stringify(catalogue), state: 'previewed',
        added: count('added'), changed: count('changed'), removed: count('removed'), kept: count('kept'), unchanged: diff.unchanged,
        created_by: audit.userId, created_at: Date.now(),
      }).returning('id').executeTakeFirstOrThrow();
      for (let i = 0; i < diff.items.length; i += 200) {
        await trx.insertInto('t_lcc_sync_items').values(diff.items.slice(i, i + 200).map((it) => ({
          sync_id: id, code: it.code, name: it.name, action: it.action, before_json: it.before ? JSON.stringify(it.before) : '',
          after_json: it.after ? JSON.stringify(it.after) : '', fields: it.fields.join(','), note: it.note,
        }))).execute();
      }
      return id;
    });
  }

  private runQuery() {
    return this.db.selectFrom('t_lcc_sync as s')
      .leftJoin('t_user as c', 'c.id', 's.created_by')
      .leftJoin('t_user as a', 'a.id', 's.applied_by')
      .select(['s.id', 's.kind', 's.source_url', 's.upstream_version', 's.state', 's.added', 's.changed', 's.removed', 's.kept', 's.unchanged',
        's.created_at', 's.applied_at', 'c.nick_name as created_nick', 'c.username as created_user', 'a.nick_name as applied_nick',
        'a.username as applied_user']);
  }

  private static toRun(r: Awaited<ReturnType<ReturnType<CatalogueRepository['runQuery']>['executeTakeFirstOrThrow']>>): LccSyncRun {
    return {
      id: r.id, kind: r.kind as LccSyncKind, sourceUrl: r.source_url, upstreamVersion: r.upstream_version, state: r.state as LccSyncState,
      added: Number(r.added), changed: Number(r.changed), removed: Number(r.removed), kept: Number(r.kept), unchanged: Number(r.unchanged),
      createdByName: r.created_nick || r.created_user || '', createdAt: Number(r.created_at), appliedByName: r.applied_nick || r.applied_user || '',
      appliedAt: r.applied_at === null ? null : Number(r.applied_at),
    };
  }

  async list(query: { Page: number; Size: number; kind?: LccSyncKind }): Promise<Paged<LccSyncRun>> {
    let count = this.db.selectFrom('t_lcc_sync').select((eb) => eb.fn.countAll<number>().as('n'));
    let q = this.runQuery();
    if (query.kind) {
      count = count.where('kind', '=', query.kind);
      q = q.where('s.kind', '=', query.kind);
    }
    const rows = await q.orderBy('s.id', 'desc').limit(query.Size).offset((query.Page - 1) * query.Size).execute();
    return { list: rows.map(CatalogueRepository.toRun), count: Number((await count.executeTakeFirstOrThrow()).n) };
  }

  async items(syncId: number, action?: LccItemAction): Promise<LccSyncItem[]> {
    let q = this.db.selectFrom('t_lcc_sync_items').selectAll().where('sync_id', '=', syncId);
    if (action) q = q.where('action', '=', action);
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id, code: r.code, name: r.name, action: r.action as LccItemAction, before: r.before_json ? JSON.parse(r.before_json) as Fields : null,
      after: r.after_json ? JSON.parse(r.after_json) as Fields : null, fields: r.fields ? r.fields.split(',') : [], note: r.note,
    }));
  }

  async find(id: number): Promise<LccSyncDetail | undefined> {
    const row = await this.runQuery().where('s.id', '=', id).executeTakeFirst();
    return row && { ...CatalogueRepository.toRun(row), items: await this.items(id) };
  }

  /** The run's stored upstream snapshot and whether it is the newest of its kind. */
  async runFacts(id: number): Promise<{ kind: LccSyncKind; state: string; payload: string; newest: boolean } | undefined> {
    const row = await this.db.selectFrom('t_lcc_sync').select(['kind', 'state', 'payload']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const newest = await this.db.selectFrom('t_lcc_sync').select((eb) => eb.fn.max('id').as('id')).where('kind', '=', row.kind).executeTakeFirstOrThrow();
    return { kind: row.kind as LccSyncKind, state: row.state, payload: row.payload, newest: Number(newest.id) === id };
  }

  /**
   * Applies a previewed run in one transaction: the run is claimed first (previewed → applied, so
   * of two applies only one proceeds), the local data is diffed again against its snapshot and
   * must match what was previewed, then the records are added, changed and removed. Returns
   * 'stale' when the local data moved since the preview, 'taken' when another apply came first,
   * and the ids of filter models whose figures changed (their devices' life is recomputed).
   */
  async apply(
    id: number, kind: LccSyncKind, catalogue: UpstreamCatalogue, previewed: readonly LccSyncItem[], audit: Audit,
    same: (now: DiffItem[]) => boolean,
  ): Promise<ApplyResult> {
    type Result = ApplyResult;
    class Abort extends Error { constructor(readonly result: Result) { super('abort'); } }
    try {
      return await this.db.transaction().execute(async (trx): Promise<Result> => {
        const claimed = await trx.updateTable('t_lcc_sync').set({ state: 'applied', applied_by: audit.userId, applied_at: Date.now() })
          .where('id', '=', id).where('state', '=', 'previewed').executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new Abort({ outcome: 'taken' });
        const now = await this.diff(trx, kind, catalogue);
        if (!same(now.items)) throw new Abort({ outcome: 'stale' });
        const changedModels = kind === 'filter-type'
          ? await this.applyTypes(trx, catalogue, previewed)
          : await this.applyModels(trx, catalogue, previewed, (code) => { throw new Abort({ outcome: 'missingType', code }); });
        await auditLog(trx, {
          ...audit, action: 'edit', target: `${KIND_TEXT[kind]}目录同步`,
          detail: JSON.stringify({ id, version: catalogue.version, added: previewed.filter((i) => i.action === 'added').map((i) => i.code),
            changed: previewed.filter((i) => i.action === 'changed').map((i) => i.code), removed: previewed.filter((i) => i.action === 'removed').map((i) => i.code) }),
        });
        return { outcome: 'applied', changedModels };
      });
    } catch (err) {
      if (err instanceof Abort) return err.result;
      throw err;
    }
  }

  private async applyTypes(trx: Transaction<DB>, c: UpstreamCatalogue, items: readonly LccSyncItem[]): Promise<number[]> {
    const byCode = new Map(c.filterTypes.map((t) => [t.code, t]));
    const now = Date.now();
    for (const it of items) {
      const t = byCode.get(it.code);
      if (it.action === 'added' && t) {
        await trx.insertInto('t_filter_type').values({ code: t.code, name: t.name, remark: t.remark, sort_order: t.sortOrder, created_at: now }).execute();
      } else if (it.action === 'changed' && t) {
        await trx.updateTable('t_filter_type').set((eb) => ({ name: t.name, remark: t.remark, sort_order: t.sortOrder, version: eb('version', '+', 1) }))
          .where('code', '=', t.code).execute();
      } else if (it.action === 'removed') {
        await trx.deleteFrom('t_filter_type').where('code', '=', it.code).execute();
      }
    }
    return [];
  }

  private async applyModels(
    trx: Transaction<DB>, c: UpstreamCatalogue, items: readonly LccSyncItem[], missingType: (code: string) => never,
  ): Promise<number[]> {
    const byCode = new Map(c.filterModels.map((m) => [m.code, m]));
    const types = new Map((await trx.selectFrom('t_filter_type').select(['id', 'code']).execute()).map((t) => [t.code, t.id]));
    const supplier = await this.supplierOrg(trx, c.supplier?.code);
    const now = Date.now();
    const changed: number[] = [];
    for (const it of items) {
      const m = byCode.get(it.code);
      if ((it.action === 'added' || it.action === 'changed') && m) {
        const typeId = types.get(m.typeCode) ?? missingType(m.typeCode);
        const values = {
          name: m.name, filter_type_id: typeId, supplier_org_id: supplier, initial_pa: m.initialPa, final_pa: m.finalPa, final_multiple: m.finalMultiple,
          rated_air_m3h: m.ratedAirM3h, dust_capacity_g: m.dustCapacityG, capture_efficiency: m.captureEfficiency, max_days: m.maxDays,
          lead_days: m.leadDays, unit_price: m.unitPrice, updated_at: now,
        };
        if (it.action === 'added') {
          await trx.insertInto('t_filter').values({ ...values, code: m.code, alg: 'auto', created_at: now }).execute();
        } else {
          const row = await trx.updateTable('t_filter').set((eb) => ({ ...values, version: eb('version', '+', 1) })).where('code', '=', m.code)
            .returning('id').executeTakeFirstOrThrow();
          changed.push(row.id);
        }
      } else if (it.action === 'removed') {
        await trx.deleteFrom('t_filter').where('code', '=', it.code).execute();
      }
    }
    return changed;
  }

  /** Devices holding any of these filter models (their predicted life depends on the figures). */
  async devicesOfModels(ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    return (await this.db.selectFrom('t_device_filter').select('device_id').where('filter_id', 'in', ids).execute()).map((r) => r.device_id);
  }
}
