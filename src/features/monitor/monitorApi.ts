import type { ScreenTemplateRecord } from '../../../contract/screen-template';
import { apiGet } from '../../shared/http';

/** A template as the switcher lists it. */
export interface TemplateBrief {
  id: number;
  name: string;
  isDefault: boolean;
  isActive: boolean;
}

export const fetchTemplateList = (signal?: AbortSignal) => apiGet<TemplateBrief[]>('/t_screen_tpl/all', undefined, signal);

/** The template with this id, else the user's active one (which falls back to the default on the server). */
export const fetchTemplate = (id: number | null, signal?: AbortSignal) =>
  apiGet<ScreenTemplateRecord>(id === null ? '/t_screen_tpl/active' : `/t_screen_tpl/${id}`, undefined, signal, { quietNotFound: true });
