import type { NameItem } from '../../../contract/envelope';
import type { ProjectMonitor } from '../../../contract/monitoring';
import { apiGet } from '../../shared/http';

/** The projects the user may see, by name. */
export const fetchProjectNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_project/names', undefined, signal);

/** GET /api/s/project-monitor: one project's live picture (contract/monitoring.ts). */
export const fetchProjectMonitor = (projectId: number, signal?: AbortSignal) =>
  apiGet<ProjectMonitor>('/s/project-monitor', { projectId }, signal);

/** A positive integer id from the address, or undefined. */
export function idParam(value: string | null): number | undefined {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}
