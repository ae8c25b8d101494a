import type { NameItem, Paged } from '../../../../contract/envelope';
import { RESOURCE_MAX_PAGE_SIZE, type ResourceDefinition } from '../../../../contract/resources/kit';
import { apiGet, request } from '../../../shared/http';
import { listQuery, type ListState } from './listState';

/** A record as the kit handles it: the definition's row, with the id and version every row has. */
export type ResourceRow = Record<string, unknown> & { id: number; version: number };

/** One page of the list, filtered and ordered as `state` says. */
export function fetchPage(def: ResourceDefinition, state: ListState, signal?: AbortSignal): Promise<Paged<ResourceRow>> {
  return apiGet<Paged<ResourceRow>>(`/${def.name}`, listQuery(state), signal);
}

/**
 * Every record of the filtered list, in its order, page by page at the largest size the server
 * answers: what the export writes.
 */
export async function fetchAllRows(def: ResourceDefinition, state: ListState): Promise<ResourceRow[]> {
  const rows: ResourceRow[] = [];
  for (let page = 1; ; page++) {
    const { list, count } = await apiGet<Paged<ResourceRow>>(`/${def.name}`, listQuery(state, page, RESOURCE_MAX_PAGE_SIZE));
    rows.push(...list);
    if (list.length < RESOURCE_MAX_PAGE_SIZE || rows.length >= count) return rows;
  }
}

/** `{id, name}` of every record of a resource the user may see (`/api/<resource>/names`). */
export function fetchNames(resource: string, signal?: AbortSignal): Promise<NameItem[]> {
  return apiGet<NameItem[]>(`/${resource}/names`, undefined, signal);
}

/** One record as it is now; a 404 (deleted meanwhile) is the caller's to explain. */
export function fetchRow(def: ResourceDefinition, id: number): Promise<ResourceRow> {
  return request<ResourceRow>('GET', `/${def.name}/${id}`, { quietNotFound: true });
}

/** Inserts (no id) or updates (id with the version it was read at) a record; answers it as saved. */
export function saveRow(def: ResourceDefinition, body: Record<string, unknown>): Promise<ResourceRow> {
  return request<ResourceRow>('POST', `/${def.name}/save`, { body });
}

export function deleteRow(def: ResourceDefinition, id: number): Promise<true> {
  return request<true>('POST', `/${def.name}/del/${id}`, { quietNotFound: true });
}
