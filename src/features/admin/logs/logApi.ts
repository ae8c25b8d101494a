import type { Paged } from '../../../../contract/envelope';
import { LOG_MAX_PAGE_SIZE, type LogLine } from '../../../../contract/logs';
import { apiGet } from '../../../shared/http';
import { listQuery, type ListState } from '../kit/listState';

/** `/t_history_log/mine` (my own lines) or `/t_history_log` (everyone's in my scope). */
export const logPath = (mine: boolean) => (mine ? '/t_history_log/mine' : '/t_history_log');

export function fetchLogPage(mine: boolean, state: ListState, signal?: AbortSignal): Promise<Paged<LogLine>> {
  return apiGet<Paged<LogLine>>(logPath(mine), listQuery(state), signal);
}

/** Every line of the filtered list, newest first, page by page at the largest size the server answers (the export). */
export async function fetchAllLogs(mine: boolean, state: ListState): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  for (let page = 1; ; page++) {
    const { list, count } = await apiGet<Paged<LogLine>>(logPath(mine), listQuery(state, page, LOG_MAX_PAGE_SIZE));
    lines.push(...list);
    if (list.length < LOG_MAX_PAGE_SIZE || lines.length >= count) return lines;
  }
}
