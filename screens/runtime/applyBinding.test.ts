import { describe, expect, it } from 'vitest';
import { applyBinding, getPath } from './applyBinding';

const data = {
  total: 8,
  list: [
    { name: '北京', stats: { energy: 12 }, state: 'normal' },
    { name: '上海', stats: { energy: 40 }, state: 'alarm' },
    { name: '广州', stats: { energy: 25 }, state: 'offline' },
  ],
};

describe('applyBinding', () => {
  it('reads a dot path, and nothing through prototypes', () => {
    expect(getPath(data, 'list.1.stats.energy')).toBe(40);
    expect(getPath(data, 'list.9.name')).toBeUndefined();
    expect(getPath(data, 'constructor')).toBeUndefined();
    expect(applyBinding(data, { sourceId: 's', path: 'total' })).toBe(8);
  });

  it('sorts, limits and maps a list without touching the source data', () => {
    const out = applyBinding(data, {
      sourceId: 's', path: 'list',
      transform: { sortBy: { field: 'stats.energy', order: 'desc' }, limit: 2, map: { label: 'name', value: 'stats.energy' } },
    });
    expect(out).toEqual([{ label: '上海', value: 40 }, { label: '广州', value: 25 }]);
    expect(data.list[0].name).toBe('北京');
  });

  it('picks fields, ascending order, and leaves non-lists alone', () => {
    const out = applyBinding(data, { sourceId: 's', path: 'list', transform: { pick: ['name'], sortBy: { field: 'name', order: 'asc' } } });
    expect(out).toEqual([{ name: '北京' }, { name: '广州' }, { name: '上海' }]);
    expect(applyBinding(data, { sourceId: 's', path: 'total', transform: { limit: 1 } })).toBe(8);
    expect(applyBinding(undefined, { sourceId: 's', path: 'total' })).toBeUndefined();
  });
});
