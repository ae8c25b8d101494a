import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

const db = (ctx: MatrixContext) => ctx.server.database.db;

/** A filter bank (NV-F600) of the operator's project P-SH-01 with its filter: every caller with life-analysis sees it. */
async function operatorFilterDevice(ctx: MatrixContext): Promise<number> {
  return (await db(ctx).selectFrom('t_device_filter as df').innerJoin('t_device as d', 'd.id', 'df.device_id')
    .innerJoin('t_project as p', 'p.id', 'd.project_id').select('d.id').where('p.code', '=', 'P-SH-01').orderBy('d.id')
    .executeTakeFirstOrThrow()).id;
}
const model = async (ctx: MatrixContext, code: string) => db(ctx).selectFrom('t_filter').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const type = async (ctx: MatrixContext, code: string) => db(ctx).selectFrom('t_filter_type').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const formula = async (ctx: MatrixContext, name: string) => db(ctx).selectFrom('t_life_formula').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

async function ensureType(ctx: MatrixContext, code: string): Promise<void> {
  if (await db(ctx).selectFrom('t_filter_type').select('id').where('code', '=', code).executeTakeFirst()) return;
  await db(ctx).insertInto('t_filter_type').values({ code, name: `矩阵类型 ${code}`, created_at: Date.now() }).execute();
}
async function ensureModel(ctx: MatrixContext, code: string): Promise<void> {
  if (await db(ctx).selectFrom('t_filter').select('id').where('code', '=', code).executeTakeFirst()) return;
  const g = await type(ctx, 'G');
  await db(ctx).insertInto('t_filter').values({
    code, name: `矩阵滤材 ${code}`, filter_type_id: g.id, initial_pa: 50, final_pa: 200, final_multiple: null, rated_air_m3h: 3400,
    dust_capacity_g: 500, max_days: 90, created_at: Date.now(), updated_at: Date.now(),
  }).execute();
}
async function ensureFormula(ctx: MatrixContext, name: string): Promise<void> {
  if (await db(ctx).selectFrom('t_life_formula').select('id').where('name', '=', name).executeTakeFirst()) return;
  await db(ctx).insertInto('t_life_formula').values({ name, source: 'serviceDays / maxServiceDays * 100', created_at: Date.now(), updated_at: Date.now() }).execute();
}

/** The life analysis family of /app-api (issue 20, server/routes/life/) for the rights matrix of endpoint-table.ts. */
export const LIFE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/app-api/t_filter_type', access: Right.LifeAnalysis, call: () => ({ url: '/app-api/t_filter_type' }) },
  { method: 'POST', route: '/app-api/t_filter_type/save', access: Right.LifeAnalysis,
    call: async (ctx) => {
      const t = await type(ctx, 'H');
      return { url: '/app-api/t_filter_type/save', body: { id: t.id, code: t.code, name: t.name, remark: t.remark, sortOrder: t.sort_order } };
    } },
  { method: 'POST', route: '/app-api/t_filter_type/del/:id', access: Right.LifeAnalysis,
    prepare: (ctx) => ensureType(ctx, 'MATRIX-DEL'), undo: (ctx) => ensureType(ctx, 'MATRIX-DEL'),
    call: async (ctx) => ({ url: `/app-api/t_filter_type/del/${(await type(ctx, 'MATRIX-DEL')).id}` }) },

  { method: 'GET', route: '/app-api/t_life_formula', access: Right.LifeAnalysis, call: () => ({ url: '/app-api/t_life_formula' }) },
  { method: 'POST', route: '/app-api/t_life_formula/test', access: Right.LifeAnalysis,
    call: () => ({ url: '/app-api/t_life_formula/test', body: { source: 'resistance / finalResistance * 100', sample: { resistance: 225 } } }) },
  { method: 'POST', route: '/app-api/t_life_formula/save', access: Right.LifeAnalysis,
    prepare: (ctx) => ensureFormula(ctx, '矩阵公式'),
    call: async (ctx) => {
      const f = await formula(ctx, '矩阵公式');
      return { url: '/app-api/t_life_formula/save', body: { id: f.id, name: f.name, source: f.source, remark: f.remark } };
    } },
  { method: 'POST', route: '/app-api/t_life_formula/del/:id', access: Right.LifeAnalysis,
    prepare: (ctx) => ensureFormula(ctx, '矩阵公式（删除）'), undo: (ctx) => ensureFormula(ctx, '矩阵公式（删除）'),
    call: async (ctx) => ({ url: `/app-api/t_life_formula/del/${(await formula(ctx, '矩阵公式（删除）')).id}` }) },

  { method: 'GET', route: '/app-api/t_filter', access: Right.LifeAnalysis, call: () => ({ url: '/app-api/t_filter?Page=1&Size=10' }) },
  { method: 'GET', route: '/app-api/t_filter/all', access: Right.LifeAnalysis, call: () => ({ url: '/app-api/t_filter/all' }) },
  { method: 'GET', route: '/app-api/t_filter/:id', access: Right.LifeAnalysis, call: async (ctx) => ({ url: `/app-api/t_filter/${(await model(ctx, 'LF-H13-610')).id}` }) },
  { method: 'POST', route: '/app-api/t_filter/save', access: Right.LifeAnalysis,
    call: async (ctx) => {
      const f = await model(ctx, 'LF-H13-610');
      return { url: '/app-api/t_filter/save', body: {
        id: f.id, code: f.code, name: f.name, filterTypeId: f.filter_type_id, supplierOrgId: f.supplier_org_id, leadDays: f.lead_days,
        unitPrice: f.unit_price, alg: f.alg, formulaId: f.formula_id, remark: f.remark, initialPa: f.initial_pa, finalPa: f.final_pa,
        finalMultiple: f.final_multiple, ratedAirM3h: f.rated_air_m3h, dustCapacityG: f.dust_capacity_g, captureEfficiency: f.capture_efficiency,
        maxDays: f.max_days, warnDays: f.warn_days,
      } };
    } },
  { method: 'POST', route: '/app-api/t_filter/alg', access: Right.LifeAnalysis,
    call: async (ctx) => ({ url: '/app-api/t_filter/alg', body: { id: (await model(ctx, 'LF-H13-610')).id, alg: 'auto' } }) },
  { method: 'POST', route: '/app-api/t_filter/setting', access: Right.LifeAnalysis,
    call: async (ctx) => {
      const f = await model(ctx, 'LF-H13-610');
      return { url: '/app-api/t_filter/setting', body: {
        id: f.id, initialPa: f.initial_pa, finalPa: f.final_pa, finalMultiple: f.final_multiple, ratedAirM3h: f.rated_air_m3h,
        dustCapacityG: f.dust_capacity_g, captureEfficiency: f.capture_efficiency, maxDays: f.max_days, warnDays: f.warn_days,
      } };
    } },
  { method: 'POST', route: '/app-api/t_filter/del/:id', access: Right.LifeAnalysis,
    prepare: (ctx) => ensureModel(ctx, 'MATRIX-DEL'), undo: (ctx) => ensureModel(ctx, 'MATRIX-DEL'),
    call: async (ctx) => ({ url: `/app-api/t_filter/del/${(await model(ctx, 'MATRIX-DEL')).id}` }) },

  { method: 'POST', route: '/app-api/t_device/recalc-devlife', access: Right.LifeAnalysis,
    call: async (ctx) => ({ url: '/app-api/t_device/recalc-devlife', body: { deviceIds: [await operatorFilterDevice(ctx)] } }) },
  { method: 'GET', route: '/app-api/t_device/life-analyze', access: Right.LifeAnalysis, call: () => ({ url: '/app-api/t_device/life-analyze?Page=1&Size=10' }) },
  { method: 'GET', route: '/app-api/t_device/life-trend', access: Right.LifeAnalysis,
    call: async (ctx) => ({ url: `/app-api/t_device/life-trend?deviceId=${await operatorFilterDevice(ctx)}` }) },
];
