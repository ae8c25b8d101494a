import { describe, expect, it } from 'vitest';
import { byNumber, dateOf, fmt, pct, periodOf, ratioOf, siteDateOf, trendLabel } from './energyFormat';

describe('energy page formatting', () => {
  it('reads the site date of a period start (UTC+8)', () => {
    // 2026-11-01 00:00 in China is 2026-10-31 16:00 UTC.
    const start = Date.UTC(2026, 9, 31, 16);
    expect(siteDateOf(start)).toBe('2026-11-01');
    expect(siteDateOf(start - 1)).toBe('2026-10-31');
    expect(trendLabel(start, 'year')).toBe('2026-11');
    expect(trendLabel(start, 'month')).toBe('11-01');
  });

  it('formats figures and percentages, unknown as —', () => {
    expect(fmt(13835.8, 1)).toBe('13,835.8');
    expect(fmt(0.70598, 3, 'en-US')).toBe('0.706');
    expect(fmt(null)).toBe('—');
    expect(fmt(Number.NaN)).toBe('—');
    expect(pct(-0.21684)).toBe('-21.7%');
    expect(pct(null)).toBe('—');
  });

  it('compares with the previous period like the server (null when the previous is 0 or unknown)', () => {
    expect(ratioOf(120, 100)).toBeCloseTo(0.2);
    expect(ratioOf(80, 100)).toBeCloseTo(-0.2);
    expect(ratioOf(5, 0)).toBeNull();
    expect(ratioOf(null, 3)).toBeNull();
    expect(ratioOf(3, null)).toBeNull();
  });

  it('sorts with the unknown last', () => {
    const rows = [{ v: 3 }, { v: null }, { v: 1 }];
    expect([...rows].sort(byNumber((r) => r.v)).map((r) => r.v)).toEqual([1, 3, null]);
    // Descending: antd negates the comparator's result, the unknown still last.
    const descend = byNumber<{ v: number | null }>((r) => r.v);
    expect([...rows].sort((a, b) => -descend(a, b, 'descend')).map((r) => r.v)).toEqual([3, 1, null]);
  });

  it('accepts only known periods and real dates from the address', () => {
    expect(periodOf('year')).toBe('year');
    expect(periodOf('decade')).toBe('month');
    expect(periodOf(null)).toBe('month');
    expect(dateOf('2026-02-28')).toBe('2026-02-28');
    expect(dateOf('2026-02-30')).toBeUndefined();
    expect(dateOf('2026-2-3')).toBeUndefined();
    expect(dateOf(null)).toBeUndefined();
  });
});
