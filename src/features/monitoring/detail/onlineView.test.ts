import { describe, expect, it } from 'vitest';
import { breakdownOf, periodAt, shiftPeriod, timelineOf } from './onlineView';

describe('online view', () => {
  // Local times: the test passes in any zone.
  const at = new Date(2026, 4, 13, 15, 30).getTime(); // Wednesday 13 May 2026

  it('finds the local day, week (from Monday) and month of a time', () => {
    expect(periodAt('day', at)).toEqual({ from: new Date(2026, 4, 13).getTime(), to: new Date(2026, 4, 14).getTime() });
    expect(periodAt('week', at)).toEqual({ from: new Date(2026, 4, 11).getTime(), to: new Date(2026, 4, 18).getTime() });
    expect(periodAt('week', new Date(2026, 4, 17, 23).getTime()).from).toBe(new Date(2026, 4, 11).getTime());
    expect(periodAt('month', at)).toEqual({ from: new Date(2026, 4, 1).getTime(), to: new Date(2026, 5, 1).getTime() });
  });

  it('steps to the period before and after', () => {
    expect(periodAt('month', shiftPeriod('month', at, -1)).from).toBe(new Date(2026, 3, 1).getTime());
    expect(periodAt('week', shiftPeriod('week', at, 1)).from).toBe(new Date(2026, 4, 18).getTime());
    expect(periodAt('day', shiftPeriod('day', at, -1)).from).toBe(new Date(2026, 4, 12).getTime());
  });

  it('breaks a week or month down by day, a long custom range by week or month', () => {
    const day = 86_400_000;
    expect(breakdownOf('day', { from: 0, to: day })).toBe('none');
    expect(breakdownOf('month', { from: 0, to: 31 * day })).toBe('day');
    expect(breakdownOf('custom', { from: 0, to: 40 * day })).toBe('day');
    expect(breakdownOf('custom', { from: 0, to: 200 * day })).toBe('week');
    expect(breakdownOf('custom', { from: 0, to: 400 * day })).toBe('month');
  });

  it('draws the timeline from the carried state through each change, up to now', () => {
    const changes = [{ state: 1, ts: 70 }, { state: 0, ts: 40 }, { state: 9, ts: 5 }];
    expect(timelineOf(changes, 1, { from: 10, to: 100 }, 90)).toEqual([
      { state: 1, from: 10, to: 40 }, { state: 0, from: 40, to: 70 }, { state: 1, from: 70, to: 90 },
    ]);
    expect(timelineOf([], null, { from: 10, to: 100 }, 1000)).toEqual([{ state: null, from: 10, to: 100 }]);
  });
});
