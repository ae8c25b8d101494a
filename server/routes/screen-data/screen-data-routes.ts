import type { FastifyInstance } from 'fastify';
import {
  FeaturedUnit, FilterLifeList, FilterLifeQuery, MeasureTrend, MeasureTrendQuery, ScreenOverview, ScreenScopeQuery,
} from '../../../contract/screen-data';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { configuredAqiStandard } from '../../settings/aqi-standard';
import { visibleDevice, visibleProject } from '../telemetry/telemetry-repository';
import { ScreenDataRepository, type ScreenScope } from './screen-data-repository';

/**
 * Aggregates of the big-screen monitor (contract/screen-data.ts), within the user's data scope;
 * a `projectId` the user may not see answers 404, as the telemetry routes do.
 */
export function registerScreenDataRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const repo = new ScreenDataRepository(db);
  const scopeOf = async (user: AuthUser, projectId: number | undefined): Promise<ScreenScope> =>
    projectId === undefined ? { user } : { user, projectId: await visibleProject(db, user, projectId) };

  endpoint(app, db, {
    method: 'GET', url: '/s/screen/overview', access: 'signed-in', query: ScreenScopeQuery, response: ScreenOverview, display: true,
    async handler({ user, query }) {
      return repo.overview(await scopeOf(user, query.projectId), Date.now(), await configuredAqiStandard(db));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/s/measure-trend', access: 'signed-in', query: MeasureTrendQuery, response: MeasureTrend, display: true,
    async handler({ user, query }) {
      const scope = await scopeOf(user, query.projectId);
      // A device outside the user's scope is unknown to them (404), as in the telemetry calls.
      const deviceId = query.deviceId === undefined ? undefined : (await visibleDevice(db, user, query.deviceId)).id;
      return repo.measureTrend({ ...scope, deviceId }, query.tags, query.hours, Date.now());
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/s/filter-life', access: 'signed-in', query: FilterLifeQuery, response: FilterLifeList, display: true,
    async handler({ user, query }) {
      return repo.filterLife(await scopeOf(user, query.projectId), query.limit);
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/s/featured-unit', access: 'signed-in', query: ScreenScopeQuery, response: FeaturedUnit, display: true,
    async handler({ user, query }) {
      return repo.featuredUnit(await scopeOf(user, query.projectId));
    },
  });
}
