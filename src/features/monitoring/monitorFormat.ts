import { DeviceState } from '../../../contract/enums';
import { STATE_COLOURS } from './StateTiles';

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:mm:ss` in local time. */
export function formatTime(ts: number): string {
  const d = new Date(ts);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** `MM-DD HH:mm:ss` in local time. */
export function formatShortDateTime(ts: number): string {
  const d = new Date(ts);
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${formatTime(ts)}`;
}

/** A value with its point's decimals and unit; `—` without one. */
export function formatValue(value: number | null, decimals: number, unit: string): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const text = value.toFixed(Math.min(6, Math.max(0, decimals)));
  return unit ? `${text} ${unit}` : text;
}

/** The key of a device state (SPEC §3: 1 online, 2 alarm, anything else offline). */
export function stateKey(state: number): 'online' | 'alarm' | 'offline' {
  return state === DeviceState.Online ? 'online' : state === DeviceState.Alarm ? 'alarm' : 'offline';
}

/** The colour of a device state. */
export const stateColour = (state: number) => STATE_COLOURS[stateKey(state)];

/** The device detail page (issue 19, built beside this one). */
export const deviceDetailPath = (deviceId: number) => `/nv_monitor/nv_device_detail/${deviceId}`;
