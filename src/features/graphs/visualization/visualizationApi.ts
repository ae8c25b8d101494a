import type { NameItem } from '../../../../contract/envelope';
import type { ProjectGraphSummary } from '../../../../contract/graph/project-graph';
import { apiGet } from '../../../shared/http';

/** The projects the user may see, by name. */
export const listProjects = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_project/names', undefined, signal);

/** A project's graphs, without their XML. */
export const listGraphs = (projectId: number, signal?: AbortSignal) =>
  apiGet<ProjectGraphSummary[]>('/t_project_graph/all', { projectId }, signal);

/** A positive integer id from the address, or undefined. */
export function idParam(value: string | null): number | undefined {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/** The graphs the view cycles through: the active ones, the default first (as the live view picks). */
export function shownGraphs(list: readonly ProjectGraphSummary[]): ProjectGraphSummary[] {
  return list.filter((g) => g.isActive).sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id);
}

const NEXT = new Set(['ArrowRight', 'PageDown', 'MediaTrackNext', 'ChannelUp']);
const PREVIOUS = new Set(['ArrowLeft', 'PageUp', 'MediaTrackPrevious', 'ChannelDown']);

/** Which project a key asks for (next/previous, wrapping), or null when the key is not a switch key. */
export function projectForKey(key: string, projects: readonly NameItem[], currentId: number | undefined): number | null {
  if (projects.length === 0) return null;
  const index = Math.max(0, projects.findIndex((p) => p.id === currentId));
  if (NEXT.has(key)) return projects[(index + 1) % projects.length].id;
  if (PREVIOUS.has(key)) return projects[(index - 1 + projects.length) % projects.length].id;
  return null;
}
