import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, endGesture, markSaved, push, redo, undo } from './history';

describe('history', () => {
  it('undoes and redoes over more than 100 steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 150; i++) h = push(h, i);
    expect(h.past).toHaveLength(150);
    for (let i = 149; i >= 0; i--) {
      h = undo(h);
      expect(h.present).toBe(i);
    }
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    for (let i = 1; i <= 150; i++) h = redo(h);
    expect(h.present).toBe(150);
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
  });

  it('drops the oldest steps beyond the limit of 200', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 250; i++) h = push(h, i);
    expect(h.past).toHaveLength(200);
    expect(h.past[0]).toBe(50);
    while (canUndo(h)) h = undo(h);
    expect(h.present).toBe(50);
  });

  it('a push after undo drops the redo stack; pushing the present changes nothing', () => {
    let h = push(push(createHistory('a'), 'b'), 'c');
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = push(h, 'd');
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual(['a', 'b']);
    expect(push(h, 'd')).toBe(h);
  });

  it('coalesces a gesture of 60 frames into one step, until the gesture ends or the key changes', () => {
    let h = createHistory({ x: 0 });
    for (let f = 1; f <= 60; f++) h = push(h, { x: f }, { coalesce: 'move:a' });
    expect(h.past).toHaveLength(1);
    expect(h.present).toEqual({ x: 60 });
    h = endGesture(h);
    h = push(h, { x: 61 }, { coalesce: 'move:a' });
    expect(h.past).toHaveLength(2);
    h = push(h, { x: 62 }, { coalesce: 'field:a:title' });
    h = push(h, { x: 63 }, { coalesce: 'field:a:title' });
    expect(h.past).toHaveLength(3);
    h = push(h, { x: 64 });
    h = push(h, { x: 65 });
    expect(h.past).toHaveLength(5);
    expect(undo(undo(undo(undo(undo(h))))).present).toEqual({ x: 0 });
  });

  it('a gesture that ends where it began leaves no step', () => {
    const start = { x: 0 };
    let h = push(createHistory({ x: -1 }), start);
    h = push(h, { x: 5 }, { coalesce: 'drag' });
    h = push(h, { x: 0 }, { coalesce: 'drag' });
    h = endGesture(h);
    expect(h.past).toHaveLength(1);
    expect(h.present).toBe(start);
    const moved = endGesture(push(push(h, { x: 5 }, { coalesce: 'drag' }), { x: 6 }, { coalesce: 'drag' }));
    expect(moved.past).toHaveLength(2);
    expect(endGesture(moved)).toBe(moved);
  });

  it('undo closes the gesture so the next frame of the same key is a new step', () => {
    let h = push(push(createHistory(0), 1, { coalesce: 'k' }), 2, { coalesce: 'k' });
    h = undo(h);
    expect(h.present).toBe(0);
    h = push(h, 3, { coalesce: 'k' });
    expect(h.past).toEqual([0]);
  });

  it('is dirty after a change, clean after save, and clean again when undone back to the saved document', () => {
    const base = { v: 1 };
    let h = createHistory(base);
    expect(h.dirty).toBe(false);
    h = push(h, { v: 2 });
    expect(h.dirty).toBe(true);
    h = markSaved(h);
    expect(h.dirty).toBe(false);
    h = push(h, { v: 3 });
    expect(h.dirty).toBe(true);
    h = undo(h);
    expect(h.dirty).toBe(false);
    h = undo(h);
    expect(h.dirty).toBe(true);
    h = redo(h);
    expect(h.dirty).toBe(false);
  });

  it('counts an edit that puts back the saved content as clean, and marks a document saved while newer edits are dirty', () => {
    let h = createHistory({ x: 1 });
    h = push(h, { x: 2 }, { coalesce: 'drag' });
    h = push(h, { x: 1 }, { coalesce: 'drag' });
    expect(h.dirty).toBe(false);
    const sent = { x: 5 };
    h = push(h, sent);
    h = push(h, { x: 6 });
    h = markSaved(h, sent);
    expect(h.dirty).toBe(true);
    expect(undo(h).dirty).toBe(false);
  });

  it('saving closes the gesture, so what follows is a step of its own', () => {
    let h = push(createHistory(0), 1, { coalesce: 'k' });
    h = markSaved(h);
    h = push(h, 2, { coalesce: 'k' });
    expect(h.past).toEqual([0, 1]);
  });
});
