import { describe, expect, it } from 'vitest';
import { strings } from './strings';
import { formatClock, headerLayout, headerTitle, msToNextSecond, readHeaderProps } from './headerModel';

const ZH = [0, 1, 2, 3, 4, 5, 6].map((d) => strings.zh[`weekday${d}` as keyof typeof strings.zh]);
const EN = [0, 1, 2, 3, 4, 5, 6].map((d) => strings.en[`weekday${d}` as keyof typeof strings.en]);

describe('readHeaderProps', () => {
  it('defaults the clock on and the subtitle off', () => {
    expect(readHeaderProps({})).toEqual({ clock: true, subtitle: undefined });
    expect(readHeaderProps(undefined)).toEqual({ clock: true, subtitle: undefined });
  });
  it('reads valid props and ignores bad ones', () => {
    expect(readHeaderProps({ clock: false, subtitle: ' 全国项目实时监控 ' })).toEqual({ clock: false, subtitle: '全国项目实时监控' });
    expect(readHeaderProps({ clock: 'no', subtitle: 42 })).toEqual({ clock: true, subtitle: undefined });
  });
});

describe('headerTitle', () => {
  it('appends the bound data after a middle dot', () => {
    expect(headerTitle('单项目监控', '上海工厂')).toBe('单项目监控 · 上海工厂');
  });
  it('shows the title alone without usable data', () => {
    expect(headerTitle('平台总览', undefined)).toBe('平台总览');
    expect(headerTitle('平台总览', null)).toBe('平台总览');
    expect(headerTitle('平台总览', '  ')).toBe('平台总览');
    expect(headerTitle('平台总览', { name: 'x' })).toBe('平台总览');
  });
  it('shows the data alone without a title', () => {
    expect(headerTitle(undefined, '上海工厂')).toBe('上海工厂');
  });
});

describe('formatClock', () => {
  // 2024-03-06 (a Wednesday) 01:02:03 UTC.
  const ts = Date.UTC(2024, 2, 6, 1, 2, 3);
  it('formats date, weekday and time at the given offset', () => {
    expect(formatClock(ts, 0, ZH)).toBe('2024-03-06 星期三 01:02:03');
    expect(formatClock(ts, 480, ZH)).toBe('2024-03-06 星期三 09:02:03');
    expect(formatClock(ts, 0, EN)).toBe('2024-03-06 Wednesday 01:02:03');
  });
  it('crosses the day boundary with the offset', () => {
    expect(formatClock(Date.UTC(2024, 11, 31, 17, 0, 0), 480, ZH)).toBe('2025-01-01 星期三 01:00:00');
    expect(formatClock(Date.UTC(2024, 2, 10, 3, 0, 0), -300, EN)).toBe('2024-03-09 Saturday 22:00:00');
  });
});

describe('msToNextSecond', () => {
  it('is the time to the next whole second', () => {
    expect(msToNextSecond(10_250)).toBe(750);
    expect(msToNextSecond(10_000)).toBe(1000);
  });
});

describe('headerLayout', () => {
  it('keeps a short title at 40 px, centred, with room for the clock on both sides', () => {
    const l = headerLayout('洁净空气运维平台 · 平台总览', 1920, 96);
    expect(l.fontSize).toBe(40);
    expect(l.plateLeft + l.plateRight).toBe(1920);
    expect(l.sideWidth).toBeGreaterThanOrEqual(400);
    expect(l.lineY).toBeLessThan(l.plateHeight);
    expect(l.plateHeight).toBeLessThanOrEqual(96);
  });
  it('shrinks a long title, never below the minimum, and keeps the sides clear', () => {
    const long = '洁净空气运维平台 · 平台总览 · 华东区域第二生产基地净化车间';
    const l = headerLayout(long, 1920, 96);
    expect(l.fontSize).toBeLessThan(40);
    expect(l.fontSize).toBeGreaterThanOrEqual(26);
    expect(l.sideWidth).toBeGreaterThanOrEqual(300);
  });
  it('builds closed plate and open outline paths within the box', () => {
    const l = headerLayout('Overview', 1920, 96);
    expect(l.platePath).toMatch(/^M-?\d+ 0H\d+L\d+ \d+H\d+Z$/);
    expect(l.outlinePath.startsWith(`M0 ${l.lineY}`)).toBe(true);
    expect(l.outlinePath.endsWith(`H1920`)).toBe(true);
    expect(l.accentPaths.length).toBeGreaterThan(2);
  });
});
