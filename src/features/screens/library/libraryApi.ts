import type { ScreenTemplateStarter } from '../../../../contract/screen-template-library';
import { getRuntimeConfig } from '../../../shared/config';
import { apiGet, apiPost, ApiRequestError } from '../../../shared/http';
import { downloadBlob } from '../../../shared/downloadBlob';
import { getToken } from '../../../shared/session';

/** One card of the library (GET /api/t_screen_tpl/all and the list: everything but the document). */
export interface LibraryTemplate {
  id: number;
  name: string;
  isDefault: boolean;
  isActive: boolean;
  isDefaultMulti: boolean;
  orgId: number | null;
  updatedAt: number;
  updatedBy?: string | null;
  version: number;
  /** The document's canvas; null when the stored document is unreadable. */
  width: number | null;
  height: number | null;
  widgetCount: number;
  hasThumbnail: boolean;
}

export const listTemplates = (keyword: string, signal?: AbortSignal) =>
  apiGet<{ list: LibraryTemplate[]; count: number }>('/t_screen_tpl', { Page: 1, Size: 200, keyword: keyword || undefined }, signal);

export const copyTemplate = (id: number) => apiPost<LibraryTemplate>(`/t_screen_tpl/copy/${id}`, {});
export const renameTemplate = (id: number, name: string, version: number) => apiPost<LibraryTemplate>(`/t_screen_tpl/rename/${id}`, { name, version });
export const setFlag = (id: number, flag: 'active' | 'default' | 'default-multi') => apiPost<unknown>(`/t_screen_tpl/${flag}/${id}`, {});
export const deleteTemplate = (id: number) => apiPost<true>(`/t_screen_tpl/del/${id}`);
export const createTemplate = (name: string, content: unknown) => apiPost<{ id: number }>('/t_screen_tpl/save', { name, content });
export const importTemplate = (file: unknown) => apiPost<{ id: number; name: string }>('/t_screen_tpl/import', { file });
export const listStarters = (signal?: AbortSignal) => apiGet<ScreenTemplateStarter[]>('/t_screen_tpl/starters', undefined, signal);

/** A binary answer of the API (a thumbnail, an export), with the session's bearer token. */
async function fetchBinary(path: string, signal?: AbortSignal): Promise<Response> {
  const token = getToken();
  const response = await fetch(`${getRuntimeConfig().apiBaseUrl}/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new ApiRequestError(`HTTP ${response.status}`, response.status);
  return response;
}

/** The stored thumbnail as an object URL (the caller revokes it), or null when there is none. */
export async function fetchThumbnail(id: number, signal?: AbortSignal): Promise<string | null> {
  try {
    return URL.createObjectURL(await (await fetchBinary(`/t_screen_tpl/${id}/thumbnail`, signal)).blob());
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) return null;
    throw err;
  }
}

/** Downloads the template's export file (JSON) under the name the server gives it. */
export async function downloadExport(id: number, fallbackName: string): Promise<void> {
  const response = await fetchBinary(`/t_screen_tpl/${id}/export`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : `${fallbackName}.json`;
  downloadBlob(await response.blob(), name);
}
