/** `data` of GET /api/s/project. */
export interface ProjectStats {
  total: number;
  byRegion: { regionId: number; name: string; count: number }[];
}

/** `data` of GET /api/s/device: counts by SPEC device state and by device type. */
export interface DeviceStats {
  total: number;
  online: number;
  offline: number;
  alarm: number;
  byType: { typeId: number; name: string; count: number }[];
}

/** `data` of GET /api/s/wMeasure/count: real alarms by warn level. */
export interface AlarmStats {
  total: number;
  hint: number;
  minor: number;
  important: number;
}
