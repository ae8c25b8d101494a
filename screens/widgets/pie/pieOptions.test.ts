import { describe, expect, it } from 'vitest';
import type { Widget } from '../../../contract/screen-template';
import { REFETCH, type LiveEvent } from '../../runtime/types';
import { WALL_THEMES } from '../shared/screenTheme';
import { percentages, pieApplyLive, pieHasData, pieView, readPieProps } from './pieOptions';
import { pieWidget } from './pieWidget';

const SEED = { ring: true, slices: { online: '在线', alarm: '告警', offline: '离线' }, colours: ['#2fd27c', '#ff5b5b', '#8a99b4'] };
type Slice = { name: string; value: number; itemStyle: { color: string } };
const slicesOf = (v: ReturnType<typeof pieView>) => (v.option as { series: { data: Slice[] }[] }).series[2].data;

describe('readPieProps', () => {
  it('keeps the slices in order with their labels and colours', () => {
    expect(readPieProps(SEED)).toEqual({
      slices: [['online', '在线'], ['alarm', '告警'], ['offline', '离线']], colours: SEED.colours, ring: true,
    });
  });
  it('falls back to the palette and a ring on bad props', () => {
    expect(readPieProps({ slices: 'x', colours: ['nope', 3], ring: 'yes' })).toEqual({ slices: [], colours: [...WALL_THEMES.dark.palette], ring: true });
  });
});

describe('percentages', () => {
  it('adds up to exactly 100 with one decimal', () => {
    expect(percentages([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
    expect(percentages([1, 1, 1]).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
    expect(percentages([50, 25, 25])).toEqual([50, 25, 25]);
    expect(percentages([999, 1])).toEqual([99.9, 0.1]);
  });
  it('is all zero for no counts', () => {
    expect(percentages([0, 0])).toEqual([0, 0]);
    expect(percentages([])).toEqual([]);
  });
});

describe('pieView', () => {
  const props = readPieProps(SEED);
  const data = { total: 1240, online: 1000, offline: 200, alarm: 40, byType: [] };

  it('lists each slice with its label, colour, formatted count and share', () => {
    const v = pieView(data, props, 402, 230);
    expect(v.legend.rows).toEqual([
      { key: 'online', label: '在线', colour: '#2fd27c', count: 1000, countText: '1,000', percentText: '80.7%' },
      { key: 'alarm', label: '告警', colour: '#ff5b5b', count: 40, countText: '40', percentText: '3.2%' },
      { key: 'offline', label: '离线', colour: '#8a99b4', count: 200, countText: '200', percentText: '16.1%' },
    ]);
    expect(v.totalText).toBe('1,240');
    expect(slicesOf(v).map((s) => [s.name, s.value, s.itemStyle.color])).toEqual([['在线', 1000, '#2fd27c'], ['告警', 40, '#ff5b5b'], ['离线', 200, '#8a99b4']]);
  });

  it('lays the ring left and the legend right inside the box', () => {
    const v = pieView(data, props, 402, 230);
    expect(v.centre.x - v.centre.inner / 2).toBeGreaterThan(0);
    expect(v.legend.left).toBeGreaterThan(v.centre.x + v.centre.inner / 2);
    expect(v.legend.left + v.legend.width).toBeLessThanOrEqual(402);
    expect(v.legend.showPercent).toBe(true);
    expect(v.legend.rowHeight * 3).toBeLessThanOrEqual(230);
    expect(v.totalFontSize).toBeGreaterThanOrEqual(24);
  });

  it('keeps zero slices out of the ring but in the legend', () => {
    const v = pieView({ total: 5, online: 5, offline: 0, alarm: 0 }, props, 402, 230);
    expect(slicesOf(v).map((s) => s.name)).toEqual(['在线']);
    expect(v.legend.rows.map((r) => r.percentText)).toEqual(['100.0%', '0.0%', '0.0%']);
  });

  it('handles empty counts, missing keys and bad values', () => {
    const v = pieView({ online: 'x', alarm: null }, props, 402, 230);
    expect(v.totalText).toBe('0');
    expect(slicesOf(v)).toEqual([]);
    expect(v.legend.rows.map((r) => r.countText)).toEqual(['0', '0', '0']);
  });

  it('sums the slices when there is no total, and takes every numeric key without slices', () => {
    const v = pieView({ a: 2, b: 3, name: 'x' }, readPieProps({}), 402, 230);
    expect(v.total).toBe(5);
    expect(v.legend.rows.map((r) => [r.label, r.colour])).toEqual([['a', WALL_THEMES.dark.palette[0]], ['b', WALL_THEMES.dark.palette[1]]]);
  });

  it('shrinks the centre number for a large total', () => {
    const small = pieView({ total: 12 }, props, 402, 230).totalFontSize;
    const large = pieView({ total: 123456789 }, props, 402, 230).totalFontSize;
    expect(large).toBeLessThan(small);
  });

  it('draws a full pie without the centre hole when ring is false', () => {
    const v = pieView(data, readPieProps({ ...SEED, ring: false }), 402, 230);
    expect(v.ring).toBe(false);
    expect((v.option as { series: { radius: number[] }[] }).series[2].radius[0]).toBe(0);
  });
});

describe('pieHasData', () => {
  it('wants a plain object', () => {
    expect(pieHasData({ total: 0 })).toBe(true);
    expect(pieHasData(undefined)).toBe(false);
    expect(pieHasData(null)).toBe(false);
    expect(pieHasData([1])).toBe(false);
  });
});

describe('applyLive', () => {
  const widget = { id: 'p', type: 'pie', x: 0, y: 0, w: 1, h: 1, z: 0, props: {} } as Widget;
  const state: LiveEvent = { event: 'deviceState', data: { deviceId: 1, projectId: 2, state: 2, ts: 1 } };
  const values: LiveEvent = { event: 'measureValues', data: { items: [] } };
  it('re-reads the counts on a device state change and ignores other pushes', () => {
    expect(pieApplyLive({ total: 1 }, state)).toBe(REFETCH);
    expect(pieApplyLive(undefined, state)).toBe(REFETCH);
    expect(pieApplyLive({ total: 1 }, values)).toBeUndefined();
    expect(pieWidget.applyLive!({ total: 1 }, state, widget)).toBe(REFETCH);
    expect(pieWidget.applyLive!({ total: 1 }, values, widget)).toBeUndefined();
  });
});
