import { LOGIN_PATH } from '../../shared/redirect';
import { normalizePath } from './matchPath';

/** The layout branches' paths (SPEC §2), shared by ConsoleRoutes and the cold start's preload. */
export const SUPER_PATHS = /^\/(nv_screen_graph_lib|nv_personal_config)\/?$/;
export const ANALYSIS_PATHS = /^\/(nv_energy_analysis|nv_life_analysis|nv_environment_analysis)(\/.*)?$/;
export const PURCHASE_PATHS = /^\/nv_buy(\/.*)?$/;

/** Whether `pathname` is a page behind login (the console chunk renders it). */
export function isConsolePath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path !== LOGIN_PATH && path !== '/login' && path !== '/404';
}
