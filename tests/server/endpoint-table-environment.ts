import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator's first project (上海张江, P-SH-01): every caller with environment-analysis sees it. */
async function operatorProject(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
}

/** The environment analysis (issue 20, server/routes/environment/) for the rights matrix of endpoint-table.ts. */
export const ENVIRONMENT_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/app-api/v_pa_dev_list', access: Right.EnvironmentAnalysis,
    call: async (ctx) => ({ url: `/app-api/v_pa_dev_list?projectId=${await operatorProject(ctx)}&Page=1&Size=5` }) },
  { method: 'GET', route: '/app-api/v_pm_dev_list', access: Right.EnvironmentAnalysis,
    call: async (ctx) => ({ url: `/app-api/v_pm_dev_list?projectId=${await operatorProject(ctx)}&Page=1&Size=5` }) },
  { method: 'GET', route: '/app-api/v_air_dev_list', access: Right.EnvironmentAnalysis,
    call: async (ctx) => ({ url: `/app-api/v_air_dev_list?projectId=${await operatorProject(ctx)}&Page=1&Size=5` }) },
  { method: 'GET', route: '/app-api/environment/aqi', access: Right.EnvironmentAnalysis,
    call: async (ctx) => ({ url: `/app-api/environment/aqi?projectId=${await operatorProject(ctx)}&period=day` }) },
  { method: 'GET', route: '/app-api/environment/filtration', access: Right.EnvironmentAnalysis,
    call: async (ctx) => ({ url: `/app-api/environment/filtration?projectId=${await operatorProject(ctx)}&period=day` }) },
];
