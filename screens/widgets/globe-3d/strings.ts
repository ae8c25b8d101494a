/** Texts of the globe3d widget (namespace `screens`, prefix `globe-3d.`). */
export const strings = {
  zh: {
    unitDevices: '台',
    unitEnergy: 'kWh',
    unitAlarms: '条',
    noWebgl: '此显示设备不支持 WebGL',
    noWebglHint: '三维视图需要开启硬件加速的浏览器',
    mapLoading: '地图加载中…',
    mapFailed: '地图数据加载失败',
    mapRetrying: '稍后自动重试',
  },
  en: {
    unitDevices: 'devices',
    unitEnergy: 'kWh',
    unitAlarms: 'alarms',
    noWebgl: 'This display does not support WebGL',
    noWebglHint: 'The 3D view needs a browser with hardware acceleration',
    mapLoading: 'Loading map…',
    mapFailed: 'Map data failed to load',
    mapRetrying: 'Retrying shortly',
  },
} as const;
