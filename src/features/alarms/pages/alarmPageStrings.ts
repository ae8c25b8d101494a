import i18n from 'i18next';

/** The condition types in English, by type 0–15 (zh: contract/conditions.ts CONDITION_NAMES, SPEC §5's names). */
export const CONDITION_NAMES_EN = ['change ≥', 'change >', '<', '=', '>', '< or >', '> and <', '≤', '≥', '≤ or ≥', '≥ and ≤', '< or ≥', '≤ or >', '≥ and <', '> and ≤', 'bitwise'];

/** Texts of 实时告警 and 历史告警: `admin:alarmPages.*`. */
export const alarmPageStrings = {
  zh: {
    project: '项目', device: '设备', level: '告警级别', condition: '告警条件', allProjects: '全部项目', allDevices: '全部设备',
    allLevels: '全部级别', allConditions: '全部条件', levels: { 0: '提示', 1: '次要', 2: '重要' },
    ackState: '确认状态', allAck: '全部确认状态', unacked: '未确认', acked: '已确认',
    order: '排序', orderTime: '最新在前', orderLevel: '按级别',
    raisedAt: '告警时间', measure: '测点', content: '告警内容', sampleValue: '当前值', state: '状态', actions: '操作',
    deviceState: { normal: '正常', alarm: '告警', offline: '离线' },
    ack: '确认', ackSelected: '确认所选（{{count}}）', acked1: '已确认 {{count}} 条告警', ackedBy: '{{name}} 于 {{time}} 确认',
    ackFailed: '确认失败：{{error}}', noDealRight: '没有“告警处理”权限，只能查看',
    live: '实时', liveDown: '实时连接中断，列表可能不是最新', total: '共 {{count}} 条',
    loadFailed: '加载失败：{{error}}', refresh: '刷新',
    timeRange: '告警时间范围', alarmState: '告警状态', allStates: '全部状态', open: '未恢复', cleared: '已恢复', undealed: '未处理', dealed: '已处理',
    clearedAt: '恢复时间', dealedAt: '处理时间', dealRemark: '处理备注', dealedBy: '处理人', ackedAt: '确认时间',
    deal: '处理', dealSelected: '处理所选（{{count}}）', dealTitle: '处理告警（{{count}} 条）', remark: '处理备注',
    remarkPlaceholder: '如：已更换滤网，现场复查正常', remarkRequired: '请填写处理备注', dealt: '已处理 {{count}} 条告警',
    dealFailed: '处理失败：{{error}}', alreadyDealt: '该告警已处理', export: '导出', exporting: '正在导出…',
    exported: '已导出 {{count}} 条告警', exportFailed: '导出失败：{{error}}', exportTooMany: '最多导出 {{max}} 条，请缩小时间范围',
    detail: '详情', detailTitle: '告警详情', notifications: '通知记录', noNotifications: '该告警没有发出通知（项目没有对应级别的告警联系人）',
    channel: '渠道', contact: '联系人', target: '发送地址', escalationLevel: '升级级别', attempts: '尝试次数', sentAt: '发送时间',
    lastError: '最近错误', channels: { webhook: 'Webhook', email: '邮件' },
    states: { queued: '排队中', sending: '发送中', sent: '已送达', failed: '失败，待重试', dead: '已放弃' },
    escalation: '升级：已通知第 {{level}} 级', escalationNext: '，下一级于 {{time}}', escalationDone: '（已结束：{{finished}}）',
    finished: { acknowledged: '已确认', cleared: '已恢复', exhausted: '没有更高级别' },
    tries: '第 {{n}} 次：{{result}}', tryOk: '成功', tryCut: '中断', sheet: '历史告警',
    yes: '是', no: '否', ok: '确定', cancel: '取消', none: '—',
  },
  en: {
    project: 'Project', device: 'Device', level: 'Level', condition: 'Condition', allProjects: 'All projects', allDevices: 'All devices',
    allLevels: 'All levels', allConditions: 'All conditions', levels: { 0: 'Hint', 1: 'Minor', 2: 'Important' },
    ackState: 'Acknowledged', allAck: 'Ack: any', unacked: 'Not acknowledged', acked: 'Acknowledged',
    order: 'Order', orderTime: 'Newest first', orderLevel: 'By level',
    raisedAt: 'Raised', measure: 'Measure', content: 'Alarm', sampleValue: 'Value', state: 'State', actions: 'Actions',
    deviceState: { normal: 'Normal', alarm: 'Alarm', offline: 'Offline' },
    ack: 'Acknowledge', ackSelected: 'Acknowledge ({{count}})', acked1: 'Acknowledged {{count}} alarm(s)', ackedBy: 'By {{name}} at {{time}}',
    ackFailed: 'Could not acknowledge: {{error}}', noDealRight: 'Without the right “alarm handling” you can only look',
    live: 'Live', liveDown: 'Live connection lost: the list may be out of date', total: '{{count}} in all',
    loadFailed: 'Could not load: {{error}}', refresh: 'Refresh',
    timeRange: 'Raised between', alarmState: 'State', allStates: 'All states', open: 'Open', cleared: 'Cleared', undealed: 'Not handled', dealed: 'Handled',
    clearedAt: 'Cleared', dealedAt: 'Handled', dealRemark: 'Remark', dealedBy: 'Handled by', ackedAt: 'Acknowledged',
    deal: 'Handle', dealSelected: 'Handle ({{count}})', dealTitle: 'Handle alarms ({{count}})', remark: 'Remark',
    remarkPlaceholder: 'e.g. filter replaced, checked on site', remarkRequired: 'Enter a remark', dealt: 'Handled {{count}} alarm(s)',
    dealFailed: 'Could not handle: {{error}}', alreadyDealt: 'Already handled', export: 'Export', exporting: 'Exporting…',
    exported: 'Exported {{count}} alarm(s)', exportFailed: 'Export failed: {{error}}', exportTooMany: 'At most {{max}} rows: narrow the time range',
    detail: 'Details', detailTitle: 'Alarm details', notifications: 'Notifications', noNotifications: 'No notification was sent (the project has no alarm contact for this level)',
    channel: 'Channel', contact: 'Contact', target: 'Sent to', escalationLevel: 'Escalation', attempts: 'Tries', sentAt: 'Sent',
    lastError: 'Last error', channels: { webhook: 'Webhook', email: 'E-mail' },
    states: { queued: 'Queued', sending: 'Sending', sent: 'Delivered', failed: 'Failed, will retry', dead: 'Given up' },
    escalation: 'Escalation: level {{level}} told', escalationNext: ', next at {{time}}', escalationDone: ' (ended: {{finished}})',
    finished: { acknowledged: 'acknowledged', cleared: 'cleared', exhausted: 'no higher level' },
    tries: 'Try {{n}}: {{result}}', tryOk: 'ok', tryCut: 'cut off', sheet: 'Alarm history',
    yes: 'Yes', no: 'No', ok: 'OK', cancel: 'Cancel', none: '—',
  },
};

/** Adds the texts under `alarmPages` to the admin namespace (once). */
export function registerAlarmPageStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'alarmPages.project') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { alarmPages: alarmPageStrings[lng] }, true, false);
  }
}
