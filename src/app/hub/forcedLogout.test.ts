import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createForcedLogout, FORCED_LOGOUT_DELAY_MS } from './forcedLogout';

describe('createForcedLogout', () => {
  let calls: string[];
  const make = () => createForcedLogout({
    show: () => calls.push('show'),
    clearToken: () => calls.push('clear'),
    reload: () => calls.push('reload'),
  });
  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows 下线提示 at once, then removes the token and reloads after 5 s', () => {
    expect(FORCED_LOGOUT_DELAY_MS).toBe(5_000);
    const forced = make();
    forced.trigger();
    expect(calls).toEqual(['show']);
    vi.advanceTimersByTime(4_999);
    expect(calls).toEqual(['show']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['show', 'clear', 'reload']);
  });

  it('a second logout push neither shows again nor restarts the 5 s', () => {
    const forced = make();
    forced.trigger();
    vi.advanceTimersByTime(3_000);
    forced.trigger();
    vi.advanceTimersByTime(2_000);
    expect(calls).toEqual(['show', 'clear', 'reload']);
    forced.trigger();
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual(['show', 'clear', 'reload']);
  });

  it('cancelled (the console went away), it leaves no timer behind', () => {
    const forced = make();
    forced.trigger();
    forced.cancel();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual(['show']);
  });
});
