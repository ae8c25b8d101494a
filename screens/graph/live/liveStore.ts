import type { GraphLiveSnapshot } from '../../../contract/graph/live';
import type { DeviceStateData, MeasureValuesData, MeasureWarningData } from '../../../contract/hub';
import { pointKey, type BindingIndex } from './bindingIndex';

/** The latest known reading of one point. */
export interface PointReading {
  value: number | null;
  /** Epoch ms of the sample; older samples never replace newer ones. */
  ts: number;
  alarm: boolean;
  /** The measure's own decimals (from the snapshot), the format when the cell names none. */
  decimals?: number;
}

/**
 * What the live view knows of the graph's devices and points, plus the cells changed since the
 * last frame. Pushes are folded in as they come (cheap map writes); the view takes the dirty set
 * once per frame and redraws those cells in one model update. Only bound points are kept.
 */
export interface LiveStore {
  devices: Map<number, number>;
  points: Map<string, PointReading>;
  dirty: Set<string>;
}

export function createLiveStore(): LiveStore {
  return { devices: new Map(), points: new Map(), dirty: new Set() };
}

const markAll = (store: LiveStore, ids: readonly string[] | undefined) => {
  if (ids) for (const id of ids) store.dirty.add(id);
};

/** Replaces everything with a snapshot (first load, and after every hub reconnect): every bound cell is redrawn. */
export function applySnapshot(store: LiveStore, index: BindingIndex, snap: GraphLiveSnapshot): void {
  store.devices.clear();
  store.points.clear();
  for (const d of snap.devices) if (index.byDevice.has(d.id)) store.devices.set(d.id, d.state);
  for (const v of snap.values) {
    const key = pointKey(v.deviceId, v.measureId);
    if (index.byPoint.has(key)) store.points.set(key, { value: v.value, ts: v.ts, alarm: v.alarm, decimals: v.decimals });
  }
  for (const ids of index.byDevice.values()) markAll(store, ids);
}

/** Folds a `measureValues` batch in. Returns how many bound points changed. */
export function applyMeasureValues(store: LiveStore, index: BindingIndex, data: MeasureValuesData): number {
  let changed = 0;
  for (const item of data.items) {
    const key = pointKey(item.deviceId, item.measureId);
    const cells = index.byPoint.get(key);
    if (!cells) continue;
    const prev = store.points.get(key);
    if (prev && prev.ts > item.ts) continue;
    if (prev && prev.value === item.value && prev.ts === item.ts) continue;
    store.points.set(key, { value: item.value, ts: item.ts, alarm: prev?.alarm ?? false, decimals: prev?.decimals });
    markAll(store, cells);
    changed++;
  }
  return changed;
}

/** Folds a `deviceState` push in: every cell of the device may change colour. */
export function applyDeviceState(store: LiveStore, index: BindingIndex, data: DeviceStateData): boolean {
  const cells = index.byDevice.get(data.deviceId);
  if (!cells || store.devices.get(data.deviceId) === data.state) return false;
  store.devices.set(data.deviceId, data.state);
  markAll(store, cells);
  return true;
}

/**
 * Folds a `measureWarning` push in: the point's alarm flag is set on raise/update, cleared on
 * clear. Cells bound to the device alone follow its `deviceState` push instead.
 */
export function applyMeasureWarning(store: LiveStore, index: BindingIndex, data: MeasureWarningData): boolean {
  const { deviceId, measureId, sampleValue, raisedAt } = data.alarm;
  const key = pointKey(deviceId, measureId);
  const cells = index.byPoint.get(key);
  if (!cells) return false;
  const alarm = data.action !== 'clear';
  const prev = store.points.get(key);
  if (prev?.alarm === alarm) return false;
  store.points.set(key, prev ? { ...prev, alarm } : { value: sampleValue, ts: raisedAt, alarm });
  markAll(store, cells);
  return true;
}

/** The cells to redraw, emptying the dirty set. */
export function takeDirty(store: LiveStore): string[] {
  if (store.dirty.size === 0) return [];
  const ids = [...store.dirty];
  store.dirty.clear();
  return ids;
}
