import type { Kysely } from 'kysely';
import { Right } from '../../contract/rights';
import type { DB } from '../../server/db/schema';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The matrix's devices live in the operator's project 上海张江 (P-SH-01), so every caller sees them. */
const PROJECT = 'P-SH-01';
let made = 0;

const dbOf = (ctx: MatrixContext) => ctx.server.database.db as Kysely<DB>;

async function projectId(ctx: MatrixContext): Promise<number> {
  return (await dbOf(ctx).selectFrom('t_project').select('id').where('code', '=', PROJECT).executeTakeFirstOrThrow()).id;
}

/** A model without points (made when missing): changing between two of them maps nothing and leaves nothing unmapped. */
async function bareModel(ctx: MatrixContext, code: string): Promise<number> {
  const db = dbOf(ctx);
  const row = await db.selectFrom('t_device_model').select('id').where('code', '=', code).executeTakeFirst();
  if (row) return row.id;
  return (await db.insertInto('t_device_model').values({ name: `矩阵型号 ${code}`, code, device_type_id: 2001, created_at: Date.now() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

/** The matrix device `code` (made when missing, of a bare model, on no gateway): its id, version and model. */
async function matrixDevice(ctx: MatrixContext, code = 'MATRIX-DEV'): Promise<{ id: number; version: number; modelId: number }> {
  const db = dbOf(ctx);
  const row = await db.selectFrom('t_device').select(['id', 'version', 'device_model_id']).where('code', '=', code).executeTakeFirst();
  if (row) return { id: row.id, version: row.version, modelId: row.device_model_id };
  const modelId = await bareModel(ctx, 'MATRIX-DEV-A');
  const id = (await db.insertInto('t_device').values({
    name: `矩阵设备 ${code}`, code, project_id: await projectId(ctx), device_model_id: modelId, device_type_id: 2001, created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
  return { id, version: 1, modelId };
}

const prepare = async (ctx: MatrixContext) => { await matrixDevice(ctx); await bareModel(ctx, 'MATRIX-DEV-B'); };
const prepareDel = async (ctx: MatrixContext) => { await matrixDevice(ctx, 'MATRIX-DEV-DEL'); };

/** The device administration calls of server/routes/devices/ (issue 18); GET /api/t_device is in endpoint-table.ts. */
export const DEVICE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_device/cnt', access: Right.DevicePreview, call: () => ({ url: '/api/t_device/cnt?iot=0' }) },
  { method: 'GET', route: '/api/t_device/gateways', access: Right.DevicePreview,
    call: async (ctx) => ({ url: `/api/t_device/gateways?projectId=${await projectId(ctx)}` }) },
  { method: 'GET', route: '/api/t_device/is-iotid-exit/:id', access: Right.DeviceEdit, call: () => ({ url: '/api/t_device/is-iotid-exit/0?value=IOT000001' }) },
  { method: 'GET', route: '/api/t_device/is-iccid-exit/:id', access: Right.DeviceEdit, prepare,
    call: async (ctx) => ({ url: `/api/t_device/is-iccid-exit/${(await matrixDevice(ctx)).id}?value=89860000000000000009` }) },
  { method: 'GET', route: '/api/t_device/:id', access: Right.DevicePreview, prepare,
    call: async (ctx) => ({ url: `/api/t_device/${(await matrixDevice(ctx)).id}` }) },
  // A new device each call.
  { method: 'POST', route: '/api/t_device/save', access: Right.DeviceEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_device/save', body: {
      name: '矩阵新设备', code: `MATRIX-NEW-${++made}`, projectId: await projectId(ctx), deviceModelId: (await matrixDevice(ctx)).modelId,
    } }) },
  // Deletes the matrix's delete device; undo puts one back.
  { method: 'POST', route: '/api/t_device/del/:id', access: Right.DeviceDelete, prepare: prepareDel,
    call: async (ctx) => ({ url: `/api/t_device/del/${(await matrixDevice(ctx, 'MATRIX-DEV-DEL')).id}` }),
    async undo(ctx) { await matrixDevice(ctx, 'MATRIX-DEV-DEL'); } },
  { method: 'POST', route: '/api/t_device/copy', access: Right.DeviceEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_device/copy', body: { id: (await matrixDevice(ctx)).id, name: '矩阵副本', code: `MATRIX-COPY-${++made}` } }) },
  { method: 'POST', route: '/api/t_device/set-project', access: Right.DeviceEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_device/set-project', body: { ids: [(await matrixDevice(ctx)).id], projectId: await projectId(ctx) } }) },
  { method: 'GET', route: '/api/t_device/change-model/preview', access: Right.DeviceEdit, prepare,
    call: async (ctx) => ({ url: `/api/t_device/change-model/preview?id=${(await matrixDevice(ctx)).id}&deviceModelId=${await bareModel(ctx, 'MATRIX-DEV-B')}` }) },
  // Switches the matrix device between its two bare models.
  { method: 'POST', route: '/api/t_device/change-model', access: Right.DeviceEdit, prepare,
    async call(ctx) {
      const d = await matrixDevice(ctx);
      const a = await bareModel(ctx, 'MATRIX-DEV-A');
      const other = d.modelId === a ? await bareModel(ctx, 'MATRIX-DEV-B') : a;
      return { url: '/api/t_device/change-model', body: { id: d.id, version: d.version, deviceModelId: other, unmappedIds: [] } };
    } },
  // Checks a sheet of one row without writing it.
  { method: 'POST', route: '/api/t_device/batch', access: Right.DeviceEdit,
    call: () => ({ url: '/api/t_device/batch', body: { dryRun: true, rows: [{ name: '矩阵导入', code: 'MATRIX-IMPORT', project: PROJECT, deviceModel: 'NV-S200' }] } }) },
  { method: 'GET', route: '/api/t_device_measure', access: Right.DevicePreview, prepare,
    call: async (ctx) => ({ url: `/api/t_device_measure?deviceId=${(await matrixDevice(ctx)).id}` }) },
  { method: 'POST', route: '/api/t_device_measure/save', access: Right.DeviceEdit, prepare,
    call: async (ctx) => ({ url: '/api/t_device_measure/save', body: { deviceId: (await matrixDevice(ctx)).id, items: [] } }) },
];
