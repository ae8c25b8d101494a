import type { z } from 'zod';
import { AlarmTickerData, AlarmTickerProps } from './alarmTicker';
import { BarRankingData, BarRankingProps } from './barRanking';
import { DeviceTableData, DeviceTableProps } from './deviceTable';
import { GaugeData, GaugeProps } from './gauge';
import { Globe3dData, Globe3dProps } from './globe3d';
import { HeaderData, HeaderProps } from './header';
import { KpiData, KpiProps } from './kpi';
import type { I18nText } from './meta';
import { Model3dData, Model3dProps } from './model3d';
import { PieData, PieProps } from './pie';
import { ProjectMapData, ProjectMapProps } from './projectMap';
import { TrendData, TrendProps } from './trend';

/** The widget types a template may place (the runtime's registry has one module for each). */
export const WIDGET_TYPES = [
  'header', 'kpi', 'trend', 'barRanking', 'pie', 'gauge', 'alarmTicker', 'deviceTable', 'projectMap', 'model3d', 'globe3d',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** What the contract says about one widget type. */
export interface WidgetSchema {
  /** Its `props`: a strict object whose every field has a default or is optional, with editor metadata (`describeProps`). */
  props: z.ZodObject;
  /** The data its binding must produce (for the binding editor's preview and hints). */
  data: z.ZodType;
  /** Its name in the palette and the layers panel. */
  label: I18nText;
  /** Its size (design px) when dropped from the palette: what the demo screens use. */
  size: { w: number; h: number };
}

/**
 * Every widget type's schemas, one definition read by the widget (its props reader), the server
 * (the template schema validates each widget's props with it on save and load) and the editor
 * (the property panel is `describeProps(WIDGET_SCHEMAS[type].props)`). `satisfies` keeps each
 * entry's own types and fails the type check when a type is missing or unknown.
 */
export const WIDGET_SCHEMAS = {
  header: { props: HeaderProps, data: HeaderData, label: { zh: '标题栏', en: 'Header' }, size: { w: 1920, h: 96 } },
  kpi: { props: KpiProps, data: KpiData, label: { zh: '指标卡', en: 'KPI' }, size: { w: 224, h: 110 } },
  trend: { props: TrendProps, data: TrendData, label: { zh: '趋势图', en: 'Trend' }, size: { w: 944, h: 294 } },
  barRanking: { props: BarRankingProps, data: BarRankingData, label: { zh: '排行榜', en: 'Ranking' }, size: { w: 440, h: 316 } },
  pie: { props: PieProps, data: PieData, label: { zh: '占比环图', en: 'Pie' }, size: { w: 440, h: 300 } },
  gauge: { props: GaugeProps, data: GaugeData, label: { zh: '仪表盘', en: 'Gauge' }, size: { w: 440, h: 250 } },
  alarmTicker: { props: AlarmTickerProps, data: AlarmTickerData, label: { zh: '告警滚动', en: 'Alarm ticker' }, size: { w: 440, h: 304 } },
  deviceTable: { props: DeviceTableProps, data: DeviceTableData, label: { zh: '设备表格', en: 'Device table' }, size: { w: 900, h: 454 } },
  projectMap: { props: ProjectMapProps, data: ProjectMapData, label: { zh: '项目地图', en: 'Project map' }, size: { w: 944, h: 520 } },
  model3d: { props: Model3dProps, data: Model3dData, label: { zh: '三维机组', en: '3D unit' }, size: { w: 440, h: 370 } },
  globe3d: { props: Globe3dProps, data: Globe3dData, label: { zh: '三维地图', en: '3D map' }, size: { w: 1104, h: 948 } },
} as const satisfies Record<WidgetType, WidgetSchema>;

/** The props schema of each type, by type: `WidgetPropsOf<'kpi'>` is the KPI's parsed props. */
export type WidgetPropsOf<T extends WidgetType> = z.output<(typeof WIDGET_SCHEMAS)[T]['props']>;

/** Whether a widget of this type folds the pushes of a `live` hub source into its data. */
export function acceptsLive(type: WidgetType): boolean {
  return 'live' in WIDGET_SCHEMAS[type].props.shape;
}
