import type { FastifyInstance } from 'fastify';
import {
  AirDevicePage, AqiAnalysis, AqiAnalysisQuery, EnvListQuery, FiltrationAnalysis, FiltrationQuery, PaDevicePage, PmDevicePage, PmDeviceQuery,
} from '../../../contract/environment-analysis';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { configuredAqiStandard } from '../../settings/aqi-standard';
import { EnvironmentRepository } from './environment-repository';
import { EnvironmentService } from './environment-service';

/**
 * Environment analysis on the second API base (issue 20; server/README.md "Environment
 * analysis"): the resistance, particulate and air-volume lists, the AQI analysis under the
 * configured standard and the filtration analysis, all with `environment-analysis`, over the
 * caller's visible projects (a project outside them answers 404).
 */
export function registerEnvironmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const repo = new EnvironmentRepository(db);
  const service = new EnvironmentService(repo);
  const now = () => Date.now();
  const checkProject = async (user: AuthUser, projectId: number | undefined) => {
    if (projectId !== undefined && !(await repo.projectVisible(user, projectId))) throw notFound('项目');
  };

  endpoint(app, db, {
    method: 'GET', url: '/v_pa_dev_list', access: Right.EnvironmentAnalysis, query: EnvListQuery, response: PaDevicePage,
    async handler({ user, query }) {
      await checkProject(user, query.projectId);
      return service.paList(user, query, now());
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/v_pm_dev_list', access: Right.EnvironmentAnalysis, query: PmDeviceQuery, response: PmDevicePage,
    async handler({ user, query }) {
      await checkProject(user, query.projectId);
      return service.pmList(user, query, now());
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/v_air_dev_list', access: Right.EnvironmentAnalysis, query: EnvListQuery, response: AirDevicePage,
    async handler({ user, query }) {
      await checkProject(user, query.projectId);
      return service.airList(user, query, now());
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/environment/aqi', access: Right.EnvironmentAnalysis, query: AqiAnalysisQuery, response: AqiAnalysis,
    async handler({ user, query }) {
      await checkProject(user, query.projectId);
      return service.aqi(user, query, await configuredAqiStandard(db), now());
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/environment/filtration', access: Right.EnvironmentAnalysis, query: FiltrationQuery, response: FiltrationAnalysis,
    async handler({ user, query }) {
      await checkProject(user, query.projectId);
      return service.filtration(user, query, now());
    },
  });
}
