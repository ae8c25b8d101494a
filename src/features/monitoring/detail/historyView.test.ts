import { describe, expect, it } from 'vitest';
import { exportRows, historyOption, mergeWindow, needsDetail, rangeOf, resolutionLabel, windowOf } from './historyView';

const HOUR = 3_600_000;
const p = (ts: number, value = ts) => ({ ts, value, min: value - 1, max: value + 1, count: 2 });

describe('history view', () => {
  it('reads the range from the address: a preset ending at the next minute, or an explicit one', () => {
    const now = Date.UTC(2026, 4, 1, 8, 30, 15);
    const end = Date.UTC(2026, 4, 1, 8, 31);
    expect(rangeOf(new URLSearchParams('range=7d'), now)).toEqual({ from: end - 7 * 24 * HOUR, to: end, preset: '7d' });
    expect(rangeOf(new URLSearchParams(''), now)).toEqual({ from: end - 24 * HOUR, to: end, preset: '24h' });
    expect(rangeOf(new URLSearchParams('range=bogus'), now).preset).toBe('24h');
    expect(rangeOf(new URLSearchParams('range=custom&from=1000&to=5000'), now)).toEqual({ from: 1000, to: 5000, preset: null });
    expect(rangeOf(new URLSearchParams('range=custom&from=5000&to=1000'), now).preset).toBe('24h');
  });

  it('asks for finer points only when the zoomed window would get them', () => {
    const range = { from: 0, to: 365 * 24 * HOUR };
    const year = { interval: '1h' as const, bucketMs: 6 * HOUR, points: [], truncated: false };
    expect(needsDetail(year, range, range, 1500)).toBe(false);
    expect(needsDetail(year, range, { from: 0, to: 30 * 24 * HOUR }, 1500)).toBe(true);
    expect(needsDetail(year, range, { from: 0, to: 300 * 24 * HOUR }, 1500)).toBe(false);
    expect(needsDetail({ ...year, interval: 'raw', bucketMs: 0 }, range, { from: 0, to: HOUR }, 1500)).toBe(false);
  });

  it('puts the finer points of the window between the coarse ones outside it', () => {
    const coarse = [p(0), p(10), p(20), p(30)];
    expect(mergeWindow(coarse, [p(11), p(12), p(15)], { from: 10, to: 20 }).map((x) => x.ts)).toEqual([0, 11, 12, 15, 20, 30]);
  });

  it('turns zoom percentages into times and resolutions into words', () => {
    expect(windowOf({ from: 1000, to: 2000 }, 25, 50)).toEqual({ from: 1250, to: 1500 });
    expect(resolutionLabel({ interval: 'raw', bucketMs: 0 }, 'zh')).toBe('原始数据');
    expect(resolutionLabel({ interval: '1h', bucketMs: 6 * HOUR }, 'zh')).toBe('6小时均值');
    expect(resolutionLabel({ interval: '1m', bucketMs: 120_000 }, 'en')).toBe('2 min averages');
    expect(resolutionLabel({ interval: '1h', bucketMs: 7 * 24 * HOUR }, 'en')).toBe('7 d averages');
  });

  it('exports each point with its average, extremes and sample count', () => {
    expect(exportRows([{ ts: 0, value: 1.23456789, min: 1, max: 2, count: 7 }], (ms) => `t${ms}`, 1)).toEqual([['t0', 1.235, 1, 2, 7]]);
  });

  it('draws the average over a min–max band pinned to the range, zoomable', () => {
    const colors = { text: '#fff', muted: '#888', border: '#333', line: '#0ff', band: 'rgba(0,255,255,.2)' };
    const labels = { value: '均值', min: '最小', max: '最大' };
    const option = historyOption([p(0, 5), p(HOUR, 7)], { from: 0, to: 2 * HOUR }, colors, labels, 'Pa', 1, true) as {
      xAxis: { min: number; max: number }; series: { data: number[][] }[]; dataZoom: unknown[];
      tooltip: { formatter(items: { axisValue: number }[]): string };
    };
    expect([option.xAxis.min, option.xAxis.max]).toEqual([0, 2 * HOUR]);
    expect(option.series.map((s) => s.data)).toEqual([[[0, 4], [HOUR, 6]], [[0, 2], [HOUR, 2]], [[0, 5], [HOUR, 7]]]);
    expect(option.dataZoom).toHaveLength(2);
    expect(option.tooltip.formatter([{ axisValue: HOUR }])).toContain('最大: 8.0 Pa');
    const raw = historyOption([p(0, 5)], { from: 0, to: HOUR }, colors, labels, '', 0, false) as { series: { data: unknown[] }[] };
    expect(raw.series.map((s) => s.data.length)).toEqual([0, 0, 1]);
  });
});
