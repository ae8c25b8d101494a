import { describe, expect, it } from 'vitest';
import { formatSample } from './formatSample';

const limits = { maxItems: 3, maxString: 10, maxDepth: 3, maxChars: 10_000 };

describe('formatSample', () => {
  it('prints a small answer whole, indented', () => {
    const value = { total: 3, list: [{ name: 'A', value: 1 }] };
    expect(formatSample(value, limits)).toEqual({ text: JSON.stringify(value, null, 2), truncated: false });
  });

  it('keeps the first items of a long array and counts the rest', () => {
    const out = formatSample({ list: [1, 2, 3, 4, 5, 6, 7] }, limits);
    expect(JSON.parse(out.text)).toEqual({ list: [1, 2, 3, '… 4 more items'] });
    expect(out.truncated).toBe(true);
  });

  it('cuts long strings and says how long they were', () => {
    const out = formatSample({ text: 'abcdefghijklmnop' }, limits);
    expect(JSON.parse(out.text)).toEqual({ text: 'abcdefghij… (16 chars)' });
    expect(out.truncated).toBe(true);
  });

  it('summarises nesting deeper than the limit', () => {
    const out = formatSample({ a: { b: { c: { d: 1, e: 2 }, list: [1, 2] } } }, limits);
    expect(JSON.parse(out.text)).toEqual({ a: { b: { c: '{… 2 keys}', list: '[… 2 items]' } } });
    expect(out.truncated).toBe(true);
  });

  it('cuts the text itself at maxChars', () => {
    const out = formatSample(Array.from({ length: 3 }, () => 'x'.repeat(10)), { ...limits, maxChars: 20 });
    expect(out.text).toHaveLength(22);
    expect(out.text.endsWith('\n…')).toBe(true);
    expect(out.truncated).toBe(true);
  });

  it('shows scalars, null and a missing answer', () => {
    expect(formatSample(42, limits)).toEqual({ text: '42', truncated: false });
    expect(formatSample(null, limits)).toEqual({ text: 'null', truncated: false });
    expect(formatSample(undefined, limits)).toEqual({ text: 'undefined', truncated: false });
  });

  it('leaves the value it was given alone', () => {
    const value = { list: [1, 2, 3, 4, 5] };
    formatSample(value, limits);
    expect(value.list).toHaveLength(5);
  });
});
