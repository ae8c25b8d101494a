import type { FastifyInstance } from 'fastify';
import { AlarmStats, DeviceStats, ProjectStats } from '../../../contract/statistics';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { statisticsRepository } from './statistics-repository';

/** Statistics for the home page and the big screen, always within the user's data scope. */
export function registerStatisticsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const stats = statisticsRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/s/project', access: 'signed-in', response: ProjectStats, display: true,
    handler: ({ user }) => stats.projects(user),
  });

  endpoint(app, db, {
    method: 'GET', url: '/s/device', access: 'signed-in', response: DeviceStats, display: true,
    handler: ({ user }) => stats.devices(user),
  });

  endpoint(app, db, {
    method: 'GET', url: '/s/wMeasure/count', access: 'signed-in', response: AlarmStats, display: true,
    handler: ({ user }) => stats.alarms(user),
  });
}
