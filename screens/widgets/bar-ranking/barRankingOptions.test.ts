import { describe, expect, it } from 'vitest';
import { WALL_THEMES } from '../shared/screenTheme';
import {
  barColour, barRankingHasData, barRankingLabels, barRankingOptions, lowColours, maxBars, NAME_LINE, namePlacement, readBarRankingProps, readRankItems, valueLabel,
} from './barRankingOptions';

type Label = { show: boolean };
type Bar = { value: number; itemStyle: { color: { colorStops: { color: string }[] } } };
type Option = {
  grid: { left: number; right: number; top: number; bottom: number };
  xAxis: { type: string; data?: string[]; axisLabel?: Label; max?: unknown; inverse?: boolean };
  yAxis: { type: string; data?: string[]; axisLabel?: Label; max?: unknown; inverse?: boolean };
  series: { data: Bar[]; label: { formatter: (p: { dataIndex: number }) => string; position: string }; showBackground: boolean }[];
};
const build = (data: unknown, props: Record<string, unknown> = {}, w = 402, h = 230) =>
  barRankingOptions(data, readBarRankingProps(props), w, h) as unknown as Option;
const ranks = (data: unknown, props: Record<string, unknown> = {}, w = 402, h = 230) => barRankingLabels(data, readBarRankingProps(props), w, h);
const labelsOf = (o: Option) => o.series[0].data.map((_, i) => o.series[0].label.formatter({ dataIndex: i }));
const colourOf = (b: Bar) => b.itemStyle.color.colorStops[1].color;

const ENERGY = [
  { name: '上海浦东国际机场 T2 航站楼', value: 12345.67 },
  { name: '苏州工业园', value: 980 },
  { name: '杭州', value: null },
];

describe('readBarRankingProps', () => {
  it('defaults to horizontal, auto decimals, no fixed max, no lowIsBad', () => {
    expect(readBarRankingProps({})).toEqual({ unit: undefined, horizontal: true, nameLayout: 'auto', decimals: undefined, max: undefined, lowIsBad: undefined });
  });
  it('reads valid props and drops bad ones', () => {
    expect(readBarRankingProps({ unit: '%', horizontal: false, nameLayout: 'above', decimals: 1, max: 100, lowIsBad: { red: 10, amber: 30 } }))
      .toEqual({ unit: '%', horizontal: false, nameLayout: 'above', decimals: 1, max: 100, lowIsBad: { red: 10, amber: 30 } });
    expect(readBarRankingProps({ horizontal: 'no', nameLayout: 'left', decimals: -1, max: 0, lowIsBad: { red: 'x', amber: 30 } }))
      .toEqual({ unit: undefined, horizontal: true, nameLayout: 'auto', decimals: undefined, max: undefined, lowIsBad: undefined });
    expect(readBarRankingProps({ lowIsBad: { red: 30, amber: 10 } }).lowIsBad).toEqual({ red: 30, amber: 30 });
  });
});

describe('readRankItems', () => {
  it('reads names and numeric values, null for anything else', () => {
    expect(readRankItems([{ name: 'a', value: 1 }, { name: 2, value: '3.5' }, { name: null, value: 'x' }, 7, null]))
      .toEqual([{ name: 'a', value: 1 }, { name: '2', value: 3.5 }, { name: '', value: null }]);
    expect(readRankItems({ list: [] })).toEqual([]);
  });
  it('has data only for a non-empty list', () => {
    expect(barRankingHasData([{ name: 'a', value: null }])).toBe(true);
    expect(barRankingHasData([])).toBe(false);
    expect(barRankingHasData(undefined)).toBe(false);
  });
});

describe('colours and labels', () => {
  it('uses the accent without lowIsBad', () => {
    expect(barColour(5, readBarRankingProps({}))).toBe(WALL_THEMES.dark.accent);
  });
  it('colours low values red, then amber, then green', () => {
    const p = readBarRankingProps({ lowIsBad: { red: 10, amber: 30 } });
    expect([0, 9.9, 10, 29, 30, 100].map((v) => barColour(v, p)))
      .toEqual([lowColours(WALL_THEMES.dark).red, lowColours(WALL_THEMES.dark).red, lowColours(WALL_THEMES.dark).amber, lowColours(WALL_THEMES.dark).amber, lowColours(WALL_THEMES.dark).green, lowColours(WALL_THEMES.dark).green]);
    expect(barColour(null, p)).toBe(WALL_THEMES.dark.accent);
  });
  it('formats value labels with separators and the unit', () => {
    expect(valueLabel(12345.67, 1, 'kWh')).toBe('12,345.7 kWh');
    expect(valueLabel(80, 0, '%')).toBe('80%');
    expect(valueLabel(3, 0, undefined)).toBe('3');
    expect(valueLabel(null, 0, 'kWh')).toBe('--');
  });
});

describe('barRankingOptions (horizontal, names beside the bars)', () => {
  const o = build(ENERGY, { unit: 'kWh', nameLayout: 'beside' });
  it('ranks top-down, its labels drawn by the widget: rank badges, the top three highlighted, one row per bar', () => {
    expect(o.yAxis.type).toBe('category');
    expect(o.yAxis.inverse).toBe(true);
    expect(o.yAxis.axisLabel).toEqual({ show: false });
    const four = ranks([...ENERGY, { name: 'x', value: 1 }], { unit: 'kWh', nameLayout: 'beside' });
    expect(four.map((l) => [l.rank, l.top])).toEqual([[1, true], [2, true], [3, true], [4, false]]);
    // Rows at the middles of the bars' slots (the grid's 4 px top and bottom), in the left margin.
    [0.5, 1.5, 2.5, 3.5].forEach((k, i) => expect(four[i].y).toBeCloseTo(4 + k * 55.5, 6));
    expect(four.every((l) => l.x === 0 && l.room === o.grid.left - 8)).toBe(true);
  });
  it('cuts long names with an ellipsis to the label column, keeping the whole name', () => {
    const names = o.yAxis.data!;
    expect(names[0].endsWith('…')).toBe(true);
    expect(names[0].startsWith('上海浦东')).toBe(true);
    expect(names[1]).toBe('苏州工业园');
    const labels = ranks(ENERGY, { unit: 'kWh', nameLayout: 'beside' });
    expect(labels.map((l) => l.name)).toEqual(names);
    expect(labels[0].fullName).toBe('上海浦东国际机场 T2 航站楼');
  });
  it('labels values at the bar end with auto decimals and the unit, "--" for null', () => {
    expect(labelsOf(o)).toEqual(['12,345.7 kWh', '980.0 kWh', '--']);
    expect(o.series[0].label.position).toBe('right');
    expect(o.series[0].data.map((b) => b.value)).toEqual([12345.67, 980, 0]);
    expect(o.series[0].showBackground).toBe(true);
  });
  it('reserves room right of the bars for the widest label', () => {
    expect(o.grid.right).toBeGreaterThanOrEqual(12 * 14 * 0.62);
    expect(o.grid.left + o.grid.right).toBeLessThan(402);
  });
  it('honours a fixed max and decimals', () => {
    const p = build([{ name: 'F1', value: 8 }, { name: 'F2', value: 55 }], { unit: '%', max: 100, decimals: 0, lowIsBad: { red: 10, amber: 30 } });
    expect(p.xAxis.max).toBe(100);
    expect(labelsOf(p)).toEqual(['8%', '55%']);
    expect(p.series[0].data.map(colourOf)).toEqual([lowColours(WALL_THEMES.dark).red, lowColours(WALL_THEMES.dark).green]);
  });
  it('shows only as many bars as fit readably', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `P${i}`, value: 30 - i }));
    const limit = maxBars(readBarRankingProps({}), 402, 230);
    expect(limit).toBeGreaterThanOrEqual(8);
    expect(build(many).series[0].data).toHaveLength(limit);
  });
  it('copes with an empty list', () => {
    expect(build([]).series[0].data).toEqual([]);
  });
});

const PROJECTS = [
  { name: '成都天府数据中心', value: 3022.3 },
  { name: '北京亦庄制药车间', value: 2302.8 },
  { name: '上海张江洁净厂房', value: 2189 },
  { name: '苏州工业园区电子车间', value: 1661.8 },
  { name: '武汉光谷洁净实验室', value: 1492.6 },
  { name: '西安高新生物实验室', value: 1121 },
  { name: '杭州未来科技城机房', value: 622.2 },
  { name: '重庆两江商务中心', value: 562 },
];

describe('barRankingOptions (horizontal, where the names go)', () => {
  it('widens the name column to the longest name while the bars keep their share', () => {
    // 平台总览's 今日能耗排行 (440 wide): every project name whole beside its bar.
    const labels = ranks(PROJECTS.slice(0, 6), { unit: 'kWh', decimals: 1 }, 440, 268);
    expect(labels.map((l) => l.name)).toEqual(PROJECTS.slice(0, 6).map((p) => p.name));
    const o = build(PROJECTS.slice(0, 6), { unit: 'kWh', decimals: 1 }, 440, 268);
    expect(o.grid.left).toBe(labels[0].room + 8);
    expect(440 - o.grid.left - o.grid.right).toBeGreaterThanOrEqual(440 * 0.3);
  });
  it('puts the names on a line above each bar when they do not fit beside it (三维态势, 360 wide): no name cut', () => {
    const w = 360;
    const h = 372;
    const labels = ranks(PROJECTS, { unit: 'kWh', decimals: 1 }, w, h);
    expect(labels.map((l) => l.name)).toEqual(PROJECTS.map((p) => p.name));
    expect(labels.every((l) => l.x === 0 && l.room === w)).toBe(true);
    const o = build(PROJECTS, { unit: 'kWh', decimals: 1 }, w, h);
    // The bars start under the names (after the badge) and sit half a name line below their rows' middles.
    expect(o.grid.left).toBe(22 + 8);
    expect(o.grid.top - 4).toBe((NAME_LINE.height + NAME_LINE.gap) / 2);
    expect(o.grid.top + o.grid.bottom).toBe(8);
    const slot = (h - 8) / PROJECTS.length;
    const barWidth = (o.series[0] as unknown as { barWidth: number }).barWidth;
    labels.forEach((l, i) => {
      const barTop = 4 + (i + 0.5) * slot + o.grid.top - 4 - barWidth / 2;
      // The name line ends a gap above its bar and starts below the bar of the row above.
      expect(barTop - (l.y + NAME_LINE.height / 2)).toBeCloseTo(NAME_LINE.gap, 6);
      expect(l.y - NAME_LINE.height / 2).toBeGreaterThanOrEqual(4 + i * slot);
    });
  });
  it('keeps the names beside in rows too low for a name line, cut with "…" and whole in fullName', () => {
    const labels = ranks(PROJECTS, { unit: 'kWh', decimals: 1 }, 360, 200);
    expect(labels[3].name.endsWith('…')).toBe(true);
    expect(labels[3].fullName).toBe('苏州工业园区电子车间');
    expect(labels[0].x).toBe(0);
  });
  it('decides from the names, the value room, the width and the row height', () => {
    expect(namePlacement('auto', 56, 40, 440, 40)).toBe('beside');
    expect(namePlacement('auto', 140, 108, 360, 46)).toBe('above');
    expect(namePlacement('auto', 140, 108, 360, 24)).toBe('beside');
    expect(namePlacement('beside', 140, 108, 360, 46)).toBe('beside');
    expect(namePlacement('above', 20, 40, 440, 46)).toBe('above');
    expect(namePlacement('above', 20, 40, 440, 24)).toBe('beside');
  });
});

describe('barRankingOptions (vertical)', () => {
  it('puts names under the bars, rank above the name, values on top', () => {
    const o = build(ENERGY, { horizontal: false });
    expect(o.xAxis.type).toBe('category');
    expect(o.xAxis.axisLabel).toEqual({ show: false });
    expect(o.series[0].label.position).toBe('top');
    // Under the columns' middles (8 px grid sides), below the 46 px bottom margin's edge.
    const labels = ranks(ENERGY, { horizontal: false });
    [0.5, 1.5, 2.5].forEach((k, i) => expect(labels[i].x).toBeCloseTo(8 + (k * 386) / 3, 6));
    expect(labels.every((l) => l.y === 230 - 38)).toBe(true);
    expect(labels[2]).toMatchObject({ rank: 3, top: true, name: '杭州' });
  });
  it('leaves the unit out of value labels wider than their column', () => {
    const wide = build([{ name: 'a', value: 12345.6 }, { name: 'b', value: 9876.5 }], { horizontal: false, unit: 'kWh' }, 160, 230);
    expect(labelsOf(wide)).toEqual(['12,345.6', '9,876.5']);
    const roomy = build([{ name: 'a', value: 12 }, { name: 'b', value: 9 }], { horizontal: false, unit: 'kWh' }, 402, 230);
    expect(labelsOf(roomy)).toEqual(['12 kWh', '9 kWh']);
  });
});
