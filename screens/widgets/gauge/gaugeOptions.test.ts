import { describe, expect, it } from 'vitest';
import { WALL_THEMES } from '../shared/screenTheme';
import { gaugeView } from './gaugeOptions';
import { AQI_BANDS, aqiLevelOf, BAND_COLOURS, bandColour, niceSplit, readGaugeProps, withAlpha } from './gaugeProps';
import { strings } from './strings';

const ZH = [1, 2, 3, 4, 5, 6].map((l) => strings.zh[`level${l}` as keyof typeof strings.zh]);
const EN = [1, 2, 3, 4, 5, 6].map((l) => strings.en[`level${l}` as keyof typeof strings.en]);
type Series = { radius: number; center: number[]; startAngle: number; endAngle: number; min: number; max: number; data: { value: number }[];
  axisLine: { lineStyle: { color: [number, string][] } }; progress: { show: boolean }; axisLabel: { show: boolean } };
const seriesOf = (v: ReturnType<typeof gaugeView>) => (v.option as { series: Series[] }).series;

describe('readGaugeProps', () => {
  it('defaults to 0..100 without bands', () => {
    expect(readGaugeProps({})).toEqual({ min: 0, max: 100, bands: [], unit: undefined, kind: undefined });
  });
  it('sorts bands and drops those outside (min, max) or not numbers', () => {
    expect(readGaugeProps({ min: 0, max: 300, bands: [150, 50, 'x', 100, 400, 0, 100] }).bands).toEqual([50, 100, 150]);
  });
  it('repairs max <= min', () => {
    expect(readGaugeProps({ min: 10, max: 5 })).toMatchObject({ min: 10, max: 110 });
  });
  it('gives an aqi gauge 0..300 and the AQI breakpoints by default', () => {
    expect(readGaugeProps({ kind: 'aqi' })).toMatchObject({ kind: 'aqi', max: 300, bands: [50, 100, 150, 200] });
    expect(readGaugeProps({ kind: 'aqi', max: 500 }).bands).toEqual([...AQI_BANDS]);
    expect(readGaugeProps({ kind: 'pm' }).kind).toBeUndefined();
  });
});

describe('band and level colours', () => {
  it('colours by band, a threshold belonging to the band below', () => {
    const bands = [50, 100, 150, 200];
    expect(bandColour(0, bands)).toBe(BAND_COLOURS[0]);
    expect(bandColour(50, bands)).toBe(BAND_COLOURS[0]);
    expect(bandColour(51, bands)).toBe(BAND_COLOURS[1]);
    expect(bandColour(180, bands)).toBe(BAND_COLOURS[3]);
    expect(bandColour(250, bands)).toBe(BAND_COLOURS[4]);
  });
  it('maps AQI to its six levels', () => {
    expect([0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 500].map((v) => aqiLevelOf(v).level))
      .toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    expect(aqiLevelOf(320).colour).toBe(BAND_COLOURS[5]);
  });
  it('adds alpha to hex colours only', () => {
    expect(withAlpha('#ff0000', 0.5)).toBe('rgba(255, 0, 0, 0.5)');
    expect(withAlpha('red', 0.5)).toBe('red');
  });
  it('splits the scale into round steps', () => {
    expect(niceSplit(0, 100)).toBe(5);
    expect(niceSplit(0, 300)).toBe(6);
    expect(niceSplit(0, 500)).toBe(5);
    expect(niceSplit(0, 7)).toBe(5);
  });
});

describe('gaugeView', () => {
  const aqiProps = readGaugeProps({ kind: 'aqi', min: 0, max: 300, bands: [50, 100, 150, 200] });

  it('uses a half arc with the level beside it in the short overview box (290 × 78)', () => {
    const v = gaugeView(86, aqiProps, 290, 78, ZH);
    expect(v.layout).toBe('compact');
    const [main] = seriesOf(v);
    expect([main.startAngle, main.endAngle]).toEqual([180, 0]);
    expect(main.center[1] + 0).toBeLessThanOrEqual(78);
    expect(main.center[1] - main.radius).toBeGreaterThanOrEqual(0);
    expect(v.value).toMatchObject({ text: '86', colour: BAND_COLOURS[1] });
    expect(v.level).toMatchObject({ text: '良', colour: BAND_COLOURS[1] });
    expect(v.level!.left).toBeGreaterThan(main.center[0] + main.radius);
    expect(v.level!.left + v.level!.width).toBeLessThanOrEqual(290);
    expect(v.level!.fontSize).toBeGreaterThanOrEqual(13);
  });

  it('wraps a long English level name within the short box', () => {
    const v = gaugeView(120, aqiProps, 290, 78, EN);
    expect(v.level).toMatchObject({ text: 'Unhealthy for sensitive groups', colour: BAND_COLOURS[2] });
    expect(v.level!.lines).toBeGreaterThan(1);
    expect(v.level!.fontSize).toBeGreaterThanOrEqual(13);
  });

  it('uses a 240° arc with scale labels in a square-ish box (448 × 258)', () => {
    const v = gaugeView(230, aqiProps, 448, 258, ZH);
    expect(v.layout).toBe('full');
    const [main] = seriesOf(v);
    expect([main.startAngle, main.endAngle]).toEqual([210, -30]);
    expect(main.axisLabel.show).toBe(true);
    expect(main.center[1] + main.radius * 0.5).toBeLessThanOrEqual(258);
    expect(main.center[0] - main.radius).toBeGreaterThanOrEqual(0);
    expect(v.level).toMatchObject({ text: '重度污染', colour: BAND_COLOURS[4] });
    expect(v.level!.top).toBeGreaterThan(v.value.top + v.value.height - 1);
    expect(v.level!.top + v.level!.height).toBeLessThan(258);
  });

  it('colours the track by bands (dimmed) and clamps the progress to the scale', () => {
    const v = gaugeView(420, aqiProps, 448, 258, ZH);
    const [main] = seriesOf(v);
    expect(main.axisLine.lineStyle.color.map((c) => c[0])).toEqual([50 / 300, 100 / 300, 150 / 300, 200 / 300, 1]);
    expect(main.data[0].value).toBe(300);
    expect(v.value.text).toBe('420');
    expect(v.level!.text).toBe('严重污染');
  });

  it('shows -- without a level for null', () => {
    const v = gaugeView(null, aqiProps, 290, 78, ZH);
    expect(v.value).toMatchObject({ text: '--', colour: WALL_THEMES.dark.textMuted });
    expect(v.level).toBeNull();
    expect(seriesOf(v)[0].progress.show).toBe(false);
  });

  it('centres a plain gauge, without a level, in white on one accent track', () => {
    const v = gaugeView(42.25, readGaugeProps({ unit: '%' }), 290, 78, ZH);
    const [main] = seriesOf(v);
    expect(main.center[0]).toBe(145);
    expect(v.value).toMatchObject({ text: '42.3', colour: WALL_THEMES.dark.textStrong });
    expect(v.unit).toBe('%');
    expect(v.level).toBeNull();
    expect(main.axisLine.lineStyle.color).toHaveLength(1);
  });

  it('keeps the value text inside the arc for long numbers', () => {
    const v = gaugeView(123456.7, readGaugeProps({ max: 200000 }), 448, 258, ZH);
    expect(v.value.text).toBe('123,456.7');
    expect(v.value.fontSize).toBeLessThan(56);
  });
});
