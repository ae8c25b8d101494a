import type { DeviceCount } from '../../../contract/device-admin';
import type { DeviceListItem } from '../../../contract/devices';
import { DeviceState } from '../../../contract/enums';
import type { DeviceStateData } from '../../../contract/hub';
import type { DeviceMonitorFilter } from './deviceMonitorApi';

/** What one `deviceState` push does to the device monitor. */
export interface StatePushOutcome {
  /** The page's rows with the device's new state, or null when it is not on the page (or unchanged). */
  rows: DeviceListItem[] | null;
  /** The counts moved by the change, or null when they cannot be known here. */
  counts: DeviceCount | null;
  /** The counts must be read again (a device of the filter that is not on the page changed). */
  recount: boolean;
  /** The page must be read again (the state filter gains or loses a device). */
  reload: boolean;
}

const bucket = (state: number): 'online' | 'alarm' | 'offline' =>
  (state === DeviceState.Online ? 'online' : state === DeviceState.Alarm ? 'alarm' : 'offline');

/**
 * Applies a device's state change (pushed on the hub's `statistics` topic for every device the user
 * sees) to the shown page and counts. A device on the page is changed in place and moves the counts
 * by one; another device of the project filter only asks for a recount; a device of another
 * project changes nothing. Under a state filter the page itself is read again.
 */
export function applyStatePush(filter: DeviceMonitorFilter, rows: readonly DeviceListItem[] | undefined,
  counts: DeviceCount | undefined, push: DeviceStateData): StatePushOutcome {
  const none: StatePushOutcome = { rows: null, counts: null, recount: false, reload: false };
  if (filter.projectId !== undefined && push.projectId !== filter.projectId) return none;
  const at = rows?.findIndex((r) => r.id === push.deviceId) ?? -1;
  if (at < 0 || !rows) {
    return { ...none, recount: true, reload: filter.state !== undefined && push.state === filter.state };
  }
  const row = rows[at];
  if (row.state === push.state) return none;
  const next = [...rows];
  next[at] = { ...row, state: push.state, lastSeenAt: push.state === DeviceState.Offline ? row.lastSeenAt : Math.max(row.lastSeenAt ?? 0, push.ts) };
  let moved: DeviceCount | null = null;
  if (counts) {
    moved = { ...counts };
    moved[bucket(row.state)] = Math.max(0, moved[bucket(row.state)] - 1);
    moved[bucket(push.state)] += 1;
  }
  return { rows: next, counts: moved, recount: !counts, reload: filter.state !== undefined };
}
