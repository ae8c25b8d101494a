import type { WidgetType } from '../../contract/screen-template';
import type { AnyWidgetModule } from '../runtime/types';
import { alarmTickerWidget } from './alarm-ticker/alarmTickerWidget';
import { barRankingWidget } from './bar-ranking/barRankingWidget';
import { deviceTableWidget } from './device-table/deviceTableWidget';
import { gaugeWidget } from './gauge/gaugeWidget';
import { headerWidget } from './header/headerWidget';
import { kpiWidget } from './kpi/kpiWidget';
import { model3dWidget } from './model-3d/model3dWidget';
import { pieWidget } from './pie/pieWidget';
import { projectMapWidget } from './project-map/projectMapWidget';
import { trendWidget } from './trend/trendWidget';

/** The widget types kept in this chunk. */
export type CoreWidgetType = Exclude<WidgetType, 'globe3d'>;

/**
 * The widget types nearly every screen shows, in one chunk: a wall's cold start downloads one
 * file (and ECharts once) instead of one file per type plus a dozen shared helper chunks that
 * queue behind each other on the browser's six HTTP/1.1 connections. The heavy parts stay apart:
 * the 3D scene (three.js) loads on idle from the model3d widget, echarts-gl with globe3d.
 */
export const CORE_WIDGETS: Record<CoreWidgetType, AnyWidgetModule> = {
  header: headerWidget,
  kpi: kpiWidget,
  trend: trendWidget,
  barRanking: barRankingWidget,
  pie: pieWidget,
  gauge: gaugeWidget,
  alarmTicker: alarmTickerWidget,
  deviceTable: deviceTableWidget,
  projectMap: projectMapWidget,
  model3d: model3dWidget,
};
