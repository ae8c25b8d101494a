import { DeviceTypeId } from '../../contract/enums';
import { Right } from '../../contract/rights';
import { Simulator } from '../../server/simulator/simulator';
import type { EndpointCase, MatrixContext } from './endpoint-table';

/** A project with simulated sensors that every caller of the matrix sees (the operator's). */
async function drillProject(ctx: MatrixContext): Promise<number> {
  const row = await ctx.server.database.db.selectFrom('t_device').select('project_id')
    .where('device_type_id', '=', DeviceTypeId.Sensor).where('project_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  return row.project_id!;
}

/** The demo simulator's drills (server/routes/sim/) for the rights matrix of endpoint-table.ts. */
export const SIM_ENDPOINTS: EndpointCase[] = [
  { method: 'POST', route: '/api/sim/drill/haze', access: Right.DeviceEdit,
    // The matrix's server runs no simulator: one that is loaded but never ticks is enough to plan a drill.
    async prepare(ctx) {
      if (ctx.server.drills.running) return;
      const sim = new Simulator({ db: ctx.server.database.db, ingest: ctx.server.telemetry.ingest });
      await sim.load();
      ctx.server.drills.attach(sim);
    },
    call: async (ctx) => ({ url: '/api/sim/drill/haze', body: { projectId: await drillProject(ctx), minutes: 1 } }) },
];
