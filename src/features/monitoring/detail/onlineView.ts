import type { AvailabilityStep } from '../../../../contract/device-detail';
import type { TimeRange } from './historyView';

/** The online-data page's periods: a calendar day, week (from Monday) or month in local time, or a custom range. */
export type PeriodKind = 'day' | 'week' | 'month' | 'custom';
export const PERIOD_KINDS: readonly PeriodKind[] = ['day', 'week', 'month', 'custom'];

const DAY = 86_400_000;

/** The local calendar period of `kind` holding `at`. */
export function periodAt(kind: Exclude<PeriodKind, 'custom'>, at: number): TimeRange {
  const d = new Date(at);
  if (kind === 'month') {
    return { from: new Date(d.getFullYear(), d.getMonth(), 1).getTime(), to: new Date(d.getFullYear(), d.getMonth() + 1, 1).getTime() };
  }
  const midnight = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  if (kind === 'day') return { from: midnight.getTime(), to: new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime() };
  const back = (midnight.getDay() + 6) % 7;
  return {
    from: new Date(d.getFullYear(), d.getMonth(), d.getDate() - back).getTime(),
    to: new Date(d.getFullYear(), d.getMonth(), d.getDate() - back + 7).getTime(),
  };
}

/** The period before (-1) or after (+1) the one holding `at`: a time inside it. */
export function shiftPeriod(kind: Exclude<PeriodKind, 'custom'>, at: number, by: -1 | 1): number {
  const p = periodAt(kind, at);
  return by < 0 ? p.from - 1 : p.to;
}

/** How a range is broken down: a day not at all, a week or month by day, a custom range by day, week or month as it is long. */
export function breakdownOf(kind: PeriodKind, range: TimeRange): AvailabilityStep {
  if (kind === 'day') return 'none';
  if (kind === 'week' || kind === 'month') return 'day';
  const days = (range.to - range.from) / DAY;
  return days <= 1 ? 'none' : days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
}

/** A state-change list (newest first, as the server pages it) as segments over `range`, oldest first, from the state carried in. */
export function timelineOf(changes: readonly { state: number; ts: number }[], carried: number | null, range: TimeRange, now: number): { state: number | null; from: number; to: number }[] {
  const end = Math.min(range.to, now);
  const asc = [...changes].filter((c) => c.ts >= range.from && c.ts < end).sort((a, b) => a.ts - b.ts);
  const out: { state: number | null; from: number; to: number }[] = [];
  let state: number | null = carried;
  let at = range.from;
  for (const c of asc) {
    if (c.ts > at) out.push({ state, from: at, to: c.ts });
    state = c.state;
    at = c.ts;
  }
  if (end > at) out.push({ state, from: at, to: end });
  return out;
}
