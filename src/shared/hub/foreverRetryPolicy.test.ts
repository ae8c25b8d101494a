import { describe, expect, it } from 'vitest';
import { foreverRetryPolicy, reconnectDelay } from './foreverRetryPolicy';

const next = (previousRetryCount: number) =>
  foreverRetryPolicy.nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds: previousRetryCount * 30_000, retryReason: new Error('x') });

describe('foreverRetryPolicy', () => {
  it('waits 0, 2 s, 5 s, 10 s, then 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(next)).toEqual([0, 2_000, 5_000, 10_000, 30_000, 30_000, 30_000]);
  });

  it('never gives up: still 30 s after a month of attempts', () => {
    expect(next(90_000)).toBe(30_000);
    expect(reconnectDelay(Number.MAX_SAFE_INTEGER)).toBe(30_000);
  });
});
