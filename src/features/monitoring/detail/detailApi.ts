import type { Availability, AvailabilityStep, DeviceDetail } from '../../../../contract/device-detail';
import type { HistoryAlarm } from '../../../../contract/alarms';
import type { Paged } from '../../../../contract/envelope';
import type { HistoryResult } from '../../../../contract/telemetry';
import { takeEarlyRead } from '../../../shared/earlyReads';
import { apiGet } from '../../../shared/http';

/** The calls of the device detail and online-data pages (server/routes/device-detail/, telemetry's trends and changes). */

export { DEVICE_DETAIL_PATH, DEVICE_MONITOR_PATH, DEVICE_ONLINE_PATH } from './detailPaths';

export const detailKeys = {
  detail: (id: number) => ['device-detail', id] as const,
  history: (id: number, measureId: number, from: number, to: number, budget: number) => ['device-detail', id, 'history', measureId, from, to, budget] as const,
  alarms: (id: number, state: 'open' | 'all', page: number, size: number) => ['device-detail', id, 'alarms', state, page, size] as const,
  online: (id: number, from: number | undefined, to: number | undefined, page: number, size: number) => ['device-detail', id, 'online', from, to, page, size] as const,
  availability: (id: number, from: number, to: number, step: AvailabilityStep) => ['device-detail', id, 'availability', from, to, step] as const,
};

/** The keys of the reads a cold start begins early (detailPrefetch.ts) and the page's first reads take. */
export const detailReadKey = (deviceId: number) => `device-detail:${deviceId}`;
export const historyReadKey = (deviceId: number, measureId: number, from: number, to: number, maxPoints: number) =>
  `device-history:${deviceId}:${measureId}:${from}:${to}:${maxPoints}`;

/** A device outside the scope answers 404: the page shows its own not-found state, not the dialog. */
export const fetchDeviceDetail = (id: number, signal?: AbortSignal) =>
  apiGet<DeviceDetail>(`/t_device/detail/${id}`, undefined, signal, { quietNotFound: true });

/** A trend; a point the device does not have answers 404, shown by the panel rather than the dialog. */
export const fetchHistory = (q: { deviceId: number; measureId: number; from: number; to: number; maxPoints: number }, signal?: AbortSignal) =>
  apiGet<HistoryResult>('/t_history_measure', q, signal, { quietNotFound: true });

/** The query of a trend, shared by the chart and the page that asks for it before the chart exists. */
export const historyQuery = (deviceId: number, measureId: number, range: { from: number; to: number }, maxPoints: number) => ({
  queryKey: detailKeys.history(deviceId, measureId, range.from, range.to, maxPoints),
  // The read a cold start began for this very trend (detailPrefetch.ts), else a new one.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    takeEarlyRead<HistoryResult>(historyReadKey(deviceId, measureId, range.from, range.to, maxPoints))?.data
      ?? fetchHistory({ deviceId, measureId, from: range.from, to: range.to, maxPoints }, signal),
  // A range is fixed to the minute (rangeOf), so a read of it stays good for that long.
  staleTime: 60_000,
});

export const fetchDeviceAlarms = (q: { deviceId: number; state: 'open' | 'all'; Page: number; Size: number }, signal?: AbortSignal) =>
  apiGet<Paged<HistoryAlarm>>('/t_device/alarms', q, signal);

export interface OnlineChange {
  id: number;
  deviceId: number;
  state: number;
  ts: number;
  until: number | null;
  durationMs: number;
}

export const fetchOnlineChanges = (q: { deviceId: number; from?: number; to?: number; Page: number; Size: number }, signal?: AbortSignal) =>
  apiGet<Paged<OnlineChange>>('/t_history_online', q, signal);

/** The zone the console runs in, as the server takes it: minutes east of UTC. */
export const localTzOffset = (at = Date.now()) => -new Date(at).getTimezoneOffset();

export const fetchAvailability = (q: { deviceId: number; from: number; to: number; step: AvailabilityStep }, signal?: AbortSignal) =>
  apiGet<Availability>('/t_history_online/availability', { ...q, tzOffset: localTzOffset(q.from) }, signal, { quietNotFound: true });
