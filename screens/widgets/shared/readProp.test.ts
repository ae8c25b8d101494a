import { describe, expect, it } from 'vitest';
import { booleanProp, numberProp, stringArrayProp, stringProp, stringRecordProp } from './readProp';

describe('readProp', () => {
  it('takes well-formed values and falls back on anything else', () => {
    const props = { n: 5, big: 1e9, s: ' μg ', blank: '  ', nan: Number.NaN, b: true, list: ['a', 3, ' ', 'b'], rec: { 1: '#f00', 2: 4 } };
    expect(numberProp(props, 'n', 1)).toBe(5);
    expect(numberProp(props, 'big', 1, 0, 100)).toBe(1);
    expect(numberProp(props, 'nan', 7)).toBe(7);
    expect(numberProp(props, 's', undefined)).toBeUndefined();
    expect(stringProp(props, 's', 'x')).toBe('μg');
    expect(stringProp(props, 'blank', 'x')).toBe('x');
    expect(booleanProp(props, 'b', false)).toBe(true);
    expect(booleanProp(props, 'n', false)).toBe(false);
    expect(stringArrayProp(props, 'list', ['z'])).toEqual(['a', 'b']);
    expect(stringArrayProp(props, 'missing', ['z'])).toEqual(['z']);
    expect(stringRecordProp(props, 'rec')).toEqual({ 1: '#f00' });
    expect(stringRecordProp(props, 'list')).toEqual({});
  });

  it('survives props that are not a record at all', () => {
    expect(numberProp(undefined, 'n', 3)).toBe(3);
    expect(stringRecordProp(null as unknown as Record<string, unknown>, 'x')).toEqual({});
  });
});
