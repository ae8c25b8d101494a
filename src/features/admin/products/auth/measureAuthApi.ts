import type { NameItem, Paged } from '../../../../../contract/envelope';
import type { DeviceModelRow } from '../../../../../contract/resources/device-model';
import { RESOURCE_MAX_PAGE_SIZE } from '../../../../../contract/resources/kit';
import type { RegisterTable } from '../../../../../contract/resources/measure';
import { apiGet, request } from '../../../../shared/http';

export const measureAuthKeys = {
  roles: ['resource', 'role', 'names'] as const,
  products: (iot: 0 | 1) => ['resource', 't_device_model', 'all-of-branch', iot] as const,
  table: (modelId: number) => ['measures', 'table', modelId] as const,
  rights: (roleId: number, modelId: number) => ['measures', 'associate-role', roleId, modelId] as const,
};

export const fetchRoleNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/role/names', undefined, signal);

/** Every product of the branch (`iot=1` the IoT products, `iot=0` the others), by name, page by page. */
export async function fetchBranchProducts(iot: 0 | 1, signal?: AbortSignal): Promise<DeviceModelRow[]> {
  const rows: DeviceModelRow[] = [];
  for (let page = 1; ; page++) {
    const { list, count } = await apiGet<Paged<DeviceModelRow>>('/t_device_model', { iot, Page: page, Size: RESOURCE_MAX_PAGE_SIZE }, signal);
    rows.push(...list);
    if (list.length < RESOURCE_MAX_PAGE_SIZE || rows.length >= count) return rows;
  }
}

export const fetchRegisterTable = (modelId: number, signal?: AbortSignal) =>
  apiGet<RegisterTable>('/t_device_model_measure', { deviceModelId: modelId }, signal);

/** The measure ids of the model the role may see. */
export async function fetchRoleMeasures(roleId: number, modelId: number, signal?: AbortSignal): Promise<number[]> {
  const data = await apiGet<{ measureIds: number[] }>('/t_device_model_measure/associate-role', { roleId, deviceModelId: modelId }, signal);
  return data.measureIds;
}

/** Replaces the role's measure rights on this one model by `measureIds`. */
export function saveRoleMeasures(roleId: number, modelId: number, measureIds: number[]): Promise<{ roleId: number; measureIds: number[] }> {
  return request('POST', '/t_device_model_measure/associate-role', { body: { roleId, deviceModelIds: [modelId], measureIds } });
}
