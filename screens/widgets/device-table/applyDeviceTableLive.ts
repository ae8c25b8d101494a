import type { LiveEvent } from '../../runtime/types';
import type { DeviceTableItem } from './deviceTableModel';

/**
 * Folds a `deviceState` push into the table: the row of that device takes the new state. Returns
 * a new array, or undefined when no row is that device or its state is already the pushed one.
 */
export function applyDeviceTableLive(data: DeviceTableItem[] | undefined, live: LiveEvent): DeviceTableItem[] | undefined {
  if (live.event !== 'deviceState' || !Array.isArray(data)) return undefined;
  const { deviceId, state } = live.data;
  const index = data.findIndex((d) => d.id === deviceId);
  if (index < 0 || data[index].state === state) return undefined;
  return data.map((d, i) => (i === index ? { ...d, state } : d));
}
