import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator's first project (上海张江洁净厂房), which every matrix caller with a token may see or be refused. */
async function operatorProjectId(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
}

/** The project graph live view's snapshot (issue 6) for the rights matrix of endpoint-table.ts. */
export const GRAPH_LIVE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/s/graph-live', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/s/graph-live?projectId=${await operatorProjectId(ctx)}` }) },
];
