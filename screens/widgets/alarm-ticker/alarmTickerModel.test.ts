import { describe, expect, it } from 'vitest';
import { wrapSigned } from '../shared/animationPhase';
import { wallCss } from '../shared/screenTheme';
import {
  TICKER_COMPACT_BELOW, TICKER_COMPACT_ROW_HEIGHT, TICKER_ROW_HEIGHT, badgeWidth, buildAlarmRows, freshIds, levelOf, readAlarmTickerProps, tickerColumns, tickerLayout, tickerOffset, timeColumnWidth,
} from './alarmTickerModel';
import { TEST_NOW as NOW, testAlarm } from './testAlarm';

const CST = 480;
const alarm = testAlarm;

describe('readAlarmTickerProps', () => {
  it('defaults to 20 alarms, the theme colours and 30 px/s', () => {
    expect(readAlarmTickerProps({})).toEqual({ limit: 20, order: 'time', levelColours: { ...wallCss.level }, speed: 30 });
  });

  it('takes valid props, merges colours per level and ignores bad values', () => {
    const p = readAlarmTickerProps({ limit: 5, speed: 40, levelColours: { 3: '#f00', 2: 'url(x)', x: '#0f0' } });
    expect(p.limit).toBe(5);
    expect(p.speed).toBe(40);
    expect(p.levelColours).toEqual({ ...wallCss.level, 3: '#f00' });
    expect(readAlarmTickerProps({ limit: 0, speed: -1, levelColours: 'red' })).toEqual(readAlarmTickerProps({}));
  });
});

describe('buildAlarmRows', () => {
  const props = readAlarmTickerProps({ limit: 3 });

  it('lists the newest first, at most limit', () => {
    const rows = buildAlarmRows([alarm(3), alarm(1), alarm(4), alarm(2)], props, NOW, CST);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('breaks ties of one instant by id, newest first, as the server and the bell do', () => {
    const rows = buildAlarmRows([alarm(5, { raisedAt: NOW }), alarm(7, { raisedAt: NOW }), alarm(6, { raisedAt: NOW })], props, NOW, CST);
    expect(rows.map((r) => r.id)).toEqual([7, 6, 5]);
  });

  it('lists by level, then newest, when set so', () => {
    const byLevel = readAlarmTickerProps({ limit: 3, order: 'level' });
    const rows = buildAlarmRows([alarm(1, { warnLevel: 0 }), alarm(2, { warnLevel: 2 }), alarm(3, { warnLevel: 2 }), alarm(4, { warnLevel: 1 })], byLevel, NOW, CST);
    expect(rows.map((r) => r.id)).toEqual([2, 3, 4]);
  });

  it('names the level of each warnLevel (0 hint, 1 minor, 2 important) with its colour', () => {
    const rows = buildAlarmRows([alarm(1, { warnLevel: 0 }), alarm(2, { warnLevel: 1 }), alarm(3, { warnLevel: 2 })], props, NOW, CST);
    expect(rows.map((r) => [r.level, r.colour])).toEqual([
      ['hint', wallCss.level[1]], ['minor', wallCss.level[2]], ['important', wallCss.level[3]],
    ]);
    expect([levelOf(-1), levelOf(7)]).toEqual(['hint', 'important']);
  });

  it('shows today with seconds, older days with the date, and where it happened', () => {
    const [today, older, loose] = buildAlarmRows([
      alarm(1, { raisedAt: NOW - 65_000 }),
      alarm(2, { raisedAt: NOW - 15 * 3_600_000 }),
      alarm(3, { raisedAt: NOW - 20 * 3_600_000, projectName: '' }),
    ], props, NOW, CST);
    expect(today).toMatchObject({ time: '13:58:55', where: '一号厂房 · 净化机组-1', project: '一号厂房', device: '净化机组-1', content: 'PM2.5 超标 1' });
    expect(older.time).toBe('03-03 23:00');
    expect(loose).toMatchObject({ where: '净化机组-3', project: '', device: '净化机组-3' });
  });
});

describe('tickerLayout', () => {
  it('scrolls only when the rows overflow, one loop taking list height / speed', () => {
    expect(tickerLayout(4, 800, 4 * TICKER_ROW_HEIGHT, 30)).toEqual({ scroll: false, durationS: 0, rowHeight: TICKER_ROW_HEIGHT });
    expect(tickerLayout(5, 800, 4 * TICKER_ROW_HEIGHT, 20)).toEqual({ scroll: true, durationS: (5 * TICKER_ROW_HEIGHT) / 20, rowHeight: TICKER_ROW_HEIGHT });
    expect(tickerLayout(0, 800, 100, 30).scroll).toBe(false);
  });

  it('uses two-line rows in a narrow box', () => {
    expect(tickerLayout(4, 440, 4 * TICKER_ROW_HEIGHT, 30)).toEqual({ scroll: true, durationS: (4 * TICKER_COMPACT_ROW_HEIGHT) / 30, rowHeight: TICKER_COMPACT_ROW_HEIGHT });
    expect(tickerLayout(3, TICKER_COMPACT_BELOW, 3 * TICKER_ROW_HEIGHT, 30).rowHeight).toBe(TICKER_ROW_HEIGHT);
  });
});

describe('freshIds', () => {
  it('flashes nothing on first sight, then only ids not seen before', () => {
    expect([...freshIds(null, [1, 2])]).toEqual([]);
    expect([...freshIds(new Set([1, 2]), [3, 1, 2])]).toEqual([3]);
  });
});

describe('badgeWidth', () => {
  it('fits the longest label, CJK wider per glyph than Latin', () => {
    expect(badgeWidth(['提示', '重要'], 14)).toBe(28 + 16);
    expect(badgeWidth(['Hint', 'Important'], 14)).toBe(Math.ceil(9 * 0.62 * 14 + 16));
  });
});

describe('timeColumnWidth', () => {
  it('is narrower when every alarm is of today', () => {
    const props = readAlarmTickerProps({});
    const today = buildAlarmRows([alarm(1)], props, NOW, CST);
    const older = buildAlarmRows([alarm(1), alarm(2, { raisedAt: NOW - 30 * 3_600_000 })], props, NOW, CST);
    expect(timeColumnWidth(today, 15)).toBe(Math.ceil(8 * 0.6 * 15) + 4);
    expect(timeColumnWidth(older, 15)).toBe(Math.ceil(11 * 0.6 * 15) + 4);
  });
});

describe('tickerColumns', () => {
  it('one line: level, time, where, content', () => {
    expect(tickerColumns(false, 48, 80, 12)).toBe('48px 80px minmax(0, 1fr) minmax(0, 1.7fr)');
  });
  it('two lines: where takes the whole first line after the level; the time spans the first two columns under it', () => {
    // 48 + 10 + 22 = 80: the level's and the spacer's columns with their gap hold the time.
    expect(tickerColumns(true, 48, 80, 10)).toBe('48px 22px minmax(0, 1fr)');
    // A level wider than the time (English): no spacer.
    expect(tickerColumns(true, 96, 80, 10)).toBe('96px 0px minmax(0, 1fr)');
  });
});

describe('tickerOffset', () => {
  const T = 1_760_000_000_000;

  it('is the clock modulo one loop: the same at the same server time whenever the ticker was mounted', () => {
    // 20 one-line rows at 30 px/s: a loop of 880 px in 29.33 s.
    const { durationS } = tickerLayout(20, 800, 300, 30);
    const listHeight = 20 * TICKER_ROW_HEIGHT;
    const at = tickerOffset(T, durationS, listHeight);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(listHeight);
    // One loop later the same rows again (compared round the loop: the offset may wrap through 0).
    expect(Math.abs(wrapSigned(tickerOffset(T + durationS * 1000, durationS, listHeight) - at, listHeight))).toBeLessThan(1e-3);
    // A second later it has moved on by the speed.
    expect(tickerOffset(T + 1000, durationS, listHeight) - at).toBeCloseTo(30, 6);
  });

  it('is 0 for a list that does not scroll', () => {
    expect(tickerOffset(T, 0, 100)).toBe(0);
  });
});
