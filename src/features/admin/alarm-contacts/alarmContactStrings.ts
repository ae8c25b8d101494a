import i18n from 'i18next';

/** Texts of 告警联系人's project tab: `admin:alarmContacts.*`. */
export const alarmContactStrings = {
  zh: {
    tabContacts: '联系人',
    tabProjects: '项目告警联系人',
    project: '项目',
    pickProject: '请选择项目，设置由谁接收该项目的告警',
    addContact: '添加联系人',
    addPlaceholder: '选择联系人',
    name: '姓名',
    channels: '通知方式',
    email: '邮件',
    webhook: 'Webhook',
    phone: '电话',
    warnLevels: '接收的告警等级',
    escalation: '通知时机',
    firstLine: '一线：告警产生时立即通知',
    escalated: '第 {{level}} 级：告警未确认时升级通知',
    actions: '操作',
    remove: '移除',
    save: '保存',
    reset: '撤销修改',
    saved: '已保存该项目的告警联系人',
    saveFailed: '保存失败：{{error}}',
    loadFailed: '加载失败：{{error}}',
    noLevels: '请为“{{name}}”至少选择一个告警等级',
    empty: '该项目还没有告警联系人',
    help: '告警产生时通知一线联系人；告警在设定时间内仍未确认（处理）时，依次通知下一级联系人，直到被确认或恢复。邮件须服务器配置 SMTP，Webhook 须在联系人中设置地址与签名密钥。',
    readOnly: '没有“{{right}}”权限，只能查看',
    noChannel: '收不到告警通知（无邮箱或 Webhook）',
  },
  en: {
    tabContacts: 'Contacts',
    tabProjects: 'Project alarm contacts',
    project: 'Project',
    pickProject: 'Pick a project to set who is told of its alarms',
    addContact: 'Add contact',
    addPlaceholder: 'Pick a contact',
    name: 'Name',
    channels: 'Reached by',
    email: 'E-mail',
    webhook: 'Webhook',
    phone: 'Phone',
    warnLevels: 'Warn levels told',
    escalation: 'When told',
    firstLine: 'First line: when the alarm is raised',
    escalated: 'Level {{level}}: when still unacknowledged',
    actions: 'Actions',
    remove: 'Remove',
    save: 'Save',
    reset: 'Undo changes',
    saved: 'The project\'s alarm contacts are saved',
    saveFailed: 'Could not save: {{error}}',
    loadFailed: 'Could not load: {{error}}',
    noLevels: 'Pick at least one warn level for “{{name}}”',
    empty: 'This project has no alarm contacts yet',
    help: 'The first line is told when an alarm is raised; an alarm still unacknowledged after the set time goes to the next level, and so on until it is acknowledged or cleared. E-mail needs the server\'s SMTP settings; a webhook needs the contact\'s address and signing secret.',
    readOnly: 'Without the right “{{right}}” you can only look',
    noChannel: 'Gets no alarm notifications (no e-mail or webhook)',
  },
};

/** Adds the texts under `alarmContacts` to the admin namespace (once). */
export function registerAlarmContactStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    if (i18n.getResource(lng, 'admin', 'alarmContacts.tabContacts') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', { alarmContacts: alarmContactStrings[lng] }, true, false);
  }
}
