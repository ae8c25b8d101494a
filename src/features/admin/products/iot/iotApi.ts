import type { NameItem } from '../../../../../contract/envelope';
import type { IotMonitor } from '../../../../../contract/iot-monitor';
import { apiGet } from '../../../../shared/http';

export interface IotFilter {
  deviceTypeId?: number;
  state?: number;
  projectId?: number;
  keyword?: string;
  page: number;
  size: number;
}

export const iotKeys = {
  monitor: (f: IotFilter) => ['iotMonitor', f.deviceTypeId ?? null, f.state ?? null, f.projectId ?? null, f.keyword ?? '', f.page, f.size] as const,
  projects: ['names', 't_project'] as const,
};

export const fetchIotMonitor = (f: IotFilter, signal?: AbortSignal) => apiGet<IotMonitor>('/t_device/iot-monitor', {
  deviceTypeId: f.deviceTypeId, state: f.state, projectId: f.projectId, keyword: f.keyword || undefined, Page: f.page, Size: f.size,
}, signal);

export const fetchProjectNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_project/names', undefined, signal);
