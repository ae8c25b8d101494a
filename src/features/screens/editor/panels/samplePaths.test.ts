import { describe, expect, it } from 'vitest';
import { itemFieldSuggestions, pathSuggestions } from './samplePaths';

describe('pathSuggestions', () => {
  it('names every key in document order, arrays through their first item', () => {
    const sample = { total: 2, list: [{ name: 'A', stats: { energy: 3 } }, { name: 'B', extra: true }], ok: null };
    expect(pathSuggestions(sample)).toEqual([
      { path: 'total', kind: 'number' },
      { path: 'list', kind: 'array', length: 2 },
      { path: 'list.0', kind: 'object' },
      { path: 'list.0.name', kind: 'string' },
      { path: 'list.0.stats', kind: 'object' },
      { path: 'list.0.stats.energy', kind: 'number' },
      { path: 'ok', kind: 'null' },
    ]);
  });

  it('starts at an array answer', () => {
    expect(pathSuggestions([{ v: 1 }]).map((s) => s.path)).toEqual(['0', '0.v']);
  });

  it('leaves out keys a dot path cannot spell', () => {
    expect(pathSuggestions({ 'a-b': 1, 'c.d': 2, e_f: 3 }).map((s) => s.path)).toEqual(['e_f']);
  });

  it('stops at the depth and count limits', () => {
    const deep = { a: { b: { c: { d: 1 } } } };
    expect(pathSuggestions(deep, 2).map((s) => s.path)).toEqual(['a', 'a.b']);
    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(pathSuggestions(wide, 5, 10)).toHaveLength(10);
  });

  it('has nothing to say of a scalar or no sample', () => {
    expect(pathSuggestions(5)).toEqual([]);
    expect(pathSuggestions(undefined)).toEqual([]);
  });
});

describe('itemFieldSuggestions', () => {
  it('unites the fields of the first items, nested objects as dot paths, arrays not entered', () => {
    const list = [{ name: 'A', stats: { pm25: 3 } }, { name: 'B', tags: ['x'], value: 1 }, 'not an object'];
    expect(itemFieldSuggestions(list)).toEqual([
      { path: 'name', kind: 'string' },
      { path: 'stats', kind: 'object' },
      { path: 'stats.pm25', kind: 'number' },
      { path: 'tags', kind: 'array', length: 1 },
      { path: 'value', kind: 'number' },
    ]);
  });

  it('scans only the first items', () => {
    expect(itemFieldSuggestions([{ a: 1 }, { b: 2 }], 3, 1).map((s) => s.path)).toEqual(['a']);
  });

  it('is empty for anything but a list', () => {
    expect(itemFieldSuggestions({ a: 1 })).toEqual([]);
    expect(itemFieldSuggestions(undefined)).toEqual([]);
  });
});
