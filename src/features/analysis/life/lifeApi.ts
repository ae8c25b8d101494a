import type { NameItem, Paged } from '../../../../contract/envelope';
import type {
  DeviceLifeRow, FilterAlg, FilterModel, FilterType, LifeFormula, LifeFormulaTestResult, LifeState, LifeTrend, SaveFilterBody,
  SaveFilterTypeBody, SaveLifeFormulaBody,
} from '../../../../contract/life';
import type { LifeVariables } from '../../../../contract/analysis/life-formula';
import { apiGet, request } from '../../../shared/http';

/** The life analysis calls (/app-api, server/routes/life/). */
const appGet = <T>(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  request<T>('GET', path, { query, signal }, 'appApi');
const appPost = <T>(path: string, body?: unknown) => request<T>('POST', path, { body }, 'appApi');

/** Query keys: everything under `life` is refreshed after a change. */
export const lifeKeys = {
  all: ['life'] as const,
  types: ['life', 'types'] as const,
  models: ['life', 'models'] as const,
  formulas: ['life', 'formulas'] as const,
};

export interface LifeListParams {
  projectId?: number;
  filterTypeId?: number;
  filterId?: number;
  keyword?: string;
  state?: LifeState;
  dueBefore?: number;
  order: 'predicted' | 'used' | 'device';
  page: number;
  size: number;
}

export const fetchLifeRows = (p: LifeListParams, signal?: AbortSignal) => appGet<Paged<DeviceLifeRow>>('/t_device/life-analyze', {
  projectId: p.projectId, filterTypeId: p.filterTypeId, filterId: p.filterId, keyword: p.keyword || undefined, state: p.state,
  dueBefore: p.dueBefore, order: p.order, Page: p.page, Size: p.size,
}, signal);
export const fetchLifeTrend = (deviceId: number, signal?: AbortSignal) => appGet<LifeTrend>('/t_device/life-trend', { deviceId }, signal);
export const recalcLife = (deviceIds?: number[]) =>
  appPost<{ computed: number; warned: number; ms: number }>('/t_device/recalc-devlife', deviceIds ? { deviceIds } : {});

export const fetchFilterTypes = (signal?: AbortSignal) => appGet<FilterType[]>('/t_filter_type', {}, signal);
export const saveFilterType = (body: SaveFilterTypeBody) => appPost<FilterType>('/t_filter_type/save', body);
export const deleteFilterType = (id: number) => appPost<true>(`/t_filter_type/del/${id}`);

export const fetchFilterModels = (q: { page: number; size: number; keyword?: string; filterTypeId?: number }, signal?: AbortSignal) =>
  appGet<Paged<FilterModel>>('/t_filter', { Page: q.page, Size: q.size, keyword: q.keyword || undefined, filterTypeId: q.filterTypeId }, signal);
export const fetchAllFilterModels = (signal?: AbortSignal) => appGet<FilterModel[]>('/t_filter/all', {}, signal);
export const saveFilterModel = (body: SaveFilterBody) => appPost<FilterModel>('/t_filter/save', body);
export const deleteFilterModel = (id: number) => appPost<true>(`/t_filter/del/${id}`);
export const setFilterAlg = (id: number, alg: FilterAlg, formulaId: number | null) => appPost<FilterModel>('/t_filter/alg', { id, alg, formulaId });

export const fetchFormulas = (signal?: AbortSignal) => appGet<LifeFormula[]>('/t_life_formula', {}, signal);
export const saveFormula = (body: SaveLifeFormulaBody) => appPost<LifeFormula>('/t_life_formula/save', body);
export const deleteFormula = (id: number) => appPost<true>(`/t_life_formula/del/${id}`);
export const testFormula = (source: string, sample: LifeVariables) => appPost<LifeFormulaTestResult>('/t_life_formula/test', { source, sample });

export const fetchProjectNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_project/names', undefined, signal);
/** Organisations to name as suppliers; quiet when the user may not list them (the select then shows the saved name only). */
export const fetchOrgNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_org/names', undefined, signal, { quietNotFound: true });
