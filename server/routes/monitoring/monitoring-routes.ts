import type { FastifyInstance } from 'fastify';
import { ProjectMonitor, ProjectMonitorQuery } from '../../../contract/monitoring';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { visibleProject } from '../telemetry/telemetry-repository';
import { projectMonitorSnapshot } from './project-monitor-repository';

/**
 * The monitoring pages' reads (issue 19). 项目监控's snapshot is open to any signed-in user who
 * may see the project (404 otherwise), like the big screen's and the live graph's reads; the
 * device monitor reads the device list (GET /api/t_device, device-preview) and needs nothing more.
 */
export function registerMonitoringRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/s/project-monitor', access: 'signed-in', query: ProjectMonitorQuery, response: ProjectMonitor,
    async handler({ user, query }) {
      return projectMonitorSnapshot(db, user, await visibleProject(db, user, query.projectId));
    },
  });
}
