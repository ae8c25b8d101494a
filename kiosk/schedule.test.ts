import { describe, expect, it } from 'vitest';
import { backoffDelay, dailyReloadDue, localDay } from './schedule';

describe('relaunch backoff', () => {
  it('waits 1, 2, 5, 10, then 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map((n) => backoffDelay(n))).toEqual([1_000, 2_000, 5_000, 10_000, 30_000, 30_000, 30_000]);
  });
});

describe('daily reload', () => {
  const at = { hour: 4, minute: 30 };
  const local = (h: number, m: number, day = 22) => new Date(2026, 10, day, h, m, 5);

  it('is due from the chosen minute, once a day', () => {
    expect(dailyReloadDue(local(4, 29), at, undefined)).toBe(false);
    expect(dailyReloadDue(local(4, 30), at, undefined)).toBe(true);
    expect(dailyReloadDue(local(4, 30), at, localDay(local(4, 30)))).toBe(false);
    expect(dailyReloadDue(local(4, 30, 23), at, localDay(local(4, 30)))).toBe(true);
  });

  it('still fires when the check runs late within the hour, not long after', () => {
    expect(dailyReloadDue(local(5, 10), at, undefined)).toBe(true);
    expect(dailyReloadDue(local(5, 30), at, undefined)).toBe(false);
    expect(dailyReloadDue(local(23, 0), at, undefined)).toBe(false);
  });

  it('names local days', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
