import { EffectScatterChart, ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import type { EChartsType } from 'echarts/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts } from '../shared/echartsCore';
import type { LocatedProject, StateColours } from '../shared/projectList';
import { useChinaMap } from '../shared/useChinaMap';
import { useEChart } from '../shared/useEChart';
import { WidgetNotice } from '../shared/WidgetNotice';
import { clusterProjects, unclustered, type PixelScale } from './clusterProjects';
import { OfflineBadge } from './MapLegend';
import { useWallColors } from '../shared/wallTheme';
import { buildProjectMapOption, RESET_VIEW_OPTION, RIPPLE_PERIOD_S, RIPPLE_SERIES, type MapTexts } from './projectMapOptions';
import { useRippleClockPhase } from './ripplePhase';

echarts.use([GeoComponent, ScatterChart, EffectScatterChart]);

/** Re-clustering waits until a zoom gesture has settled. */
const MEASURE_DELAY_MS = 150;
/** An operator's zoom and pan are undone after this long without another: walls are unattended. */
export const VIEW_RESET_MS = 60_000;

export interface OfflineProjectMapProps {
  projects: readonly LocatedProject[];
  colours: StateColours;
  cluster: boolean;
  scale: number;
  width: number;
  height: number;
}

/** Pixels per degree at the chart's current zoom, read from the chart itself; null before the map is drawn. */
function measure(chart: EChartsType): PixelScale | null {
  try {
    const a = chart.convertToPixel({ geoIndex: 0 }, [100, 30]) as number[] | undefined;
    const b = chart.convertToPixel({ geoIndex: 0 }, [110, 40]) as number[] | undefined;
    if (!a || !b) return null;
    const x = Math.round((Math.abs(b[0] - a[0]) / 10) * 100) / 100;
    const y = Math.round((Math.abs(b[1] - a[1]) / 10) * 100) / 100;
    return x > 0 && y > 0 ? { x, y } : null;
  } catch {
    return null;
  }
}

/**
 * The projects on the built-in ECharts map of China (public/maps/china.json): what air-gapped
 * control rooms see. Operators may zoom and pan (undone after {@link VIEW_RESET_MS} idle); with
 * `cluster`, markers that would overlap at the current zoom are grouped again once a zoom settles.
 */
export function OfflineProjectMap({ projects, colours, cluster, scale, width, height }: OfflineProjectMapProps) {
  const { t } = useTranslation('screens');
  const status = useChinaMap();
  const [pixelScale, setPixelScale] = useState<PixelScale | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chartRef = useRef<EChartsType | null>(null);

  const texts = useMemo<MapTexts>(() => ({
    states: { normal: t('project-map.normal'), alarm: t('project-map.alarm'), offline: t('project-map.offline') },
    devicesOnline: t('project-map.devicesOnline'),
    alarms: t('project-map.alarms'),
    pm25: t('project-map.pm25'),
    projects: (count) => t('project-map.projects', { count }),
    more: (count) => t('project-map.more', { count }),
  }), [t]);

  const clusters = useMemo(
    () => (cluster && pixelScale ? clusterProjects(projects, pixelScale) : unclustered(projects)),
    [projects, cluster, pixelScale],
  );
  const theme = useWallColors();
  const option = useMemo(
    () => (status === 'ready' ? buildProjectMapOption(clusters, colours, texts, theme) : null),
    [status, clusters, colours, texts, theme],
  );

  const scheduleMeasure = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const chart = chartRef.current;
      const next = chart && !chart.isDisposed() ? measure(chart) : null;
      if (next) setPixelScale((prev) => (prev && prev.x === next.x && prev.y === next.y ? prev : next));
    }, MEASURE_DELAY_MS);
  }, []);

  const onRoam = useCallback(() => {
    scheduleMeasure();
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      const chart = chartRef.current;
      if (!chart || chart.isDisposed()) return;
      chart.setOption(RESET_VIEW_OPTION);
      scheduleMeasure();
    }, VIEW_RESET_MS);
  }, [scheduleMeasure]);

  const onInit = useCallback((chart: EChartsType) => {
    chartRef.current = chart;
    chart.on('georoam', onRoam);
  }, [onRoam]);

  const { ref } = useEChart(option, scale, { onInit });
  useRippleClockPhase(chartRef, option, scale, RIPPLE_SERIES, RIPPLE_PERIOD_S);

  useEffect(() => {
    if (status === 'ready' && cluster) scheduleMeasure();
  }, [status, cluster, width, height, scale, scheduleMeasure]);

  useEffect(() => () => {
    clearTimeout(timer.current);
    clearTimeout(resetTimer.current);
    chartRef.current = null;
  }, []);

  return (
    <>
      <div ref={ref} style={{ position: 'absolute', inset: 0 }} />
      {status === 'loading' ? <WidgetNotice title={t('project-map.mapLoading')} /> : null}
      {status === 'failed' ? <WidgetNotice tone="error" title={t('project-map.mapFailed')} detail={t('project-map.mapRetrying')} /> : null}
      <OfflineBadge />
    </>
  );
}
