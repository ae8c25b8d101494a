import type { NameItem, Paged } from '../../../../../contract/envelope';
import type { ProductSyncDetail, ProductSyncRecord } from '../../../../../contract/product-sync';
import type { ProductSyncPreview } from '../../../../../contract/product-sync-preview';
import { apiGet, request } from '../../../../shared/http';

export const SYNC_LIST_PATH = '/nv_product/nv_product_sync';
export const syncDetailPath = (id: number) => `/nv_product/nv_product_sync_detail/${id}`;

/** Query keys of the product sync pages: everything under `productSync` is refreshed after a start or a retry. */
export const syncKeys = {
  all: ['productSync'] as const,
  list: (page: number, size: number, modelId: number | undefined) => ['productSync', 'list', page, size, modelId ?? null] as const,
  detail: (id: number) => ['productSync', 'detail', id] as const,
  preview: (modelId: number) => ['productSync', 'preview', modelId] as const,
  models: ['resource', 't_device_model', 'names'] as const,
};

export const fetchSyncs = (page: number, size: number, modelId: number | undefined, signal?: AbortSignal) =>
  apiGet<Paged<ProductSyncRecord>>('/t_product_sync', { Page: page, Size: size, deviceModelId: modelId }, signal);

/** One sync; a 404 (unknown, or none of its devices visible) is the page's to explain. */
export const fetchSync = (id: number, signal?: AbortSignal) =>
  request<ProductSyncDetail>('GET', `/t_product_sync/${id}`, { signal, quietNotFound: true });

export const fetchSyncPreview = (modelId: number, signal?: AbortSignal) =>
  apiGet<ProductSyncPreview>('/t_product_sync/preview', { deviceModelId: modelId }, signal);

export const startSync = (deviceModelId: number) => request<ProductSyncDetail>('POST', '/t_product_sync/start', { body: { deviceModelId } });

export const retrySync = (id: number) => request<ProductSyncDetail>('POST', `/t_product_sync/retry/${id}`, { body: {} });

export const fetchModelNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_device_model/names', undefined, signal);
