import type { WidgetType } from '../../contract/screen-template';
import type { AnyWidgetModule, WidgetDefinition } from '../runtime/types';

const lazy = <M>(load: () => Promise<M>, pick: (m: M) => AnyWidgetModule) => () => load().then(pick);

/**
 * Every widget type of the template schema, each loaded on first use in its own chunk (maps, 3D
 * and echarts-gl stay out of the initial bundle). A type missing here fails the type check.
 */
export const WIDGETS: Record<WidgetType, WidgetDefinition> = {
  header: { nameKey: 'widget.header', load: lazy(() => import('./header/headerWidget'), (m) => m.headerWidget) },
  kpi: { nameKey: 'widget.kpi', load: lazy(() => import('./kpi/kpiWidget'), (m) => m.kpiWidget) },
  trend: { nameKey: 'widget.trend', load: lazy(() => import('./trend/trendWidget'), (m) => m.trendWidget) },
  barRanking: { nameKey: 'widget.barRanking', load: lazy(() => import('./bar-ranking/barRankingWidget'), (m) => m.barRankingWidget) },
  pie: { nameKey: 'widget.pie', load: lazy(() => import('./pie/pieWidget'), (m) => m.pieWidget) },
  gauge: { nameKey: 'widget.gauge', load: lazy(() => import('./gauge/gaugeWidget'), (m) => m.gaugeWidget) },
  alarmTicker: { nameKey: 'widget.alarmTicker', load: lazy(() => import('./alarm-ticker/alarmTickerWidget'), (m) => m.alarmTickerWidget) },
  deviceTable: { nameKey: 'widget.deviceTable', load: lazy(() => import('./device-table/deviceTableWidget'), (m) => m.deviceTableWidget) },
  projectMap: { nameKey: 'widget.projectMap', load: lazy(() => import('./project-map/projectMapWidget'), (m) => m.projectMapWidget) },
  model3d: { nameKey: 'widget.model3d', load: lazy(() => import('./model-3d/model3dWidget'), (m) => m.model3dWidget) },
  globe3d: { nameKey: 'widget.globe3d', load: lazy(() => import('./globe-3d/globe3dWidget'), (m) => m.globe3dWidget) },
};
