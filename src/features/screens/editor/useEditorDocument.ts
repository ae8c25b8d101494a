import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createEditorState, executeCommand, withDoc, type EditorCommand, type EditorState } from './model/editorState';
import { canRedo, canUndo, createHistory, endGesture, markSaved, push, redo, resetHistory, undo, type History } from './model/history';
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
  /** Starts over from a document (a reload, a restored revision): no undo steps. */
  reset(doc: EditorDoc, guides?: Guides): void;
  /** Replaces the present with a document as one undoable step (a restored draft). */
  replace(doc: EditorDoc): void;
}

/**
 * The editor's document with its undo history (selection and guides beside it, not undoable). A
 * gesture's frames or one field's keystrokes are one step: the gesture ends at pointer up and
 * when a field loses focus.
 */
export function useEditorDocument(initial: EditorDoc, initialGuides?: Guides): EditorDocument {
  const [history, setHistory] = useState<History<EditorDoc>>(() => createHistory(initial));
  const [view, setView] = useState<EditorState>(() => createEditorState(initial, initialGuides));
  const ref = useRef({ history, view });
  ref.current = { history, view };

  const state = useMemo(() => withDoc(view, history.present), [view, history.present]);

  useEffect(() => {
    const close = () => setHistory((h) => endGesture(h));
    window.addEventListener('pointerup', close);
    window.addEventListener('focusout', close);
    return () => {
      window.removeEventListener('pointerup', close);
      window.removeEventListener('focusout', close);
    };
  }, []);

  const dispatch = useCallback((command: EditorCommand, options?: { coalesce?: string }) => {
    const current = withDoc(ref.current.view, ref.current.history.present);
    const result = executeCommand(current, command);
    if (result.refused) return result.refused;
    const next = result.state;
    if (next.doc !== current.doc) {
      const h = push(ref.current.history, next.doc, options);
      ref.current.history = h;
      setHistory(h);
    }
    ref.current.view = next;
    setView(next);
    return undefined;
  }, []);

  return {
    state,
    dirty: history.dirty,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    dispatch,
    undo: useCallback(() => setHistory((h) => undo(h)), []),
    redo: useCallback(() => setHistory((h) => redo(h)), []),
    markSaved: useCallback((doc?: EditorDoc) => setHistory((h) => markSaved(h, doc ?? h.present)), []),
    reset: useCallback((doc: EditorDoc, guides?: Guides) => {
      setHistory((h) => resetHistory(h, doc));
      setView((v) => createEditorState(doc, guides ?? v.guides));
    }, []),
    replace: useCallback((doc: EditorDoc) => setHistory((h) => push(h, doc)), []),
  };
}
