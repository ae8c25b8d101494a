import type { Kysely } from 'kysely';
import type { ScreenTemplate } from '../../contract/screen-template';
import type { DB } from '../db/schema';

type Input = Omit<ScreenTemplate, 'variables' | 'sources' | 'widgets'> & {
  variables?: ScreenTemplate['variables'];
  sources: ScreenTemplate['sources'];
  widgets: (Omit<ScreenTemplate['widgets'][number], 'z' | 'props'> & { z?: number; props?: Record<string, unknown> })[];
};

/**
 * 平台总览: every project of the platform on one 1920×1080 wall. The KPI, device-state and alarm
 * bindings read today's endpoints (DeviceStats, ProjectStats, RealAlarm); energy, AQI, map
 * coordinates and the PM2.5 rollup (/api/s/measure-trend, not served yet) are for the runtime's aggregate sources to supply.
 */
export const OVERVIEW_TEMPLATE: Input = {
  version: 1,
  canvas: { width: 1920, height: 1080, background: '#061327', scaleMode: 'fit' },
  sources: [
    { id: 'projects', kind: 'rest', endpoint: '/api/s/project', params: {}, refreshSeconds: 60 },
    { id: 'devices', kind: 'rest', endpoint: '/api/s/device', params: {}, refreshSeconds: 30 },
    { id: 'alarms', kind: 'rest', endpoint: '/api/t_real_measure_warning', params: { Page: 1, Size: 20 }, refreshSeconds: 30 },
    { id: 'liveAlarms', kind: 'hub', topic: 'alarms', event: 'measureWarning' },
    { id: 'liveStats', kind: 'hub', topic: 'statistics', event: 'deviceState' },
    { id: 'pm25', kind: 'rest', endpoint: '/api/s/measure-trend', params: { measure: 'PM2.5', hours: 24 }, refreshSeconds: 300 },
  ],
  widgets: [
    { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, z: 2, title: '洁净空气运维平台 · 平台总览',
      props: { clock: true, subtitle: '全国项目实时监控', logo: '/logo.svg' } },
    { id: 'kpiProjects', type: 'kpi', x: 24, y: 112, w: 300, h: 120, title: '项目总数',
      source: { sourceId: 'projects', path: 'total' }, props: { unit: '个', icon: 'building' } },
    { id: 'kpiOnline', type: 'kpi', x: 340, y: 112, w: 300, h: 120, title: '在线设备',
      source: { sourceId: 'devices', path: 'online' }, props: { unit: '台', colour: '#2fd27c' } },
    { id: 'kpiOffline', type: 'kpi', x: 656, y: 112, w: 300, h: 120, title: '离线设备',
      source: { sourceId: 'devices', path: 'offline' }, props: { unit: '台', colour: '#8a99b4' } },
    { id: 'kpiAlarm', type: 'kpi', x: 972, y: 112, w: 300, h: 120, title: '告警设备',
      source: { sourceId: 'devices', path: 'alarm' }, props: { unit: '台', colour: '#ff5b5b', blinkAbove: 0 } },
    { id: 'kpiEnergy', type: 'kpi', x: 1288, y: 112, w: 300, h: 120, title: '今日能耗',
      source: { sourceId: 'projects', path: 'energyToday' }, props: { unit: 'kWh', decimals: 1 } },
    { id: 'kpiAqi', type: 'gauge', x: 1604, y: 112, w: 292, h: 120, title: '平均 AQI',
      source: { sourceId: 'projects', path: 'aqi' }, props: { min: 0, max: 300, bands: [50, 100, 150, 200] } },
    { id: 'map', type: 'projectMap', x: 24, y: 256, w: 1000, h: 560, title: '项目分布',
      source: { sourceId: 'projects', path: 'list', transform: { map: { name: 'name', lng: 'lng', lat: 'lat', state: 'state' } } },
      props: { fallback: 'china', cluster: true, stateColours: { normal: '#2fd27c', alarm: '#ff5b5b', offline: '#8a99b4' } } },
    { id: 'unit3d', type: 'model3d', x: 1048, y: 256, w: 420, h: 560, title: '净化机组',
      source: { sourceId: 'devices', path: 'featured' }, props: { model: 'purifier', fanFrom: 'airVolume', filterFrom: 'filterLife' } },
    { id: 'statePie', type: 'pie', x: 1492, y: 256, w: 404, h: 272, title: '设备状态',
      source: { sourceId: 'devices' },
      props: { ring: true, live: 'liveStats', slices: { online: '在线', alarm: '告警', offline: '离线' }, colours: ['#2fd27c', '#ff5b5b', '#8a99b4'] } },
    { id: 'energyRank', type: 'barRanking', x: 1492, y: 544, w: 404, h: 272, title: '项目能耗排行',
      source: { sourceId: 'projects', path: 'list', transform: { sortBy: { field: 'energyToday', order: 'desc' }, limit: 8,
        map: { name: 'name', value: 'energyToday' } } }, props: { unit: 'kWh', horizontal: true } },
    { id: 'pm25Trend', type: 'trend', x: 24, y: 840, w: 1000, h: 216, title: 'PM2.5 24 小时趋势',
      source: { sourceId: 'pm25', path: 'points' }, props: { area: true, unit: 'μg/m³', limitLine: 75 } },
    { id: 'ticker', type: 'alarmTicker', x: 1048, y: 840, w: 848, h: 216, title: '实时告警',
      source: { sourceId: 'alarms', path: 'list', transform: { sortBy: { field: 'raisedAt', order: 'desc' }, limit: 20 } },
      props: { live: 'liveAlarms', levelColours: { 1: '#ffb020', 2: '#ff7a45', 3: '#ff5b5b' }, speed: 40 } },
  ],
};

/** 单项目监控: one project, chosen by the projectId variable. */
export function singleProjectTemplate(firstProjectId: number): Input {
  return {
    version: 1,
    canvas: { width: 1920, height: 1080, background: '#07162c', scaleMode: 'fit' },
    variables: [{ name: 'projectId', label: '项目', type: 'project', default: firstProjectId }],
    sources: [
      { id: 'devices', kind: 'rest', endpoint: '/api/t_device', params: { projectId: '${projectId}', Page: 1, Size: 50 }, refreshSeconds: 30 },
      { id: 'values', kind: 'rest', endpoint: '/api/t_real_measure/values', params: { projectId: '${projectId}' }, refreshSeconds: 15 },
      { id: 'alarms', kind: 'rest', endpoint: '/api/t_real_measure_warning', params: { projectId: '${projectId}', Page: 1, Size: 20 }, refreshSeconds: 30 },
      { id: 'live', kind: 'hub', topic: 'project:${projectId}', event: 'measureValues' },
      { id: 'liveAlarms', kind: 'hub', topic: 'project:${projectId}', event: 'measureWarning' },
    ],
    widgets: [
      { id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, z: 2, title: '单项目监控',
        props: { clock: true, projectNameFrom: 'projectId' } },
      { id: 'kpiDevices', type: 'kpi', x: 24, y: 112, w: 450, h: 130, title: '设备总数', source: { sourceId: 'devices', path: 'count' }, props: { unit: '台' } },
      { id: 'kpiAlarms', type: 'kpi', x: 498, y: 112, w: 450, h: 130, title: '当前告警',
        source: { sourceId: 'alarms', path: 'count' }, props: { unit: '条', colour: '#ff5b5b' } },
      { id: 'kpiAirVolume', type: 'kpi', x: 972, y: 112, w: 450, h: 130, title: '总风量',
        source: { sourceId: 'values', transform: { pick: ['measureName', 'value'] } }, props: { unit: 'm³/h', measure: '风量', aggregate: 'sum' } },
      { id: 'aqi', type: 'gauge', x: 1446, y: 112, w: 450, h: 300, title: '室内 AQI',
        source: { sourceId: 'live' }, props: { measure: 'AQI', min: 0, max: 300, bands: [50, 100, 150, 200] } },
      { id: 'trend', type: 'trend', x: 24, y: 266, w: 1398, h: 380, title: 'PM2.5 / PM10 实时趋势',
        source: { sourceId: 'live' }, props: { measures: ['PM2.5', 'PM10'], windowMinutes: 60, area: true, unit: 'μg/m³' } },
      { id: 'table', type: 'deviceTable', x: 24, y: 670, w: 1180, h: 386, title: '设备状态',
        source: { sourceId: 'devices', path: 'list', transform: { map: { name: 'name', state: 'state', model: 'deviceModelName' } } },
        props: { columns: ['name', 'model', 'state'], pageSeconds: 10 } },
      { id: 'ticker', type: 'alarmTicker', x: 1228, y: 436, w: 668, h: 620, title: '项目告警',
        source: { sourceId: 'alarms', path: 'list', transform: { limit: 20 } }, props: { live: 'liveAlarms' } },
    ],
  };
}

/** The demo's big-screen templates, both global: the overview is the default and active one. */
export async function seedScreenTemplates(trx: Kysely<DB>, firstProjectId: number, now: number): Promise<void> {
  await trx.insertInto('t_screen_tpl').values([
    { name: '平台总览', content: JSON.stringify(OVERVIEW_TEMPLATE), is_default: 1, is_active: 1, org_id: null, created_at: now, updated_at: now },
    { name: '单项目监控', content: JSON.stringify(singleProjectTemplate(firstProjectId)), is_default: 0, is_active: 0, org_id: null,
      created_at: now, updated_at: now },
  ]).execute();
}
