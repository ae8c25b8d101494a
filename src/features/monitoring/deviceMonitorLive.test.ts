import { describe, expect, it } from 'vitest';
import type { DeviceListItem } from '../../../contract/devices';
import { readDeviceMonitorFilter, writeDeviceMonitorFilter } from './deviceMonitorApi';
import { applyStatePush } from './deviceMonitorLive';

const row = (id: number, state: number, projectId = 7): DeviceListItem => ({
  id, version: 1, name: `D${id}`, code: `d${id}`, projectId, projectName: 'P', deviceModelId: 3, deviceModelName: 'M', deviceTypeId: 2001,
  gatewayId: null, gatewayName: '', iotId: '', iccid: '', state, lastSeenAt: 1000, installDate: null, lng: null, lat: null, createdAt: 1,
});
const filter = readDeviceMonitorFilter('');
const counts = { total: 10, online: 6, alarm: 1, offline: 3 };

describe('device monitor live', () => {
  it('changes a device on the page in place and moves the counts by one', () => {
    const out = applyStatePush(filter, [row(1, 1), row(2, 0)], counts, { deviceId: 1, projectId: 7, state: 2, ts: 5000 });
    expect(out.rows?.map((r) => [r.id, r.state, r.lastSeenAt])).toEqual([[1, 2, 5000], [2, 0, 1000]]);
    expect(out.counts).toEqual({ total: 10, online: 5, alarm: 2, offline: 3 });
    expect(out).toMatchObject({ recount: false, reload: false });
  });

  it('recounts for a device off the page, and reads the page again when it enters the state filter', () => {
    expect(applyStatePush(filter, [row(1, 1)], counts, { deviceId: 9, projectId: 7, state: 2, ts: 5000 })).toEqual({ rows: null, counts: null, recount: true, reload: false });
    const alarms = readDeviceMonitorFilter('state=2');
    expect(applyStatePush(alarms, [row(1, 2)], counts, { deviceId: 9, projectId: 7, state: 2, ts: 5000 })).toMatchObject({ recount: true, reload: true });
    // Leaving the filtered state: shown at once, the page read again.
    expect(applyStatePush(alarms, [row(1, 2)], counts, { deviceId: 1, projectId: 7, state: 1, ts: 5000 })).toMatchObject({ reload: true, recount: false });
  });

  it('ignores devices of another project than the filter, and no change', () => {
    const mine = readDeviceMonitorFilter('project=7');
    expect(applyStatePush(mine, [row(1, 1)], counts, { deviceId: 9, projectId: 8, state: 0, ts: 5000 })).toEqual({ rows: null, counts: null, recount: false, reload: false });
    expect(applyStatePush(filter, [row(1, 1)], counts, { deviceId: 1, projectId: 7, state: 1, ts: 5000 })).toEqual({ rows: null, counts: null, recount: false, reload: false });
  });

  it('keeps its filter in the address, leaving out what is invalid', () => {
    const f = readDeviceMonitorFilter('project=7&model=3&state=0&q=%20abc%20&page=2&size=50&view=list');
    expect(f).toEqual({ projectId: 7, deviceModelId: 3, state: 0, keyword: 'abc', page: 2, size: 50, view: 'list' });
    expect(readDeviceMonitorFilter(writeDeviceMonitorFilter(f))).toEqual(f);
    expect(readDeviceMonitorFilter('project=-1&state=5&size=33&page=x&view=x')).toEqual({ page: 1, size: 20, view: 'grid', projectId: undefined, deviceModelId: undefined, state: undefined, keyword: undefined });
  });
});
