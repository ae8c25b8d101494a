import { describe, expect, it } from 'vitest';
import { formatDayMinute, formatEventTime, formatHourMinute, isSameDay } from './formatWallTime';

const CST = 480;
/** 2025-03-04 09:05:07 at UTC+8. */
const T = Date.UTC(2025, 2, 4, 1, 5, 7);

describe('formatWallTime', () => {
  it('formats hours and minutes at the given offset, zero-padded', () => {
    expect(formatHourMinute(T, CST)).toBe('09:05');
    expect(formatHourMinute(T, 0)).toBe('01:05');
    expect(formatDayMinute(T, CST)).toBe('03-04 09:05');
  });

  it('tells days apart at the offset, not in UTC', () => {
    const lateEvening = Date.UTC(2025, 2, 4, 15, 30); // 23:30 at UTC+8
    const afterMidnight = Date.UTC(2025, 2, 4, 16, 30); // 00:30 on the 5th at UTC+8
    expect(isSameDay(lateEvening, afterMidnight, 0)).toBe(true);
    expect(isSameDay(lateEvening, afterMidnight, CST)).toBe(false);
  });

  it('shows an event of today with seconds and an older one with its date', () => {
    const now = T + 3 * 3_600_000;
    expect(formatEventTime(T, now, CST)).toBe('09:05:07');
    expect(formatEventTime(T - 10 * 3_600_000, now, CST)).toBe('03-03 23:05');
  });
});
