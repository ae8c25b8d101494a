/**
 * Times as a wall shows them. Pure: the caller passes the UTC offset (minutes east of UTC) of the
 * clock the operators read, so the same code is testable in any time zone.
 */

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of `ts` at `offsetMinutes`. */
function fields(ts: number, offsetMinutes: number) {
  const d = new Date(ts + offsetMinutes * MINUTE);
  return {
    month: d.getUTCMonth() + 1, day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes(), seconds: d.getUTCSeconds(),
  };
}

/** `HH:mm`. */
export function formatHourMinute(ts: number, offsetMinutes: number): string {
  const f = fields(ts, offsetMinutes);
  return `${pad(f.hours)}:${pad(f.minutes)}`;
}

/** `MM-DD HH:mm`. */
export function formatDayMinute(ts: number, offsetMinutes: number): string {
  const f = fields(ts, offsetMinutes);
  return `${pad(f.month)}-${pad(f.day)} ${pad(f.hours)}:${pad(f.minutes)}`;
}

/** Whether `a` and `b` fall on the same calendar day at `offsetMinutes`. */
export function isSameDay(a: number, b: number, offsetMinutes: number): boolean {
  const shift = offsetMinutes * MINUTE;
  return Math.floor((a + shift) / DAY) === Math.floor((b + shift) / DAY);
}

/** An event's time: `HH:mm:ss` when it happened today (relative to `now`), else `MM-DD HH:mm`. */
export function formatEventTime(ts: number, now: number, offsetMinutes: number): string {
  if (!isSameDay(ts, now, offsetMinutes)) return formatDayMinute(ts, offsetMinutes);
  const f = fields(ts, offsetMinutes);
  return `${pad(f.hours)}:${pad(f.minutes)}:${pad(f.seconds)}`;
}

/** The browser's UTC offset at `ts` (minutes east of UTC): what the wall's own clock shows. */
export function browserOffsetMinutes(ts: number = Date.now()): number {
  return -new Date(ts).getTimezoneOffset();
}
