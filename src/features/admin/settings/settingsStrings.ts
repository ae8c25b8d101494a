import i18n from 'i18next';

/** Texts of 系统设置: `admin:settings.*`. */
export const settingsStrings = {
  zh: {
    dialogs: '运行开关', dialogsHint: '对所有控制台生效；某个部署的 config.json 把开关设为 false 时，该部署的控制台仍不弹出。',
    warning: '告警弹窗', warningHint: '新的实时告警在控制台右上角弹出提示',
    online: '上下线弹窗', onlineHint: '设备离线或恢复上线时弹出提示',
    analysis: '数据分析', electricityPrice: '电价', electricityPriceUnit: '元/kWh', aqiStandard: 'AQI 标准',
    aqi2012: 'HJ 633—2012（2026-03-01 起废止）', aqi2026: 'HJ 633—2026（现行）',
    retention: '数据保留', retentionHint: '超过保留期的数据每小时分批清理一次，不影响数据接入。', days: '天',
    rawDays: '原始数据', minuteDays: '分钟汇总', hourDays: '小时汇总', messageDays: '消息', logDays: '操作日志', alarmDays: '历史告警（已结束）',
    notifications: '告警通知', webhook: 'Webhook 通知', email: '邮件通知', emailHint: '还需要服务器配置 SMTP',
    escalateMinutes: '升级等待', escalateHint: '告警未确认多久后通知下一级联系人；0 表示不升级', minutes: '分钟',
    save: '保存', reset: '重置', saved: '设置已保存', loadFailed: '加载失败：{{error}}', saveFailed: '保存失败：{{error}}',
    fixErrors: '请修改标红的项', required: '请输入数值', number: '请输入数字', integer: '请输入整数',
    tooSmall: '不能小于 {{min}}', tooBig: '不能大于 {{max}}', on: '开', off: '关',
  },
  en: {
    dialogs: 'Runtime switches', dialogsHint: 'Apply to every console; a deployment whose config.json sets a switch to false still shows none.',
    warning: 'Alarm pop-ups', warningHint: 'A new real-time alarm pops up in the console\'s top-right corner',
    online: 'Online pop-ups', onlineHint: 'A device going offline or coming back online pops up',
    analysis: 'Data analysis', electricityPrice: 'Electricity price', electricityPriceUnit: 'yuan/kWh', aqiStandard: 'AQI standard',
    aqi2012: 'HJ 633—2012 (abolished 2026-03-01)', aqi2026: 'HJ 633—2026 (in force)',
    retention: 'Data retention', retentionHint: 'Data past its period is removed hourly in small batches, without holding up ingest.', days: 'days',
    rawDays: 'Raw samples', minuteDays: 'Minute rollups', hourDays: 'Hour rollups', messageDays: 'Messages', logDays: 'Operation log', alarmDays: 'Alarm history (cleared)',
    notifications: 'Alarm notifications', webhook: 'Webhook notifications', email: 'E-mail notifications', emailHint: 'Also needs SMTP on the server',
    escalateMinutes: 'Escalate after', escalateHint: 'How long an unacknowledged alarm waits before the next contact level; 0: never', minutes: 'minutes',
    save: 'Save', reset: 'Reset', saved: 'Settings saved', loadFailed: 'Could not load: {{error}}', saveFailed: 'Could not save: {{error}}',
    fixErrors: 'Please correct the fields marked red', required: 'Enter a value', number: 'Enter a number', integer: 'Enter a whole number',
    tooSmall: 'Must be at least {{min}}', tooBig: 'Must be at most {{max}}', on: 'On', off: 'Off',
  },
};

export function registerSettingsStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    // Not i18n.exists: it falls back to zh, so English would be taken as there once Chinese is.
    if (i18n.getResource(lng, 'admin', 'settings.save') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { settings: settingsStrings[lng] }, true, false);
  }
}
