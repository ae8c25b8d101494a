import type { HistoryAlarmRow } from '../../../../contract/alarms';
import type { AlarmNotificationLog } from '../../../../contract/alarm-notifications';
import type { NameItem, Paged } from '../../../../contract/envelope';
import { apiGet, apiPost } from '../../../shared/http';

/** The filter of 历史告警 (the address keeps it). */
export interface HistoryFilter {
  projectId?: number;
  deviceId?: number;
  warnLevel?: number;
  conditionType?: number;
  state?: 'open' | 'cleared' | 'undealed' | 'dealed';
  /** Raised at or after / before (epoch ms). */
  from?: number;
  to?: number;
}

export const alarmKeys = {
  projects: ['names', 't_project'] as const,
  devices: (projectId: number | undefined) => ['names', 't_device', projectId ?? null] as const,
  history: (f: HistoryFilter, page: number, size: number) => ['historyAlarms', f, page, size] as const,
  notifications: (alarmId: number) => ['alarmNotifications', alarmId] as const,
};

export const fetchProjectNames = (signal?: AbortSignal) => apiGet<NameItem[]>('/t_project/names', undefined, signal);
export const fetchDeviceNames = (projectId: number | undefined, signal?: AbortSignal) =>
  apiGet<NameItem[]>('/t_device/names', projectId === undefined ? undefined : { projectId }, signal);

/** POST /api/t_real_measure_warning/ack: how many were acknowledged. */
export const ackAlarms = (ids: number[]) => apiPost<number>('/t_real_measure_warning/ack', { ids });

export const historyParams = (f: HistoryFilter, page: number, size: number) => ({
  Page: page, Size: size, projectId: f.projectId, deviceId: f.deviceId, warnLevel: f.warnLevel, conditionType: f.conditionType,
  state: f.state, from: f.from, to: f.to,
});

export const fetchHistory = (f: HistoryFilter, page: number, size: number, signal?: AbortSignal) =>
  apiGet<Paged<HistoryAlarmRow>>('/t_history_measure_warning', historyParams(f, page, size), signal);

/** POST /api/t_history_measure_warning/deal: how many were dealt with. */
export const dealAlarms = (ids: number[], remark: string) => apiPost<number>('/t_history_measure_warning/deal', { ids, remark });

/** GET /api/t_alarm_notification?alarmId=: the delivery log of one alarm (history id). */
export const fetchNotificationLog = (alarmId: number, signal?: AbortSignal) =>
  apiGet<AlarmNotificationLog>('/t_alarm_notification', { alarmId }, signal);

/** The most rows one export takes (every page of the filtered range, 500 a read). */
export const EXPORT_MAX_ROWS = 20_000;

/** Every row of the filtered range, in the list's order; refuses past EXPORT_MAX_ROWS. */
export async function fetchHistoryForExport(f: HistoryFilter, onTooMany: (count: number) => never): Promise<HistoryAlarmRow[]> {
  const size = 500;
  const first = await fetchHistory(f, 1, size);
  if (first.count > EXPORT_MAX_ROWS) onTooMany(first.count);
  const rows = [...first.list];
  for (let page = 2; rows.length < first.count && page <= Math.ceil(first.count / size); page++) {
    rows.push(...(await fetchHistory(f, page, size)).list);
  }
  return rows;
}
