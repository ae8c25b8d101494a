import { describe, expect, it } from 'vitest';
import { diffTemplates } from '../model/diff';
import { doc, widget } from '../model/testDoc';
import { diffRows, formatRect, propLabel, rectChange } from './diffRows';

describe('diffRows', () => {
  const before = doc([
    widget('gone', 0, 0, 10, 10, { title: 'Old KPI' }),
    widget('moved', 10, 10, 100, 100),
    widget('grown', 0, 0, 100, 100, { name: 'Energy' }),
    widget('both', 0, 0, 100, 100, { props: { unit: 'kWh' } }),
    widget('same', 0, 0, 10, 10),
  ], { sources: [{ id: 's', kind: 'rest', endpoint: '/api/a', params: {}, refreshSeconds: 30 }] });
  const after = doc([
    widget('same', 0, 0, 10, 10),
    widget('both', 5, 5, 120, 100, { props: { unit: 'MWh', decimals: 2 }, title: 'Energy today' }),
    widget('grown', 0, 0, 200, 100, { name: 'Energy' }),
    widget('moved', 20, 10, 100, 100),
    widget('new', 0, 0, 10, 10, { type: 'trend' }),
  ], {
    canvas: { width: 3840, height: 2160, background: '#061327', scaleMode: 'fit' },
    variables: [{ name: 'projectId', label: 'P', type: 'project' }],
  });

  it('gives one row per widget, added then removed then modified in the new order, then the other parts', () => {
    const rows = diffRows(diffTemplates(before, after), before, after);
    expect(rows).toEqual([
      { kind: 'widget', change: 'added', id: 'new', type: 'trend', label: 'new', fields: [] },
      { kind: 'widget', change: 'removed', id: 'gone', type: 'kpi', label: 'Old KPI', fields: [] },
      {
        kind: 'widget', change: 'modified', id: 'both', type: 'kpi', label: 'Energy today',
        rect: { change: 'movedResized', from: { x: 0, y: 0, w: 100, h: 100 }, to: { x: 5, y: 5, w: 120, h: 100 } },
        fields: [
          { field: 'title' },
          { field: 'props.decimals', label: { zh: '小数位数', en: 'Decimal places' } },
          { field: 'props.unit', label: { zh: '单位', en: 'Unit' } },
        ],
      },
      {
        kind: 'widget', change: 'modified', id: 'grown', type: 'kpi', label: 'Energy',
        rect: { change: 'resized', from: { x: 0, y: 0, w: 100, h: 100 }, to: { x: 0, y: 0, w: 200, h: 100 } }, fields: [],
      },
      {
        kind: 'widget', change: 'modified', id: 'moved', type: 'kpi', label: 'moved',
        rect: { change: 'moved', from: { x: 10, y: 10, w: 100, h: 100 }, to: { x: 20, y: 10, w: 100, h: 100 } }, fields: [],
      },
      { kind: 'canvas', field: 'width', from: 1920, to: 3840 },
      { kind: 'canvas', field: 'height', from: 1080, to: 2160 },
      { kind: 'source', change: 'removed', id: 's' },
      { kind: 'variable', change: 'added', id: 'projectId' },
    ]);
  });

  it('has no rows for the same document', () => {
    expect(diffRows(diffTemplates(before, before), before, before)).toEqual([]);
  });

  it('leaves a prop without a label in the schema unlabelled', () => {
    expect(propLabel('kpi', 'nope')).toBeUndefined();
  });
});

describe('rectChange and formatRect', () => {
  it('tells a move from a resize', () => {
    const r = { x: 0, y: 0, w: 10, h: 10 };
    expect(rectChange(r, { ...r, x: 1 })).toBe('moved');
    expect(rectChange(r, { ...r, h: 11 })).toBe('resized');
    expect(rectChange(r, { x: 1, y: 0, w: 11, h: 10 })).toBe('movedResized');
    expect(formatRect({ x: 10, y: 20, w: 300, h: 200 })).toBe('(10, 20) 300×200');
  });
});
