import i18n from 'i18next';

/** Texts of the monitoring pages (项目监控, 设备监控): namespace `monitoring`. */
export const monitoringStrings = {
  zh: {
    projectMonitor: '项目监控', deviceMonitor: '设备监控', project: '项目', allProjects: '全部项目', pickProject: '选择项目',
    noProject: '暂无可查看的项目', loading: '正在加载…', loadFailed: '加载失败：{{error}}', retrying: '{{seconds}} 秒后重试',
    empty: '暂无数据', noAlarms: '暂无实时告警',
    total: '设备总数', online: '在线', offline: '离线', alarm: '告警', share: '占 {{percent}}%',
    stale: '连接中断，数据可能不是最新', updated: '更新于 {{time}}', live: '实时',
    graph: '项目组态', alarms: '最新告警', alarmsCount: '最新告警（共 {{count}} 条）', measures: '关键测点',
    devicesTruncated: '仅列出前 {{count}} 台设备', device: '设备', state: '状态', model: '型号', lastSeen: '最后通信', never: '从未上线',
    time: '时间', content: '告警内容', level: '级别', levels: { 0: '提示', 1: '次要', 2: '重要' },
    tags: { 2: 'PM2.5', 3: 'PM10', 5: '阻力', 6: '总电能', 7: '风量', 8: '温度', 9: '湿度' },
    fullscreen: '全屏', openDevice: '查看设备详情',
    model_: '型号', allModels: '全部型号', allStates: '全部状态', keyword: '设备名称或编码', search: '搜索', reset: '重置',
    grid: '卡片', list: '列表', view: '显示方式', refresh: '刷新', code: '编码', count: '共 {{count}} 台设备',
    stateChanged: '状态刚刚变化', filter: '筛选',
  },
  en: {
    projectMonitor: 'Project monitoring', deviceMonitor: 'Device monitoring', project: 'Project', allProjects: 'All projects', pickProject: 'Choose a project',
    noProject: 'No project to show', loading: 'Loading…', loadFailed: 'Could not load: {{error}}', retrying: 'Retrying in {{seconds}} s',
    empty: 'No data', noAlarms: 'No real-time alarms',
    total: 'Devices', online: 'Online', offline: 'Offline', alarm: 'Alarm', share: '{{percent}}% of all',
    stale: 'Connection lost: data may be out of date', updated: 'Updated {{time}}', live: 'Live',
    graph: 'Project graph', alarms: 'Latest alarms', alarmsCount: 'Latest alarms ({{count}} in all)', measures: 'Key measures',
    devicesTruncated: 'Only the first {{count}} devices are listed', device: 'Device', state: 'State', model: 'Model', lastSeen: 'Last data', never: 'Never online',
    time: 'Time', content: 'Alarm', level: 'Level', levels: { 0: 'Hint', 1: 'Minor', 2: 'Important' },
    tags: { 2: 'PM2.5', 3: 'PM10', 5: 'Resistance', 6: 'Total energy', 7: 'Air volume', 8: 'Temperature', 9: 'Humidity' },
    fullscreen: 'Full screen', openDevice: 'Open device details',
    model_: 'Model', allModels: 'All models', allStates: 'All states', keyword: 'Device name or code', search: 'Search', reset: 'Reset',
    grid: 'Cards', list: 'List', view: 'View', refresh: 'Refresh', code: 'Code', count: '{{count}} devices',
    stateChanged: 'State just changed', filter: 'Filter',
  },
};

/** Adds the `monitoring` namespace once (each page's chunk calls it as it loads). */
export function registerMonitoringStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (!i18n.hasResourceBundle(lng, 'monitoring')) i18n.addResourceBundle(lng, 'monitoring', monitoringStrings[lng], true, true);
  }
}
