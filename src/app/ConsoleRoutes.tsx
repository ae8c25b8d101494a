import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ChunkBoundary } from '../shared/ui/ChunkBoundary';
import { AnalysisBranch, KioskPlayerPage, MonitorPage, ProjectMonitorPage, ProjectVisualizationPage, PurchaseBranch, ScreenEditorPage, ScreenPreviewPage } from './lazyPages';
import { MainBranch } from './MainBranch';
import { PageLoading } from './PageLoading';
import { ANALYSIS_PATHS, PURCHASE_PATHS, SUPER_PATHS } from './routes/branchPaths';
import { SuperBranch } from './SuperBranch';


function Lazy({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>
    </ChunkBoundary>
  );
}

/**
 * The signed-in routes: stand-alone pages without a layout (SPEC §2: the big screen, the live
 * project graph, project monitoring in a tab of its own, the template editor and preview), then
 * the super, analysis, purchase and main layouts.
 */
export function ConsoleRoutes() {
  return (
    <Switch>
      <Route path="/monitor"><Lazy><MonitorPage /></Lazy></Route>
      <Route path="/kiosk"><Lazy><KioskPlayerPage /></Lazy></Route>
      <Route path="/nv_project_visualization"><Lazy><ProjectVisualizationPage /></Lazy></Route>
      <Route path="/nv_project_monitor/nv_project_monitor"><Lazy><ProjectMonitorPage /></Lazy></Route>
      <Route path="/nv_project_monitor"><Redirect to="/nv_project_monitor/nv_project_monitor" replace /></Route>
      <Route path="/nv_screen_graph_editor"><Lazy><ScreenEditorPage /></Lazy></Route>
      <Route path="/nv_screen_graph_preview"><Lazy><ScreenPreviewPage /></Lazy></Route>
      <Route path={SUPER_PATHS}><SuperBranch /></Route>
      <Route path={ANALYSIS_PATHS}><Lazy><AnalysisBranch /></Lazy></Route>
      <Route path={PURCHASE_PATHS}><Lazy><PurchaseBranch /></Lazy></Route>
      <Route><MainBranch /></Route>
    </Switch>
  );
}
