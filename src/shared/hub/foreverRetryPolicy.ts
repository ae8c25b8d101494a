import type { IRetryPolicy, RetryContext } from '@microsoft/signalr';

/** Delays of the first reconnect attempts; every later attempt waits {@link RECONNECT_CAP_MS}. */
export const RECONNECT_DELAYS_MS: readonly number[] = [0, 2_000, 5_000, 10_000];
export const RECONNECT_CAP_MS = 30_000;

/** The delay before attempt `previousRetryCount + 1`: 0, 2 s, 5 s, 10 s, then 30 s for ever. */
export function reconnectDelay(previousRetryCount: number): number {
  return RECONNECT_DELAYS_MS[previousRetryCount] ?? RECONNECT_CAP_MS;
}

/**
 * A retry policy that never gives up: walls run unattended for weeks, while the client's default
 * policy stops after four attempts. Never returns null.
 */
export const foreverRetryPolicy: IRetryPolicy = {
  nextRetryDelayInMilliseconds: (context: RetryContext) => reconnectDelay(context.previousRetryCount),
};
