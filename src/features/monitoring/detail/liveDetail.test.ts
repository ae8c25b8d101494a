import { describe, expect, it } from 'vitest';
import { applyState, applyValues, applyWarning, freshnessOf, type LiveDetail } from './liveDetail';

const measure = (measureId: number, value: number | null, ts: number | null) => ({
  measureId, name: `m${measureId}`, groupName: '', unit: '', decimals: 1, tagId: null, measureType: 0, printf: '', value, ts, alarm: null,
});
const detail = (): LiveDetail => ({
  device: {
    id: 7, version: 1, name: 'd', code: 'D', projectId: 1, projectName: 'p', deviceModelId: 1, deviceModelName: 'm', deviceTypeId: 2006,
    gatewayId: null, gatewayName: '', iotId: '', iccid: '', state: 1, lastSeenAt: 1000, installDate: null, lng: null, lat: null, createdAt: 0,
  },
  measures: [measure(1, 10, 1000), measure(2, null, null)],
  serverTime: 1000,
  skewMs: 0,
});

describe('live device detail', () => {
  it('takes each point\'s newest sample of the device, and ignores older or foreign ones', () => {
    const d = applyValues(detail(), [
      { deviceId: 7, measureId: 1, projectId: 1, value: 11, ts: 2000 },
      { deviceId: 7, measureId: 1, projectId: 1, value: 12, ts: 3000 },
      { deviceId: 7, measureId: 2, projectId: 1, value: 5, ts: 2500 },
      { deviceId: 8, measureId: 1, projectId: 1, value: 99, ts: 9000 },
    ]);
    expect(d.measures.map((m) => [m.value, m.ts])).toEqual([[12, 3000], [5, 2500]]);
    expect(d.device.lastSeenAt).toBe(3000);
    expect(applyValues(d, [{ deviceId: 7, measureId: 1, projectId: 1, value: 1, ts: 1500 }])).toBe(d);
  });

  it('follows the device\'s state and its points\' alarms', () => {
    expect(applyState(detail(), { deviceId: 7, projectId: 1, state: 0, ts: 5000 }).device).toMatchObject({ state: 0, lastSeenAt: 1000 });
    expect(applyState(detail(), { deviceId: 7, projectId: 1, state: 2, ts: 5000 }).device).toMatchObject({ state: 2, lastSeenAt: 5000 });
    const alarm = {
      id: 3, projectId: 1, projectName: 'p', deviceId: 7, deviceName: 'd', deviceState: 2, measureId: 1, measureName: 'm1', conditionType: 4,
      condition: '大于', conditionVal1: 5, conditionVal2: null, sampleValue: 10, printf: '', alarmContent: 'm1 10 大于 5', warnLevel: 2, raisedAt: 4000, clearedAt: null,
    };
    const raised = applyWarning(detail(), { action: 'raise', alarm });
    expect(raised.measures[0].alarm).toEqual({ id: 3, warnLevel: 2, alarmContent: 'm1 10 大于 5', raisedAt: 4000 });
    expect(applyWarning(raised, { action: 'clear', alarm: { ...alarm, clearedAt: 5000 } }).measures[0].alarm).toBeNull();
    expect(applyWarning(raised, { action: 'clear', alarm: { ...alarm, id: 2 } }).measures[0].alarm?.id).toBe(3);
  });

  it('marks the data stale a minute after the newest sample by the server\'s clock, or while the hub is away', () => {
    const d = { ...detail(), skewMs: 500 };
    expect(freshnessOf(d, false, 1000 + 60_000 - 500)).toEqual({ kind: 'live' });
    expect(freshnessOf(d, false, 1000 + 60_001 - 500)).toEqual({ kind: 'stale', since: 1000 });
    expect(freshnessOf(d, true, 0)).toEqual({ kind: 'hubDown' });
    expect(freshnessOf({ ...d, measures: [measure(1, null, null)] }, false, 0)).toEqual({ kind: 'never' });
  });
});
