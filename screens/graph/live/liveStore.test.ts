import { describe, expect, it } from 'vitest';
import type { MeasureWarningData } from '../../../contract/hub';
import { buildBindingIndex, pointKey } from './bindingIndex';
import { applyDeviceState, applyMeasureValues, applyMeasureWarning, applySnapshot, createLiveStore, takeDirty } from './liveStore';

const cell = (id: string, attrs: Record<string, string>) => ({ id, get: (n: string) => attrs[n] ?? null });
const index = buildBindingIndex([
  cell('fan', { symbol: 'fan', deviceId: '7' }),
  cell('pm', { symbol: 'valueLabel', deviceId: '7', measureId: '3', format: '0.0', unit: 'μg/m³' }),
  cell('pm2', { symbol: 'valueLabel', deviceId: '7', measureId: '3' }),
  cell('t', { symbol: 'text', label: 'title' }),
  cell('plain', { label: 'no binding' }),
  cell('bad', { deviceId: 'x1', symbol: 'nope' }),
]);
const warning = (action: MeasureWarningData['action'], deviceId = 7, measureId = 3): MeasureWarningData => ({
  action, alarm: { deviceId, measureId, sampleValue: 99, raisedAt: 5 } as MeasureWarningData['alarm'],
});

describe('binding index', () => {
  it('indexes cells by point and device and skips unbound ones', () => {
    expect([...index.bindings.keys()].sort()).toEqual(['fan', 'pm', 'pm2', 't']);
    expect(index.byPoint.get(pointKey(7, 3))).toEqual(['pm', 'pm2']);
    expect(index.byDevice.get(7)).toEqual(['fan', 'pm', 'pm2']);
    expect(index.bindings.get('pm')?.unit).toBe('μg/m³');
  });
});

describe('live store batching', () => {
  it('folds many pushes into one dirty set, taken once', () => {
    const store = createLiveStore();
    for (let i = 0; i < 100; i++) applyMeasureValues(store, index, { items: [{ deviceId: 7, measureId: 3, projectId: 1, value: i, ts: 1000 + i }] });
    expect(takeDirty(store).sort()).toEqual(['pm', 'pm2']);
    expect(takeDirty(store)).toEqual([]);
    expect(store.points.get('7:3')?.value).toBe(99);
  });

  it('ignores unbound points and older samples', () => {
    const store = createLiveStore();
    expect(applyMeasureValues(store, index, { items: [{ deviceId: 8, measureId: 3, projectId: 1, value: 1, ts: 1 }] })).toBe(0);
    applyMeasureValues(store, index, { items: [{ deviceId: 7, measureId: 3, projectId: 1, value: 5, ts: 200 }] });
    takeDirty(store);
    expect(applyMeasureValues(store, index, { items: [{ deviceId: 7, measureId: 3, projectId: 1, value: 4, ts: 100 }] })).toBe(0);
    expect(store.points.get('7:3')?.value).toBe(5);
    expect(store.dirty.size).toBe(0);
  });

  it('marks every cell of a device on a state change, and none when the state is unchanged', () => {
    const store = createLiveStore();
    expect(applyDeviceState(store, index, { deviceId: 7, projectId: 1, state: 2, ts: 1 })).toBe(true);
    expect(takeDirty(store).sort()).toEqual(['fan', 'pm', 'pm2']);
    expect(applyDeviceState(store, index, { deviceId: 7, projectId: 1, state: 2, ts: 2 })).toBe(false);
    expect(applyDeviceState(store, index, { deviceId: 9, projectId: 1, state: 0, ts: 2 })).toBe(false);
  });

  it('sets and clears the alarm flag of a point', () => {
    const store = createLiveStore();
    applyMeasureWarning(store, index, warning('raise'));
    expect(store.points.get('7:3')).toMatchObject({ alarm: true, value: 99 });
    expect(takeDirty(store).sort()).toEqual(['pm', 'pm2']);
    applyMeasureValues(store, index, { items: [{ deviceId: 7, measureId: 3, projectId: 1, value: 20, ts: 10 }] });
    expect(store.points.get('7:3')?.alarm).toBe(true);
    applyMeasureWarning(store, index, warning('clear'));
    expect(store.points.get('7:3')?.alarm).toBe(false);
    expect(applyMeasureWarning(store, index, warning('raise', 7, 4))).toBe(false);
  });

  it('a snapshot replaces everything and redraws every bound cell', () => {
    const store = createLiveStore();
    applyMeasureWarning(store, index, warning('raise'));
    takeDirty(store);
    applySnapshot(store, index, {
      devices: [{ id: 7, state: 1 }, { id: 8, state: 0 }],
      values: [{ deviceId: 7, measureId: 3, value: 12.5, decimals: 2, alarm: false, ts: 50 }, { deviceId: 8, measureId: 1, value: 1, decimals: 0, alarm: true, ts: 1 }],
      at: 60,
    });
    expect([...store.devices]).toEqual([[7, 1]]);
    expect([...store.points.keys()]).toEqual(['7:3']);
    expect(store.points.get('7:3')).toEqual({ value: 12.5, ts: 50, alarm: false, decimals: 2 });
    expect(takeDirty(store).sort()).toEqual(['fan', 'pm', 'pm2']);
  });
});
