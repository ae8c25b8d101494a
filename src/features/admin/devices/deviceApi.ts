import type {
  ChangeModelPlan, ChangeModelResult, CopyDeviceBody, DeviceCount, DeviceImportResult, DeviceMeasureItem, DeviceMeasures,
  SetProjectBody,
} from '../../../../contract/device-admin';
import type { DeviceListItem } from '../../../../contract/devices';
import type { NameItem } from '../../../../contract/envelope';
import { apiGet, request } from '../../../shared/http';

/** The device family's own calls (server/routes/devices/); list, save and delete go through the kit. */

export const fetchDeviceCount = (query: { iot?: string }, signal?: AbortSignal) =>
  apiGet<DeviceCount>('/t_device/cnt', query, signal);

/** True when another device than `id` (0: a new one) uses the IoT id / ICCID `value`. */
export const isValueTaken = (what: 'iotid' | 'iccid', id: number, value: string, signal?: AbortSignal) =>
  apiGet<boolean>(`/t_device/is-${what}-exit/${id}`, { value }, signal);

export const fetchProjectGateways = (projectId: number, signal?: AbortSignal) =>
  apiGet<NameItem[]>('/t_device/gateways', { projectId }, signal);

export const copyDevice = (body: CopyDeviceBody) => request<DeviceListItem>('POST', '/t_device/copy', { body });

export const setDevicesProject = (body: SetProjectBody) => request<{ updated: number }>('POST', '/t_device/set-project', { body });

export const previewModelChange = (id: number, deviceModelId: number, signal?: AbortSignal) =>
  apiGet<ChangeModelPlan>('/t_device/change-model/preview', { id, deviceModelId }, signal);

export const changeModel = (body: { id: number; version: number; deviceModelId: number; unmappedIds: number[] }) =>
  request<ChangeModelResult>('POST', '/t_device/change-model', { body });

export const fetchDeviceMeasures = (deviceId: number, signal?: AbortSignal) =>
  apiGet<DeviceMeasures>('/t_device_measure', { deviceId }, signal);

export const saveDeviceMeasures = (deviceId: number, items: DeviceMeasureItem[]) =>
  request<DeviceMeasures>('POST', '/t_device_measure/save', { body: { deviceId, items } });

export const importDevices = (rows: unknown[], dryRun: boolean) =>
  request<DeviceImportResult>('POST', '/t_device/batch', { body: { rows, dryRun } });
