/** User-visible texts of the device table (namespace `screens`, prefix `device-table.`). */
export const strings = {
  zh: {
    columnName: '设备名称', columnModel: '型号', columnProject: '所属项目', columnState: '状态', columnLastSeen: '最后通信',
    stateOnline: '在线', stateAlarm: '告警', stateOffline: '离线',
  },
  en: {
    columnName: 'Device', columnModel: 'Model', columnProject: 'Project', columnState: 'State', columnLastSeen: 'Last seen',
    stateOnline: 'Online', stateAlarm: 'Alarm', stateOffline: 'Offline',
  },
} as const;
