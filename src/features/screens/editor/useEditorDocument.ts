import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditorCommand, EditorState } from './model/editorState';
import { canRedo, canUndo } from './model/history';
import {
  createSession, dispatch as dispatchSession, endSessionGesture, markSessionSaved, redoSession, replaceDoc, undoSession, type EditorSession,
} from './model/session';
import type { EditorDoc, Guides, Refusal } from './model/types';

export interface EditorDocument {
  state: EditorState;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** Applies a command; answers why it was refused, if it was. */
  dispatch(command: EditorCommand, options?: { coalesce?: string }): Refusal | undefined;
  undo(): void;
  redo(): void;
  /** The document as saved now (clean until the next change). */
  markSaved(doc?: EditorDoc): void;
  /** Replaces the present with a document as one undoable step (a restored draft). */
  replace(doc: EditorDoc): void;
}

/**
 * The editor's session (model/session.ts: the document with its undo history, the selection and
 * guides beside it) as React state. A gesture's frames or one field's keystrokes are one step: the
 * gesture ends at pointer up and when a field loses focus.
 */
export function useEditorDocument(initial: EditorDoc, initialGuides?: Guides): EditorDocument {
  const [session, setSession] = useState<EditorSession>(() => createSession(initial, initialGuides));
  // Commands answer their refusal at once, so they work on the latest session, not a render's copy.
  const ref = useRef(session);
  const update = useCallback((next: (s: EditorSession) => EditorSession) => {
    ref.current = next(ref.current);
    setSession(ref.current);
  }, []);

  useEffect(() => {
    const close = () => update(endSessionGesture);
    window.addEventListener('pointerup', close);
    window.addEventListener('focusout', close);
    return () => {
      window.removeEventListener('pointerup', close);
      window.removeEventListener('focusout', close);
    };
  }, [update]);

  const dispatch = useCallback((command: EditorCommand, options?: { coalesce?: string }) => {
    const result = dispatchSession(ref.current, command, options);
    if (result.session !== ref.current) update(() => result.session);
    return result.refused;
  }, [update]);

  return {
    state: session.state,
    dirty: session.history.dirty,
    canUndo: canUndo(session.history),
    canRedo: canRedo(session.history),
    dispatch,
    undo: useCallback(() => update(undoSession), [update]),
    redo: useCallback(() => update(redoSession), [update]),
    markSaved: useCallback((doc?: EditorDoc) => update((s) => markSessionSaved(s, doc)), [update]),
    replace: useCallback((doc: EditorDoc) => update((s) => replaceDoc(s, doc)), [update]),
  };
}
