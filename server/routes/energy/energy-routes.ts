import type { FastifyInstance } from 'fastify';
import { EnergyDeviceList, EnergyDeviceQuery, EnergyProjectList, EnergyQuery } from '../../../contract/energy-analysis';
import { Right } from '../../../contract/rights';
import { EnergyRepository } from '../../analysis/energy/energy-repository';
import { EnergyService, siteDayStart } from '../../analysis/energy/energy-service';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { loadSettings } from '../../settings/settings-repository';

/**
 * Energy analysis on the second API base (issue 20; server/analysis/energy/README.md): the
 * projects the caller sees over a day, week, month or year against the period before, and one
 * project's devices, with `energy-analysis`. A project outside the caller's scope answers 404.
 */
export function registerEnergyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const repo = new EnergyRepository(db);
  const service = new EnergyService(repo, async () => (await loadSettings(db)).electricityPrice);
  const at = (date: string | undefined) => (date ? siteDayStart(date) : Date.now());

  endpoint(app, db, {
    method: 'GET', url: '/v_energy_prj_list', access: Right.EnergyAnalysis, query: EnergyQuery, response: EnergyProjectList,
    async handler({ user, query }) {
      return service.projectList(user, query.period, at(query.date));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/v_energy_dev_list', access: Right.EnergyAnalysis, query: EnergyDeviceQuery, response: EnergyDeviceList,
    async handler({ user, query }) {
      const project = await repo.projectVisible(user, query.projectId);
      if (!project) throw notFound('项目');
      return service.deviceList(user, project, query.period, at(query.date));
    },
  });
}
