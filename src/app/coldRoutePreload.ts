import { Console } from './App';
import {
  AccountPage, AnalysisBranch, KioskPlayerPage, MonitorPage, NoticePage, PlaylistAdminPage, preloadAdminRoute, ProjectGraphPage,
  ProjectMonitorPage, ProjectVisualizationPage, PurchaseBranch, ScreenEditorPage, ScreenPreviewPage,
} from './lazyPages';
import { ANALYSIS_PATHS, PURCHASE_PATHS, SUPER_PATHS } from './routes/branchPaths';
import { likelyMainPage, type MainPageKind } from './routes/mainRoutes';
import { normalizePath } from './routes/matchPath';

/**
 * A signed-in start renders once its route's chunks are in (a render that had to suspend would
 * hold each revealed level back for React's 300 ms, once per level); if they take longer than
 * this, a plain loading screen shows meanwhile (bootLoading.ts). On a LAN they are in well before.
 */
export const COLD_PRELOAD_WAIT_MS = 400;
/** ...and it renders anyway after this long (then React's loading screen shows until they are in). */
export const COLD_PRELOAD_CAP_MS = 10_000;

interface Preloadable { preload(): Promise<void> }

/** Stand-alone pages and layout branches (ConsoleRoutes), in its order. */
const BRANCHES: [RegExp, Preloadable][] = [
  [/^\/monitor$/, MonitorPage],
  [/^\/kiosk$/, KioskPlayerPage],
  [/^\/nv_project_visualization$/, ProjectVisualizationPage],
  [/^\/nv_project_monitor(\/nv_project_monitor)?$/, ProjectMonitorPage],
  [/^\/nv_screen_graph_editor$/, ScreenEditorPage],
  [/^\/nv_screen_graph_preview$/, ScreenPreviewPage],
  [ANALYSIS_PATHS, AnalysisBranch],
  [PURCHASE_PATHS, PurchaseBranch],
];

const MAIN_PAGES: Record<Exclude<MainPageKind, 'admin' | 'home'>, Preloadable> = {
  notice: NoticePage, account: AccountPage, projectGraph: ProjectGraphPage, playlists: PlaylistAdminPage,
};

/**
 * Fetches, all at once, the chunks a signed-in cold start on `pathname` renders: the console, then
 * its branch or page (and an admin page's own chunk), so no level of the first render suspends.
 */
export function preloadColdRoute(pathname: string): Promise<unknown> {
  const path = normalizePath(pathname);
  const loads: Promise<unknown>[] = [Console.preload()];
  const branch = BRANCHES.find(([pattern]) => pattern.test(path));
  if (branch) loads.push(branch[1].preload());
  else if (!SUPER_PATHS.test(path)) {
    const { kind, chunk } = likelyMainPage(path);
    if (kind === 'admin') loads.push(preloadAdminRoute(path));
    else if (kind !== 'home') loads.push(MAIN_PAGES[kind].preload());
    if (chunk) loads.push(chunk());
  }
  return Promise.allSettled(loads);
}
