import { describe, expect, it } from 'vitest';
import { applyCommand, executeCommand } from './editorState';
import { byId, rectOfId, state, widget } from './testDoc';

describe('addWidget', () => {
  it('adds a widget of the type with a fresh id, the default size, on top, selected', () => {
    const s0 = state([widget('kpi1', 0, 0, 100, 100, { z: 4 }), widget('trend1', 200, 0, 100, 100, { type: 'trend', z: 2 })]);
    const s1 = applyCommand(s0, { type: 'addWidget', widgetType: 'kpi', x: 500, y: 300 });
    const added = s1.doc.widgets[2];
    expect(added).toMatchObject({ id: 'kpi2', type: 'kpi', x: 500, y: 300, w: 240, h: 110, z: 5, props: {} });
    expect(s1.selection).toEqual(['kpi2']);
    expect(s1.doc.widgets[0]).toBe(s0.doc.widgets[0]);
    const s2 = applyCommand(s1, { type: 'addWidget', widgetType: 'kpi', x: 0, y: 0 });
    expect(s2.doc.widgets[3].id).toBe('kpi3');
  });

  it('keeps a drop near the border on the canvas and takes given props and size', () => {
    const s = applyCommand(state([]), { type: 'addWidget', widgetType: 'trend', x: 1900, y: 1070, w: 300, h: 200, props: { smooth: true } });
    expect(rectOfId(s, 'trend1')).toEqual({ x: 1620, y: 880, w: 300, h: 200 });
    expect(byId(s, 'trend1').props).toEqual({ smooth: true });
  });

  it('makes a header as wide as the canvas', () => {
    const s = applyCommand(state([]), { type: 'addWidget', widgetType: 'header', x: 0, y: 0 });
    expect(byId(s, 'header1').w).toBe(1920);
  });

  it('refuses a 201st widget', () => {
    const many = Array.from({ length: 200 }, (_, i) => widget(`w${i}`, 0, 0, 10, 10));
    const r = executeCommand(state(many), { type: 'addWidget', widgetType: 'kpi', x: 0, y: 0 });
    expect(r.refused?.code).toBe('tooMany');
    expect(r.state.doc.widgets).toHaveLength(200);
  });

  it('renumbers z when the top is at the limit', () => {
    const s = applyCommand(state([widget('a', 0, 0, 10, 10, { z: 1000 }), widget('b', 0, 0, 10, 10, { z: 3 })]), { type: 'addWidget', widgetType: 'kpi', x: 0, y: 0 });
    expect(s.doc.widgets.map((w) => [w.id, w.z])).toEqual([['a', 1], ['b', 0], ['kpi1', 2]]);
  });
});

describe('move and nudge', () => {
  const base = state([widget('a', 100, 100, 200, 100), widget('b', 400, 150, 200, 100), widget('c', 1000, 500, 50, 50)], {}, ['a', 'b']);

  it('moves the selection by whole pixels and leaves the others untouched', () => {
    const s = applyCommand(base, { type: 'move', dx: 10.4, dy: -20.6 });
    expect(rectOfId(s, 'a')).toEqual({ x: 110, y: 79, w: 200, h: 100 });
    expect(rectOfId(s, 'b')).toEqual({ x: 410, y: 129, w: 200, h: 100 });
    expect(s.doc.widgets[2]).toBe(base.doc.widgets[2]);
    expect(rectOfId(base, 'a').x).toBe(100);
  });

  it('stops the moving group at the canvas border, keeping its layout', () => {
    const s = applyCommand(base, { type: 'move', dx: -500, dy: 5000 });
    expect(rectOfId(s, 'a')).toEqual({ x: 0, y: 930, w: 200, h: 100 });
    expect(rectOfId(s, 'b')).toEqual({ x: 300, y: 980, w: 200, h: 100 });
  });

  it('does not move locked widgets and answers the same state when nothing moves', () => {
    const locked = state([widget('a', 100, 100, 10, 10, { locked: true }), widget('b', 0, 0, 10, 10)], {}, ['a', 'b']);
    const s = applyCommand(locked, { type: 'move', dx: 5, dy: 5 });
    expect(rectOfId(s, 'a')).toEqual({ x: 100, y: 100, w: 10, h: 10 });
    expect(rectOfId(s, 'b')).toEqual({ x: 5, y: 5, w: 10, h: 10 });
    expect(applyCommand(locked, { type: 'move', ids: ['a'], dx: 5, dy: 5 })).toBe(locked);
    expect(applyCommand(locked, { type: 'move', ids: ['b'], dx: -5, dy: 0 })).toBe(locked);
  });

  it('nudges 1 px, 10 px with shift, never a locked widget', () => {
    expect(rectOfId(applyCommand(base, { type: 'nudge', direction: 'left' }), 'a').x).toBe(99);
    expect(rectOfId(applyCommand(base, { type: 'nudge', direction: 'down', shift: true }), 'b').y).toBe(160);
    expect(rectOfId(applyCommand(base, { type: 'nudge', direction: 'up', ids: ['c'] }), 'c').y).toBe(499);
    expect(rectOfId(applyCommand(base, { type: 'nudge', direction: 'right', shift: true, ids: ['c'] }), 'c').x).toBe(1010);
    const locked = state([widget('a', 100, 100, 10, 10, { locked: true })], {}, ['a']);
    expect(applyCommand(locked, { type: 'nudge', direction: 'right' })).toBe(locked);
  });
});

describe('resize and setRect', () => {
  const base = state([widget('a', 100, 100, 200, 100), widget('l', 0, 0, 50, 50, { locked: true })]);

  it('takes the handle rectangle, rounded', () => {
    expect(rectOfId(applyCommand(base, { type: 'resize', id: 'a', rect: { x: 90.2, y: 100, w: 300.4, h: 50 } }), 'a')).toEqual({ x: 90, y: 100, w: 301, h: 50 });
  });

  it('stops edges at the canvas border and keeps at least 8×8', () => {
    expect(rectOfId(applyCommand(base, { type: 'resize', id: 'a', rect: { x: -30, y: 100, w: 330, h: 100 } }), 'a')).toEqual({ x: 0, y: 100, w: 300, h: 100 });
    expect(rectOfId(applyCommand(base, { type: 'resize', id: 'a', rect: { x: 1800, y: 1000, w: 500, h: 500 } }), 'a')).toEqual({ x: 1800, y: 1000, w: 120, h: 80 });
    expect(rectOfId(applyCommand(base, { type: 'resize', id: 'a', rect: { x: 100, y: 100, w: 2, h: -5 } }), 'a')).toEqual({ x: 100, y: 100, w: 8, h: 8 });
    expect(rectOfId(applyCommand(base, { type: 'resize', id: 'a', rect: { x: 1918, y: 100, w: 2, h: 50 } }), 'a')).toEqual({ x: 1912, y: 100, w: 8, h: 50 });
  });

  it('sets typed values keeping the size and moving the widget inside', () => {
    expect(rectOfId(applyCommand(base, { type: 'setRect', id: 'a', rect: { x: 1900 } }), 'a')).toEqual({ x: 1720, y: 100, w: 200, h: 100 });
    expect(rectOfId(applyCommand(base, { type: 'setRect', id: 'a', rect: { w: 5000, h: 3 } }), 'a')).toEqual({ x: 0, y: 100, w: 1920, h: 8 });
  });

  it('ignores values that are not finite numbers', () => {
    expect(rectOfId(applyCommand(base, { type: 'setRect', id: 'a', rect: { x: Number.NaN, w: 300 } }), 'a')).toEqual({ x: 100, y: 100, w: 300, h: 100 });
    expect(rectOfId(applyCommand(base, { type: 'resize', id: 'a', rect: { x: 100, y: 100, w: Number.POSITIVE_INFINITY, h: 50 } }), 'a')).toEqual({ x: 100, y: 100, w: 200, h: 50 });
    expect(applyCommand(base, { type: 'move', ids: ['a'], dx: Number.NaN, dy: 4 })).toBe(base);
    expect(rectOfId(applyCommand(base, { type: 'addWidget', widgetType: 'kpi', x: Number.NaN, y: 10 }), 'kpi1')).toEqual({ x: 0, y: 10, w: 240, h: 110 });
  });

  it('leaves locked widgets and unknown ids alone', () => {
    expect(applyCommand(base, { type: 'resize', id: 'l', rect: { x: 0, y: 0, w: 500, h: 500 } })).toBe(base);
    expect(applyCommand(base, { type: 'setRect', id: 'l', rect: { x: 40 } })).toBe(base);
    expect(applyCommand(base, { type: 'setRect', id: 'nope', rect: { x: 40 } })).toBe(base);
  });
});

describe('props and fields', () => {
  const base = state([widget('a', 0, 0, 10, 10, { props: { unit: 'kWh', decimals: 1 }, title: 'Energy' }), widget('b', 0, 0, 10, 10)], {
    sources: [{ id: 'overview', kind: 'rest', endpoint: '/api/overview', params: {}, refreshSeconds: 30 }],
  });

  it('merges props, removes a key set to undefined, and answers the same state for no change', () => {
    const s = applyCommand(base, { type: 'setProps', id: 'a', props: { decimals: 2, colour: '#fff', unit: undefined } });
    expect(byId(s, 'a').props).toEqual({ decimals: 2, colour: '#fff' });
    expect(s.doc.widgets[1]).toBe(base.doc.widgets[1]);
    expect(applyCommand(base, { type: 'setProps', id: 'a', props: { unit: 'kWh' } })).toBe(base);
  });

  it('sets and clears the title and name as typed', () => {
    expect(byId(applyCommand(base, { type: 'setField', id: 'a', field: 'title', value: 'Energy ' }), 'a').title).toBe('Energy ');
    expect(byId(applyCommand(base, { type: 'setField', id: 'a', field: 'title', value: '' }), 'a')).not.toHaveProperty('title');
    expect(byId(applyCommand(base, { type: 'rename', id: 'b', name: 'Online KPI' }), 'b').name).toBe('Online KPI');
    expect(byId(applyCommand(base, { type: 'setField', id: 'b', field: 'name', value: 'x' }), 'b').name).toBe('x');
  });

  it('binds to a known source and refuses an unknown one', () => {
    const s = applyCommand(base, { type: 'setField', id: 'b', field: 'source', value: { sourceId: 'overview', path: 'devices.online' } });
    expect(byId(s, 'b').source).toEqual({ sourceId: 'overview', path: 'devices.online' });
    expect(byId(applyCommand(s, { type: 'setField', id: 'b', field: 'source', value: undefined }), 'b')).not.toHaveProperty('source');
    const r = executeCommand(base, { type: 'setField', id: 'b', field: 'source', value: { sourceId: 'ghost' } });
    expect(r.refused).toMatchObject({ code: 'unknownSource', params: { source: 'ghost' } });
    expect(r.state).toBe(base);
  });
});

describe('delete, lock, hide', () => {
  const base = state([
    widget('a', 0, 0, 10, 10, { group: 'g1' }), widget('b', 0, 0, 10, 10, { group: 'g1' }), widget('c', 0, 0, 10, 10, { locked: true }),
  ], {}, ['a', 'c']);

  it('deletes the selection (locked widgets too), prunes the selection and dissolves a group left with one member', () => {
    const s = applyCommand(base, { type: 'delete' });
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['b']);
    expect(s.doc.widgets[0]).not.toHaveProperty('group');
    expect(s.selection).toEqual([]);
    expect(applyCommand(base, { type: 'delete', ids: ['zz'] })).toBe(base);
  });

  it('locks and unlocks, storing no false flags', () => {
    const s = applyCommand(base, { type: 'lock', ids: ['a'] });
    expect(byId(s, 'a').locked).toBe(true);
    expect(byId(applyCommand(s, { type: 'unlock', ids: ['a', 'c'] }), 'c')).not.toHaveProperty('locked');
    expect(applyCommand(base, { type: 'lock', ids: ['c'] })).toBe(base);
  });

  it('hides (dropping hidden widgets from the selection) and shows', () => {
    const s = applyCommand(base, { type: 'hide' });
    expect(byId(s, 'a').hidden).toBe(true);
    expect(byId(s, 'c').hidden).toBe(true);
    expect(s.selection).toEqual([]);
    const shown = applyCommand(s, { type: 'show', ids: ['a'] });
    expect(byId(shown, 'a')).not.toHaveProperty('hidden');
    expect(byId(shown, 'c').hidden).toBe(true);
  });
});
