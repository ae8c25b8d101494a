import i18n from 'i18next';

/** Texts of the device detail and online-data pages: `admin:deviceDetail.*`. */
export const detailStrings = {
  zh: {
    notFound: '设备 {{id}} 不存在，或不在您的数据权限范围内', loadFailed: '加载失败：{{error}}', back: '返回设备监控',
    code: '设备编码', project: '所属项目', model: '设备型号', gateway: '网关', iotId: '物联网ID', state: '状态', lastSeen: '最后通讯',
    never: '从未通讯', none: '无', onlineData: '在线数据', detail: '设备详情',
    states: { 0: '离线', 1: '在线', 2: '告警' },
    live: '实时', stale: '数据已停止更新（最后数据 {{time}}）', staleNever: '暂无实时数据', hubDown: '实时连接已断开，正在重连…',
    tabs: { live: '实时数据', history: '历史曲线', alarms: '告警', online: '在线记录', control: '控制' },
    group: '{{name}}', ungrouped: '测点', trend: '查看曲线', noMeasures: '该设备型号没有测点', updatedAt: '更新于 {{time}}',
    levels: { 0: '提示', 1: '次要', 2: '重要' },
    measure: '测点', range: '时间范围', presets: { '1h': '1小时', '6h': '6小时', '24h': '24小时', '7d': '7天', '30d': '30天', '1y': '1年' },
    custom: '自定义', shown: '显示 {{from}} ~ {{to}}', resolution: '分辨率：{{label}}', points: '{{count}} 个点', resetZoom: '还原缩放',
    export: '导出 Excel', exported: '已导出 {{count}} 行', exportFailed: '导出失败：{{error}}', noHistory: '该时间范围内没有数据',
    truncated: '数据过多，仅显示前 {{count}} 个点', loadingDetail: '正在加载细节…',
    value: '均值', min: '最小值', max: '最大值', samples: '样本数', time: '时间', rawValue: '值',
    currentAlarms: '当前告警', alarmHistory: '告警历史', alarmContent: '告警内容', level: '级别', raisedAt: '告警时间', clearedAt: '恢复时间',
    open: '未恢复', dealt: '处理', dealRemark: '处理备注', notDealt: '未处理', sampleValue: '采样值', condition: '条件',
    changes: '状态变化', from: '开始', until: '结束', duration: '持续时间', ongoing: '至今',
    availability: '在线率', onlineTime: '在线时长', offlineTime: '离线时长', alarmTime: '告警时长', unknownTime: '未知时长',
    changeCount: '变化次数', period: '统计周期', steps: { day: '按日', week: '按周', month: '按月', none: '自定义范围' },
    periodOf: { day: '日', week: '周', month: '月' }, prev: '上一{{unit}}', next: '下一{{unit}}', thisPeriod: '本{{unit}}',
    perPeriod: '各时段在线率', carried: '期初状态：{{state}}', carriedUnknown: '期初状态：未知（此前无记录）',
    recent: '最近 7 天在线率', allOnlineData: '查看全部在线数据', noChanges: '暂无状态变化',
    days: '{{count}}天', hours: '{{count}}小时', minutes: '{{count}}分', seconds: '{{count}}秒',
  },
  en: {
    notFound: 'Device {{id}} does not exist or is outside your data scope', loadFailed: 'Could not load: {{error}}', back: 'Back to device monitoring',
    code: 'Code', project: 'Project', model: 'Model', gateway: 'Gateway', iotId: 'IoT id', state: 'State', lastSeen: 'Last contact',
    never: 'Never', none: 'None', onlineData: 'Online data', detail: 'Device detail',
    states: { 0: 'Offline', 1: 'Online', 2: 'Alarm' },
    live: 'Live', stale: 'Data stopped (last at {{time}})', staleNever: 'No live data yet', hubDown: 'Live connection lost, reconnecting…',
    tabs: { live: 'Live values', history: 'History', alarms: 'Alarms', online: 'Online log', control: 'Control' },
    group: '{{name}}', ungrouped: 'Points', trend: 'Show trend', noMeasures: 'The model has no measure points', updatedAt: 'Updated {{time}}',
    levels: { 0: 'Hint', 1: 'Minor', 2: 'Important' },
    measure: 'Point', range: 'Range', presets: { '1h': '1 h', '6h': '6 h', '24h': '24 h', '7d': '7 d', '30d': '30 d', '1y': '1 year' },
    custom: 'Custom', shown: 'Showing {{from}} – {{to}}', resolution: 'Resolution: {{label}}', points: '{{count}} points', resetZoom: 'Reset zoom',
    export: 'Export to Excel', exported: '{{count}} rows exported', exportFailed: 'Export failed: {{error}}', noHistory: 'No data in this range',
    truncated: 'Too much data: the first {{count}} points are shown', loadingDetail: 'Loading detail…',
    value: 'Average', min: 'Minimum', max: 'Maximum', samples: 'Samples', time: 'Time', rawValue: 'Value',
    currentAlarms: 'Open alarms', alarmHistory: 'Alarm history', alarmContent: 'Alarm', level: 'Level', raisedAt: 'Raised', clearedAt: 'Cleared',
    open: 'Open', dealt: 'Dealt with', dealRemark: 'Remark', notDealt: 'Not dealt with', sampleValue: 'Sample', condition: 'Condition',
    changes: 'State changes', from: 'From', until: 'Until', duration: 'Duration', ongoing: 'ongoing',
    availability: 'Availability', onlineTime: 'Online', offlineTime: 'Offline', alarmTime: 'In alarm', unknownTime: 'Unknown',
    changeCount: 'Changes', period: 'Period', steps: { day: 'Daily', week: 'Weekly', month: 'Monthly', none: 'Custom range' },
    periodOf: { day: 'day', week: 'week', month: 'month' }, prev: 'Previous {{unit}}', next: 'Next {{unit}}', thisPeriod: 'This {{unit}}',
    perPeriod: 'Availability by period', carried: 'State at start: {{state}}', carriedUnknown: 'State at start: unknown (no earlier record)',
    recent: 'Availability, last 7 days', allOnlineData: 'All online data', noChanges: 'No state changes',
    days: '{{count}} d', hours: '{{count}} h', minutes: '{{count}} min', seconds: '{{count}} s',
  },
};

/** Adds the texts to the `admin` namespace, once. */
export function registerDetailStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'deviceDetail.back') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { deviceDetail: detailStrings[lng] }, true, false);
  }
}
