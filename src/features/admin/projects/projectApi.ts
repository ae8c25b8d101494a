import type { DeviceListItem } from '../../../../contract/devices';
import type { Paged } from '../../../../contract/envelope';
import type {
  AddGatewayBody, ProjectCount, ProjectGateway, ProjectGateways, ProjectMember, ProjectRegion, ProjectRights, RelatedUser,
} from '../../../../contract/projects';
import type { Project } from '../../../../contract/resources/project';
import { downloadBlob } from '../../../shared/downloadBlob';
import { ApiRequestError, apiGet, buildUrl, request } from '../../../shared/http';
import { getToken } from '../../../shared/session';

/** The project family's own calls (server/routes/projects/README.md); list, save and delete go through the kit. */

export const fetchProject = (id: number, signal?: AbortSignal) =>
  request<Project>('GET', `/t_project/${id}`, { signal, quietNotFound: true });
export const fetchAllProjects = (signal?: AbortSignal) => apiGet<Project[]>('/t_project/all', undefined, signal);
export const fetchProjectCount = (query: Record<string, string>, signal?: AbortSignal) => apiGet<ProjectCount>('/t_project/cnt', query, signal);
export const fetchProjectRights = (id: number, signal?: AbortSignal) => apiGet<ProjectRights>(`/t_project/rights/${id}`, undefined, signal);
export const fetchRegions = (signal?: AbortSignal) => apiGet<ProjectRegion[]>('/t_project/regions', undefined, signal);

export const fetchMembers = (projectId: number, query: { keyword?: string; Page: number; Size: number }, signal?: AbortSignal) =>
  apiGet<Paged<ProjectMember>>('/t_project_member', { projectId, ...query }, signal);
export const fetchRelatedUsers = (projectId: number, query: { keyword?: string; member?: number; Page: number; Size: number }, signal?: AbortSignal) =>
  apiGet<Paged<RelatedUser>>('/t_project/related-user', { projectId, ...query }, signal);
export const saveMembers = (projectId: number, userIds: number[], role: string) =>
  request<{ changed: number }>('POST', '/t_project_member/save', { body: { projectId, userIds, role } });
export const removeMembers = (projectId: number, userIds: number[]) =>
  request<{ changed: number }>('POST', '/t_project_member/del', { body: { projectId, userIds } });

export const fetchProjectDevices = (projectId: number, inside: boolean, query: { keyword?: string; Page: number; Size: number }, signal?: AbortSignal) =>
  apiGet<Paged<DeviceListItem>>('/t_project/devices', { projectId, in: inside ? 1 : 0, ...query }, signal);
export const associateDevices = (projectId: number, deviceIds: number[], gatewayId?: number | null) =>
  request<{ updated: number }>('POST', '/t_project/associate', { body: { projectId, deviceIds, ...(gatewayId === undefined ? {} : { gatewayId }) } });
export const removeDevices = (projectId: number, deviceIds: number[]) =>
  request<{ updated: number }>('POST', '/t_project/remove-device', { body: { projectId, deviceIds } });

export const fetchGateways = (projectId: number, signal?: AbortSignal) => apiGet<ProjectGateways>('/t_project/gateways', { projectId }, signal);
export const addGateway = (body: AddGatewayBody) => request<ProjectGateway>('POST', '/t_project/add-gateway', { body });
export const wireDevices = (projectId: number, gatewayId: number, deviceIds: number[]) =>
  request<{ updated: number }>('POST', '/t_project/add-gateway-items', { body: { projectId, gatewayId, deviceIds } });

/** Downloads the project's commissioning XML (comXML) under the name the server gives it. */
export async function downloadComXml(id: number): Promise<string> {
  const token = getToken();
  const response = await fetch(buildUrl('api', `/t_project/comXML/${id}`, undefined), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const envelope = await response.json().catch(() => null) as { error?: string } | null;
    throw new ApiRequestError(envelope?.error ?? `HTTP ${response.status}`, response.status);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `project-${id}.xml`;
  downloadBlob(await response.blob(), name);
  return name;
}
