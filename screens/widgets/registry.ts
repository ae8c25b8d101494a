import type { WidgetType } from '../../contract/screen-template';
import type { AnyWidgetModule, WidgetDefinition } from '../runtime/types';
import type { CoreWidgetType } from './coreWidgets';
import { chooseMapPath, mapModeOf } from './project-map/projectMapMode';
import { prefetchChinaMap } from './shared/chinaMapSource';

const lazy = <M>(load: () => Promise<M>, pick: (m: M) => AnyWidgetModule) => () => load().then(pick);
const loadCore = () => import('./coreWidgets');
const core = (type: CoreWidgetType) => lazy(loadCore, (m) => m.CORE_WIDGETS[type]);

/** Starts loading the chunk of the common widget types (a wall's cold start, before its template is in). */
export function preloadCoreWidgets(): Promise<unknown> {
  return loadCore();
}

/**
 * Every widget type of the template schema, loaded on first use: the common 2D types share one
 * chunk (coreWidgets.ts), echarts-gl's globe is its own, and the model's three.js scene loads from
 * its widget once the page is idle. A type missing here fails the type check.
 */
export const WIDGETS: Record<WidgetType, WidgetDefinition> = {
  header: { nameKey: 'widget.header', load: core('header') },
  kpi: { nameKey: 'widget.kpi', load: core('kpi') },
  trend: { nameKey: 'widget.trend', load: core('trend') },
  barRanking: { nameKey: 'widget.barRanking', load: core('barRanking') },
  pie: { nameKey: 'widget.pie', load: core('pie') },
  gauge: { nameKey: 'widget.gauge', load: core('gauge') },
  alarmTicker: { nameKey: 'widget.alarmTicker', load: core('alarmTicker') },
  deviceTable: { nameKey: 'widget.deviceTable', load: core('deviceTable') },
  projectMap: {
    nameKey: 'widget.projectMap',
    load: core('projectMap'),
    // The offline map's outline (AMap alone needs none) comes with the data, not after the widget mounts.
    prepare: (props, environment) => {
      if (chooseMapPath(mapModeOf(props) ?? environment.map.mode, environment.map.key) !== 'amap') prefetchChinaMap();
    },
  },
  model3d: { nameKey: 'widget.model3d', load: core('model3d') },
  globe3d: { nameKey: 'widget.globe3d', load: lazy(() => import('./globe-3d/globe3dWidget'), (m) => m.globe3dWidget), prepare: prefetchChinaMap },
};
