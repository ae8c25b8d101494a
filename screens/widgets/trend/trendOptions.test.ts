import { describe, expect, it } from 'vitest';
import { WALL_THEMES } from '../shared/screenTheme';
import { buildTrendOptions, formatTrendValue, limitAxisMax, readTrendProps, trendHasData, withAlpha, type TrendData } from './trendOptions';

const HOUR = 3_600_000;
const FROM = Date.UTC(2025, 2, 4, 0, 0); // 08:00 at UTC+8
const text = { limit: '国标限值' };

const pm25 = { tag: 1, name: 'PM2.5', unit: 'μg/m³', measureIds: [11], points: [{ ts: FROM, value: 30 }, { ts: FROM + HOUR, value: 42.04 }] };
const pm10 = { tag: 2, name: 'PM10', unit: 'μg/m³', measureIds: [12], points: [{ ts: FROM, value: 60 }] };
const trend = (series = [pm25]): TrendData => ({ bucketMs: HOUR, from: FROM, to: FROM + HOUR + 600_000, series });

type Opt = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const build = (data: TrendData, props: Record<string, unknown> = {}) => buildTrendOptions(data, readTrendProps(props), text, 480) as Opt;

describe('readTrendProps', () => {
  it('defaults and ignores malformed props', () => {
    expect(readTrendProps({})).toEqual({ area: false, unit: undefined, limitLine: undefined, windowHours: 24 });
    expect(readTrendProps({ area: 'yes', unit: 3, limitLine: '75', windowHours: -2 })).toEqual({ area: false, unit: undefined, limitLine: undefined, windowHours: 24 });
    expect(readTrendProps({ area: true, unit: 'mg', limitLine: 75, windowHours: 6 })).toEqual({ area: true, unit: 'mg', limitLine: 75, windowHours: 6 });
  });
});

describe('buildTrendOptions', () => {
  it('draws one smooth line per series, in palette order, on a time axis', () => {
    const o = build(trend([pm25, pm10]));
    expect(o.xAxis.type).toBe('time');
    expect(o.series).toHaveLength(2);
    expect(o.series.map((s: Opt) => s.smooth)).toEqual([true, true]);
    expect(o.series.map((s: Opt) => s.lineStyle.color)).toEqual([WALL_THEMES.dark.palette[0], WALL_THEMES.dark.palette[1]]);
    expect(o.series[0].data).toEqual([[FROM, 30], [FROM + HOUR, 42.04]]);
    expect(o.xAxis.min).toBe(FROM);
  });

  it('labels the time axis HH:mm in the given offset, with the date past a day', () => {
    expect(build(trend()).xAxis.axisLabel.formatter(FROM + HOUR)).toBe('09:00');
    const week = { ...trend(), from: FROM - 6 * 24 * HOUR };
    expect(build(week).xAxis.axisLabel.formatter(FROM)).toBe('03-04 08:00');
  });

  it('fills with a gradient only when area is on', () => {
    expect(build(trend()).series[0].areaStyle).toBeUndefined();
    const fill = build(trend(), { area: true }).series[0].areaStyle.color;
    expect(fill.type).toBe('linear');
    expect(fill.colorStops[0].color).toBe(withAlpha(WALL_THEMES.dark.palette[0], 0.42));
  });

  it('shows the legend only for more than one series', () => {
    expect(build(trend()).legend.show).toBe(false);
    expect(build(trend([pm25, pm10])).legend).toMatchObject({ show: true, right: 12 });
  });

  it('names the y-axis with the unit, the prop overriding the series', () => {
    expect(build(trend()).yAxis.name).toBe('μg/m³');
    expect(build(trend(), { unit: 'mg/m³' }).yAxis.name).toBe('mg/m³');
    expect(build(trend([pm25, { ...pm10, unit: '℃' }])).yAxis.name).toBe('μg/m³ / ℃');
  });

  it('draws a labelled dashed limit line once and keeps it in view', () => {
    const o = build(trend([pm25, pm10]), { limitLine: 75 });
    expect(o.series[0].markLine.data).toEqual([{ yAxis: 75 }]);
    expect(o.series[0].markLine.lineStyle.type).toBe('dashed');
    expect(o.series[0].markLine.label.formatter).toBe('国标限值 75');
    expect(o.series[1].markLine).toBeUndefined();
    expect(o.yAxis.max).toBe(limitAxisMax(75));
    expect([limitAxisMax(75), limitAxisMax(150), limitAxisMax(35), limitAxisMax(0.5)]).toEqual([100, 200, 50, 1]);
    expect(build(trend(), { limitLine: 20 }).yAxis.max).toBeUndefined();
    expect(build(trend()).series[0].markLine).toBeUndefined();
  });

  it('writes a tooltip with the time, each value and its unit, escaped', () => {
    const o = build(trend([pm25, { ...pm10, name: '<b>' }]));
    const html = o.tooltip.formatter([
      { seriesIndex: 0, marker: '●', value: [FROM + HOUR, 42.04], axisValue: FROM + HOUR },
      { seriesIndex: 1, marker: '●', value: [FROM + HOUR, 61], axisValue: FROM + HOUR },
    ]);
    expect(html).toBe('09:00<br/>●PM2.5 <b>42</b> μg/m³<br/>●&#60;b&#62; <b>61</b> μg/m³');
  });
});

describe('helpers', () => {
  it('formats values with one decimal at most', () => {
    expect(formatTrendValue(42.04)).toBe('42');
    expect(formatTrendValue(42.06)).toBe('42.1');
  });

  it('adds alpha to hex colours only', () => {
    expect(withAlpha('#3eebff', 0.5)).toBe('rgba(62, 235, 255, 0.5)');
    expect(withAlpha('red', 0.5)).toBe('red');
  });

  it('has data only with a point to draw', () => {
    expect(trendHasData(undefined)).toBe(false);
    expect(trendHasData({ series: [] })).toBe(false);
    expect(trendHasData(trend([{ ...pm25, points: [] }]))).toBe(false);
    expect(trendHasData(trend())).toBe(true);
  });
});
