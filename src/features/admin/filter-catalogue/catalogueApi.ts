import type { Paged } from '../../../../contract/envelope';
import type { LccSyncDetail, LccSyncKind, LccSyncRun } from '../../../../contract/filter-catalogue';
import { request } from '../../../shared/http';

/** Query keys of 滤网目录同步: everything under `filter-catalogue` is refreshed after a preview or apply. */
export const catalogueKeys = {
  all: ['filter-catalogue'] as const,
  runs: (kind: LccSyncKind, page: number) => ['filter-catalogue', 'runs', kind, page] as const,
  run: (id: number) => ['filter-catalogue', 'run', id] as const,
};

/** GET /app-api/t_lcc_sync: the runs of a kind, newest first. */
export const fetchRuns = (kind: LccSyncKind, page: number, signal?: AbortSignal) =>
  request<Paged<LccSyncRun>>('GET', '/t_lcc_sync', { query: { kind, Page: page, Size: 10 }, signal }, 'appApi');
export const fetchRun = (id: number, signal?: AbortSignal) => request<LccSyncDetail>('GET', `/t_lcc_sync/${id}`, { signal }, 'appApi');
/** POST /app-api/t_lcc_sync/{kind}: read the upstream and record the diff (nothing applied). */
export const previewSync = (kind: LccSyncKind) => request<LccSyncDetail>('POST', `/t_lcc_sync/${kind}`, {}, 'appApi');
export const applySync = (id: number) => request<LccSyncDetail>('POST', '/t_lcc_sync/sync', { body: { id } }, 'appApi');
