import { describe, expect, it } from 'vitest';
import { canRedo, canUndo } from './history';
import { coalesceKeyOf, createSession, dispatch, endSessionGesture, markSessionSaved, redoSession, replaceDoc, undoSession } from './session';
import type { EditorSession } from './session';
import { doc, widget } from './testDoc';

const start = () => createSession(doc([widget('a', 100, 100, 50, 50), widget('b', 300, 100, 50, 50)]));
const run = (s: EditorSession, ...args: Parameters<typeof dispatch>[1][]) => args.reduce((acc, c) => dispatch(acc, c).session, s);

describe('editor session', () => {
  it('selection changes are not undo steps', () => {
    const s = run(start(), { type: 'select', ids: ['a'] }, { type: 'selectAll' }, { type: 'clearSelection' });
    expect(canUndo(s.history)).toBe(false);
    expect(s.history.dirty).toBe(false);
  });

  it('a drag of 60 frames is one step, undone in one go', () => {
    let s = run(start(), { type: 'select', ids: ['a'] });
    for (let f = 0; f < 60; f++) s = dispatch(s, { type: 'move', ids: ['a'], dx: 2, dy: 1 }, { coalesce: 'drag-1' }).session;
    s = endSessionGesture(s);
    expect(s.state.doc.widgets[0]).toMatchObject({ x: 220, y: 160 });
    expect(s.history.past).toHaveLength(1);
    s = undoSession(s);
    expect(s.state.doc.widgets[0]).toMatchObject({ x: 100, y: 100 });
    expect(s.state.selection).toEqual(['a']);
    s = redoSession(s);
    expect(s.state.doc.widgets[0]).toMatchObject({ x: 220, y: 160 });
  });

  it('a drag back to where it started leaves no step', () => {
    const s0 = start();
    let s = dispatch(s0, { type: 'move', ids: ['a'], dx: 30, dy: 0 }, { coalesce: 'drag' }).session;
    s = dispatch(s, { type: 'move', ids: ['a'], dx: -30, dy: 0 }, { coalesce: 'drag' }).session;
    s = endSessionGesture(s);
    expect(canUndo(s.history)).toBe(false);
    expect(s.state.doc).toBe(s0.state.doc);
  });

  it('typing in one field is one step', () => {
    let s = start();
    for (const text of ['E', 'En', 'Ene', 'Energy']) {
      const command = { type: 'setField', id: 'a', field: 'title', value: text } as const;
      s = dispatch(s, command, { coalesce: coalesceKeyOf(command) }).session;
    }
    expect(s.history.past).toHaveLength(1);
    expect(undoSession(s).state.doc.widgets[0]).not.toHaveProperty('title');
  });

  it('undo drops selected widgets that no longer exist', () => {
    let s = run(start(), { type: 'addWidget', widgetType: 'kpi', x: 0, y: 0 });
    expect(s.state.selection).toEqual(['kpi1']);
    s = undoSession(s);
    expect(s.state.selection).toEqual([]);
    expect(canRedo(s.history)).toBe(true);
  });

  it('a refused command answers the reason and the same session', () => {
    const s0 = start();
    const r = dispatch(s0, { type: 'distribute', axis: 'horizontal', ids: ['a', 'b'] });
    expect(r.refused?.code).toBe('tooFew');
    expect(r.session).toBe(s0);
  });

  it('keeps 100+ undo steps of real commands and is clean once undone to the saved document', () => {
    let s = markSessionSaved(start());
    for (let i = 0; i < 120; i++) s = dispatch(s, { type: 'nudge', direction: i % 2 ? 'right' : 'down', ids: ['b'] }).session;
    expect(s.state.doc.widgets[1]).toMatchObject({ x: 360, y: 160 });
    expect(s.history.dirty).toBe(true);
    for (let i = 0; i < 120; i++) s = undoSession(s);
    expect(s.state.doc.widgets[1]).toMatchObject({ x: 300, y: 100 });
    expect(s.history.dirty).toBe(false);
    expect(canUndo(s.history)).toBe(false);
  });

  it('replaces the document as one undoable step (a restored draft)', () => {
    const s0 = start();
    const draft = doc([widget('z', 0, 0, 10, 10)]);
    const s = replaceDoc(run(s0, { type: 'select', ids: ['a'] }), draft);
    expect(s.state.doc).toBe(draft);
    expect(s.state.selection).toEqual([]);
    expect(s.history.dirty).toBe(true);
    expect(undoSession(s).state.doc).toBe(s0.state.doc);
  });
});
