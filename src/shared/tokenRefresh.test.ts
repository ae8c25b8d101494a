import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTokenStale, startTokenRefresh } from './tokenRefresh';

describe('startTokenRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes every 900000 ms until stopped', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const stop = startTokenRefresh(refresh);
    await vi.advanceTimersByTimeAsync(899_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(10 * 900_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a failed refresh', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refresh = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = startTokenRefresh(refresh);
    await vi.advanceTimersByTimeAsync(2 * 900_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledTimes(2);
    stop();
    error.mockRestore();
  });
});

describe('isTokenStale', () => {
  it('is stale from 15 minutes of age, or without a known age', () => {
    expect(isTokenStale(1_000_000, 1_000_000 + 899_999)).toBe(false);
    expect(isTokenStale(1_000_000, 1_000_000 + 900_000)).toBe(true);
    expect(isTokenStale(undefined, 5)).toBe(true);
  });
});
