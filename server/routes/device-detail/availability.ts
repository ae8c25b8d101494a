import type { AvailabilitySpan, AvailabilityStep } from '../../../contract/device-detail';
import { DeviceState } from '../../../contract/enums';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** A recorded state change (t_history_online). */
export interface StateChange {
  state: number;
  ts: number;
}

/**
 * [from, to) cut at calendar boundaries of `step` in the zone `tzOffset` minutes east of UTC:
 * local midnights, Mondays, firsts of the month. 'none' is the range as one period.
 */
export function calendarPeriods(from: number, to: number, step: AvailabilityStep, tzOffset: number): { from: number; to: number }[] {
  if (step === 'none') return [{ from, to }];
  const off = tzOffset * MINUTE;
  /** The first boundary after local time `t`. */
  const next = (t: number): number => {
    const local = t + off;
    if (step === 'day') return (Math.floor(local / DAY) + 1) * DAY - off;
    if (step === 'week') {
      const day = Math.floor(local / DAY);
      // 1970-01-01 was a Thursday: 3 days after a Monday.
      const monday = day - ((((day + 3) % 7) + 7) % 7);
      return (monday + 7) * DAY - off;
    }
    const d = new Date(local);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - off;
  };
  const out: { from: number; to: number }[] = [];
  for (let a = from; a < to;) {
    const b = Math.min(to, next(a));
    out.push({ from: a, to: b });
    a = b;
  }
  return out;
}

/** The index of the last change at or before `t` in `changes` (oldest first); -1 for none. */
function lastAtOrBefore(changes: readonly StateChange[], t: number): number {
  let lo = 0;
  let hi = changes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (changes[mid].ts <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

const percent = (online: number, offline: number) => (online + offline > 0 ? Math.round((online / (online + offline)) * 10_000) / 100 : null);

/**
 * The account of each period from the device's state changes (oldest first; the first may lie
 * before the periods and carries its state into them). Only time up to `now` counts; time before
 * the first change is unknown; a device in alarm (2) is online. Availability is online ÷ (online +
 * offline) in percent, two decimals.
 */
export function accountPeriods(changes: readonly StateChange[], periods: readonly { from: number; to: number }[], now: number): AvailabilitySpan[] {
  return periods.map(({ from, to }) => {
    const end = Math.min(to, now);
    const span = { from, to, onlineMs: 0, alarmMs: 0, offlineMs: 0, unknownMs: 0, changes: 0 };
    let i = lastAtOrBefore(changes, from);
    for (let j = lastAtOrBefore(changes, from - 1) + 1; j < changes.length && changes[j].ts < to; j++) span.changes++;
    if (end <= from) return { ...span, availability: null };
    if (i < 0) {
      const first = changes.length ? changes[0].ts : Infinity;
      span.unknownMs = Math.min(end, first) - from;
      i = 0;
    }
    for (; i < changes.length && changes[i].ts < end; i++) {
      const a = Math.max(from, changes[i].ts);
      const b = Math.min(end, changes[i + 1]?.ts ?? Infinity);
      if (b <= a) continue;
      if (changes[i].state === DeviceState.Offline) {
        span.offlineMs += b - a;
      } else {
        span.onlineMs += b - a;
        if (changes[i].state === DeviceState.Alarm) span.alarmMs += b - a;
      }
    }
    return { ...span, availability: percent(span.onlineMs, span.offlineMs) };
  });
}

/** The whole range's account from its periods' (they tile it). */
export function totalOf(from: number, to: number, periods: readonly AvailabilitySpan[]): AvailabilitySpan {
  const sum = (key: 'onlineMs' | 'alarmMs' | 'offlineMs' | 'unknownMs' | 'changes') => periods.reduce((s, p) => s + p[key], 0);
  const onlineMs = sum('onlineMs');
  const offlineMs = sum('offlineMs');
  return {
    from, to, onlineMs, alarmMs: sum('alarmMs'), offlineMs, unknownMs: sum('unknownMs'), changes: sum('changes'),
    availability: percent(onlineMs, offlineMs),
  };
}
