import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator's first project (上海张江洁净厂房): every matrix caller with a token may see it or be refused. */
async function operatorProjectId(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
}

/** The monitoring pages' reads (issue 19, server/routes/monitoring/) for the rights matrix of endpoint-table.ts. */
export const MONITORING_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/s/project-monitor', access: 'signed-in',
    call: async (ctx) => ({ url: `/api/s/project-monitor?projectId=${await operatorProjectId(ctx)}` }) },
];
