import type { RealAlarm } from '../../../contract/alarms';
import { DeviceState } from '../../../contract/enums';
import type { DeviceStateData, MeasureValuesData, MeasureWarningData } from '../../../contract/hub';
import type { ProjectMonitor, ProjectMonitorDevice } from '../../../contract/monitoring';
import { PROJECT_MONITOR_ALARMS } from '../../../contract/monitoring-constants';
import type { RealValue } from '../../../contract/telemetry';

/** Devices by state, as the page's tiles show them. */
export interface StateCounts {
  total: number;
  online: number;
  alarm: number;
  offline: number;
}

/**
 * 项目监控's live picture: the last snapshot with the hub's pushes applied. Mutated in place by
 * the apply functions (a push may touch many values; the page redraws at most a few times a
 * second from `version`).
 */
export interface ProjectMonitorState {
  projectId: number;
  project: ProjectMonitor['project'];
  counts: StateCounts;
  devices: Map<number, ProjectMonitorDevice>;
  devicesTruncated: boolean;
  /** Newest first, at most PROJECT_MONITOR_ALARMS. */
  alarms: RealAlarm[];
  alarmCount: number;
  /** By `deviceId:measureId`. */
  values: Map<string, RealValue>;
  /** Epoch ms of the newest data: the snapshot's clock or the last push. */
  updatedAt: number;
  /** Bumped by every change that shows. */
  version: number;
}

export const valueKey = (deviceId: number, measureId: number) => `${deviceId}:${measureId}`;

/** The state of a fresh snapshot. */
export function fromSnapshot(snap: ProjectMonitor): ProjectMonitorState {
  return {
    projectId: snap.project.id,
    project: snap.project,
    counts: { ...snap.counts },
    devices: new Map(snap.devices.map((d) => [d.id, { ...d }])),
    devicesTruncated: snap.devicesTruncated,
    alarms: [...snap.alarms],
    alarmCount: snap.alarmCount,
    values: new Map(snap.values.map((v) => [valueKey(v.deviceId, v.measureId), { ...v }])),
    updatedAt: snap.at,
    version: 0,
  };
}

const bucket = (state: number): keyof Omit<StateCounts, 'total'> =>
  (state === DeviceState.Online ? 'online' : state === DeviceState.Alarm ? 'alarm' : 'offline');

/**
 * A device changed state. Returns 'applied', 'ignored' (another project, or no change), or
 * 'reload' when the device is not among the listed ones, so its old state, and so the counts, are
 * unknown here: the page reads the snapshot again.
 */
export function applyDeviceState(s: ProjectMonitorState, d: DeviceStateData): 'applied' | 'ignored' | 'reload' {
  if (d.projectId !== s.projectId) return 'ignored';
  const device = s.devices.get(d.deviceId);
  if (!device) return 'reload';
  if (device.state === d.state) return 'ignored';
  s.counts[bucket(device.state)] = Math.max(0, s.counts[bucket(device.state)] - 1);
  s.counts[bucket(d.state)] += 1;
  device.state = d.state;
  if (d.state !== DeviceState.Offline) device.lastSeenAt = Math.max(device.lastSeenAt ?? 0, d.ts);
  s.updatedAt = Math.max(s.updatedAt, d.ts);
  s.version++;
  return 'applied';
}

/** New samples: the shown points of the listed devices take them (an older sample never replaces a newer one). */
export function applyMeasureValues(s: ProjectMonitorState, data: MeasureValuesData): boolean {
  let changed = false;
  for (const item of data.items) {
    if (item.projectId !== s.projectId) continue;
    const device = s.devices.get(item.deviceId);
    if (device && (device.lastSeenAt ?? 0) < item.ts) device.lastSeenAt = item.ts;
    const shown = s.values.get(valueKey(item.deviceId, item.measureId));
    if (!shown || shown.ts > item.ts) continue;
    shown.value = item.value;
    shown.ts = item.ts;
    s.updatedAt = Math.max(s.updatedAt, item.ts);
    changed = true;
  }
  if (changed) s.version++;
  return changed;
}

/**
 * An alarm raised, updated or cleared: the list (newest first), its total and the point's alarm
 * flag follow. Returns 'reload' when a clear leaves the list shorter than the alarms there are
 * (the next one is not known here).
 */
export function applyMeasureWarning(s: ProjectMonitorState, { action, alarm }: MeasureWarningData): 'applied' | 'ignored' | 'reload' {
  if (alarm.projectId !== s.projectId) return 'ignored';
  const at = s.alarms.findIndex((a) => a.id === alarm.id);
  const point = s.values.get(valueKey(alarm.deviceId, alarm.measureId));
  const { clearedAt: _cleared, ...shown } = alarm;
  let result: 'applied' | 'ignored' | 'reload' = 'applied';
  if (action === 'clear') {
    if (at >= 0) s.alarms.splice(at, 1);
    s.alarmCount = Math.max(0, s.alarmCount - 1);
    if (point) point.alarm = false;
    if (s.alarms.length < Math.min(s.alarmCount, PROJECT_MONITOR_ALARMS)) result = 'reload';
  } else if (at >= 0) {
    s.alarms[at] = shown;
    if (point) point.alarm = true;
  } else {
    if (action === 'raise') s.alarmCount += 1;
    s.alarms = [shown, ...s.alarms].sort((a, b) => b.raisedAt - a.raisedAt || b.id - a.id).slice(0, PROJECT_MONITOR_ALARMS);
    if (point) point.alarm = true;
  }
  s.updatedAt = Math.max(s.updatedAt, alarm.raisedAt);
  s.version++;
  return result;
}

const RANK: Record<number, number> = { [DeviceState.Alarm]: 0, [DeviceState.Offline]: 1, [DeviceState.Online]: 2 };

/** The listed devices as the table shows them: alarm first, then offline, then online; by name within. */
export function orderedDevices(s: ProjectMonitorState): ProjectMonitorDevice[] {
  return [...s.devices.values()].sort((a, b) => (RANK[a.state] ?? 1) - (RANK[b.state] ?? 1) || a.name.localeCompare(b.name, 'zh') || a.id - b.id);
}

/** The first shown point of each tag per device (the model's order), for the key-measure columns. */
export function valuesByTag(s: ProjectMonitorState): Map<number, Map<number, RealValue>> {
  const byDevice = new Map<number, Map<number, RealValue>>();
  for (const v of s.values.values()) {
    if (v.tagId === null) continue;
    let tags = byDevice.get(v.deviceId);
    if (!tags) byDevice.set(v.deviceId, (tags = new Map()));
    if (!tags.has(v.tagId)) tags.set(v.tagId, v);
  }
  return byDevice;
}

/** The tags any listed device has a point of, in `order`: the table's columns. */
export function shownTags(byDevice: Map<number, Map<number, RealValue>>, order: readonly number[]): number[] {
  const present = new Set<number>();
  for (const tags of byDevice.values()) for (const tag of tags.keys()) present.add(tag);
  return order.filter((t) => present.has(t));
}
