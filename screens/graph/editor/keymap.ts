/**
 * The editor's keyboard shortcuts as a pure map from a key press to a command, so the bindings are
 * testable without a browser. Ctrl stands for Cmd on macOS (`meta`).
 */

export type EditorCommand =
  | 'undo' | 'redo' | 'copy' | 'cut' | 'paste' | 'duplicate' | 'delete' | 'selectAll' | 'save'
  | 'zoomIn' | 'zoomOut' | 'zoomActual' | 'escape'
  | 'nudgeLeft' | 'nudgeRight' | 'nudgeUp' | 'nudgeDown'
  | 'bigNudgeLeft' | 'bigNudgeRight' | 'bigNudgeUp' | 'bigNudgeDown';

export interface KeyPress {
  key: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  alt?: boolean;
}

/** Commands that change the graph: a read-only editor ignores them. */
export const EDITING_COMMANDS: ReadonlySet<EditorCommand> = new Set<EditorCommand>([
  'undo', 'redo', 'cut', 'paste', 'duplicate', 'delete', 'save',
  'nudgeLeft', 'nudgeRight', 'nudgeUp', 'nudgeDown', 'bigNudgeLeft', 'bigNudgeRight', 'bigNudgeUp', 'bigNudgeDown',
]);

const ARROWS: Record<string, 'Left' | 'Right' | 'Up' | 'Down'> = {
  ArrowLeft: 'Left', ArrowRight: 'Right', ArrowUp: 'Up', ArrowDown: 'Down',
};

/** The command a key press means, or null when it means none (the browser keeps it). */
export function commandForKey(press: KeyPress): EditorCommand | null {
  const ctrl = press.ctrl === true || press.meta === true;
  if (press.alt) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (ctrl) {
    switch (key) {
      case 'z': return press.shift ? 'redo' : 'undo';
      case 'y': return 'redo';
      case 'c': return 'copy';
      case 'x': return 'cut';
      case 'v': return 'paste';
      case 'd': return 'duplicate';
      case 'a': return 'selectAll';
      case 's': return 'save';
      case '0': return 'zoomActual';
      case '=': case '+': return 'zoomIn';
      case '-': return 'zoomOut';
      default: return null;
    }
  }
  if (key === 'Delete' || key === 'Backspace') return 'delete';
  if (key === 'Escape') return 'escape';
  if (key === '+' || key === '=') return 'zoomIn';
  if (key === '-') return 'zoomOut';
  const arrow = ARROWS[key];
  if (arrow) return `${press.shift ? 'bigNudge' : 'nudge'}${arrow}` as EditorCommand;
  return null;
}

/** How far a nudge moves the selection, in graph units: 1, or the grid size with Shift. */
export function nudgeDelta(command: EditorCommand, gridSize: number): { dx: number; dy: number } | null {
  const m = /^(bigNudge|nudge)(Left|Right|Up|Down)$/.exec(command);
  if (!m) return null;
  const step = m[1] === 'bigNudge' ? Math.max(1, gridSize) : 1;
  switch (m[2]) {
    case 'Left': return { dx: -step, dy: 0 };
    case 'Right': return { dx: step, dy: 0 };
    case 'Up': return { dx: 0, dy: -step };
    default: return { dx: 0, dy: step };
  }
}
