/** User-visible text of the model3d widget; registered under the `screens` namespace as `model-3d.<key>`. */
export const strings = {
  zh: {
    airVolume: '风量',
    pm25: 'PM2.5',
    filter: '滤网剩余',
    online: '在线',
    alarm: '告警',
    offline: '离线',
    running: '运行中',
    stopped: '停机',
    noWebgl: '3D 视图不可用',
    noWebglDetail: '此显示设备不支持 WebGL',
  },
  en: {
    airVolume: 'Air volume',
    pm25: 'PM2.5',
    filter: 'Filter left',
    online: 'Online',
    alarm: 'Alarm',
    offline: 'Offline',
    running: 'Running',
    stopped: 'Stopped',
    noWebgl: '3D view unavailable',
    noWebglDetail: 'This display has no WebGL',
  },
} as const;
