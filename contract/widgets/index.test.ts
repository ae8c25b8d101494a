import { describe, expect, it } from 'vitest';
import { acceptsLive, WIDGET_SCHEMAS, WIDGET_TYPES } from './index';

const project = { id: 1, name: '上海工厂', city: '上海', region: '华东', lng: 121.5, lat: 31.2, state: 'normal', devices: 3, online: 3, alarms: 0, energyToday: 1.5, pm25: 12, aqi: 20 };
const alarm = {
  id: 1, projectId: 1, projectName: '上海工厂', deviceId: 2, deviceName: 'AP-1', deviceState: 2, measureId: 3, measureName: 'PM2.5', conditionType: 1,
  condition: '>', conditionVal1: 75, conditionVal2: null, sampleValue: 80, printf: '', alarmContent: 'PM2.5 超标', warnLevel: 2, raisedAt: 1,
};
/** One answer each type is bound to on the demo walls. */
const SAMPLES: Record<keyof typeof WIDGET_SCHEMAS, unknown> = {
  header: '上海工厂',
  kpi: 128,
  trend: { bucketMs: 3_600_000, from: 0, to: 7_200_000, series: [{ tag: 2, name: 'PM2.5', unit: 'μg/m³', measureIds: [3], points: [{ ts: 0, value: 12.5, n: 2 }] }] },
  barRanking: [{ name: '上海工厂', value: 12.5 }, { name: '杭州工厂', value: null }],
  pie: { total: 10, online: 7, alarm: 1, offline: 2, byType: [] },
  gauge: 55,
  alarmTicker: [alarm],
  deviceTable: [{ id: 1, name: 'AP-1', state: 1, model: 'NV-AP900', lastSeen: 5 }],
  projectMap: { projects: 1, projectList: [project] },
  model3d: { deviceId: 1, name: 'AP-1', projectName: '上海工厂', state: 1, airVolume: 800, airVolumeMax: 900, pm25: 10, filterPct: 80, running: true, ts: 5 },
  globe3d: [project],
};

describe('widget schemas', () => {
  it('cover every widget type, each with a label in both languages and a palette size', () => {
    expect(Object.keys(WIDGET_SCHEMAS).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const type of WIDGET_TYPES) {
      const s = WIDGET_SCHEMAS[type];
      expect(s.label.zh && s.label.en).toBeTruthy();
      expect(s.size.w).toBeGreaterThan(0);
      expect(s.size.h).toBeGreaterThan(0);
    }
  });

  it('read empty props as their defaults and refuse unknown ones', () => {
    for (const type of WIDGET_TYPES) {
      const props = WIDGET_SCHEMAS[type].props;
      expect(props.safeParse({}).success).toBe(true);
      expect(props.safeParse({ surelyNotAProp: 1 }).success).toBe(false);
    }
    expect(WIDGET_SCHEMAS.alarmTicker.props.parse({})).toEqual({ limit: 20, order: 'time', speed: 30 });
    expect(WIDGET_SCHEMAS.deviceTable.props.parse({})).toEqual({ columns: ['name', 'model', 'state'], pageSeconds: 10 });
  });

  it('accept the data the demo walls bind to each type, and refuse the wrong shape', () => {
    for (const type of WIDGET_TYPES) {
      const r = WIDGET_SCHEMAS[type].data.safeParse(SAMPLES[type]);
      expect(r.error?.issues ?? [], type).toEqual([]);
      expect(WIDGET_SCHEMAS[type].data.safeParse(Symbol('x')).success, type).toBe(false);
    }
    expect(WIDGET_SCHEMAS.kpi.data.safeParse(null).success).toBe(true);
    expect(WIDGET_SCHEMAS.model3d.data.safeParse(null).success).toBe(true);
  });

  it('say which types fold live pushes in', () => {
    expect(WIDGET_TYPES.filter(acceptsLive)).toEqual(['trend', 'pie', 'alarmTicker', 'deviceTable', 'projectMap', 'model3d', 'globe3d']);
  });
});
