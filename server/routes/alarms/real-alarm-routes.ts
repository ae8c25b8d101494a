import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RealAlarmCountQuery, RealAlarmPage, RealAlarmQuery } from '../../../contract/alarms';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { realAlarmRepository } from './alarm-repository';

/**
 * Real-time alarms: what the top-bar bell and the alarm pages read. Everyone signed in sees the
 * alarms of the projects in their data scope; the pages behind 查看更多 are gated in the console.
 */
export function registerRealAlarmRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const alarms = realAlarmRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure_warning', access: 'signed-in', query: RealAlarmQuery, response: RealAlarmPage,
    handler: ({ user, query }) => alarms.list(user, query.projectId, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure_warning/count', access: 'signed-in', query: RealAlarmCountQuery, response: z.number().int(),
    handler: ({ user, query }) => alarms.count(user, query.projectId),
  });
}
