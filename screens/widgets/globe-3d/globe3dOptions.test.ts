import { describe, expect, it } from 'vitest';
import { CHINA_MAP } from '../shared/chinaMap';
import { DEFAULT_STATE_COLOURS } from '../shared/projectList';
import { testLocated } from '../shared/testProject';
import {
  BAR_MAX_HEIGHT, BAR_MIN_HEIGHT, barHeights, barLabel, barShortLabel, buildGlobeOption, GLOBE_LEGEND, globeLegend, globePropsForDisplay,
  legendCapacity, rankProjects, readGlobeProps, REGION_HEIGHT, type GlobeTexts,
} from './globe3dOptions';

const texts: GlobeTexts = { units: { devices: '台', energyToday: 'kWh', alarms: '条' } };
type Bar = {
  name: string; value: number[]; itemStyle: { color?: string; opacity?: number }; hoverLabel?: string; shortLabel?: string;
  label?: { show: boolean }; emphasis?: { label: { show: boolean } };
};
type Series = {
  type: string; coordinateSystem: string; data: Bar[];
  label: { show: boolean; formatter: (p: unknown) => string };
  emphasis: { label: { show: boolean; formatter: (p: unknown) => string } };
};

const projects = [
  testLocated(1, { name: '甲', lng: 121.4, lat: 31.2, devices: 40, energyToday: 1234.56, alarms: 0, state: 'normal' }),
  testLocated(2, { name: '乙', lng: 116.4, lat: 39.9, devices: 10, energyToday: 0, alarms: 3, state: 'alarm' }),
  testLocated(3, { name: '丙', lng: 104.1, lat: 30.7, devices: 0, energyToday: 50, alarms: 1, state: 'offline' }),
];

describe('readGlobeProps', () => {
  it('reads the value field, colours and rotation', () => {
    expect(readGlobeProps({ valueField: 'energyToday', stateColours: { normal: '#0f0' }, autoRotate: false, labels: false, legend: false }))
      .toEqual({ valueField: 'energyToday', stateColours: { ...DEFAULT_STATE_COLOURS, normal: '#0f0' }, autoRotate: false, labels: false, legend: false });
  });

  it('falls back to devices, the theme colours, turning, bar labels and the legend', () => {
    const defaults = { valueField: 'devices', stateColours: DEFAULT_STATE_COLOURS, autoRotate: true, labels: true, legend: true };
    expect(readGlobeProps(undefined)).toEqual(defaults);
    expect(readGlobeProps({ valueField: 'pm25', autoRotate: 'no', labels: 'yes' })).toEqual(defaults);
  });
});

describe('barHeights', () => {
  it('is proportional to the values from zero, the largest at the maximum, none below the minimum', () => {
    expect(barHeights([40, 20, 0])).toEqual([BAR_MAX_HEIGHT, BAR_MAX_HEIGHT / 2, BAR_MIN_HEIGHT]);
    expect(barHeights([0, 0])).toEqual([BAR_MIN_HEIGHT, BAR_MIN_HEIGHT]);
    expect(barHeights([-5, 10])).toEqual([BAR_MIN_HEIGHT, BAR_MAX_HEIGHT]);
    expect(barHeights([])).toEqual([]);
  });
});

describe('barLabel', () => {
  it('names the project and its value with the unit', () => {
    expect(barLabel(projects[0], 'devices', texts)).toBe('甲 · 40 台');
    expect(barLabel(projects[0], 'energyToday', texts)).toBe('甲 · 1,234.6 kWh');
    expect(barLabel(projects[1], 'alarms', texts)).toBe('乙 · 3 条');
  });
});

describe('buildGlobeOption', () => {
  const props = readGlobeProps({});

  it('draws bars on the geo3D map of China, coloured by state, high by the value field', () => {
    const option = buildGlobeOption(projects, props, texts);
    expect(option.geo3D).toMatchObject({ map: CHINA_MAP, regionHeight: REGION_HEIGHT, boxHeight: REGION_HEIGHT + BAR_MAX_HEIGHT });
    const [series] = option.series as Series[];
    expect(series).toMatchObject({ type: 'bar3D', coordinateSystem: 'geo3D' });
    const bars = series.data.filter((d) => d.name);
    expect(bars.map((b) => [b.name, b.value[2], b.itemStyle.color])).toEqual([
      ['甲', BAR_MAX_HEIGHT, DEFAULT_STATE_COLOURS.normal],
      ['乙', BAR_MAX_HEIGHT / 4, DEFAULT_STATE_COLOURS.alarm],
      ['丙', BAR_MIN_HEIGHT, DEFAULT_STATE_COLOURS.offline],
    ]);
    expect(bars[0].value.slice(0, 2)).toEqual([121.4, 31.2]);
  });

  it('pins the height axis to zero with one invisible bar', () => {
    const [series] = buildGlobeOption(projects, readGlobeProps({ valueField: 'alarms' }), texts).series as Series[];
    const anchors = series.data.filter((d) => !d.name);
    expect(anchors).toHaveLength(1);
    expect(anchors[0].value[2]).toBe(0);
    expect(anchors[0].itemStyle.opacity).toBe(0);
    expect(series.data.filter((d) => d.name).map((b) => b.value[2])).toEqual([BAR_MIN_HEIGHT, BAR_MAX_HEIGHT, BAR_MAX_HEIGHT / 3]);
  });

  it('keeps the box as high as the tallest bar when every value is zero', () => {
    const option = buildGlobeOption(projects, readGlobeProps({ valueField: 'alarms' }), texts);
    expect((option.geo3D as { boxHeight: number }).boxHeight).toBe(REGION_HEIGHT + BAR_MAX_HEIGHT);
    const zero = buildGlobeOption([projects[0]], readGlobeProps({ valueField: 'alarms' }), texts);
    expect((zero.geo3D as { boxHeight: number }).boxHeight).toBe(REGION_HEIGHT + BAR_MIN_HEIGHT);
  });

  it('labels a bar on hover only, with its name and value (a name is never a template)', () => {
    const odd = testLocated(4, { name: '{b}{@[0]}', devices: 5 });
    const [series] = buildGlobeOption([odd], props, texts).series as Series[];
    const bar = series.data.find((d) => d.name)!;
    expect(series.emphasis.label.show).toBe(true);
    expect(series.emphasis.label.formatter({ data: bar })).toBe('{b}{@[0]} · 5 台');
  });

  it('turns slowly unless told not to, without post effects, and leaves the turn angle alone', () => {
    const vc = (o: ReturnType<typeof buildGlobeOption>) => (o.geo3D as { viewControl: Record<string, unknown> }).viewControl;
    const geo3D = buildGlobeOption(projects, props, texts).geo3D as Record<string, { enable?: boolean }>;
    expect(geo3D.postEffect.enable).toBe(false);
    expect(vc(buildGlobeOption(projects, props, texts))).toMatchObject({ autoRotate: true });
    expect(vc(buildGlobeOption(projects, props, texts))).not.toHaveProperty('beta');
    expect(vc(buildGlobeOption(projects, readGlobeProps({ autoRotate: false }), texts))).toMatchObject({ autoRotate: false });
  });

  it('has no bars and no anchor without projects', () => {
    const [series] = buildGlobeOption([], props, texts).series as Series[];
    expect(series.data).toEqual([]);
  });
});

describe('legibility: ranks, bar labels and the legend', () => {
  const props = readGlobeProps({});
  const many = Array.from({ length: 40 }, (_, i) => testLocated(i + 1, { name: `项目${i + 1}`, city: i % 2 ? '成都' : '', devices: i }));

  it('ranks the projects by the value field, the largest first, equal ones by name', () => {
    expect(rankProjects(projects, 'devices').map((p) => p.name)).toEqual(['甲', '乙', '丙']);
    expect(rankProjects(projects, 'alarms').map((p) => p.name)).toEqual(['乙', '丙', '甲']);
    const tie = [testLocated(1, { name: '乙', devices: 5 }), testLocated(2, { name: '甲', devices: 5 })];
    expect(rankProjects(tie, 'devices').map((p) => p.name)).toEqual(['甲', '乙']);
  });

  it('labels each listed bar with its rank; without a legend with its city, or its short name', () => {
    expect(barShortLabel(testLocated(1, { city: '成都' }), 1, true)).toBe('1');
    expect(barShortLabel(testLocated(1, { city: '成都' }), null, true)).toBeNull();
    expect(barShortLabel(testLocated(1, { city: '成都' }), 3, false)).toBe('成都');
    expect(barShortLabel(testLocated(1, { city: ' ', name: '苏州工业园区电子车间二期扩建工程' }), null, false)).toMatch(/^苏州工业.*…$/);
  });

  it('shows the bar labels by default, never an empty one (echarts-gl stops drawing at an empty label)', () => {
    const [series] = buildGlobeOption(projects, props, texts, undefined, 3).series as Series[];
    expect(series.label.show).toBe(true);
    const bars = series.data.filter((d) => d.name);
    expect(bars.map((b) => series.label.formatter({ data: b }))).toEqual(['1', '2', '3']);
    const anchor = series.data.find((d) => !d.name)!;
    expect(anchor.label?.show).toBe(false);
    expect(anchor.emphasis?.label.show).toBe(false);
    const [hidden] = buildGlobeOption(projects, readGlobeProps({ labels: false }), texts).series as Series[];
    expect(hidden.label.show).toBe(false);
  });

  it('numbers only the bars the legend lists; the others keep their hover label', () => {
    const [series] = buildGlobeOption(projects, props, texts, undefined, 1).series as Series[];
    const bars = series.data.filter((d) => d.name);
    expect(bars.map((b) => [b.shortLabel, b.label?.show ?? true])).toEqual([['1', true], ['', false], ['', false]]);
    expect(bars[1].hoverLabel).toBe('乙 · 10 台');
    const [noLegend] = buildGlobeOption(projects, readGlobeProps({ legend: false }), texts, undefined, 0).series as Series[];
    expect(noLegend.data.filter((d) => d.name).map((b) => b.shortLabel)).toEqual(['上海', '上海', '上海']);
  });

  it('lists as many projects as fit half the box under the key, the last row saying how many more', () => {
    const rows = Math.floor((948 * GLOBE_LEGEND.share - GLOBE_LEGEND.key - 2 * GLOBE_LEGEND.padding) / GLOBE_LEGEND.row);
    expect(legendCapacity(948, 8)).toBe(8);
    expect(legendCapacity(948, 40)).toBe(rows - 1);
    expect(legendCapacity(100, 8)).toBe(0);
  });

  it('builds the legend: counts per state, rows by rank with whole names, values and state colours', () => {
    const legend = globeLegend(projects, props, 948);
    expect(legend.counts).toEqual({ normal: 1, alarm: 1, offline: 1 });
    expect(legend.rows.map((r) => [r.rank, r.name, r.fullName, r.value, r.colour])).toEqual([
      [1, '甲', '甲', '40', DEFAULT_STATE_COLOURS.normal],
      [2, '乙', '乙', '10', DEFAULT_STATE_COLOURS.alarm],
      [3, '丙', '丙', '0', DEFAULT_STATE_COLOURS.offline],
    ]);
    expect(legend.more).toBe(0);
    const energy = globeLegend(projects, readGlobeProps({ valueField: 'energyToday' }), 948);
    expect(energy.rows[0]).toMatchObject({ name: '甲', value: '1,234.6' });
    const crowded = globeLegend(many, props, 948);
    expect(crowded.rows[0]).toMatchObject({ rank: 1, name: '项目40' });
    expect(crowded.rows.length + crowded.more).toBe(40);
    expect(crowded.more).toBeGreaterThan(0);
    const long = globeLegend([testLocated(1, { name: '苏州工业园区电子车间二期扩建工程洁净厂房' })], props, 948);
    expect(long.rows[0].name.endsWith('…')).toBe(true);
    expect(long.rows[0].fullName).toBe('苏州工业园区电子车间二期扩建工程洁净厂房');
  });
});

describe('globePropsForDisplay', () => {
  const vc = (o: ReturnType<typeof buildGlobeOption>) => (o.geo3D as { viewControl: Record<string, unknown> }).viewControl;
  it('holds the view still on a display that draws WebGL on the CPU, and leaves it alone otherwise', () => {
    const turning = readGlobeProps({ valueField: 'alarms' });
    expect(globePropsForDisplay(turning, true)).toEqual({ ...turning, autoRotate: false });
    expect(globePropsForDisplay(turning, false)).toBe(turning);
    const still = readGlobeProps({ autoRotate: false });
    expect(globePropsForDisplay(still, true)).toBe(still);
    expect(vc(buildGlobeOption([], globePropsForDisplay(turning, true), texts))).toMatchObject({ autoRotate: false });
  });
});
