/** Waits between browser relaunches: 1, 2, 5, 10, then every 30 s. */
export const RELAUNCH_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The wait before the relaunch after `failures` failed runs in a row (0 = the first relaunch). */
export function backoffDelay(failures: number, steps: readonly number[] = RELAUNCH_BACKOFF_MS): number {
  return steps[Math.min(Math.max(failures, 0), steps.length - 1)];
}

/** A local calendar day as text, e.g. `2026-11-22`: the daily reload happens once per such day. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * True when the daily reload at `at` (local time) is due at `now` and has not been done today
 * (`doneOn` is the local day of the last one). Due from the chosen minute until the end of that
 * hour, so a check that runs late (a busy machine, a clock step) still catches it, once.
 */
export function dailyReloadDue(now: Date, at: { hour: number; minute: number }, doneOn: string | undefined): boolean {
  if (doneOn === localDay(now)) return false;
  const minutes = now.getHours() * 60 + now.getMinutes();
  const target = at.hour * 60 + at.minute;
  return minutes >= target && minutes < target + 60;
}
