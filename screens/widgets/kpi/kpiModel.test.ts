import { describe, expect, it } from 'vitest';
import { wallCss } from '../shared/screenTheme';
import { COUNT_MS, countFrame, kpiHasData, kpiLayout, kpiView, readKpiProps } from './kpiModel';

describe('readKpiProps', () => {
  it('defaults: no unit, 0 decimals, accent colour, no alarm threshold, the data glyph', () => {
    expect(readKpiProps({})).toEqual({ unit: undefined, decimals: 0, colour: wallCss.accent, blinkAbove: undefined, icon: 'data' });
  });
  it('reads valid props', () => {
    expect(readKpiProps({ unit: 'kWh', decimals: 1, colour: '#2fd27c', blinkAbove: 0, icon: 'energy' }))
      .toEqual({ unit: 'kWh', decimals: 1, colour: '#2fd27c', blinkAbove: 0, icon: 'energy' });
  });
  it('falls back on bad props without throwing', () => {
    const p = readKpiProps({ unit: 3, decimals: -2, colour: 'url(javascript:x)', blinkAbove: '5', icon: 'rocket' });
    expect(p).toEqual({ unit: undefined, decimals: 0, colour: wallCss.accent, blinkAbove: undefined, icon: 'data' });
    expect(readKpiProps({ decimals: 2.7 }).decimals).toBe(2);
    expect(readKpiProps({ decimals: 99 }).decimals).toBe(0);
  });
});

describe('kpiView', () => {
  const props = readKpiProps({ unit: '台', colour: '#2fd27c' });
  it('formats with thousands separators and the decimals asked for', () => {
    expect(kpiView(1234567, props).text).toBe('1,234,567');
    expect(kpiView(12345.678, readKpiProps({ decimals: 1 })).text).toBe('12,345.7');
    expect(kpiView(0, props).text).toBe('0');
    expect(kpiView(-1234.5, readKpiProps({ decimals: 2 })).text).toBe('-1,234.50');
  });
  it('shows -- for null and non-numbers', () => {
    expect(kpiView(null, props)).toMatchObject({ value: null, text: '--', alarm: false });
    expect(kpiView(Number.NaN, props).text).toBe('--');
    expect(kpiView('12', props).text).toBe('--');
  });
  it('uses the colour prop, red in alarm above blinkAbove', () => {
    expect(kpiView(3, props).colour).toBe('#2fd27c');
    const alarming = readKpiProps({ colour: '#ff5b5b', blinkAbove: 0 });
    expect(kpiView(0, alarming)).toMatchObject({ alarm: false, colour: '#ff5b5b' });
    expect(kpiView(1, alarming)).toMatchObject({ alarm: true, colour: wallCss.state.alarm });
    expect(kpiView(1, readKpiProps({ blinkAbove: 5 })).alarm).toBe(false);
    expect(kpiView(null, alarming).alarm).toBe(false);
  });
});

describe('kpiHasData', () => {
  it('is true for numbers and null, false while loading or for other shapes', () => {
    expect(kpiHasData(0)).toBe(true);
    expect(kpiHasData(null)).toBe(true);
    expect(kpiHasData(undefined)).toBe(false);
    expect(kpiHasData({ total: 1 })).toBe(false);
  });
});

describe('countFrame', () => {
  it('starts at from, ends exactly at to, and moves monotonically', () => {
    expect(countFrame(0, 100, 0)).toBe(0);
    expect(countFrame(0, 100, COUNT_MS)).toBe(100);
    expect(countFrame(0, 100, COUNT_MS * 5)).toBe(100);
    const mid = countFrame(0, 100, COUNT_MS / 2);
    expect(mid).toBeGreaterThan(50);
    expect(mid).toBeLessThan(100);
    expect(countFrame(100, 40, COUNT_MS / 2)).toBeLessThan(100);
    expect(countFrame(100, 40, COUNT_MS / 2)).toBeGreaterThan(40);
  });
  it('jumps to the target without a duration', () => {
    expect(countFrame(0, 7, 0, 0)).toBe(7);
  });
});

describe('kpiLayout', () => {
  it('keeps 44 px in the overview card (300 × 84)', () => {
    const l = kpiLayout('12,345', '台', 300, 84);
    expect(l.fontSize).toBe(44);
    expect(l.ring).toBeLessThanOrEqual(72);
  });
  it('shrinks a long number so number and unit fit beside the ring', () => {
    const l = kpiLayout('1,234,567.8', 'kWh', 300, 84);
    expect(l.fontSize).toBeLessThan(44);
    expect(l.fontSize).toBeGreaterThanOrEqual(24);
  });
});

describe('kpiLayout in a narrow card', () => {
  it('gives the icon room to the number when it would drop below 30 px beside it', () => {
    const l = kpiLayout('22,795.5', 'kWh', 221, 78);
    expect(l.ring).toBe(0);
    expect(l.fontSize).toBeGreaterThanOrEqual(26);
  });
  it('keeps the icon for short numbers in the same card', () => {
    expect(kpiLayout('121', '台', 221, 78).ring).toBeGreaterThan(0);
  });
});
