import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { parseScreenTemplate, type ScreenTemplate, type Widget } from '../../contract/screen-template';
import type { WIDGET_SCHEMAS, WidgetType } from '../../contract/widgets';
import type { DB } from '../db/schema';

/** A widget as written here: its props typed by its type's schema (contract/widgets/), so a bad prop fails the type check. */
type SeedWidget = {
  [T in WidgetType]: Omit<Widget, 'type' | 'z' | 'props'> & { type: T; z?: number; props?: z.input<(typeof WIDGET_SCHEMAS)[T]['props']> };
}[WidgetType];

type Input = Omit<ScreenTemplate, 'variables' | 'sources' | 'widgets'> & {
  variables?: ScreenTemplate['variables'];
  sources: ScreenTemplate['sources'];
  widgets: SeedWidget[];
};

const STATE_COLOURS = { normal: '#2fd27c', alarm: '#ff5b5b', offline: '#8a99b4' };
const LEVEL_COLOURS = { 1: '#ffb020', 2: '#ff7a45', 3: '#ff5b5b' };
const FILTER_BANDS = { red: 20, amber: 40 };

/**
 * 平台总览: every project of the platform on one 1920×1080 wall: device states, energy and filter
 * rankings on the left; KPIs, the project map and the PM2.5 day on the centre; AQI, a live
 * purifier unit and the alarm ticker on the right. Counts follow device-state pushes, the ticker
 * alarm pushes, the trend the measure pushes of the featured project.
 */
export const OVERVIEW_TEMPLATE: Input = {
  version: 2,
  canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' },
  sources: [
    { id: 'overview', kind: 'rest', endpoint: '/api/s/screen/overview', params: {}, refreshSeconds: 30 },
    { id: 'devices', kind: 'rest', endpoint: '/api/s/device', params: {}, refreshSeconds: 30 },
    { id: 'alarms', kind: 'rest', endpoint: '/api/t_real_measure_warning', params: { Page: 1, Size: 20 }, refreshSeconds: 30 },
    { id: 'pm25', kind: 'rest', endpoint: '/api/s/measure-trend', params: { tags: '2', hours: 24 }, refreshSeconds: 300 },
    { id: 'filters', kind: 'rest', endpoint: '/api/s/filter-life', params: { limit: 8 }, refreshSeconds: 300 },
    { id: 'unit', kind: 'rest', endpoint: '/api/s/featured-unit', params: {}, refreshSeconds: 10 },
    { id: 'liveAlarms', kind: 'hub', topic: 'alarms', event: 'measureWarning' },
    { id: 'liveStates', kind: 'hub', topic: 'statistics', event: 'deviceState' },
  ],
  widgets: [
    { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, z: 2, title: '洁净空气运维平台 · 平台总览', props: { clock: true, subtitle: '全国项目实时监控' } },
    { id: 'statePie', type: 'pie', x: 24, y: 108, w: 440, h: 300, title: '设备状态', source: { sourceId: 'devices' },
      props: { ring: true, live: 'liveStates', slices: { online: '在线', alarm: '告警', offline: '离线' }, colours: ['#2fd27c', '#ff5b5b', '#8a99b4'] } },
    { id: 'energyRank', type: 'barRanking', x: 24, y: 420, w: 440, h: 316, title: '今日能耗排行',
      source: { sourceId: 'overview', path: 'projectList', transform: { sortBy: { field: 'energyToday', order: 'desc' }, limit: 6, map: { name: 'name', value: 'energyToday' } } },
      props: { unit: 'kWh', decimals: 1 } },
    { id: 'filterRank', type: 'barRanking', x: 24, y: 748, w: 440, h: 308, title: '滤网剩余寿命',
      source: { sourceId: 'filters', transform: { limit: 6, map: { name: 'name', value: 'remainingPct' } } },
      props: { unit: '%', max: 100, decimals: 0, lowIsBad: FILTER_BANDS } },
    { id: 'kpiProjects', type: 'kpi', x: 488, y: 108, w: 224, h: 110, title: '项目总数', source: { sourceId: 'overview', path: 'projects' }, props: { unit: '个', icon: 'building' } },
    { id: 'kpiOnline', type: 'kpi', x: 728, y: 108, w: 224, h: 110, title: '在线设备', source: { sourceId: 'devices', path: 'online' }, props: { unit: '台', icon: 'online', colour: '#2fd27c' } },
    { id: 'kpiAlarm', type: 'kpi', x: 968, y: 108, w: 224, h: 110, title: '告警设备', source: { sourceId: 'devices', path: 'alarm' }, props: { unit: '台', icon: 'alarm', colour: '#ff5b5b', blinkAbove: 0 } },
    { id: 'kpiEnergy', type: 'kpi', x: 1208, y: 108, w: 224, h: 110, title: '今日能耗', source: { sourceId: 'overview', path: 'energyToday' }, props: { unit: 'kWh', icon: 'energy', decimals: 1 } },
    { id: 'map', type: 'projectMap', x: 488, y: 230, w: 944, h: 520, title: '项目分布', source: { sourceId: 'overview', path: 'projectList' },
      props: { cluster: true, stateColours: STATE_COLOURS, live: 'liveAlarms' } },
    { id: 'pm25Trend', type: 'trend', x: 488, y: 762, w: 944, h: 294, title: 'PM2.5 24 小时趋势', source: { sourceId: 'pm25' },
      props: { area: true, unit: 'μg/m³', limitLine: 75 } },
    { id: 'aqi', type: 'gauge', x: 1456, y: 108, w: 440, h: 250, title: '平均空气质量指数 AQI', source: { sourceId: 'overview', path: 'aqi' },
      props: { kind: 'aqi', min: 0, max: 300, bands: [50, 100, 150, 200, 300] } },
    { id: 'unit3d', type: 'model3d', x: 1456, y: 370, w: 440, h: 370, title: '净化机组实况', source: { sourceId: 'unit' }, props: { model: 'purifier' } },
    { id: 'ticker', type: 'alarmTicker', x: 1456, y: 752, w: 440, h: 304, title: '实时告警', source: { sourceId: 'alarms', path: 'list' },
      props: { live: 'liveAlarms', limit: 20, levelColours: LEVEL_COLOURS, speed: 30 } },
  ],
};

/** 单项目监控: one project, chosen by the projectId variable (`/monitor?tpl=<id>&projectId=<id>`). */
export function singleProjectTemplate(firstProjectId: number): Input {
  const project = { projectId: '${projectId}' };
  return {
    version: 2,
    canvas: { width: 1920, height: 1080, background: '#07162c', scaleMode: 'fit' },
    variables: [{ name: 'projectId', label: '项目', type: 'project', default: firstProjectId }],
    sources: [
      { id: 'overview', kind: 'rest', endpoint: '/api/s/screen/overview', params: project, refreshSeconds: 30 },
      { id: 'devices', kind: 'rest', endpoint: '/api/t_device', params: { ...project, Page: 1, Size: 50 }, refreshSeconds: 30 },
      { id: 'alarms', kind: 'rest', endpoint: '/api/t_real_measure_warning', params: { ...project, Page: 1, Size: 20 }, refreshSeconds: 30 },
      { id: 'trend', kind: 'rest', endpoint: '/api/s/measure-trend', params: { ...project, tags: '2,3', hours: 24 }, refreshSeconds: 300 },
      { id: 'filters', kind: 'rest', endpoint: '/api/s/filter-life', params: { ...project, limit: 6 }, refreshSeconds: 120 },
      { id: 'unit', kind: 'rest', endpoint: '/api/s/featured-unit', params: project, refreshSeconds: 10 },
      { id: 'live', kind: 'hub', topic: 'project:${projectId}', event: 'measureValues' },
      { id: 'liveAlarms', kind: 'hub', topic: 'project:${projectId}', event: 'measureWarning' },
      { id: 'liveStates', kind: 'hub', topic: 'project:${projectId}', event: 'deviceState' },
    ],
    widgets: [
      { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, z: 2, title: '单项目监控',
        source: { sourceId: 'overview', path: 'projectList.0.name' }, props: { clock: true, subtitle: '洁净空气运维平台' } },
      { id: 'kpiDevices', type: 'kpi', x: 24, y: 108, w: 290, h: 110, title: '设备总数', source: { sourceId: 'overview', path: 'devices.total' }, props: { unit: '台', icon: 'device' } },
      { id: 'kpiOnline', type: 'kpi', x: 330, y: 108, w: 290, h: 110, title: '在线设备', source: { sourceId: 'overview', path: 'devices.online' }, props: { unit: '台', icon: 'online', colour: '#2fd27c' } },
      { id: 'kpiAlarms', type: 'kpi', x: 636, y: 108, w: 290, h: 110, title: '当前告警', source: { sourceId: 'alarms', path: 'count' },
        props: { unit: '条', icon: 'alarm', colour: '#ff5b5b', blinkAbove: 0 } },
      { id: 'kpiEnergy', type: 'kpi', x: 942, y: 108, w: 290, h: 110, title: '今日能耗', source: { sourceId: 'overview', path: 'energyToday' }, props: { unit: 'kWh', icon: 'energy', decimals: 1 } },
      { id: 'kpiAir', type: 'kpi', x: 1248, y: 108, w: 290, h: 110, title: '总风量', source: { sourceId: 'overview', path: 'airVolume' }, props: { unit: 'm³/h', icon: 'air' } },
      { id: 'aqi', type: 'gauge', x: 1554, y: 108, w: 342, h: 290, title: '室内空气质量 AQI', source: { sourceId: 'overview', path: 'aqi' },
        props: { kind: 'aqi', min: 0, max: 300, bands: [50, 100, 150, 200, 300] } },
      { id: 'trend', type: 'trend', x: 24, y: 230, w: 1514, h: 360, title: 'PM2.5 / PM10 24 小时趋势', source: { sourceId: 'trend' },
        props: { area: true, unit: 'μg/m³', limitLine: 75, live: 'live' } },
      { id: 'unit3d', type: 'model3d', x: 1554, y: 410, w: 342, h: 360, title: '净化机组实况', source: { sourceId: 'unit' }, props: { model: 'purifier' } },
      { id: 'table', type: 'deviceTable', x: 24, y: 602, w: 900, h: 454, title: '设备状态',
        source: { sourceId: 'devices', path: 'list', transform: { map: { id: 'id', name: 'name', model: 'deviceModelName', state: 'state', lastSeen: 'lastSeenAt' } } },
        props: { columns: ['name', 'model', 'state', 'lastSeen'], pageSeconds: 10, live: 'liveStates' } },
      { id: 'filterRank', type: 'barRanking', x: 940, y: 602, w: 598, h: 454, title: '滤网剩余寿命',
        source: { sourceId: 'filters', transform: { map: { name: 'name', value: 'remainingPct' } } }, props: { unit: '%', max: 100, decimals: 0, lowIsBad: FILTER_BANDS } },
      { id: 'ticker', type: 'alarmTicker', x: 1554, y: 782, w: 342, h: 274, title: '项目告警', source: { sourceId: 'alarms', path: 'list' },
        props: { live: 'liveAlarms', limit: 20, levelColours: LEVEL_COLOURS } },
    ],
  };
}

/** 三维态势: the platform in 3D: projects as bars on a 3D map of China, with the KPIs and the alarm ticker. */
export const SITUATION_TEMPLATE: Input = {
  version: 2,
  canvas: { width: 1920, height: 1080, background: '#040e1f', scaleMode: 'fit' },
  sources: [
    { id: 'overview', kind: 'rest', endpoint: '/api/s/screen/overview', params: {}, refreshSeconds: 30 },
    { id: 'alarms', kind: 'rest', endpoint: '/api/t_real_measure_warning', params: { Page: 1, Size: 20 }, refreshSeconds: 30 },
    { id: 'liveAlarms', kind: 'hub', topic: 'alarms', event: 'measureWarning' },
  ],
  widgets: [
    { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, z: 2, title: '洁净空气运维平台 · 三维态势', props: { clock: true, subtitle: '项目规模与运行状态' } },
    { id: 'kpiProjects', type: 'kpi', x: 24, y: 108, w: 360, h: 120, title: '项目总数', source: { sourceId: 'overview', path: 'projects' }, props: { unit: '个', icon: 'building' } },
    { id: 'kpiDevices', type: 'kpi', x: 24, y: 240, w: 360, h: 120, title: '设备总数', source: { sourceId: 'overview', path: 'devices.total' }, props: { unit: '台', icon: 'device' } },
    { id: 'kpiOnline', type: 'kpi', x: 24, y: 372, w: 360, h: 120, title: '在线设备', source: { sourceId: 'overview', path: 'devices.online' }, props: { unit: '台', icon: 'online', colour: '#2fd27c' } },
    { id: 'kpiAlarms', type: 'kpi', x: 24, y: 504, w: 360, h: 120, title: '未处理告警', source: { sourceId: 'overview', path: 'alarms.total' },
      props: { unit: '条', icon: 'alarm', colour: '#ff5b5b', blinkAbove: 0 } },
    { id: 'kpiEnergy', type: 'kpi', x: 24, y: 636, w: 360, h: 120, title: '今日能耗', source: { sourceId: 'overview', path: 'energyToday' }, props: { unit: 'kWh', icon: 'energy', decimals: 1 } },
    { id: 'globe', type: 'globe3d', x: 408, y: 108, w: 1104, h: 948, title: '项目三维分布（柱高：设备数）', source: { sourceId: 'overview', path: 'projectList' },
      props: { valueField: 'devices', stateColours: STATE_COLOURS, live: 'liveAlarms' } },
    { id: 'energyRank', type: 'barRanking', x: 1536, y: 108, w: 360, h: 420, title: '今日能耗排行',
      source: { sourceId: 'overview', path: 'projectList', transform: { sortBy: { field: 'energyToday', order: 'desc' }, limit: 8, map: { name: 'name', value: 'energyToday' } } },
      props: { unit: 'kWh', decimals: 1 } },
    { id: 'ticker', type: 'alarmTicker', x: 1536, y: 540, w: 360, h: 516, title: '实时告警', source: { sourceId: 'alarms', path: 'list' },
      props: { live: 'liveAlarms', limit: 20, levelColours: LEVEL_COLOURS } },
  ],
};

/**
 * A demo document as a save stores it: checked by the template schema, defaults filled in (so what
 * the editor loads, exports and saves back is the same document). A bad one fails loudly.
 */
export function checkedTemplate(input: Input): ScreenTemplate {
  const parsed = parseScreenTemplate(input);
  if (!parsed.ok) throw new Error(`demo template: ${parsed.error}`);
  return parsed.template;
}

const stored = (input: Input): string => JSON.stringify(checkedTemplate(input));

/** The demo's big-screen templates, all global: the overview is the default and active one. */
export async function seedScreenTemplates(trx: Kysely<DB>, firstProjectId: number, now: number): Promise<void> {
  await trx.insertInto('t_screen_tpl').values([
    { name: '平台总览', content: stored(OVERVIEW_TEMPLATE), is_default: 1, is_active: 1, org_id: null, created_at: now, updated_at: now },
    { name: '单项目监控', content: stored(singleProjectTemplate(firstProjectId)), is_default: 0, is_active: 0, org_id: null,
      created_at: now, updated_at: now },
    { name: '三维态势', content: stored(SITUATION_TEMPLATE), is_default: 0, is_active: 0, org_id: null, created_at: now, updated_at: now },
  ]).execute();
}
