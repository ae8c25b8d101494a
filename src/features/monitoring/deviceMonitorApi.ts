import type { DeviceCount } from '../../../contract/device-admin';
import type { DeviceListItem } from '../../../contract/devices';
import type { NameItem } from '../../../contract/envelope';
import type { Paged } from '../../../contract/envelope';
import { apiGet } from '../../shared/http';

export const DEVICE_MONITOR_PAGE_SIZES = [20, 50, 100];
export type DeviceMonitorView = 'grid' | 'list';

/** The device monitor's filter, kept in the address. */
export interface DeviceMonitorFilter {
  projectId?: number;
  deviceModelId?: number;
  /** 0 offline, 1 online, 2 alarm (SPEC §3). */
  state?: number;
  keyword?: string;
  page: number;
  size: number;
  view: DeviceMonitorView;
}

const positive = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

/** The filter of the address (`project`, `model`, `state`, `q`, `page`, `size`, `view`), what is invalid left out. */
export function readDeviceMonitorFilter(search: string): DeviceMonitorFilter {
  const q = new URLSearchParams(search);
  const state = q.get('state');
  const size = Number(q.get('size'));
  return {
    projectId: positive(q.get('project')),
    deviceModelId: positive(q.get('model')),
    state: state !== null && /^[012]$/.test(state) ? Number(state) : undefined,
    keyword: q.get('q')?.trim().slice(0, 64) || undefined,
    page: positive(q.get('page')) ?? 1,
    size: DEVICE_MONITOR_PAGE_SIZES.includes(size) ? size : DEVICE_MONITOR_PAGE_SIZES[0],
    view: q.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The address query of a filter (defaults left out). */
export function writeDeviceMonitorFilter(f: DeviceMonitorFilter): string {
  const q = new URLSearchParams();
  if (f.projectId !== undefined) q.set('project', String(f.projectId));
  if (f.deviceModelId !== undefined) q.set('model', String(f.deviceModelId));
  if (f.state !== undefined) q.set('state', String(f.state));
  if (f.keyword) q.set('q', f.keyword);
  if (f.page > 1) q.set('page', String(f.page));
  if (f.size !== DEVICE_MONITOR_PAGE_SIZES[0]) q.set('size', String(f.size));
  if (f.view !== 'grid') q.set('view', f.view);
  return q.toString();
}

export const deviceMonitorKeys = {
  page: (f: DeviceMonitorFilter) => ['deviceMonitor', 'page', f.projectId ?? null, f.deviceModelId ?? null, f.state ?? null, f.keyword ?? '', f.page, f.size] as const,
  counts: (f: DeviceMonitorFilter) => ['deviceMonitor', 'counts', f.projectId ?? null, f.deviceModelId ?? null] as const,
  projects: ['names', 't_project'] as const,
  models: ['names', 't_device_model'] as const,
};

/** GET /api/t_device: one page of the devices the user sees, paged and filtered by the server (indexed for 100,000 devices). */
export const fetchDevicePage = (f: DeviceMonitorFilter, signal?: AbortSignal) => apiGet<Paged<DeviceListItem>>('/t_device', {
  projectId: f.projectId, deviceModelId: f.deviceModelId, state: f.state, keyword: f.keyword || undefined, Page: f.page, Size: f.size,
}, signal);

/** GET /api/t_device/cnt: the devices of the project / model filter by state. */
export const fetchDeviceCounts = (f: DeviceMonitorFilter, signal?: AbortSignal) =>
  apiGet<DeviceCount>('/t_device/cnt', { projectId: f.projectId, deviceModelId: f.deviceModelId }, signal);

export const fetchModelNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_device_model/names', undefined, signal);
