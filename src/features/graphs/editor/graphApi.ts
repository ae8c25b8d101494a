import type { NameItem, Paged } from '../../../../contract/envelope';
import type { DeviceListItem } from '../../../../contract/devices';
import type { ProjectGraphRecord, ProjectGraphSummary, SaveProjectGraphBody, SavedProjectGraph } from '../../../../contract/graph/project-graph';
import type { RealValue } from '../../../../contract/telemetry';
import { MAX_PAGE_SIZE } from '../../../../contract/constants';
import { apiGet, apiPost } from '../../../shared/http';
import type { MeasureOption } from '../../../../screens/graph/editor/BindingPanel';

/** The REST calls of the project-graph page (SPEC §7, contract/graph/project-graph.ts). */

export const listProjects = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_project/names', undefined, signal);

export const listGraphs = (projectId: number, signal?: AbortSignal) =>
  apiGet<ProjectGraphSummary[]>('/t_project_graph/all', { projectId }, signal);

export const getGraph = (id: number, signal?: AbortSignal) => apiGet<ProjectGraphRecord>(`/t_project_graph/${id}`, undefined, signal);

export const saveGraph = (body: SaveProjectGraphBody) => apiPost<SavedProjectGraph>('/t_project_graph/save', body);

export const deleteGraph = (id: number) => apiPost<true>(`/t_project_graph/del/${id}`);

/** The project's devices (first 500 by name), for the binding panel. */
export async function listProjectDevices(projectId: number, signal?: AbortSignal): Promise<NameItem[]> {
  const page = await apiGet<Paged<DeviceListItem>>('/t_device', { projectId, Page: 1, Size: MAX_PAGE_SIZE }, signal);
  return page.list.map((d) => ({ id: d.id, name: d.code ? `${d.name} (${d.code})` : d.name }));
}

/** A device's measures with unit and decimals (its real-time values list). */
export async function listDeviceMeasures(deviceId: number): Promise<MeasureOption[]> {
  const values = await apiGet<RealValue[]>('/t_real_measure/values', { deviceId });
  return values.map((v) => ({ id: v.measureId, name: v.measureName, unit: v.unit, decimals: v.decimals }));
}
