import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../runtime/types';
import { applyDeviceTableLive } from './applyDeviceTableLive';
import type { DeviceTableItem } from './deviceTableModel';

const push = (deviceId: number, state: number): LiveEvent => ({ event: 'deviceState', data: { deviceId, projectId: 1, state, ts: 1 } });

describe('applyDeviceTableLive', () => {
  const list: DeviceTableItem[] = [{ id: 1, name: 'A', state: 1, model: 'M' }, { id: 2, name: 'B', state: 1 }];

  it('sets the state of the matching row in a new array, other rows untouched', () => {
    const next = applyDeviceTableLive(list, push(2, 2))!;
    expect(next).toEqual([{ id: 1, name: 'A', state: 1, model: 'M' }, { id: 2, name: 'B', state: 2 }]);
    expect(next).not.toBe(list);
    expect(next[0]).toBe(list[0]);
    expect(list[1].state).toBe(1);
  });

  it('ignores a device not in the table, an unchanged state, other events and no data', () => {
    expect(applyDeviceTableLive(list, push(9, 0))).toBeUndefined();
    expect(applyDeviceTableLive(list, push(1, 1))).toBeUndefined();
    expect(applyDeviceTableLive(undefined, push(1, 0))).toBeUndefined();
    const values: LiveEvent = { event: 'measureValues', data: { items: [] } };
    expect(applyDeviceTableLive(list, values)).toBeUndefined();
  });
});
