import { describe, expect, it } from 'vitest';
import { CHINA_MAP } from '../shared/chinaMap';
import { DEFAULT_STATE_COLOURS } from '../shared/projectList';
import { testLocated } from '../shared/testProject';
import {
  BAR_MAX_HEIGHT, BAR_MIN_HEIGHT, barHeights, barLabel, buildGlobeOption, globePropsForDisplay, readGlobeProps, REGION_HEIGHT, type GlobeTexts,
} from './globe3dOptions';

const texts: GlobeTexts = { units: { devices: '台', energyToday: 'kWh', alarms: '条' } };
type Bar = { name: string; value: number[]; itemStyle: { color?: string; opacity?: number }; hoverLabel?: string };
type Series = { type: string; coordinateSystem: string; data: Bar[]; emphasis: { label: { show: boolean; formatter: (p: unknown) => string } } };

const projects = [
  testLocated(1, { name: '甲', lng: 121.4, lat: 31.2, devices: 40, energyToday: 1234.56, alarms: 0, state: 'normal' }),
  testLocated(2, { name: '乙', lng: 116.4, lat: 39.9, devices: 10, energyToday: 0, alarms: 3, state: 'alarm' }),
  testLocated(3, { name: '丙', lng: 104.1, lat: 30.7, devices: 0, energyToday: 50, alarms: 1, state: 'offline' }),
];

describe('readGlobeProps', () => {
  it('reads the value field, colours and rotation', () => {
    expect(readGlobeProps({ valueField: 'energyToday', stateColours: { normal: '#0f0' }, autoRotate: false }))
      .toEqual({ valueField: 'energyToday', stateColours: { ...DEFAULT_STATE_COLOURS, normal: '#0f0' }, autoRotate: false });
  });

  it('falls back to devices, the theme colours and turning', () => {
    expect(readGlobeProps(undefined)).toEqual({ valueField: 'devices', stateColours: DEFAULT_STATE_COLOURS, autoRotate: true });
    expect(readGlobeProps({ valueField: 'pm25', autoRotate: 'no' })).toEqual({ valueField: 'devices', stateColours: DEFAULT_STATE_COLOURS, autoRotate: true });
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
