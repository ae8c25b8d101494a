import { RELAUNCH_BACKOFF_MS } from './schedule';

/** The supervisor's clocks; the defaults are for a wall, tests shorten some. */
export interface SupervisorTiming {
  /** How often the supervisor looks at its checks. */
  tickMs: number;
  /** How often the JS heap is read (the brief: every minute). */
  heapCheckMs: number;
  /** How often the server is asked whether it answers. */
  serverCheckMs: number;
  /** Waits between relaunches, and between tries while the server does not answer. */
  backoffMs: readonly number[];
  /** A browser that ran this long counts as healthy: the relaunch backoff starts over. */
  healthyAfterMs: number;
  /** The first page load may take this long (a cold server, a slow wall PC). */
  navigationTimeoutMs: number;
  /** A reload (of a hung, crashed or bloated page) that takes longer has failed: relaunch. */
  reloadTimeoutMs: number;
  /** Wait after a refused sign-in before trying again: retrying fast would lock the account. */
  refusedRetryMs: number;
  /** Sign-ins closer together than this mean two launchers share one account (single session). */
  signInSpacingMs: number;
}

export const DEFAULT_TIMING: SupervisorTiming = {
  tickMs: 1_000,
  heapCheckMs: 60_000,
  serverCheckMs: 15_000,
  backoffMs: RELAUNCH_BACKOFF_MS,
  healthyAfterMs: 60_000,
  navigationTimeoutMs: 60_000,
  reloadTimeoutMs: 20_000,
  refusedRetryMs: 300_000,
  signInSpacingMs: 30_000,
};

export const TIMED_OUT = Symbol('timed out');

/**
 * Resolves with `promise`'s value, or {@link TIMED_OUT} after `ms`. A late rejection of `promise`
 * is swallowed: a call into a hung page rejects only when the page is finally closed.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => { timer = setTimeout(() => resolve(TIMED_OUT), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The message of anything thrown, on one line. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0].slice(0, 300);
}

/** Sleeps that {@link Wakeup.wake} ends early. */
export class Wakeup {
  private readonly wakers = new Set<() => void>();

  /** Waits `ms`, or less when {@link wake} is called meanwhile. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  /** Ends every sleep now. */
  wake(): void {
    for (const done of [...this.wakers]) done();
  }
}
