import { describe, expect, it } from 'vitest';
import { cellState, fillRatio, formatBoundValue, parseStateRules, readCellBinding, serializeStateRules } from './binding';

const attrs = (a: Record<string, string>) => (name: string) => a[name] ?? null;

describe('graph cell binding', () => {
  it('reads a bound value label', () => {
    const b = readCellBinding('7', attrs({ symbol: 'valueLabel', deviceId: '12', measureId: '3', format: '0.0', unit: '℃', stateRules: '{"alarm":"#f00","blink":true}' }));
    expect(b).toEqual({ cellId: '7', symbol: 'valueLabel', deviceId: 12, measureId: 3, format: '0.0', unit: '℃', rules: { alarm: '#f00', blink: true } });
  });

  it('ignores cells with neither symbol nor device, and drops bad values', () => {
    expect(readCellBinding('1', attrs({ label: 'x' }))).toBeNull();
    const b = readCellBinding('2', attrs({ symbol: 'rocket', deviceId: '4', measureId: '-1', format: '%d', stateRules: '{"alarm":"red","fill":{"min":5,"max":1}}' }));
    expect(b).toEqual({ cellId: '2', symbol: undefined, deviceId: 4, measureId: undefined, format: undefined, unit: undefined, rules: {} });
  });

  it('formats values with the decimals pattern and unit', () => {
    expect(formatBoundValue(23.456, { format: '0.0', unit: '℃' })).toBe('23.5 ℃');
    expect(formatBoundValue(7, { format: '0' })).toBe('7');
    expect(formatBoundValue(null, { unit: 'Pa' })).toBe('-- Pa');
  });

  it('round-trips state rules in a stable order', () => {
    const text = serializeStateRules({ fill: { min: 0, max: 100 }, flow: true, normal: '#00ff00' });
    expect(text).toBe('{"normal":"#00ff00","flow":true,"fill":{"min":0,"max":100}}');
    expect(parseStateRules(text)).toEqual({ normal: '#00ff00', flow: true, fill: { min: 0, max: 100 } });
    expect(serializeStateRules({})).toBe('');
    expect(parseStateRules('not json')).toEqual({});
  });

  it('derives the cell state: offline, then alarm, then normal', () => {
    expect(cellState(0, true, true)).toBe('offline');
    expect(cellState(undefined, false, false)).toBe('offline');
    expect(cellState(2, false, false)).toBe('alarm');
    expect(cellState(2, false, true)).toBe('normal');
    expect(cellState(1, true, true)).toBe('alarm');
    expect(cellState(1, false, false)).toBe('normal');
  });

  it('clamps the fill ratio', () => {
    expect(fillRatio(50, { min: 0, max: 200 })).toBe(0.25);
    expect(fillRatio(500, { min: 0, max: 200 })).toBe(1);
    expect(fillRatio(null, { min: 0, max: 200 })).toBe(0);
  });
});
