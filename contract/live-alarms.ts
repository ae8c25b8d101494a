import type { RealAlarm } from './alarms';
import type { MeasureWarningData } from './hub';

/**
 * One truth for live alarms: the order, the selection and the live folding that the server's
 * real-time list (GET /api/t_real_measure_warning), the top bar's bell, the wall's 实时告警 ticker
 * and the 实时告警 page all use, so the same open alarms show in the same order everywhere.
 *
 * - `time`: newest first (raised at, then id, both descending — the id breaks the ties of alarms
 *   one ingest batch raised at the same instant).
 * - `level`: the gravest warn level first, then newest first.
 */
export const LIVE_ALARM_ORDERS = ['time', 'level'] as const;
export type LiveAlarmOrder = (typeof LIVE_ALARM_ORDERS)[number];

type Ordered = Pick<RealAlarm, 'id' | 'raisedAt' | 'warnLevel'>;

/** The comparator of `order` (negative: `a` shows above `b`). The server's SQL sorts by the same keys. */
export function compareLiveAlarms(order: LiveAlarmOrder): (a: Ordered, b: Ordered) => number {
  const byTime = (a: Ordered, b: Ordered) => (b.raisedAt - a.raisedAt) || (b.id - a.id);
  return order === 'level' ? (a, b) => (b.warnLevel - a.warnLevel) || byTime(a, b) : byTime;
}

/** A sorted copy. */
export function sortLiveAlarms<T extends Ordered>(alarms: readonly T[], order: LiveAlarmOrder): T[] {
  return [...alarms].sort(compareLiveAlarms(order));
}

/** The filters of the real-time list (all optional; SPEC §3 warn levels, contract/conditions.ts types). */
export interface LiveAlarmFilter {
  projectId?: number;
  deviceId?: number;
  warnLevel?: number;
  conditionType?: number;
  /** true: only those not acknowledged yet; false: only acknowledged ones. */
  unacked?: boolean;
}

/** Whether `alarm` passes `filter`: the rule the server's SQL applies too. */
export function matchesLiveAlarmFilter(alarm: RealAlarm, filter: LiveAlarmFilter): boolean {
  if (filter.projectId !== undefined && alarm.projectId !== filter.projectId) return false;
  if (filter.deviceId !== undefined && alarm.deviceId !== filter.deviceId) return false;
  if (filter.warnLevel !== undefined && alarm.warnLevel !== filter.warnLevel) return false;
  if (filter.conditionType !== undefined && alarm.conditionType !== filter.conditionType) return false;
  if (filter.unacked !== undefined && (alarm.ackedAt == null) !== filter.unacked) return false;
  return true;
}

/** How a list is kept: its order, how many rows it keeps at most, and which alarms belong in it. */
export interface LiveAlarmView {
  order: LiveAlarmOrder;
  /** The most rows the list keeps (the page size, the bell's 5, the ticker's limit). */
  cap: number;
  filter?: LiveAlarmFilter;
}

/** The list to show now, or `refetch`: the push leaves a gap only a fresh snapshot can fill. */
export type LiveAlarmFold = RealAlarm[] | 'refetch';

/**
 * Folds a `measureWarning` push into a list that holds the first `cap` alarms of `view` (the
 * server's snapshot, folded since). Returns the new list, the same array when nothing changed, or
 * `refetch` where the list cannot know the answer alone: an alarm cleared (or no longer matching)
 * from a full list, whose next alarm the list never held. A raise lands where the order puts it
 * (not simply on top: its raising time is the sample's, and a level order puts it by level), and
 * a full list drops its last row for it — exactly the server's first `cap`. An update merges into
 * the listed alarm (fields the push lacks, such as the acknowledgement, are kept).
 */
export function foldLiveAlarm(list: readonly RealAlarm[], push: MeasureWarningData, view: LiveAlarmView): LiveAlarmFold {
  const { clearedAt: _clearedAt, ...incoming } = push.alarm;
  const index = list.findIndex((a) => a.id === incoming.id);
  const full = list.length >= view.cap;
  const listed = index >= 0 ? list[index] : undefined;
  const merged: RealAlarm = listed ? { ...listed, ...incoming } : incoming;
  const belongs = push.action !== 'clear' && matchesLiveAlarmFilter(merged, view.filter ?? {});

  if (!belongs) {
    if (!listed) return list as RealAlarm[];
    return full ? 'refetch' : list.filter((_, i) => i !== index);
  }
  // Newly matching after an update (e.g. the filter asks for one state) or raised: place it.
  const rest = listed ? list.filter((_, i) => i !== index) : [...list];
  if (!listed && push.action === 'update' && full) {
    // An update of an alarm a full list does not hold: it belongs below the cap or is news to us.
    const compare = compareLiveAlarms(view.order);
    return compare(merged, rest[rest.length - 1]) < 0 ? 'refetch' : list as RealAlarm[];
  }
  const placed = sortLiveAlarms([merged, ...rest], view.order);
  return placed.slice(0, view.cap);
}
