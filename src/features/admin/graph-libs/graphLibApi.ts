import type { Paged } from '../../../../contract/envelope';
import type { CopiedProjectGraph, CopyProjectGraphBody, GraphLibraryItem } from '../../../../contract/graph/graph-library';
import type { ProjectGraphSummary } from '../../../../contract/graph/project-graph';
import { apiGet, request } from '../../../shared/http';

/** The calls of the graph libraries (server/routes/project-graphs/graph-library-routes.ts). */

/** GET /api/t_project_graph/library (contract/graph/graph-library.ts GraphLibraryQuery). */
export const fetchGraphLibrary = (query: { projectId?: number; name?: string; Page: number; Size: number }, signal?: AbortSignal) =>
  apiGet<Paged<GraphLibraryItem>>('/t_project_graph/library', { ...query }, signal, { quietNotFound: true });

export const copyGraph = (body: CopyProjectGraphBody) => request<CopiedProjectGraph>('POST', '/t_project_graph/copy', { body, quietNotFound: true });

export const setDefaultGraph = (id: number) => request<ProjectGraphSummary[]>('POST', `/t_project_graph/set-default/${id}`, { quietNotFound: true });

export const setGraphActive = (id: number, isActive: boolean) =>
  request<ProjectGraphSummary>('POST', `/t_project_graph/set-active/${id}`, { body: { isActive }, quietNotFound: true });

export const deleteGraph = (id: number) => request<true>('POST', `/t_project_graph/del/${id}`, { quietNotFound: true });

/** Where a graph opens: the graph editor (组态管理) with its project and the graph chosen. */
export const editorHref = (g: { id: number; projectId: number }) => `/nv_project/nv_project_graph?projectId=${g.projectId}&graphId=${g.id}`;
