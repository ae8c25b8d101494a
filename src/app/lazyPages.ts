import { lazyPage } from '../shared/lazyPage';

/*
 * The console's lazy chunks (DESIGN "Screen runtime": heavy parts and admin pages are separate
 * chunks). Each loads with the 120 s timeout; a failure is retried by the ChunkBoundary.
 */
export const AnalysisBranch = lazyPage(() => import('../features/analysis/AnalysisBranch'), 'AnalysisBranch');
export const PurchaseBranch = lazyPage(() => import('../features/purchase/PurchaseBranch'), 'PurchaseBranch');
export const AdminPage = lazyPage(() => import('../features/admin/AdminPage'), 'AdminPage');
/**
 * The admin branch's chunk and then the chunk of its page at `path` (see preloadAdminRoute). It
 * goes through AdminPage.preload, so the lazy AdminPage knows its chunk is in and renders without
 * suspending (an import of the same module beside it would leave the lazy page to suspend once,
 * and React would hold the page back 300 ms behind its fallback).
 */
export const preloadAdminRoute = (path: string): Promise<void> => AdminPage.preload()
  .then(() => import('../features/admin/AdminPage'))
  .then((m) => m.preloadAdminRoute(path));
export const AccountPage = lazyPage(() => import('../features/account/AccountPage'), 'AccountPage');
export const NoticePage = lazyPage(() => import('../features/messages/NoticePage'), 'NoticePage');
export const MonitorPage = lazyPage(() => import('../features/monitor/MonitorPage'), 'MonitorPage');
export const KioskPlayerPage = lazyPage(() => import('../features/kiosk/KioskPlayerPage'), 'KioskPlayerPage');
export const ProjectVisualizationPage = lazyPage(() => import('../features/graphs/visualization/ProjectVisualizationPage'), 'ProjectVisualizationPage');
export const ProjectGraphPage = lazyPage(() => import('../features/graphs/editor/ProjectGraphPage'), 'ProjectGraphPage');
export const PlaylistAdminPage = lazyPage(() => import('../features/kiosk/PlaylistAdminPage'), 'PlaylistAdminPage');
export const ScreenPreviewPage = lazyPage(() => import('../features/screens/preview/PreviewPage'), 'PreviewPage');
export const ScreenEditorPage = lazyPage(() => import('../features/screens/editor/EditorPage'), 'EditorPage');
export const ScreenLibraryPage = lazyPage(() => import('../features/screens/library/LibraryPage'), 'LibraryPage');
export const PersonalConfigPage = lazyPage(() => import('../features/screens/personal/PersonalConfigPage'), 'PersonalConfigPage');
export const ProjectMonitorPage = lazyPage(() => import('../features/monitoring/ProjectMonitorPage'), 'ProjectMonitorPage');
