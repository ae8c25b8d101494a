import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionExpiryHandler } from './sessionExpiry';

describe('createSessionExpiryHandler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('toasts once, then clears the token and reloads after 200 ms', () => {
    const calls: string[] = [];
    const expire = createSessionExpiryHandler({
      toast: () => calls.push('toast'),
      clearToken: () => calls.push('clear'),
      reload: () => calls.push('reload'),
    });
    expire();
    expire();
    expire();
    expect(calls).toEqual(['toast']);
    vi.advanceTimersByTime(199);
    expect(calls).toEqual(['toast']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['toast', 'clear', 'reload']);
    expire();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual(['toast', 'clear', 'reload']);
  });
});
