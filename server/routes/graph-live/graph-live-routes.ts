import type { FastifyInstance } from 'fastify';
import { GraphLiveQuery, GraphLiveSnapshot } from '../../../contract/graph/live';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/telemetry-repository';
import { graphLiveSnapshot } from './graph-live-repository';

/** A project's points in one answer: bounded, as the telemetry values read is. */
const MAX_VALUES = 20_000;

/**
 * The live view's snapshot (contract/graph/live.ts): device states and current values of one
 * project, for any signed-in user who may see the project (404 otherwise), like the big screen's
 * reads.
 */
export function registerGraphLiveRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/s/graph-live', access: 'signed-in', query: GraphLiveQuery, response: GraphLiveSnapshot, display: true,
    async handler({ user, query }) {
      const projectId = await visibleProject(db, user, query.projectId);
      return { ...(await graphLiveSnapshot(db, projectId, MAX_VALUES)), at: Date.now() };
    },
  });
}
