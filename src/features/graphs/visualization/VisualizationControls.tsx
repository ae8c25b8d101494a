import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { NameItem } from '../../../../contract/envelope';
import type { ProjectGraphSummary } from '../../../../contract/graph/project-graph';
import { toggleFullscreen } from '../../../shared/fullscreen';
import { useWakeOnPointer } from '../../../shared/screen/useWakeOnPointer';
import { Bar, BarButton, ProjectSelect } from './visualizationStyles';

interface Props {
  projects: readonly NameItem[];
  projectId: number | undefined;
  graphs: readonly ProjectGraphSummary[];
  graphId: number | undefined;
  onProject(id: number): void;
  onGraph(id: number): void;
}

/**
 * The page's only chrome, out of sight until the pointer moves (then for CONTROLS_IDLE_MS): the
 * project and graph switcher, full screen and the way back to the console.
 */
export function VisualizationControls({ projects, projectId, graphs, graphId, onProject, onGraph }: Props) {
  const { t } = useTranslation('graph');
  const [, navigate] = useLocation();
  const open = useWakeOnPointer('nv_project_visualization');
  const tab = open ? 0 : -1;

  return (
    <Bar $open={open} aria-label={t('live.switcher')} aria-hidden={!open} data-graph-switcher="">
      <ProjectSelect aria-label={t('live.project')} tabIndex={tab} value={projectId ?? ''} onChange={(e) => onProject(Number(e.target.value))}>
        {projects.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
      </ProjectSelect>
      {graphs.length > 1 && graphs.map((g) => (
        <BarButton key={g.id} type="button" tabIndex={tab} $active={g.id === graphId} onClick={() => onGraph(g.id)}>{g.name}</BarButton>
      ))}
      <BarButton type="button" tabIndex={tab} onClick={() => toggleFullscreen().catch(() => undefined)}>{t('live.fullscreen')}</BarButton>
      <BarButton type="button" tabIndex={tab} onClick={() => navigate('/')}>{t('live.backToConsole')}</BarButton>
    </Bar>
  );
}
