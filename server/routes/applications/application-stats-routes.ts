import type { FastifyInstance } from 'fastify';
import { LoginStatList, LoginStatsQuery } from '../../../contract/resources/application-stats';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { loginStats } from './application-stats-repository';

/** The statistics of nv_application_static beside user-app-count: sign-ins per application and day. */
export function registerApplicationStatsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/t_application/login-stats', access: Right.ApplicationPreview, query: LoginStatsQuery, response: LoginStatList,
    handler: ({ query }) => loginStats(db, query.days, query.tzOffset),
  });
}
