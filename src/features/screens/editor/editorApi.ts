import { apiGet, apiPost } from '../../../shared/http';

/** A template as the editor loads and saves it. */
export interface EditorRecord {
  id: number;
  name: string;
  content: unknown;
  version: number;
  updatedAt: number;
  updatedBy?: string | null;
}

export const loadRecord = (id: number, signal?: AbortSignal) => apiGet<EditorRecord>(`/t_screen_tpl/${id}`, undefined, signal);
export const saveRecord = (body: { id?: number; name: string; content: unknown; version?: number }) => apiPost<EditorRecord>('/t_screen_tpl/save', body);
export const restoreRevision = (id: number, revision: number, version: number) => apiPost<EditorRecord>(`/t_screen_tpl/${id}/restore`, { revision, version });
export const saveThumbnail = (id: number, image: string) => apiPost<unknown>(`/t_screen_tpl/thumbnail/${id}`, { image });
