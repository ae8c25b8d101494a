import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { registerEnergyRoutes } from './energy/energy-routes';
import { registerFilterCatalogueRoutes } from './filter-catalogue/catalogue-routes';
import { registerLifeRoutes } from './life/life-routes';
import { registerEnvironmentRoutes } from './environment/environment-routes';
import { registerPurchaseRoutes } from './purchase/purchase-routes';

/**
 * The second API base (SPEC §7, `/app-api`): analysis, purchasing, filter catalogue and
 * installation families. Each family registers here with one line; the envelope, auth and
 * rights rules are those of `/api`.
 */
export function registerAppApiRoutes(appApi: FastifyInstance, deps: AppDeps): void {
  void deps; // used by the families as they register
  appApi.get('/ping', async () => ({ success: true, data: 'pong' }));
  registerEnergyRoutes(appApi, deps);
  registerFilterCatalogueRoutes(appApi, deps);
  registerEnvironmentRoutes(appApi, deps);
  registerPurchaseRoutes(appApi, deps);
  registerLifeRoutes(appApi, deps);
}
