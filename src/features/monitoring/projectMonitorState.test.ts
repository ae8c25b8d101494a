import { describe, expect, it } from 'vitest';
import type { RealAlarm } from '../../../contract/alarms';
import type { ProjectMonitor } from '../../../contract/monitoring';
import { applyDeviceState, applyMeasureValues, applyMeasureWarning, fromSnapshot, orderedDevices, shownTags, valueKey, valuesByTag } from './projectMonitorState';

const alarm = (id: number, raisedAt: number, over: Partial<RealAlarm> = {}): RealAlarm => ({
  id, projectId: 7, projectName: 'P', deviceId: 1, deviceName: 'A', deviceState: 2, measureId: 11, measureName: 'PM2.5', conditionType: 8,
  condition: '大于等于', conditionVal1: 75, conditionVal2: null, sampleValue: 80, printf: '', alarmContent: 'PM2.5 80 大于等于 75', warnLevel: 1, raisedAt, ...over,
});

function snapshot(): ProjectMonitor {
  return {
    project: { id: 7, name: 'P', city: '', address: '' },
    counts: { total: 3, online: 1, alarm: 1, offline: 1 },
    devices: [
      { id: 1, name: 'A', code: 'a', deviceTypeId: 2001, deviceModelName: 'S', state: 2, lastSeenAt: 1000 },
      { id: 2, name: 'B', code: 'b', deviceTypeId: 2001, deviceModelName: 'S', state: 0, lastSeenAt: null },
      { id: 3, name: 'C', code: 'c', deviceTypeId: 2001, deviceModelName: 'S', state: 1, lastSeenAt: 2000 },
    ],
    devicesTruncated: false,
    alarms: [alarm(5, 900)],
    alarmCount: 1,
    values: [
      { deviceId: 1, measureId: 11, measureName: 'PM2.5', tagId: 2, unit: 'μg/m³', decimals: 1, value: 80, ts: 1000, alarm: true },
      { deviceId: 3, measureId: 11, measureName: 'PM2.5', tagId: 2, unit: 'μg/m³', decimals: 1, value: 20, ts: 2000, alarm: false },
      { deviceId: 3, measureId: 12, measureName: '温度', tagId: 8, unit: '℃', decimals: 1, value: 22, ts: 2000, alarm: false },
    ],
    at: 3000,
  };
}

describe('项目监控 state', () => {
  it('moves the counts with a listed device state change and ignores other projects and no-ops', () => {
    const s = fromSnapshot(snapshot());
    expect(applyDeviceState(s, { deviceId: 2, projectId: 7, state: 1, ts: 4000 })).toBe('applied');
    expect(s.counts).toEqual({ total: 3, online: 2, alarm: 1, offline: 0 });
    expect(s.devices.get(2)).toMatchObject({ state: 1, lastSeenAt: 4000 });
    expect(applyDeviceState(s, { deviceId: 2, projectId: 7, state: 1, ts: 4100 })).toBe('ignored');
    expect(applyDeviceState(s, { deviceId: 2, projectId: 8, state: 0, ts: 4100 })).toBe('ignored');
    // A device beyond the listed ones: its old state is unknown, the snapshot is read again.
    expect(applyDeviceState(s, { deviceId: 99, projectId: 7, state: 0, ts: 4100 })).toBe('reload');
    expect(s.counts.total).toBe(3);
  });

  it('takes newer samples of shown points only', () => {
    const s = fromSnapshot(snapshot());
    const v0 = s.version;
    expect(applyMeasureValues(s, { items: [
      { deviceId: 3, measureId: 11, projectId: 7, value: 33, ts: 5000 },
      { deviceId: 3, measureId: 12, projectId: 7, value: 99, ts: 1000 },
      { deviceId: 3, measureId: 99, projectId: 7, value: 1, ts: 5000 },
      { deviceId: 1, measureId: 11, projectId: 8, value: 1, ts: 5000 },
    ] })).toBe(true);
    expect(s.values.get(valueKey(3, 11))).toMatchObject({ value: 33, ts: 5000 });
    expect(s.values.get(valueKey(3, 12))).toMatchObject({ value: 22, ts: 2000 });
    expect(s.values.get(valueKey(1, 11))?.value).toBe(80);
    expect(s.devices.get(3)?.lastSeenAt).toBe(5000);
    expect(s.version).toBe(v0 + 1);
    expect(applyMeasureValues(s, { items: [{ deviceId: 3, measureId: 11, projectId: 7, value: 1, ts: 10 }] })).toBe(false);
  });

  it('keeps the alarm list newest first with its total, and the point flag', () => {
    const s = fromSnapshot(snapshot());
    expect(applyMeasureWarning(s, { action: 'raise', alarm: { ...alarm(6, 5000, { deviceId: 3, measureId: 11 }), clearedAt: null } })).toBe('applied');
    expect(s.alarms.map((a) => a.id)).toEqual([6, 5]);
    expect(s.alarmCount).toBe(2);
    expect(s.values.get(valueKey(3, 11))?.alarm).toBe(true);
    expect(applyMeasureWarning(s, { action: 'update', alarm: { ...alarm(6, 5000, { deviceId: 3, measureId: 11, alarmContent: 'new' }), clearedAt: null } })).toBe('applied');
    expect(s.alarms[0].alarmContent).toBe('new');
    expect(s.alarmCount).toBe(2);
    expect(applyMeasureWarning(s, { action: 'clear', alarm: { ...alarm(6, 5000, { deviceId: 3, measureId: 11 }), clearedAt: 6000 } })).toBe('applied');
    expect(s.alarms.map((a) => a.id)).toEqual([5]);
    expect(s.alarmCount).toBe(1);
    expect(s.values.get(valueKey(3, 11))?.alarm).toBe(false);
    expect(applyMeasureWarning(s, { action: 'raise', alarm: { ...alarm(9, 5000), projectId: 8, clearedAt: null } })).toBe('ignored');
  });

  it('reads again when a clear leaves fewer alarms listed than there are', () => {
    const snap = snapshot();
    snap.alarmCount = 15;
    snap.alarms = Array.from({ length: 10 }, (_, i) => alarm(100 - i, 10_000 - i));
    const s = fromSnapshot(snap);
    expect(applyMeasureWarning(s, { action: 'clear', alarm: { ...alarm(100, 10_000), clearedAt: 11_000 } })).toBe('reload');
    expect(s.alarmCount).toBe(14);
  });

  it('orders the devices alarm, offline, online and gives the key columns present', () => {
    const s = fromSnapshot(snapshot());
    expect(orderedDevices(s).map((d) => d.id)).toEqual([1, 2, 3]);
    const byTag = valuesByTag(s);
    expect(byTag.get(3)?.get(8)?.value).toBe(22);
    expect(shownTags(byTag, [2, 3, 8, 9])).toEqual([2, 8]);
  });
});
