import type { NameItem, Paged } from '../../../../../contract/envelope';
import { MeasureProblemSchema, type MeasureProblem } from '../../../../../contract/measure-points';
import type { DeviceModelRow } from '../../../../../contract/resources/device-model';
import { RESOURCE_MAX_PAGE_SIZE } from '../../../../../contract/resources/kit';
import type { BatchSaveBody, BatchSaveResult, MeasurePoint, RegisterTable } from '../../../../../contract/resources/measure';
import type { MeasureTagRow } from '../../../../../contract/resources/measure-tag';
import { apiGet, ApiRequestError, request } from '../../../../shared/http';

/** The calls of the measure-point pages (server/routes/measures/, and the kit's products and tags). */

export const measureKeys = {
  products: (iot: boolean) => ['measures', 'products', iot ? 'iot' : 'devices'] as const,
  table: (modelId: number) => ['measures', 'table', modelId] as const,
  tags: ['measures', 'tags'] as const,
  deviceTypes: ['resource', 't_device_type', 'names'] as const,
};

/** The most products the picker lists; a keyword narrows a longer list on the server. */
export const PRODUCT_LIST_LIMIT = 1000;

/** The products of a branch (IoT: device types 1, 3, 4), by name; the count there is in all. */
export async function fetchProducts(iot: boolean, signal?: AbortSignal): Promise<{ list: DeviceModelRow[]; count: number }> {
  const list: DeviceModelRow[] = [];
  for (let page = 1; ; page++) {
    const answer = await apiGet<Paged<DeviceModelRow>>('/t_device_model', { iot: iot ? 1 : 0, Page: page, Size: RESOURCE_MAX_PAGE_SIZE, sort: 'name' }, signal);
    list.push(...answer.list);
    if (answer.list.length < RESOURCE_MAX_PAGE_SIZE || list.length >= answer.count || list.length >= PRODUCT_LIST_LIMIT) {
      return { list, count: answer.count };
    }
  }
}

export const fetchDeviceTypes = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_device_type/names', undefined, signal);

/** A model's whole register table; a model deleted meanwhile is the caller's to explain (no 404 dialog). */
export const fetchTable = (modelId: number, signal?: AbortSignal) =>
  request<RegisterTable>('GET', '/t_device_model_measure', { query: { deviceModelId: modelId }, signal, quietNotFound: true });

export const fetchTags = (signal?: AbortSignal) => apiGet<MeasureTagRow[]>('/t_measure_tag/all', undefined, signal);

/** Writes the whole table (all or nothing); a refusal carries every problem (see {@link problemsOf}). */
export const batchSave = (body: BatchSaveBody) =>
  request<BatchSaveResult>('POST', '/t_device_model_measure/batchSave', { body, quietNotFound: true });

export const savePrintf = (body: { id: number; version: number; printf: string }) =>
  request<MeasurePoint>('POST', '/t_device_model_measure/save-printf', { body, quietNotFound: true });

/** The problems a refused register-table write lists in its `data`, or null for any other failure. */
export function problemsOf(err: unknown): MeasureProblem[] | null {
  if (!(err instanceof ApiRequestError) || !err.data || typeof err.data !== 'object') return null;
  const list = (err.data as { problems?: unknown }).problems;
  if (!Array.isArray(list)) return null;
  const parsed = list.map((p) => MeasureProblemSchema.safeParse(p));
  return parsed.every((p) => p.success) ? parsed.map((p) => p.data as MeasureProblem) : null;
}

/** A refusal because rows were changed by someone else since they were read. */
export const isStale = (err: unknown) => err instanceof ApiRequestError && err.status === 409;
