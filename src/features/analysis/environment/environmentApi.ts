import type {
  AirDevicePage, AirSide, AqiAnalysis, EnvPeriod, FiltrationAnalysis, PaDevicePage, PmDevicePage,
} from '../../../../contract/environment-analysis';
import type { NameItem } from '../../../../contract/envelope';
import { apiGet, request } from '../../../shared/http';

/** The environment analysis calls (/app-api, server/routes/environment/). */
const appGet = <T>(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  request<T>('GET', path, { query, signal }, 'appApi');

export interface ListParams { projectId?: number; keyword?: string; page: number; size: number }
const listQuery = (p: ListParams) => ({ projectId: p.projectId, keyword: p.keyword || undefined, Page: p.page, Size: p.size });

export const fetchPaList = (p: ListParams, signal?: AbortSignal) => appGet<PaDevicePage>('/v_pa_dev_list', listQuery(p), signal);
export const fetchPmList = (p: ListParams & { side?: AirSide }, signal?: AbortSignal) =>
  appGet<PmDevicePage>('/v_pm_dev_list', { ...listQuery(p), side: p.side }, signal);
export const fetchAirList = (p: ListParams, signal?: AbortSignal) => appGet<AirDevicePage>('/v_air_dev_list', listQuery(p), signal);
export const fetchAqi = (projectId: number | undefined, period: EnvPeriod, signal?: AbortSignal) =>
  appGet<AqiAnalysis>('/environment/aqi', { projectId, period }, signal);
export const fetchFiltration = (projectId: number | undefined, period: 'day' | 'week' | 'month', signal?: AbortSignal) =>
  appGet<FiltrationAnalysis>('/environment/filtration', { projectId, period }, signal);
export const fetchProjectNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_project/names', undefined, signal);
