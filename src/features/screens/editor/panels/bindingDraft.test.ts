import { describe, expect, it } from 'vitest';
import { bindingToDraft, draftToBinding, type BindingDraft } from './bindingDraft';

const draft = (patch: Partial<BindingDraft> = {}): BindingDraft => ({ ...bindingToDraft({ sourceId: 'projects' }), ...patch });

describe('draftToBinding', () => {
  it('leaves blank parts out', () => {
    expect(draftToBinding(draft({ path: '  ' }))).toEqual({ ok: true, binding: { sourceId: 'projects' } });
  });

  it('builds every transform step', () => {
    const result = draftToBinding(draft({
      path: 'list', pick: ['name', 'stats.energy'], sortField: 'stats.energy', sortOrder: 'asc', limit: 5,
      map: [{ out: 'name', path: 'name' }, { out: 'value', path: 'stats.energy' }, { out: ' ', path: '' }],
    }));
    expect(result).toEqual({
      ok: true,
      binding: {
        sourceId: 'projects',
        path: 'list',
        transform: { pick: ['name', 'stats.energy'], sortBy: { field: 'stats.energy', order: 'asc' }, limit: 5, map: { name: 'name', value: 'stats.energy' } },
      },
    });
  });

  it('names the field of each problem', () => {
    const result = draftToBinding(draft({
      path: 'list.', pick: ['a b'], sortField: 'x..y', limit: 0,
      map: [{ out: '1st', path: 'a' }, { out: 'ok', path: 'b..c' }, { out: 'ok', path: 'd' }, { out: '', path: 'e' }, { out: 'f', path: '' }],
    }));
    expect(result).toEqual({
      ok: false,
      errors: {
        path: 'must be a dot path such as list.0.value',
        pick: 'must be a dot path such as list.0.value',
        sortField: 'must be a dot path such as list.0.value',
        limit: 'Too small: expected number to be >=1',
        'map.0.out': 'map keys must be identifiers',
        'map.1.path': 'must be a dot path such as list.0.value',
        'map.2.out': 'output field "ok" is given twice',
        'map.3.out': 'output field is required',
        'map.4.path': 'path is required',
      },
    });
  });

  it('round-trips a stored binding', () => {
    const binding = {
      sourceId: 's', path: 'data.list',
      transform: { pick: ['a'], sortBy: { field: 'a', order: 'desc' as const }, limit: 3, map: { x: 'a' } },
    };
    expect(draftToBinding(bindingToDraft(binding))).toEqual({ ok: true, binding });
  });

  it('reads no binding as an empty draft', () => {
    expect(bindingToDraft(undefined)).toEqual({ sourceId: '', path: '', pick: [], sortField: '', sortOrder: 'desc', limit: null, map: [] });
  });
});
