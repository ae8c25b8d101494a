import { z } from 'zod';
import { Id, PageQuery, QueryId, paged } from '../envelope';
import { ProjectGraphSummary } from './project-graph';

/**
 * The graph libraries (issue 18: 组态库 nv_graph_lib and 项目组态库 nv_project_graph_lib): one
 * mechanism over `t_project_graph`. 组态库 lists the graphs of every project the user sees, to reuse
 * one in another project (a copy into another project loses its device bindings); 项目组态库 lists
 * one project's graphs with their default and active flags. Graphs open in the graph editor
 * (组态管理, /nv_project/nv_project_graph?projectId=&graphId=).
 */

/** GET /api/t_project_graph/library: paged, newest change first; by project and/or name (a part of it). */
export const GraphLibraryQuery = PageQuery.extend({
  projectId: QueryId.optional(),
  name: z.string().trim().max(64).optional(),
});
export type GraphLibraryQuery = z.input<typeof GraphLibraryQuery>;

/** A row of the library: the graph without its document, and its project's name. */
export const GraphLibraryItem = ProjectGraphSummary.extend({
  projectName: z.string(),
});
export type GraphLibraryItem = z.infer<typeof GraphLibraryItem>;
export const GraphLibraryPage = paged(GraphLibraryItem);

/**
 * POST /api/t_project_graph/copy: a new graph `name` in `projectId` (the source's own project or
 * another visible one) with the source's document. Into another project the device bindings are
 * taken out (`unbound` says how many cells lost one), to be bound again in the editor. The copy is
 * active and not the default (unless it is the project's first graph).
 */
export const CopyProjectGraphBody = z.object({
  id: Id,
  projectId: Id,
  name: z.string().trim().min(1, 'name is required').max(64),
});
export type CopyProjectGraphBody = z.input<typeof CopyProjectGraphBody>;
export const CopiedProjectGraph = ProjectGraphSummary.extend({ unbound: z.number().int().min(0) });
export type CopiedProjectGraph = z.infer<typeof CopiedProjectGraph>;

/** POST /api/t_project_graph/set-active/{id}: shown in the live view and the kiosk rotation, or not. */
export const SetGraphActiveBody = z.object({ isActive: z.boolean() });
