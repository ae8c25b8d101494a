import type { Kysely } from 'kysely';
import { Right } from '../../contract/rights';
import type { DB } from '../../server/db/schema';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The matrix's models: one whose table the calls rewrite, one whose point the delete takes. */
const MATRIX_MODEL = 'MATRIX-MEASURE';
const MATRIX_DEL_MODEL = 'MATRIX-MEASURE-DEL';
/** The matrix's role: in the operator's organisation, so every caller of the matrix sees it. */
const MATRIX_ROLE = '矩阵测点角色';
let saves = 0;

const dbOf = (ctx: MatrixContext) => ctx.server.database.db as Kysely<DB>;

async function modelId(ctx: MatrixContext, code: string): Promise<number> {
  const db = dbOf(ctx);
  const row = await db.selectFrom('t_device_model').select('id').where('code', '=', code).executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_device_model').values({ name: `矩阵型号 ${code}`, code, device_type_id: 2001, created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

/** A point of the model (made when it has none): its id and version. */
async function matrixPoint(ctx: MatrixContext, code = MATRIX_MODEL): Promise<{ id: number; version: number; modelId: number }> {
  const db = dbOf(ctx);
  const model = await modelId(ctx, code);
  const row = await db.selectFrom('t_measure').select(['id', 'version']).where('device_model_id', '=', model).orderBy('id').executeTakeFirst();
  if (row) return { ...row, modelId: model };
  const id = (await db.insertInto('t_measure').values({ device_model_id: model, name: '矩阵测点', register_addr: 0 })
    .returning('id').executeTakeFirstOrThrow()).id;
  return { id, version: 1, modelId: model };
}

async function matrixRole(ctx: MatrixContext): Promise<number> {
  const db = dbOf(ctx);
  const orgId = (await db.selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow()).org_id;
  const row = await db.selectFrom('t_role').select('id').where('org_id', '=', orgId).where('name', '=', MATRIX_ROLE).executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_role').values({ org_id: orgId, name: MATRIX_ROLE, data_scope: 'VDept', created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

const preparePoint = async (ctx: MatrixContext) => { await matrixPoint(ctx); };
const prepareRole = async (ctx: MatrixContext) => { await matrixPoint(ctx); await matrixRole(ctx); };
const prepareDel = async (ctx: MatrixContext) => { await matrixPoint(ctx, MATRIX_DEL_MODEL); };

/** The measure point calls of server/routes/measures/ (the kit's t_measure_group comes with the resources). */
export const MEASURE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_device_model_measure', access: Right.ProductPreview, prepare: preparePoint,
    call: async (ctx) => ({ url: `/api/t_device_model_measure?deviceModelId=${await modelId(ctx, MATRIX_MODEL)}` }) },
  // Replaces the matrix model's points by a new one (the stored ones listed for removal).
  { method: 'POST', route: '/api/t_device_model_measure/batchSave', access: Right.ProductEdit, prepare: preparePoint,
    async call(ctx) {
      const model = await modelId(ctx, MATRIX_MODEL);
      const stored = await dbOf(ctx).selectFrom('t_measure').select('id').where('device_model_id', '=', model).execute();
      return { url: '/api/t_device_model_measure/batchSave', body: {
        deviceModelId: model, rows: [{ name: '矩阵测点', registerAddr: 0 }], removeIds: stored.map((r) => r.id),
      } };
    } },
  { method: 'POST', route: '/api/t_device_model_measure/save-printf', access: Right.ProductEdit, prepare: preparePoint,
    async call(ctx) {
      const p = await matrixPoint(ctx);
      return { url: '/api/t_device_model_measure/save-printf', body: { id: p.id, version: p.version, printf: `0:矩阵${++saves}` } };
    } },
  { method: 'GET', route: '/api/t_device_model_measure/associate-role', access: Right.ProductPreview, prepare: prepareRole,
    call: async (ctx) => ({ url: `/api/t_device_model_measure/associate-role?roleId=${await matrixRole(ctx)}&deviceModelId=${(await matrixPoint(ctx)).modelId}` }) },
  { method: 'POST', route: '/api/t_device_model_measure/associate-role', access: Right.ProductEdit, prepare: prepareRole,
    async call(ctx) {
      const p = await matrixPoint(ctx);
      return { url: '/api/t_device_model_measure/associate-role', body: { roleId: await matrixRole(ctx), deviceModelIds: [p.modelId], measureIds: [p.id] } };
    } },
  { method: 'GET', route: '/api/t_measure', access: Right.ProductPreview, prepare: preparePoint,
    call: async (ctx) => ({ url: `/api/t_measure?deviceModelId=${await modelId(ctx, MATRIX_MODEL)}&Page=1&Size=20` }) },
  { method: 'GET', route: '/api/t_measure/:id', access: Right.ProductPreview, prepare: preparePoint,
    call: async (ctx) => ({ url: `/api/t_measure/${(await matrixPoint(ctx)).id}` }) },
  // Changes the matrix point's unit (each call another).
  { method: 'POST', route: '/api/t_measure/save', access: Right.ProductEdit, prepare: preparePoint,
    async call(ctx) {
      const p = await matrixPoint(ctx);
      return { url: '/api/t_measure/save', body: { id: p.id, version: p.version, name: '矩阵测点', registerAddr: 0, unit: `u${++saves}` } };
    } },
  // Deletes the delete model's point; prepare and undo put one back.
  { method: 'POST', route: '/api/t_measure/del/:id', access: Right.ProductEdit, prepare: prepareDel, undo: prepareDel,
    call: async (ctx) => ({ url: `/api/t_measure/del/${(await matrixPoint(ctx, MATRIX_DEL_MODEL)).id}` }) },
];
