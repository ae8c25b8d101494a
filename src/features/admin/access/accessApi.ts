import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  DataRightTypeList, HeldRights, ImportTypeRolesResult, OrgRights, RightCatalogue, RightHolders, RoleDataRights, UserRights,
} from '../../../../contract/access';
import type { Role } from '../../../../contract/resources/role';
import { apiGet, request } from '../../../shared/http';
import { fetchNames } from '../kit/resourceApi';

/**
 * The access calls of the console (server/routes/roles/): the catalogues are read once per visit
 * (they change with a release, not a click); the rest is read when a page or drawer opens and
 * invalidated after a save (query key prefix `access`).
 */
export const accessKeys = {
  catalogue: ['access', 'catalogue'] as const,
  dataTypes: ['access', 'data-types'] as const,
  holders: ['access', 'holders'] as const,
  roleRights: (id: number) => ['access', 'role-rights', id] as const,
  roleData: (id: number) => ['access', 'role-data', id] as const,
  typeRights: (orgType: number) => ['access', 'type-rights', orgType] as const,
  typeRoleRights: (id: number) => ['access', 'type-role-rights', id] as const,
  orgRights: (id: number) => ['access', 'org-rights', id] as const,
  userRights: (id: number) => ['access', 'user-rights', id] as const,
};

export function useRightCatalogue() {
  return useQuery({ queryKey: accessKeys.catalogue, queryFn: ({ signal }) => apiGet<RightCatalogue>('/right/all', undefined, signal), staleTime: Infinity });
}

export function useDataRightTypes() {
  return useQuery({ queryKey: accessKeys.dataTypes, queryFn: ({ signal }) => apiGet<DataRightTypeList>('/t_data_right/all', undefined, signal), staleTime: Infinity });
}

export const fetchHolders = (signal?: AbortSignal) => apiGet<RightHolders>('/right/holders', undefined, signal);
export const fetchRoleRights = (id: number, signal?: AbortSignal) => apiGet<HeldRights>(`/role/rights/${id}`, undefined, signal);
export const saveRoleRights = (id: number, rights: string[]) => request<HeldRights>('POST', `/role/rights/${id}`, { body: { rights } });
export const fetchRoleData = (id: number, signal?: AbortSignal) => apiGet<RoleDataRights>(`/role/data-rights/${id}`, undefined, signal);
export const saveRoleData = (id: number, body: RoleDataRights) => request<RoleDataRights>('POST', `/role/data-rights/${id}`, { body });
export const copyRole = (id: number, body: { name: string; orgId?: number }) => request<Role>('POST', `/role/copy/${id}`, { body });
export const fetchTypeRights = (orgType: number, signal?: AbortSignal) => apiGet<string[]>(`/t_org_type/rights/${orgType}`, undefined, signal);
export const saveTypeRights = (orgType: number, rights: string[]) => request<string[]>('POST', `/t_org_type/rights/${orgType}`, { body: { rights } });
export const fetchTypeRoleRights = (id: number, signal?: AbortSignal) => apiGet<HeldRights>(`/t_org_type_role/rights/${id}`, undefined, signal);
export const saveTypeRoleRights = (id: number, rights: string[]) => request<HeldRights>('POST', `/t_org_type_role/rights/${id}`, { body: { rights } });
export const fetchOrgRights = (id: number, signal?: AbortSignal) => apiGet<OrgRights>(`/t_org/rights/${id}`, undefined, signal);
export const importTypeRoles = (orgId: number) => request<ImportTypeRolesResult>('POST', `/t_org/import-type-roles/${orgId}`);
export const fetchUserRights = (id: number, signal?: AbortSignal) => apiGet<UserRights>(`/role/user-rights/${id}`, undefined, signal);

/** A route's `:id` as a record id, or undefined when it is not one. */
export function routeId(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : undefined;
}


/** Organisation type number -> its name (t_org_type/names, the cache entry the kit's selects share). */
export function useOrgTypeName(): (orgType: number) => string {
  const { data } = useQuery({
    queryKey: ['resource', 't_org_type', 'names'],
    queryFn: ({ signal }) => fetchNames('t_org_type', signal),
    staleTime: 60_000,
  });
  return useCallback((orgType: number) => data?.find((n) => n.id === orgType)?.name ?? String(orgType), [data]);
}
