import type { ScreenTemplateRevision, ScreenTemplateRevisionRecord } from '../../../../../contract/screen-template-library';
import { apiGet } from '../../../../shared/http';

/** GET /api/t_screen_tpl/{id}/revisions: one line per save, newest first. */
export const listRevisions = (templateId: number, signal?: AbortSignal) =>
  apiGet<ScreenTemplateRevision[]>(`/t_screen_tpl/${templateId}/revisions`, undefined, signal);

/** GET /api/t_screen_tpl/{id}/revisions/{version}: a revision with its document. */
export const fetchRevision = (templateId: number, version: number, signal?: AbortSignal) =>
  apiGet<ScreenTemplateRevisionRecord>(`/t_screen_tpl/${templateId}/revisions/${version}`, undefined, signal);

/** The preview page of a revision: what the wall would show with it. */
export const revisionPreviewUrl = (templateId: number, version: number) => `/nv_screen_graph_preview?id=${templateId}&rev=${version}`;
