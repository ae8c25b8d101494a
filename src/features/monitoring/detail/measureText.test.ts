import { describe, expect, it } from 'vitest';
import { measureText } from './measureText';

describe('measureText', () => {
  const plain = { printf: '', decimals: 1, unit: 'Pa' };
  it('shows a number with its decimals and unit, a dash before the first sample', () => {
    expect(measureText(plain, 312.46)).toEqual({ text: '312.5', unit: 'Pa' });
    expect(measureText({ ...plain, decimals: 0 }, 7)).toEqual({ text: '7', unit: 'Pa' });
    expect(measureText(plain, null)).toEqual({ text: '—', unit: '' });
  });

  it('shows the labels of the set bits of a bit mapping, 无 when none is set', () => {
    const bits = { printf: '{"0":"滤网堵塞","1":"风机故障"}', decimals: 0, unit: '' };
    expect(measureText(bits, 3)).toEqual({ text: '滤网堵塞、风机故障', unit: '' });
    expect(measureText(bits, 2)).toEqual({ text: '风机故障', unit: '' });
    expect(measureText(bits, 0)).toEqual({ text: '无', unit: '' });
  });

  it('shows a formula\'s text, or its number with the unit', () => {
    expect(measureText({ printf: 'x > 0 ? "运行" : "停止"', decimals: 0, unit: '' }, 1)).toEqual({ text: '运行', unit: '' });
    expect(measureText({ printf: 'x / 10', decimals: 2, unit: 'kW' }, 125)).toEqual({ text: '12.50', unit: 'kW' });
  });

  it('falls back to the number when the printf does not parse', () => {
    expect(measureText({ printf: '0:a;0:b', decimals: 1, unit: 'm' }, 2)).toEqual({ text: '2.0', unit: 'm' });
  });
});
