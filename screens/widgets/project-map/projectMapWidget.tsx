import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenEnvironment } from '../../runtime/ScreenEnvironment';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { applyProjectLive, countByState, readProjectList, splitLocated } from '../shared/projectList';
import { WidgetNotice } from '../shared/WidgetNotice';
import { AmapProjectMap } from './AmapProjectMap';
import { MapLegend } from './MapLegend';
import { OfflineProjectMap } from './OfflineProjectMap';
import { useWallColors } from '../shared/wallTheme';
import { AMAP_AUTO_TIMEOUT_MS, AMAP_ONLY_TIMEOUT_MS, AMAP_RETRY_MS, chooseMapPath } from './projectMapMode';
import { readProjectMapProps } from './projectMapProps';

type AmapState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; reason: string };

function ProjectMapRenderer({ widget, data, scale, width, height }: WidgetRendererProps<unknown>) {
  const { t } = useTranslation('screens');
  const env = useScreenEnvironment();
  const theme = useWallColors();
  const props = useMemo(() => readProjectMapProps(widget.props, theme), [widget.props, theme]);
  const projects = useMemo(() => readProjectList(data) ?? [], [data]);
  const { located, unlocated } = useMemo(() => splitLocated(projects), [projects]);
  const counts = useMemo(() => countByState(projects), [projects]);
  const path = chooseMapPath(props.mode ?? env.map.mode, env.map.key);
  const [amap, setAmap] = useState<AmapState>({ kind: 'loading' });
  const onFail = useCallback((reason: string) => setAmap({ kind: 'failed', reason }), []);
  const onReady = useCallback(() => setAmap({ kind: 'ready' }), []);
  const [attempt, setAttempt] = useState(0);

  // AMap only: a wall left on the error would stay there for weeks, so it tries again now and then.
  useEffect(() => {
    if (path !== 'amap' || amap.kind !== 'failed') return undefined;
    const timer = setTimeout(() => {
      setAmap({ kind: 'loading' });
      setAttempt((n) => n + 1);
    }, AMAP_RETRY_MS);
    return () => clearTimeout(timer);
  }, [path, amap]);

  const offline = path === 'offline' || (path === 'amapThenOffline' && amap.kind === 'failed');
  let content;
  if (offline) {
    content = <OfflineProjectMap projects={located} colours={props.stateColours} cluster={props.cluster} scale={scale} width={width} height={height} />;
  } else if (!env.map.key.trim()) {
    content = <WidgetNotice tone="error" title={t('project-map.amapFailed')} detail={t('project-map.amapNoKey')} />;
  } else {
    content = (
      <>
        <AmapProjectMap
          key={attempt}
          projects={located}
          colours={props.stateColours}
          cluster={props.cluster}
          settings={env.map}
          timeoutMs={path === 'amap' ? AMAP_ONLY_TIMEOUT_MS : AMAP_AUTO_TIMEOUT_MS}
          onFail={onFail}
          onReady={onReady}
        />
        {amap.kind === 'loading' ? <WidgetNotice title={t('project-map.amapLoading')} /> : null}
        {amap.kind === 'failed' ? <WidgetNotice tone="error" title={t('project-map.amapFailed')} detail={amap.reason} /> : null}
      </>
    );
  }

  return (
    <div style={{ position: 'relative', width, height, overflow: 'hidden' }} data-map-path={offline ? 'offline' : 'amap'}>
      {content}
      <MapLegend counts={counts} colours={props.stateColours} unlocated={unlocated} />
    </div>
  );
}

/**
 * projectMap: every project of the data scope on a map of China, coloured by state (alarm,
 * offline, normal), sized by device count, with a tooltip per project. AMap when the host has a
 * key and it loads (`props.mode` or the host's map mode decides), else the built-in offline map.
 * Data: the `projectList` of GET /api/s/screen/overview (or the whole answer). Props: `cluster`,
 * `stateColours` {normal, alarm, offline}, `mode` 'auto' | 'amap' | 'offline'.
 */
export const projectMapWidget: WidgetModule<unknown> = {
  Renderer: ProjectMapRenderer,
  applyLive: (data, live, widget) => applyProjectLive(data, live, widget),
  hasData: (data) => readProjectList(data) !== null,
};
