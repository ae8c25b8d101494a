import { startEarlyRead } from '../../../shared/earlyReads';
import { detailReadKey, fetchDeviceDetail, fetchHistory, historyReadKey } from './detailApi';
import { detailDeviceId } from './detailPaths';
import { CHART_POINTS, rangeOf } from './historyView';

/**
 * A signed-in cold start on 设备详情 (a link, a reload, a wall's bookmark) asks for the device, and
 * for the trend its address names, while the console's chunks are still loading, rather than once
 * the page has rendered; the page's first reads take them (useDeviceLive, HistoryPanel's query).
 * Returns whether this was such a start.
 */
export function startDetailPrefetch(pathname: string, search: string, now = Date.now()): boolean {
  const deviceId = detailDeviceId(pathname);
  if (deviceId === null) return false;
  startEarlyRead(detailReadKey(deviceId), () => fetchDeviceDetail(deviceId), now);
  const q = new URLSearchParams(search);
  const measureId = Number(q.get('measure'));
  if (q.get('tab') === 'history' && Number.isSafeInteger(measureId) && measureId > 0) {
    const range = rangeOf(q, now);
    startEarlyRead(historyReadKey(deviceId, measureId, range.from, range.to, CHART_POINTS),
      () => fetchHistory({ deviceId, measureId, from: range.from, to: range.to, maxPoints: CHART_POINTS }), now);
  }
  return true;
}
