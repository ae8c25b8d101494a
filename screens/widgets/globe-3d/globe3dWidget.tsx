import { useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { applyProjectLive, readProjectList, splitLocated } from '../shared/projectList';
import { useChinaMap } from '../shared/useChinaMap';
import { useEChart } from '../shared/useEChart';
import { WidgetNotice } from '../shared/WidgetNotice';
import { useWallColors } from '../shared/wallTheme';
import { buildGlobeOption, globeLegend, globePropsForDisplay, readGlobeProps, type GlobeTexts } from './globe3dOptions';
import { GlobeLegend } from './GlobeLegend';
import { useGlobeClockPhase } from './globePhase';
import { probeWebgl, type WebglSupport } from '../shared/probeWebgl';
import { loseWebglContexts } from './loseWebglContexts';
import { installEchartsGl } from './installEchartsGl';

installEchartsGl();

function GlobeChart({ widget, data, scale, height, software }: WidgetRendererProps<unknown> & { software: boolean }) {
  const { t } = useTranslation('screens');
  const status = useChinaMap();
  const theme = useWallColors();
  const props = useMemo(() => globePropsForDisplay(readGlobeProps(widget.props, theme), software), [widget.props, software, theme]);
  const located = useMemo(() => splitLocated(readProjectList(data) ?? []).located, [data]);
  const texts = useMemo<GlobeTexts>(() => ({
    units: { devices: t('globe-3d.unitDevices'), energyToday: t('globe-3d.unitEnergy'), alarms: t('globe-3d.unitAlarms') },
  }), [t]);
  const legend = useMemo(() => (props.legend ? globeLegend(located, props, height) : null), [located, props, height]);
  const listed = legend?.rows.length ?? 0;
  const option = useMemo(() => (status === 'ready' ? buildGlobeOption(located, props, texts, theme, listed) : null), [status, located, props, texts, theme, listed]);
  const { ref, chart } = useEChart(option, scale);
  // The idle rotation at the clock's angle: the same on every tile of a video wall.
  useGlobeClockPhase(chart, props.autoRotate, scale);
  // A layout cleanup runs before useEChart's dispose, while the chart's canvases are still there.
  useLayoutEffect(() => {
    const el = ref.current;
    return () => loseWebglContexts(el);
  }, [ref, scale]);
  return (
    <>
      <div ref={ref} style={{ position: 'absolute', inset: 0 }} />
      {legend && status === 'ready' && located.length > 0 ? <GlobeLegend legend={legend} field={props.valueField} colours={props.stateColours} /> : null}
      {status === 'loading' ? <WidgetNotice title={t('globe-3d.mapLoading')} /> : null}
      {status === 'failed' ? <WidgetNotice tone="error" title={t('globe-3d.mapFailed')} detail={t('globe-3d.mapRetrying')} /> : null}
    </>
  );
}

function Globe3dRenderer(props: WidgetRendererProps<unknown>) {
  const { t } = useTranslation('screens');
  const [webgl] = useState<WebglSupport>(() => probeWebgl());
  return (
    <div style={{ position: 'relative', width: props.width, height: props.height, overflow: 'hidden' }}>
      {webgl.available
        ? <GlobeChart {...props} software={webgl.software} />
        : <WidgetNotice tone="error" title={t('globe-3d.noWebgl')} detail={t('globe-3d.noWebglHint')} />}
    </div>
  );
}

/**
 * globe3d: the projects as 3D bars on a slowly turning China (echarts-gl geo3D + bar3D), bar height
 * from `props.valueField` ('devices' default, 'energyToday', 'alarms'), colour by state
 * (`props.stateColours`), rank and city on each bar (`props.labels`), a legend bottom left with the
 * height's meaning, the state colours and the projects by rank (`props.legend`), name and value on hover; `props.autoRotate: false` holds it still, and so
 * does a display without a GPU (globePropsForDisplay). Data:
 * the `projectList` of GET /api/s/screen/overview. Without WebGL it says so instead of drawing.
 */
export const globe3dWidget: WidgetModule<unknown> = {
  Renderer: Globe3dRenderer,
  applyLive: (data, live, widget) => applyProjectLive(data, live, widget),
  hasData: (data) => readProjectList(data) !== null,
};
