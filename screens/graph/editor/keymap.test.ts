import { describe, expect, it } from 'vitest';
import { commandForKey, EDITING_COMMANDS, nudgeDelta } from './keymap';

describe('commandForKey', () => {
  it('maps the Ctrl shortcuts (and Cmd)', () => {
    expect(commandForKey({ key: 'z', ctrl: true })).toBe('undo');
    expect(commandForKey({ key: 'Z', ctrl: true, shift: true })).toBe('redo');
    expect(commandForKey({ key: 'y', ctrl: true })).toBe('redo');
    expect(commandForKey({ key: 'c', meta: true })).toBe('copy');
    expect(commandForKey({ key: 'v', ctrl: true })).toBe('paste');
    expect(commandForKey({ key: 'd', ctrl: true })).toBe('duplicate');
    expect(commandForKey({ key: 'a', ctrl: true })).toBe('selectAll');
    expect(commandForKey({ key: 's', ctrl: true })).toBe('save');
    expect(commandForKey({ key: '0', ctrl: true })).toBe('zoomActual');
  });

  it('maps plain keys: delete, zoom, arrows', () => {
    expect(commandForKey({ key: 'Delete' })).toBe('delete');
    expect(commandForKey({ key: 'Backspace' })).toBe('delete');
    expect(commandForKey({ key: '+' })).toBe('zoomIn');
    expect(commandForKey({ key: '-' })).toBe('zoomOut');
    expect(commandForKey({ key: 'ArrowLeft' })).toBe('nudgeLeft');
    expect(commandForKey({ key: 'ArrowDown', shift: true })).toBe('bigNudgeDown');
  });

  it('leaves other keys and Alt combinations to the browser', () => {
    expect(commandForKey({ key: 'q' })).toBeNull();
    expect(commandForKey({ key: 'z', ctrl: true, alt: true })).toBeNull();
    expect(commandForKey({ key: 'p', ctrl: true })).toBeNull();
  });

  it('marks what edits (read-only ignores it) and what only looks', () => {
    expect(EDITING_COMMANDS.has('delete')).toBe(true);
    expect(EDITING_COMMANDS.has('copy')).toBe(false);
    expect(EDITING_COMMANDS.has('zoomIn')).toBe(false);
  });
});

describe('nudgeDelta', () => {
  it('moves 1 unit, or one grid step with Shift', () => {
    expect(nudgeDelta('nudgeLeft', 10)).toEqual({ dx: -1, dy: 0 });
    expect(nudgeDelta('bigNudgeUp', 10)).toEqual({ dx: 0, dy: -10 });
    expect(nudgeDelta('undo', 10)).toBeNull();
  });
});
