import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator's organisation: every caller of the matrix but anonymous sees it. */
async function operatorOrg(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_user').select('org_id').where('id', '=', ctx.ids.operator).executeTakeFirstOrThrow()).org_id;
}

const DISABLE_CODE = 'MATRIX-DISABLE';

/** A leaf organisation without users under the operator's, for the disable call; left enabled. */
async function disableTarget(ctx: MatrixContext): Promise<number> {
  const db = ctx.server.database.db;
  const found = await db.selectFrom('t_org').select('id').where('code', '=', DISABLE_CODE).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('t_org').values({
    name: '矩阵停用组织', code: DISABLE_CODE, org_type: 1, parent_id: await operatorOrg(ctx), created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Organisation extras, the operation log and the application statistics, for the rights matrix of endpoint-table.ts. */
export const ORG_LOG_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/t_org/trade-code/:id', access: 'signed-in', call: async (ctx) => ({ url: `/api/t_org/trade-code/${await operatorOrg(ctx)}` }) },
  { method: 'GET', route: '/api/t_org/regencode/:id', access: 'signed-in', call: async (ctx) => ({ url: `/api/t_org/regencode/${await operatorOrg(ctx)}` }) },
  { method: 'POST', route: '/api/t_org/disable', access: Right.OrgEdit,
    prepare: async (ctx) => { await disableTarget(ctx); },
    call: async (ctx) => ({ url: '/api/t_org/disable', body: { id: await disableTarget(ctx), disabled: true } }),
    async undo(ctx) { await ctx.server.database.db.updateTable('t_org').set({ disabled: 0 }).where('code', '=', DISABLE_CODE).execute(); } },
  { method: 'GET', route: '/api/t_org/applications/:id', access: Right.ApplicationPreview,
    call: async (ctx) => ({ url: `/api/t_org/applications/${await operatorOrg(ctx)}` }) },
  { method: 'GET', route: '/api/t_history_log', access: Right.SysLogPreview, call: () => ({ url: '/api/t_history_log?Page=1&Size=20&action=login' }) },
  { method: 'GET', route: '/api/t_history_log/mine', access: Right.LogPreview, call: () => ({ url: '/api/t_history_log/mine?Page=1&Size=20' }) },
  { method: 'GET', route: '/api/t_history_log/action', access: 'signed-in', call: () => ({ url: '/api/t_history_log/action' }) },
  { method: 'GET', route: '/api/t_application/login-stats', access: Right.ApplicationPreview, call: () => ({ url: '/api/t_application/login-stats?days=30' }) },
];
