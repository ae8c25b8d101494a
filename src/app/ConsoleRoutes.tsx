import { Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { ChunkBoundary } from '../shared/ui/ChunkBoundary';
import { AnalysisBranch, KioskPlayerPage, MonitorPage, ProjectVisualizationPage, PurchaseBranch, StandalonePage } from './lazyPages';
import { MainBranch } from './MainBranch';
import { PageLoading } from './PageLoading';
import { SuperBranch } from './SuperBranch';

/**
 * Stand-alone routes render without a layout (SPEC §2); /monitor is the big screen and
 * /nv_project_visualization the live project graph.
 */
const STANDALONE = ['nv_screen_graph_editor', 'nv_screen_graph_preview'] as const;

const SUPER_PATHS = /^\/(nv_screen_graph_lib|nv_personal_config)\/?$/;
const ANALYSIS_PATHS = /^\/(nv_energy_analysis|nv_life_analysis|nv_environment_analysis)(\/.*)?$/;
const PURCHASE_PATHS = /^\/nv_buy(\/.*)?$/;

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={<PageLoading fullScreen />}>{children}</Suspense>
    </ChunkBoundary>
  );
}

/** The signed-in routes: stand-alone pages, then the super, analysis, purchase and main layouts. */
export function ConsoleRoutes() {
  return (
    <Switch>
      <Route path="/monitor"><Lazy><MonitorPage /></Lazy></Route>
      <Route path="/kiosk"><Lazy><KioskPlayerPage /></Lazy></Route>
      <Route path="/nv_project_visualization"><Lazy><ProjectVisualizationPage /></Lazy></Route>
      {STANDALONE.map((name) => (
        <Route key={name} path={`/${name}`}>
          <Lazy><StandalonePage name={name} /></Lazy>
        </Route>
      ))}
      <Route path={SUPER_PATHS}><SuperBranch /></Route>
      <Route path={ANALYSIS_PATHS}><Lazy><AnalysisBranch /></Lazy></Route>
      <Route path={PURCHASE_PATHS}><Lazy><PurchaseBranch /></Lazy></Route>
      <Route><MainBranch /></Route>
    </Switch>
  );
}
