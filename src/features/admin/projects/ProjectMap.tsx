import { Alert, Spin, theme } from 'antd';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHINA_MAP } from '../../../../screens/widgets/shared/chinaMap';
import { echarts } from '../../../../screens/widgets/shared/echartsCore';
import { useChinaMap } from '../../../../screens/widgets/shared/useChinaMap';
import { useEChart } from '../../../../screens/widgets/shared/useEChart';

echarts.use([GeoComponent, ScatterChart]);

/** A project on the map. */
export interface MapPoint {
  id: number;
  name: string;
  lng: number;
  lat: number;
}

interface Props {
  points: readonly MapPoint[];
  /** The point drawn larger, in the accent colour. */
  selectedId?: number;
  /** A place being picked (the form's longitude and latitude), drawn as a pin. */
  pin?: { lng: number; lat: number } | null;
  height: number;
  onSelect?(id: number): void;
  /** Clicks on the map set a place: longitude and latitude to 4 decimals (about 10 m). For a map of no points. */
  onPick?(lng: number, lat: number): void;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The projects (and a place being picked) on the offline map of China — the console's map where
 * no map service is reachable (public/maps/china.json through the screens' chinaMap loader). The
 * chart is created once and disposed with the component; the map file is fetched once per page
 * and retried while it fails. Names are drawn by ECharts as text, never as markup.
 */
export function ProjectMap({ points, selectedId, pin, height, onSelect, onPick }: Props) {
  const { t } = useTranslation('admin');
  const { token } = theme.useToken();
  const status = useChinaMap();
  const handlers = useRef({ onSelect, onPick });
  handlers.current = { onSelect, onPick };
  /** How many points the option being drawn holds: `data-points` says so once ECharts has drawn it. */
  const drawing = useRef(0);

  const option = useMemo<EChartsCoreOption | null>(() => {
    if (status !== 'ready') return null;
    const data = points.map((p) => ({
      name: p.name, value: [p.lng, p.lat], id: p.id,
      symbolSize: p.id === selectedId ? 18 : 11,
      itemStyle: { color: p.id === selectedId ? token.colorWarning : token.colorPrimary, borderColor: token.colorBgContainer, borderWidth: 1.5 },
    }));
    drawing.current = data.length;
    return {
      backgroundColor: 'transparent',
      tooltip: { trigger: 'item', formatter: (p: { name: string }) => p.name, renderMode: 'richText' },
      geo: [{
        id: 'china', map: CHINA_MAP, roam: true, scaleLimit: { min: 1, max: 12 }, zoom: 1.1, top: 8, bottom: 8,
        label: { show: false },
        itemStyle: { areaColor: token.colorFillTertiary, borderColor: token.colorBorder, borderWidth: 0.8 },
        emphasis: { disabled: !!onPick, label: { show: false }, itemStyle: { areaColor: token.colorFillSecondary } },
        tooltip: { show: false },
      }],
      series: [
        { id: 'projects', type: 'scatter', coordinateSystem: 'geo', geoIndex: 0, data, cursor: onSelect ? 'pointer' : 'default', zlevel: 1 },
        {
          id: 'pin', type: 'scatter', coordinateSystem: 'geo', geoIndex: 0, symbol: 'pin', symbolSize: 30, zlevel: 2, silent: true,
          itemStyle: { color: token.colorError }, data: pin ? [{ name: '', value: [pin.lng, pin.lat] }] : [],
        },
      ],
    };
  }, [status, points, selectedId, pin, token, onPick, onSelect]);

  const onInit = useCallback((chart: EChartsType) => {
    chart.on('finished', () => { chart.getDom().dataset.points = String(drawing.current); });
    chart.on('click', (e) => {
      const id = (e.data as { id?: number } | undefined)?.id;
      if (e.seriesId === 'projects' && typeof id === 'number') handlers.current.onSelect?.(id);
    });
    chart.getZr().on('click', (e) => {
      // Picking (the form's map shows no projects) takes any click on the map.
      if (!handlers.current.onPick) return;
      const at = [e.offsetX, e.offsetY];
      if (!chart.containPixel({ geoIndex: 0 }, at)) return;
      const coord = chart.convertFromPixel({ geoIndex: 0 }, at) as number[] | undefined;
      if (coord && Number.isFinite(coord[0]) && Number.isFinite(coord[1])) handlers.current.onPick(round4(coord[0]), round4(coord[1]));
    });
  }, []);
  const { ref } = useEChart(option, 1, { onInit, notMerge: true });

  return (
    <div style={{ position: 'relative', height, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}>
      <div ref={ref} data-testid="project-map" style={{ position: 'absolute', inset: 0, cursor: onPick ? 'crosshair' : undefined }} />
      {status === 'loading' && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} tip={t('projects.mapLoading')} />}
      {status === 'failed' && <Alert style={{ position: 'absolute', left: 12, right: 12, top: 12 }} type="warning" showIcon title={t('projects.mapFailed')} />}
    </div>
  );
}
