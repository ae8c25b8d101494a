import { Right } from '../../contract/rights';
import { GatewayCommandQueue } from '../../server/gateway/command-queue';
import { issueGatewayKey } from '../../server/telemetry/gateway-keys';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator's project P-SH-01: its gateway and the model of its filters (NV-F600). */
async function operatorGateway(ctx: MatrixContext): Promise<{ gatewayId: number; deviceId: number; modelId: number }> {
  const db = ctx.server.database.db;
  return db.selectFrom('t_gateway as g').innerJoin('t_project as p', 'p.id', 'g.project_id')
    .innerJoin('t_device as d', 'd.gateway_id', 'g.id').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .select(['g.id as gatewayId', 'd.id as deviceId', 'm.id as modelId'])
    .where('p.code', '=', 'P-SH-01').where('m.code', '=', 'NV-F600').orderBy('d.id').executeTakeFirstOrThrow();
}

/** The matrix's refresh command on the operator's gateway (made by `prepare`; read-only here). */
async function matrixCommandId(ctx: MatrixContext): Promise<number> {
  const { gatewayId } = await operatorGateway(ctx);
  const found = await ctx.server.database.db.selectFrom('t_gateway_command').select('id')
    .where('gateway_id', '=', gatewayId).where('kind', '=', 'refresh').orderBy('id').executeTakeFirst();
  return found?.id ?? 1;
}

/** The admin's sync of the operator's filter model, made once; its items are set failed so a retry has work. */
async function matrixSyncId(ctx: MatrixContext, make: boolean): Promise<number> {
  const db = ctx.server.database.db;
  const { modelId } = await operatorGateway(ctx);
  const found = await db.selectFrom('t_product_sync').select('id').where('device_model_id', '=', modelId).orderBy('id').executeTakeFirst();
  if (found || !make) return found?.id ?? 1;
  const r = await ctx.caller.api.post('/api/t_product_sync/start', { deviceModelId: modelId });
  if (!r.body.success) throw new Error(`matrix sync: ${r.body.error}`);
  return r.body.data.id;
}

async function failSyncItems(ctx: MatrixContext): Promise<void> {
  const id = await matrixSyncId(ctx, true);
  await ctx.server.database.db.updateTable('t_product_sync_item').set({ state: 'failed', result_code: 11, finished_at: Date.now() })
    .where('sync_id', '=', id).execute();
}

/** The gateway command queue and product sync (issues 17 and 18) for the rights matrix of endpoint-table.ts. */
export const GATEWAY_COMMAND_ENDPOINTS: EndpointCase[] = [
  // No token: a gateway proves itself with its key (a fresh one for each call here).
  { method: 'POST', route: '/api/gateway/commands/take', access: 'public',
    call: async (ctx) => {
      const key = await issueGatewayKey(ctx.server.database.db, (await operatorGateway(ctx)).gatewayId);
      return { url: '/api/gateway/commands/take', headers: { 'x-gateway-key': key }, body: { max: 1 } };
    } },
  // A command queued and taken for each call, answered with its gateway's key.
  { method: 'POST', route: '/api/gateway/commands/:id/result', access: 'public',
    call: async (ctx) => {
      const db = ctx.server.database.db;
      const { gatewayId, deviceId } = await operatorGateway(ctx);
      const queue = new GatewayCommandQueue(db);
      const id = await queue.enqueue({ gatewayId, deviceId, kind: 'restart', payload: {}, createdBy: null });
      for (let i = 0; !(await queue.take(gatewayId, { max: 50 })).some((c) => c.id === id); i++) {
        if (i > 20) throw new Error(`matrix command ${id} was not handed out`);
      }
      const key = await issueGatewayKey(db, gatewayId);
      return { url: `/api/gateway/commands/${id}/result`, headers: { 'x-gateway-key': key }, body: { code: 0 } };
    } },
  { method: 'GET', route: '/api/t_gateway_command', access: Right.DevicePreview, call: () => ({ url: '/api/t_gateway_command?Page=1&Size=5' }) },
  { method: 'GET', route: '/api/t_gateway_command/:id', access: Right.DevicePreview,
    async prepare(ctx) {
      const { gatewayId } = await operatorGateway(ctx);
      const db = ctx.server.database.db;
      if (!(await db.selectFrom('t_gateway_command').select('id').where('gateway_id', '=', gatewayId).where('kind', '=', 'refresh').executeTakeFirst())) {
        await new GatewayCommandQueue(db).enqueue({ gatewayId, kind: 'refresh', payload: {}, createdBy: null, ttlS: 86_400 });
      }
    },
    call: async (ctx) => ({ url: `/api/t_gateway_command/${await matrixCommandId(ctx)}` }) },

  { method: 'GET', route: '/api/t_product_sync', access: Right.ProductPreview, call: () => ({ url: '/api/t_product_sync?Page=1&Size=5' }) },
  { method: 'GET', route: '/api/t_product_sync/:id', access: Right.ProductPreview,
    async prepare(ctx) { await matrixSyncId(ctx, true); },
    call: async (ctx) => ({ url: `/api/t_product_sync/${await matrixSyncId(ctx, false)}` }) },
  { method: 'POST', route: '/api/t_product_sync/start', access: Right.ProductEdit,
    call: async (ctx) => ({ url: '/api/t_product_sync/start', body: { deviceModelId: (await operatorGateway(ctx)).modelId } }) },
  { method: 'POST', route: '/api/t_product_sync/retry/:id', access: Right.ProductEdit,
    prepare: failSyncItems,
    call: async (ctx) => ({ url: `/api/t_product_sync/retry/${await matrixSyncId(ctx, false)}`, body: {} }),
    undo: failSyncItems },
];
