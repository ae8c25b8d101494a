import { describe, expect, it } from 'vitest';
import { formatNumber, toFiniteNumber } from './formatNumber';
import { ellipsize, estimateNumericWidth, estimateTextWidth } from './textMetrics';

describe('formatNumber', () => {
  it('groups thousands and fixes decimals', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(-98765.4, 1)).toBe('-98,765.4');
    expect(formatNumber(12.5)).toBe('13');
  });
  it('never shows -0', () => {
    expect(formatNumber(-0.04, 1)).toBe('0.0');
  });
  it('shows -- for missing values', () => {
    expect(formatNumber(null)).toBe('--');
    expect(formatNumber(undefined)).toBe('--');
    expect(formatNumber(Number.NaN)).toBe('--');
    expect(formatNumber(Infinity)).toBe('--');
  });
  it('clamps silly decimals', () => {
    expect(formatNumber(1.5, -3)).toBe('2');
    expect(formatNumber(1, 40)).toBe('1.000000');
  });
});

describe('toFiniteNumber', () => {
  it('accepts numbers and numeric strings only', () => {
    expect(toFiniteNumber(3)).toBe(3);
    expect(toFiniteNumber(' 4.5 ')).toBe(4.5);
    expect(toFiniteNumber('')).toBeNull();
    expect(toFiniteNumber('x')).toBeNull();
    expect(toFiniteNumber(Number.NaN)).toBeNull();
    expect(toFiniteNumber(null)).toBeNull();
    expect(toFiniteNumber({})).toBeNull();
  });
});

describe('text metrics', () => {
  it('counts CJK as one em and Latin narrower', () => {
    expect(estimateTextWidth('在线', 14)).toBe(28);
    expect(estimateTextWidth('ab', 10)).toBeCloseTo(12.4);
    expect(estimateTextWidth('在线', 14, 2)).toBe(32);
    expect(estimateNumericWidth('1,234', 10)).toBeCloseTo(31);
  });
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(ellipsize('苏州工业园', 100, 14)).toBe('苏州工业园');
    const cut = ellipsize('上海浦东国际机场 T2 航站楼', 100, 14);
    expect(cut.endsWith('…')).toBe(true);
    expect(estimateTextWidth(cut, 14)).toBeLessThanOrEqual(100);
    expect(ellipsize('abc', 2, 14)).toBe('');
  });
});
