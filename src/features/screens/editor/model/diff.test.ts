import { describe, expect, it } from 'vitest';
import { diffTemplates } from './diff';
import { doc, widget } from './testDoc';
import type { DataSource } from './types';

const src: DataSource = { id: 'overview', kind: 'rest', endpoint: '/api/overview', params: {}, refreshSeconds: 30 };

describe('diffTemplates', () => {
  it('finds nothing between equal documents', () => {
    const a = doc([widget('a', 0, 0, 10, 10)], { sources: [src] });
    const b = JSON.parse(JSON.stringify(a));
    expect(diffTemplates(a, b).summary.total).toBe(0);
  });

  it('lists added, removed, moved and changed widgets and the other parts', () => {
    const before = doc([
      widget('keep', 0, 0, 10, 10),
      widget('gone', 0, 0, 10, 10),
      widget('moved', 10, 10, 100, 100, { props: { unit: 'kWh' } }),
      widget('edited', 0, 0, 10, 10, { title: 'Old', props: { unit: 'kWh', decimals: 1 }, source: { sourceId: 'overview', path: 'a' } }),
    ], { sources: [src, { ...src, id: 'old' }], variables: [{ name: 'project', label: 'P', type: 'project' }] });
    const after = doc([
      widget('keep', 0, 0, 10, 10),
      widget('moved', 20, 10, 120, 100, { props: { unit: 'kWh' } }),
      widget('edited', 0, 0, 10, 10, { title: 'New', props: { unit: 'kWh', colour: '#fff' }, source: { sourceId: 'overview', path: 'b' }, locked: true }),
      widget('new', 5, 5, 10, 10, { type: 'trend' }),
    ], {
      canvas: { width: 3840, height: 2160, background: '#061327', scaleMode: 'fit' },
      sources: [{ ...src, refreshSeconds: 60 }, { ...src, id: 'fresh' }],
      variables: [{ name: 'project', label: 'Project', type: 'project' }],
    });
    const d = diffTemplates(before, after);
    expect(d.added.map((w) => w.id)).toEqual(['new']);
    expect(d.removed.map((w) => w.id)).toEqual(['gone']);
    expect(d.moved).toEqual([{ id: 'moved', from: { x: 10, y: 10, w: 100, h: 100 }, to: { x: 20, y: 10, w: 120, h: 100 } }]);
    expect(d.changed).toEqual([{ id: 'edited', fields: ['title', 'locked', 'source.path', 'props.colour', 'props.decimals'] }]);
    expect(d.canvas).toEqual([{ field: 'width', from: 1920, to: 3840 }, { field: 'height', from: 1080, to: 2160 }]);
    expect(d.sources).toEqual({ added: ['fresh'], removed: ['old'], changed: ['overview'] });
    expect(d.variables).toEqual({ added: [], removed: [], changed: ['project'] });
    expect(d.summary).toEqual({ added: 1, removed: 1, moved: 1, changed: 1, canvas: 2, sources: 3, variables: 1, total: 10 });
  });

  it('reports a widget both moved and changed in both lists', () => {
    const d = diffTemplates(doc([widget('a', 0, 0, 10, 10)]), doc([widget('a', 5, 0, 10, 10, { z: 3, type: 'gauge' })]));
    expect(d.moved.map((m) => m.id)).toEqual(['a']);
    expect(d.changed).toEqual([{ id: 'a', fields: ['type', 'z'] }]);
  });
});
