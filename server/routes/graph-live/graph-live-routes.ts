import type { FastifyInstance } from 'fastify';
import { GraphLiveQuery, GraphLiveSnapshot } from '../../../contract/graph-live';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/device-scope';

/** A project's points in one answer: bounded, as the telemetry values read is. */
const MAX_VALUES = 20_000;

/**
 * The live view's snapshot (contract/graph-live.ts): device states and current values of one
 * project, for any signed-in user who may see the project (404 otherwise), like the big screen's
 * reads. Two indexed queries over the project's devices.
 */
export function registerGraphLiveRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/s/graph-live', access: 'signed-in', query: GraphLiveQuery, response: GraphLiveSnapshot,
    async handler({ user, query }) {
      const projectId = await visibleProject(db, user, query.projectId);
      const [devices, values] = await Promise.all([
        db.selectFrom('t_device').select(['id', 'state']).where('project_id', '=', projectId).orderBy('id').execute(),
        db.selectFrom('t_real_measure as r')
          .innerJoin('t_device as d', 'd.id', 'r.device_id')
          .innerJoin('t_measure as m', 'm.id', 'r.measure_id')
          .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'r.device_id').onRef('w.measure_id', '=', 'r.measure_id'))
          .select(['r.device_id', 'r.measure_id', 'm.decimals', 'r.value', 'r.ts', 'w.id as alarm_id'])
          .where('d.project_id', '=', projectId)
          .orderBy('r.device_id').orderBy('r.measure_id').limit(MAX_VALUES).execute(),
      ]);
      return {
        devices: devices.map((d) => ({ id: d.id, state: d.state })),
        values: values.map((r) => ({
          deviceId: r.device_id, measureId: r.measure_id, value: r.value, decimals: r.decimals, ts: Number(r.ts), alarm: r.alarm_id !== null,
        })),
        at: Date.now(),
      };
    },
  });
}
