import { useEffect, useRef, useState } from 'react';
import type { RealAlarm } from '../../../contract/alarms';
import type { Paged } from '../../../contract/envelope';
import { HubTopic, type MeasureWarningData } from '../../../contract/hub';
import { foldLiveAlarm, type LiveAlarmFilter, type LiveAlarmOrder } from '../../../contract/live-alarms';
import { ApiRequestError, apiGet } from '../../shared/http';
import { createScreenClient } from '../../shared/screen/createScreenClient';
import { appStore } from '../../shared/store';

export interface LiveAlarmsQuery {
  filter: LiveAlarmFilter;
  order: LiveAlarmOrder;
  /** 1-based. */
  page: number;
  size: number;
  /** false: nothing is read or subscribed (the bell while closed). */
  enabled?: boolean;
}

export interface LiveAlarms {
  /** undefined until the first answer. */
  list: RealAlarm[] | undefined;
  count: number;
  error: unknown;
  /** Reads the snapshot again (after an acknowledgement, a filter change). */
  refetch(): void;
}

/** After a push, the snapshot (count, later pages) is read again once this quiet time has passed. */
export const LIVE_ALARM_SNAPSHOT_DELAY_MS = 400;

/** The query of GET /api/t_real_measure_warning for `q`. */
export function liveAlarmParams(q: Pick<LiveAlarmsQuery, 'filter' | 'order' | 'page' | 'size'>): Record<string, string | number> {
  const { projectId, deviceId, warnLevel, conditionType, unacked } = q.filter;
  return {
    Page: q.page, Size: q.size, order: q.order,
    ...(projectId !== undefined && { projectId }), ...(deviceId !== undefined && { deviceId }),
    ...(warnLevel !== undefined && { warnLevel }), ...(conditionType !== undefined && { conditionType }),
    ...(unacked !== undefined && { ack: unacked ? 'unacked' : 'acked' }),
  };
}

/**
 * The console's one live path for real-time alarms (the bell and 实时告警; the wall's ticker folds
 * the same pushes with the same contract/live-alarms.ts in the screen runtime): the server's
 * snapshot, each `measureWarning` push of the hub folded in at once on the first page (the new
 * alarm shows within the push's delivery), and the snapshot read again shortly after (the count,
 * later pages) and after every reconnect. Pushes that arrive while a read is on its way are folded
 * into its answer, so an answer never hides them. Everything stops when the component goes.
 */
export function useLiveAlarms(q: LiveAlarmsQuery): LiveAlarms {
  const { page, size, order, enabled = true } = q;
  const filterKey = JSON.stringify(q.filter);
  const [state, setState] = useState<{ list: RealAlarm[] | undefined; count: number; error: unknown }>({ list: undefined, count: 0, error: null });
  const refetchRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!enabled) return undefined;
    const filter = JSON.parse(filterKey) as LiveAlarmFilter;
    const view = { order, cap: size, filter };
    let controller: AbortController | null = null;
    let requestedAt = 0;
    let pushes: { at: number; data: MeasureWarningData }[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let disposed = false;
    /** What the component shows, kept here too: a push folds into it at once. */
    let shown: RealAlarm[] | undefined;

    const fold = (list: RealAlarm[], data: MeasureWarningData): RealAlarm[] | 'refetch' => (page === 1 ? foldLiveAlarm(list, data, view) : list);

    const read = () => {
      controller?.abort();
      clearTimeout(timer);
      timer = undefined;
      const mine = new AbortController();
      controller = mine;
      requestedAt = Date.now();
      apiGet<Paged<RealAlarm>>('/t_real_measure_warning', liveAlarmParams({ filter, order, page, size }), mine.signal, { quietNotFound: true }).then(
        (answer) => {
          if (mine.signal.aborted || disposed) return;
          let list = answer?.list ?? [];
          let again = false;
          for (const p of pushes) {
            if (p.at < requestedAt) continue;
            const next = fold(list, p.data);
            if (next === 'refetch') again = true;
            else list = next;
          }
          pushes = pushes.filter((p) => p.at >= requestedAt);
          shown = list;
          setState({ list, count: answer?.count ?? 0, error: null });
          if (again) later();
        },
        (error: unknown) => {
          if (mine.signal.aborted || disposed) return;
          const absent = error instanceof ApiRequestError && error.status === 404;
          shown = absent ? [] : shown ?? [];
          const list = shown;
          setState((s) => ({ list, count: absent ? 0 : s.count, error: absent ? null : error }));
        },
      );
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(read, LIVE_ALARM_SNAPSHOT_DELAY_MS);
    };
    refetchRef.current = read;

    const client = createScreenClient(appStore);
    const offs = [
      client.subscribe(HubTopic.alarms),
      client.on('measureWarning', (data) => {
        const push = data as MeasureWarningData;
        pushes.push({ at: Date.now(), data: push });
        if (pushes.length > 500) pushes.shift();
        const next = shown ? fold(shown, push) : shown;
        if (next !== 'refetch' && next !== shown) {
          shown = next;
          setState((s) => ({ ...s, list: next }));
        }
        // The count and later pages come from the server; so does a gap the fold cannot fill.
        if (next === 'refetch') read();
        else later();
      }),
      client.onResync(read),
    ];
    read();
    return () => {
      disposed = true;
      for (const off of offs) off();
      controller?.abort();
      clearTimeout(timer);
      refetchRef.current = () => undefined;
    };
  }, [enabled, filterKey, order, page, size]);

  return { ...state, refetch: () => refetchRef.current() };
}
