import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { NameItem } from '../../../../contract/envelope';
import type { ProjectGraphSummary } from '../../../../contract/graph/project-graph';
import { GraphLiveView } from '../../../../screens/graph/live/GraphLiveView';
import { toggleFullscreen } from '../../../shared/fullscreen';
import { createScreenClient } from '../../../shared/screen/createScreenClient';
import { appStore } from '../../../shared/store';
import { idParam, listGraphs, listProjects, projectForKey, shownGraphs } from './visualizationApi';
import { VisualizationControls } from './VisualizationControls';
import { Centre, Page } from './visualizationStyles';

const PATH = '/nv_project_visualization';

/**
 * /nv_project_visualization: a project's graph (组态), full window, read-only and live.
 * `?projectId=<id>&graphId=<id>`; without a project the first the user may see, without a graph
 * the project's active one. Moving the pointer shows the switcher for a few seconds; F toggles
 * full screen; ←/→ (and a remote's channel keys) step through the projects.
 */
export function ProjectVisualizationPage() {
  const { t } = useTranslation('graph');
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const askedProject = idParam(params.get('projectId'));
  const graphId = idParam(params.get('graphId'));
  // One client for the screen's lifetime: it follows the hub owner itself (createScreenClient).
  const client = useMemo(() => createScreenClient(appStore), []);

  const [projects, setProjects] = useState<NameItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    listProjects(abort.signal).then(setProjects, () => {
      if (!abort.signal.aborted) setFailed(true);
    });
    return () => abort.abort();
  }, []);
  const projectId = askedProject ?? projects?.[0]?.id;

  const [graphs, setGraphs] = useState<ProjectGraphSummary[]>([]);
  useEffect(() => {
    if (projectId === undefined) return undefined;
    const abort = new AbortController();
    listGraphs(projectId, abort.signal).then((list) => setGraphs(shownGraphs(list)), () => setGraphs([]));
    return () => abort.abort();
  }, [projectId]);

  const show = useCallback((project: number, graph?: number) => {
    navigate(`${PATH}?projectId=${project}${graph ? `&graphId=${graph}` : ''}`, { replace: true });
  }, [navigate]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
      if (event.key === 'f' || event.key === 'F') {
        toggleFullscreen().catch(() => undefined);
        return;
      }
      const next = projectForKey(event.key, projects ?? [], projectId);
      if (next === null || next === projectId) return;
      event.preventDefault();
      show(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [projects, projectId, show]);

  let body;
  if (projectId !== undefined) {
    body = <GraphLiveView key={`${projectId}:${graphId ?? ''}`} client={client} projectId={projectId} graphId={graphId} />;
  } else if (projects) {
    body = <Centre>{t('live.noProject')}</Centre>;
  } else {
    body = <Centre role={failed ? 'alert' : 'status'}>{failed ? t('live.loadFailed') : t('live.loading')}</Centre>;
  }
  return (
    <Page data-page="nv_project_visualization" data-project={projectId ?? ''}>
      {body}
      <VisualizationControls
        projects={projects ?? []} projectId={projectId} graphs={graphs} graphId={graphId ?? graphs[0]?.id}
        onProject={(id) => show(id)} onGraph={(id) => projectId !== undefined && show(projectId, id)}
      />
    </Page>
  );
}
