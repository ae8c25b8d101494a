import { DeviceState } from '../../../../../contract/enums';

/** How often the monitor asks again, in ms (alarm pushes from the hub ask at once). */
export const IOT_REFRESH_MS = 15_000;

/** The state's key (for texts and colours): 0 offline, 1 online, 2 alarm (SPEC §3); anything else reads offline. */
export function stateKey(state: number): 'online' | 'offline' | 'alarm' {
  return state === DeviceState.Online ? 'online' : state === DeviceState.Alarm ? 'alarm' : 'offline';
}

/** antd Badge status of each state. */
export const STATE_BADGES = { online: 'success', offline: 'default', alarm: 'error' } as const;

/** Whole percent of `part` in `total` (0 when there is none). */
export const percentOf = (part: number, total: number) => (total ? Math.round((part / total) * 100) : 0);

/**
 * How long ago `at` was, measured on the server's clock (`now` of the same answer, so a browser
 * clock that is off does not matter), as a text key and count.
 */
export function agoOf(at: number, now: number): { key: 'justNow' | 'minutesAgo' | 'hoursAgo' | 'daysAgo'; count: number } {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return { key: 'justNow', count: 0 };
  if (seconds < 3600) return { key: 'minutesAgo', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { key: 'hoursAgo', count: Math.floor(seconds / 3600) };
  return { key: 'daysAgo', count: Math.floor(seconds / 86_400) };
}

/**
 * Bars (0–4) of a signal strength in dBm, the way a phone shows a cellular signal: -75 and up is
 * full, below -105 none (the demo's alarm threshold); the level key names it.
 */
export function signalBars(dbm: number): { bars: number; key: 'excellent' | 'good' | 'fair' | 'poor' | 'none' } {
  if (dbm >= -75) return { bars: 4, key: 'excellent' };
  if (dbm >= -85) return { bars: 3, key: 'good' };
  if (dbm >= -95) return { bars: 2, key: 'fair' };
  if (dbm >= -105) return { bars: 1, key: 'poor' };
  return { bars: 0, key: 'none' };
}
