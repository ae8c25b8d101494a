import i18n from 'i18next';

/** Texts of the remote control (`admin:remote.*`) and of 网关管理 (`admin:gateways.*`). */
export const remoteStrings = {
  zh: {
    remote: {
      title: '远程控制：{{name}}', action: '远程控制', point: '测点', current: '当前值', target: '设定值', result: '结果',
      range: '范围 {{range}}', noRange: '不限范围', send: '下发', sending: '下发中…', pending: '执行中…', succeeded: '成功',
      noPoints: '该设备没有可写的测点', noGateway: '设备未接入网关，无法远程控制', gateway: '网关：{{name}}',
      valueRequired: '请输入设定值', neverRead: '未读到', sendFailed: '下发失败：{{error}}', loadFailed: '加载失败：{{error}}',
      outcome: '{{point}} = {{value}}：{{result}}', waiting: '有命令正在执行', refresh: '刷新',
      passwordTitle: '密码确认', passwordHint: '下发“{{point}} = {{value}}”到设备“{{device}}”。请输入登录密码确认。',
      passwordLabel: '登录密码', passwordRequired: '请输入密码', confirm: '确认下发', cancel: '取消', checkFailed: '无法验证密码：{{error}}',
      hint: '下发的命令经网关执行，结果由设备回报；30 秒内未完成即为命令超时。每次下发都记入操作日志。',
    },
    gateways: {
      keyword: '名称或编码', project: '所属项目', allProjects: '全部项目', search: '查询', name: '网关名称', code: '网关编码',
      devices: '设备（在线/全部）', key: '接入密钥', keySet: '已设置', keyMissing: '未设置', lastCommand: '最近命令', actions: '操作',
      preview: '配置预览', refresh: '刷新', restart: '重启', none: '—', total: '共 {{count}} 个网关',
      previewTitle: '配置预览：{{name}}', registerCount: '寄存器数', digest: '配置摘要', lastConfig: '最近配置下发', deviceCount: '设备数',
      device: '设备', point: '测点', functionCode: '功能码', address: '寄存器地址', dataType: '数据类型', scale: '缩放', access: '读写',
      previewHint: '网关将按下表轮询：由其设备的型号测点生成（未采集的测点不在其中）。整数寄存器存放“值 × 10^小数位”。',
      noDevices: '该网关没有接入设备', refreshQueued: '已请求“{{name}}”刷新', restartQueued: '已请求“{{name}}”重启',
      outcome: '{{name}} {{kind}}：{{result}}', restartTitle: '重启网关', restartHint: '重启网关“{{name}}”：重启期间其设备不响应命令（设备忙）。请输入登录密码确认。',
      failed: '操作失败：{{error}}',
    },
  },
  en: {
    remote: {
      title: 'Remote control: {{name}}', action: 'Remote control', point: 'Point', current: 'Current value', target: 'Set value', result: 'Result',
      range: 'Range {{range}}', noRange: 'Any value', send: 'Send', sending: 'Sending…', pending: 'Running…', succeeded: 'Succeeded',
      noPoints: 'The device has no writable points', noGateway: 'The device has no gateway: it cannot be controlled remotely', gateway: 'Gateway: {{name}}',
      valueRequired: 'Enter a value', neverRead: 'Not read yet', sendFailed: 'Sending failed: {{error}}', loadFailed: 'Loading failed: {{error}}',
      outcome: '{{point}} = {{value}}: {{result}}', waiting: 'A command is running', refresh: 'Refresh',
      passwordTitle: 'Confirm with your password', passwordHint: 'Send "{{point}} = {{value}}" to device "{{device}}". Enter your password to confirm.',
      passwordLabel: 'Password', passwordRequired: 'Enter your password', confirm: 'Send', cancel: 'Cancel', checkFailed: 'The password could not be checked: {{error}}',
      hint: 'The gateway runs the command and the device reports the result; a command not done within 30 s times out. Every command is logged.',
    },
    gateways: {
      keyword: 'Name or code', project: 'Project', allProjects: 'All projects', search: 'Search', name: 'Gateway', code: 'Code',
      devices: 'Devices (online/all)', key: 'Access key', keySet: 'Set', keyMissing: 'Not set', lastCommand: 'Last command', actions: 'Actions',
      preview: 'Config preview', refresh: 'Refresh', restart: 'Restart', none: '—', total: '{{count}} gateways',
      previewTitle: 'Config preview: {{name}}', registerCount: 'Registers', digest: 'Config digest', lastConfig: 'Last config push', deviceCount: 'Devices',
      device: 'Device', point: 'Point', functionCode: 'Function code', address: 'Register', dataType: 'Data type', scale: 'Scale', access: 'Access',
      previewHint: 'The gateway polls these registers, generated from its devices\' models (points not collected are left out). Integer registers hold value × 10^decimals.',
      noDevices: 'No device is wired to this gateway', refreshQueued: 'Asked "{{name}}" to refresh', restartQueued: 'Asked "{{name}}" to restart',
      outcome: '{{name}} {{kind}}: {{result}}', restartTitle: 'Restart gateway', restartHint: 'Restart gateway "{{name}}": its devices answer no commands meanwhile (device busy). Enter your password to confirm.',
      failed: 'Failed: {{error}}',
    },
  },
};

export function registerRemoteStrings(): void {
  for (const lng of ['zh', 'en'] as const) {
    // Not i18n.exists: it falls back to zh, so English would be taken as there once Chinese is.
    if (i18n.getResource(lng, 'admin', 'remote.action') !== undefined) continue;
    i18n.addResourceBundle(lng, 'admin', remoteStrings[lng], true, false);
  }
}
