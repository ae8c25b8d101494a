import type { ProjectGraphRecord } from '../../../contract/graph/project-graph';
import type { ScreenDataClient } from '../../runtime/types';

const isNotFound = (err: unknown) => (err as { status?: unknown } | null)?.status === 404;

/**
 * The graph a live view shows: `graphId` when given, else the project's active graph, else its
 * default; null when the project has none (the view says 暂无组态数据). Other failures reject.
 */
export async function loadGraphRecord(client: ScreenDataClient, projectId: number, graphId: number | undefined, signal: AbortSignal): Promise<ProjectGraphRecord | null> {
  const paths = graphId !== undefined
    ? [[`/api/t_project_graph/${graphId}`, {}] as const]
    : [['/api/t_project_graph/active', { projectId }] as const, ['/api/t_project_graph/default', { projectId }] as const];
  for (const [path, params] of paths) {
    try {
      return await client.get(path, params, signal) as ProjectGraphRecord;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
  return null;
}
