import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BarRankingProps } from './barRanking';
import { KpiProps } from './kpi';
import { PieProps } from './pie';
import { dropInvalidProps, readProps } from './readProps';

describe('readProps', () => {
  it('parses valid props with the defaults filled in', () => {
    expect(readProps(KpiProps, { unit: ' 台 ', decimals: 1 })).toEqual({ unit: '台', decimals: 1, icon: 'data' });
    expect(readProps(KpiProps, undefined)).toEqual({ decimals: 0, icon: 'data' });
  });

  it('reads what is valid of invalid props over the defaults, never throwing', () => {
    expect(readProps(KpiProps, { decimals: 9, colour: '#fff', nope: 1 })).toEqual({ decimals: 0, colour: '#fff', icon: 'data' });
    expect(readProps(KpiProps, 'not props')).toEqual({ decimals: 0, icon: 'data' });
    expect(readProps(KpiProps, [1, 2])).toEqual({ decimals: 0, icon: 'data' });
  });
});

describe('dropInvalidProps', () => {
  it('keeps valid props unchanged (no defaults, no trimming) and does not modify its input', () => {
    const props = { unit: ' 台 ', decimals: 1, lowIsBad: { red: 1, amber: 2 } };
    const before = JSON.stringify(props);
    expect(dropInvalidProps(BarRankingProps, props)).toEqual(props);
    expect(JSON.stringify(props)).toBe(before);
  });

  it('drops unknown keys, at the top and inside objects', () => {
    expect(dropInvalidProps(BarRankingProps, { unit: 'x', zz: 1, lowIsBad: { red: 1, amber: 2, blue: 3 } }))
      .toEqual({ unit: 'x', lowIsBad: { red: 1, amber: 2 } });
  });

  it('drops a bad list item or record entry alone, and an object whose required field is bad', () => {
    expect(dropInvalidProps(PieProps, { colours: ['#fff', 'bad', '#000', 7], slices: { a: 'A', b: '', c: 3 } }))
      .toEqual({ colours: ['#fff', '#000'], slices: { a: 'A' } });
    expect(dropInvalidProps(BarRankingProps, { lowIsBad: { amber: 2 } })).toEqual({});
    expect(dropInvalidProps(BarRankingProps, { lowIsBad: 'low' })).toEqual({});
  });

  it('floors a fractional count and cuts an over-long text or list, as the v1 widgets read them', () => {
    expect(dropInvalidProps(KpiProps, { decimals: 3.9, unit: 'u'.repeat(50) })).toEqual({ decimals: 3, unit: 'u'.repeat(32) });
    expect(dropInvalidProps(PieProps, { colours: Array.from({ length: 40 }, () => '#fff') })).toEqual({ colours: Array.from({ length: 32 }, () => '#fff') });
  });

  it('falls back to the props that pass on their own when a rule spans fields', () => {
    const Range = z.strictObject({ min: z.number().default(0), max: z.number().default(1) }).refine((r) => r.max > r.min, 'max must be above min');
    expect(dropInvalidProps(Range as unknown as z.ZodObject, { min: 5, max: 2 })).toEqual({ max: 2 });
    expect(dropInvalidProps(Range as unknown as z.ZodObject, { min: -1, max: -5 })).toEqual({ min: -1 });
  });

  it('answers {} for something that is not an object', () => {
    for (const v of [null, undefined, 3, 'x', [1]]) expect(dropInvalidProps(KpiProps, v)).toEqual({});
  });
});
