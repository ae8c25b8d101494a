import { executeCommand, withDoc } from './editorState';
import type { EditorCommand, EditorState } from './editorState';
import { canRedo, canUndo, createHistory, endGesture, markSaved, push, redo, undo } from './history';
import type { History } from './history';
import type { EditorDoc, Guides, Refusal } from './types';

/** The editor state with its undo history: what the editor page keeps in one reducer or atom. */
export interface EditorSession {
  state: EditorState;
  history: History<EditorDoc>;
}

export function createSession(doc: EditorDoc, guides?: Guides): EditorSession {
  return { state: { doc, selection: [], guides: guides ?? { h: [], v: [] } }, history: createHistory(doc) };
}

/**
 * Runs a command: a change of the document is an undo step (or joins the open gesture with the
 * same `coalesce` key); a change of only the selection or guides is not. A refused or empty
 * command answers the same session.
 */
export function dispatch(session: EditorSession, command: EditorCommand, options: { coalesce?: string } = {}): { session: EditorSession; refused?: Refusal } {
  const { state, refused } = executeCommand(session.state, command);
  if (refused) return { session, refused };
  if (state === session.state) return { session };
  const history = state.doc === session.state.doc ? session.history : push(session.history, state.doc, options);
  return { session: { state, history } };
}

/**
 * Replaces the document as one undo step (a restored draft or revision, an imported document),
 * keeping what was there before undoable.
 */
export function replaceDoc(session: EditorSession, doc: EditorDoc): EditorSession {
  return { state: withDoc(session.state, doc), history: endGesture(push(endGesture(session.history), doc)) };
}

/** Closes the open gesture (pointer up, field blur); one that ended where it began leaves no step. */
export function endSessionGesture(session: EditorSession): EditorSession {
  const history = endGesture(session.history);
  return history === session.history ? session : { state: withDoc(session.state, history.present), history };
}

export function undoSession(session: EditorSession): EditorSession {
  if (!canUndo(session.history)) return session;
  const history = undo(session.history);
  return { state: withDoc(session.state, history.present), history };
}

export function redoSession(session: EditorSession): EditorSession {
  if (!canRedo(session.history)) return session;
  const history = redo(session.history);
  return { state: withDoc(session.state, history.present), history };
}

/** After a successful save of `doc` (default: the current document). */
export function markSessionSaved(session: EditorSession, doc?: EditorDoc): EditorSession {
  return { ...session, history: markSaved(session.history, doc) };
}

/**
 * A coalesce key for the commands a gesture repeats: a drag's moves of one selection, a resize
 * of one widget, typing in one field. Pass it to {@link dispatch} and end the gesture on pointer
 * up or blur; other commands answer undefined (each one a step).
 */
export function coalesceKeyOf(command: EditorCommand): string | undefined {
  switch (command.type) {
    case 'move': return `move:${(command.ids ?? []).join(',')}`;
    case 'nudge': return `nudge:${(command.ids ?? []).join(',')}`;
    case 'resize': return `resize:${command.id}`;
    case 'setRect': return `rect:${command.id}:${Object.keys(command.rect).sort().join(',')}`;
    case 'setProps': return `props:${command.id}:${Object.keys(command.props).sort().join(',')}`;
    case 'setField': return `field:${command.id}:${command.field}`;
    case 'rename': return `field:${command.id}:name`;
    default: return undefined;
  }
}
