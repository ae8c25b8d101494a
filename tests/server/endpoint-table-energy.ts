import { Right } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** The operator's first project (上海张江, P-SH-01): every caller with energy-analysis sees it. */
async function operatorProject(ctx: MatrixContext): Promise<number> {
  return (await ctx.server.database.db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
}

/** Energy analysis (issue 20, server/routes/energy/) for the rights matrix of endpoint-table.ts. */
export const ENERGY_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/app-api/v_energy_prj_list', access: Right.EnergyAnalysis, call: () => ({ url: '/app-api/v_energy_prj_list?period=week' }) },
  { method: 'GET', route: '/app-api/v_energy_dev_list', access: Right.EnergyAnalysis,
    call: async (ctx) => ({ url: `/app-api/v_energy_dev_list?period=day&projectId=${await operatorProject(ctx)}` }) },
];
