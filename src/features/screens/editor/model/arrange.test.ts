import { describe, expect, it } from 'vitest';
import type { AlignMode } from './editorState';
import { applyCommand, executeCommand } from './editorState';
import { byId, rectOfId, state, widget } from './testDoc';

describe('align', () => {
  const base = state([widget('a', 100, 100, 100, 50), widget('b', 300, 220, 60, 80), widget('c', 500, 500, 40, 40)], {}, ['a', 'b']);
  const cases: [AlignMode, { a: [number, number]; b: [number, number] }][] = [
    ['left', { a: [100, 100], b: [100, 220] }],
    ['hCentre', { a: [180, 100], b: [200, 220] }],
    ['right', { a: [260, 100], b: [300, 220] }],
    ['top', { a: [100, 100], b: [300, 100] }],
    ['vMiddle', { a: [100, 175], b: [300, 160] }],
    ['bottom', { a: [100, 250], b: [300, 220] }],
  ];
  it.each(cases)('%s aligns the selection to its bounds', (mode, want) => {
    const s = applyCommand(base, { type: 'align', mode });
    expect([byId(s, 'a').x, byId(s, 'a').y]).toEqual(want.a);
    expect([byId(s, 'b').x, byId(s, 'b').y]).toEqual(want.b);
    expect(s.doc.widgets[2]).toBe(base.doc.widgets[2]);
  });

  it('aligns a single widget to the canvas', () => {
    expect(rectOfId(applyCommand(base, { type: 'align', mode: 'hCentre', ids: ['c'] }), 'c')).toEqual({ x: 940, y: 500, w: 40, h: 40 });
    expect(rectOfId(applyCommand(base, { type: 'align', mode: 'bottom', ids: ['c'] }), 'c')).toEqual({ x: 500, y: 1040, w: 40, h: 40 });
  });

  it('counts a locked widget for the bounds but does not move it', () => {
    const s0 = state([widget('a', 100, 100, 100, 50, { locked: true }), widget('b', 300, 220, 60, 80)], {}, ['a', 'b']);
    const s = applyCommand(s0, { type: 'align', mode: 'top' });
    expect(byId(s, 'a').y).toBe(100);
    expect(byId(s, 'b').y).toBe(100);
    expect(applyCommand(s0, { type: 'align', mode: 'left', ids: ['a'] })).toBe(s0);
  });

  it('moves a group as one piece', () => {
    const s0 = state([widget('a', 100, 100, 50, 50, { group: 'g' }), widget('b', 200, 100, 50, 50, { group: 'g' }), widget('c', 600, 300, 50, 50)]);
    const s = applyCommand(s0, { type: 'align', mode: 'right', ids: ['a', 'b', 'c'] });
    expect([byId(s, 'a').x, byId(s, 'b').x, byId(s, 'c').x]).toEqual([500, 600, 600]);
    const alone = applyCommand(s0, { type: 'align', mode: 'left', ids: ['a', 'b'] });
    expect([byId(alone, 'a').x, byId(alone, 'b').x]).toEqual([0, 100]);
  });
});

describe('distribute', () => {
  it('makes equal horizontal gaps between three or more, the outer ones staying', () => {
    const s0 = state([widget('a', 0, 0, 100, 10), widget('c', 1000, 50, 100, 10), widget('b', 150, 20, 200, 10), widget('d', 600, 0, 100, 10)]);
    const s = applyCommand(s0, { type: 'distribute', axis: 'horizontal', ids: ['a', 'b', 'c', 'd'] });
    expect(['a', 'b', 'd', 'c'].map((id) => byId(s, id).x)).toEqual([0, 300, 700, 1000]);
    expect(['a', 'b', 'c', 'd'].map((id) => byId(s, id).y)).toEqual([0, 20, 50, 0]);
  });

  it('distributes vertically, rounding to whole pixels', () => {
    const s0 = state([widget('a', 0, 0, 10, 10), widget('b', 0, 5, 10, 10), widget('c', 0, 101, 10, 10)], {}, ['a', 'b', 'c']);
    const s = applyCommand(s0, { type: 'distribute', axis: 'vertical' });
    expect(['a', 'b', 'c'].map((id) => byId(s, id).y)).toEqual([0, 51, 101]);
  });

  it('refuses fewer than three unlocked widgets', () => {
    const s0 = state([widget('a', 0, 0, 10, 10), widget('b', 50, 0, 10, 10), widget('c', 300, 0, 10, 10, { locked: true })], {}, ['a', 'b', 'c']);
    const r = executeCommand(s0, { type: 'distribute', axis: 'horizontal' });
    expect(r.refused?.code).toBe('tooFew');
    expect(r.state).toBe(s0);
  });
});

describe('group and selection', () => {
  const base = state([widget('a', 0, 0, 10, 10), widget('b', 20, 0, 10, 10), widget('c', 40, 0, 10, 10), widget('d', 60, 0, 10, 10, { hidden: true })], {}, ['a', 'b']);

  it('groups the selection under a new id; selecting one member then selects the group', () => {
    const s = applyCommand(base, { type: 'group' });
    expect(byId(s, 'a').group).toBe('group1');
    expect(byId(s, 'b').group).toBe('group1');
    expect(s.doc.widgets[2]).toBe(base.doc.widgets[2]);
    const picked = applyCommand(applyCommand(s, { type: 'clearSelection' }), { type: 'select', ids: ['b'] });
    expect(picked.selection).toEqual(['b', 'a']);
    expect(applyCommand(s, { type: 'select', ids: ['b'], exact: true }).selection).toEqual(['b']);
  });

  it('refuses to group fewer than two, and a second group gets its own id', () => {
    expect(executeCommand(base, { type: 'group', ids: ['a'] }).refused?.code).toBe('tooFew');
    const s = applyCommand(applyCommand(base, { type: 'group' }), { type: 'group', ids: ['c', 'd'] });
    expect(byId(s, 'c').group).toBe('group2');
  });

  it('regrouping a member out of a pair dissolves what is left of the pair', () => {
    const s = applyCommand(applyCommand(base, { type: 'group' }), { type: 'group', ids: ['b', 'c'] });
    expect(byId(s, 'a')).not.toHaveProperty('group');
    expect(byId(s, 'b').group).toBe(byId(s, 'c').group);
  });

  it('ungroups every member of the groups touched', () => {
    const grouped = applyCommand(base, { type: 'group' });
    const s = applyCommand(grouped, { type: 'ungroup', ids: ['a'] });
    expect(byId(s, 'a')).not.toHaveProperty('group');
    expect(byId(s, 'b')).not.toHaveProperty('group');
    expect(applyCommand(s, { type: 'ungroup', ids: ['a'] })).toBe(s);
  });

  it('toggles a widget (with its group) in and out of the selection', () => {
    const grouped = applyCommand(base, { type: 'group', ids: ['b', 'c'] });
    const s1 = applyCommand(applyCommand(grouped, { type: 'select', ids: ['a'] }), { type: 'toggleSelect', ids: ['c'] });
    expect(s1.selection).toEqual(['a', 'c', 'b']);
    expect(applyCommand(s1, { type: 'toggleSelect', ids: ['b'] }).selection).toEqual(['a']);
  });

  it('selects all visible widgets, clears, ignores unknown ids and answers the same state for the same selection', () => {
    expect(applyCommand(base, { type: 'selectAll' }).selection).toEqual(['a', 'b', 'c']);
    expect(applyCommand(base, { type: 'clearSelection' }).selection).toEqual([]);
    expect(applyCommand(base, { type: 'select', ids: ['c', 'nope'] }).selection).toEqual(['c']);
    expect(applyCommand(base, { type: 'select', ids: ['a', 'b'] })).toBe(base);
    expect(applyCommand(base, { type: 'select', ids: ['a'] }).doc).toBe(base.doc);
  });
});

describe('z order', () => {
  const base = state([widget('a', 0, 0, 1, 1, { z: 0 }), widget('b', 0, 0, 1, 1, { z: 0 }), widget('c', 0, 0, 1, 1, { z: 5 }), widget('d', 0, 0, 1, 1, { z: 2 })]);
  const order = (s: typeof base) => [...s.doc.widgets].sort((x, y) => x.z - y.z).map((w) => w.id);

  it('starts from z then list order', () => {
    expect(order(base)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('brings forward one step past the next widget and renumbers z 0..n-1', () => {
    const s = applyCommand(base, { type: 'zOrder', move: 'forward', ids: ['a'] });
    expect(order(s)).toEqual(['b', 'a', 'd', 'c']);
    expect(s.doc.widgets.map((w) => w.z)).toEqual([1, 0, 3, 2]);
  });

  it('moves a block of selected widgets together', () => {
    expect(order(applyCommand(base, { type: 'zOrder', move: 'forward', ids: ['a', 'b'] }))).toEqual(['d', 'a', 'b', 'c']);
    expect(order(applyCommand(base, { type: 'zOrder', move: 'backward', ids: ['d', 'c'] }))).toEqual(['a', 'd', 'c', 'b']);
  });

  it('sends to the front and back keeping the selected widgets in their order', () => {
    expect(order(applyCommand(base, { type: 'zOrder', move: 'front', ids: ['b', 'a'] }))).toEqual(['d', 'c', 'a', 'b']);
    expect(order(applyCommand(base, { type: 'zOrder', move: 'back', ids: ['c', 'd'] }))).toEqual(['d', 'c', 'a', 'b']);
  });

  it('answers the same state when the order does not change', () => {
    expect(applyCommand(base, { type: 'zOrder', move: 'front', ids: ['c'] })).toBe(base);
    expect(applyCommand(base, { type: 'zOrder', move: 'backward', ids: ['a'] })).toBe(base);
  });

  it('keeps widgets whose z does not change', () => {
    const s0 = state([widget('a', 0, 0, 1, 1, { z: 0 }), widget('b', 0, 0, 1, 1, { z: 1 }), widget('c', 0, 0, 1, 1, { z: 2 })]);
    const s = applyCommand(s0, { type: 'zOrder', move: 'forward', ids: ['b'] });
    expect(s.doc.widgets[0]).toBe(s0.doc.widgets[0]);
    expect(s.doc.widgets.map((w) => w.z)).toEqual([0, 2, 1]);
  });
});
