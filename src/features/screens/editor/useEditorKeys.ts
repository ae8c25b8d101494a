import { useEffect, useRef } from 'react';
import type { EditorCommand } from './model/editorState';

export interface EditorKeyActions {
  dispatch(command: EditorCommand): unknown;
  undo(): void;
  redo(): void;
  save(): void;
  /** The selection as clipboard text (null: nothing selected). */
  copyText(): string | null;
  /** Pastes clipboard text; false when it holds no widgets. */
  pasteText(text: string): boolean;
}

/** Whether a key event is aimed at a field (the editor's own keys then stay out of the way). */
export const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, textarea, select, [contenteditable="true"], .ant-select, .ant-picker, .ant-color-picker');

/** Text the editor put on the clipboard, for browsers that give no clipboard event data. */
const LOCAL_CLIPBOARD = 'nv.screenEditor.clipboard';

/**
 * The editor's keys while no input has the focus: arrows nudge (shift: 10 px), Delete removes,
 * ctrl+z / ctrl+shift+z (ctrl+y) undo and redo, ctrl+a selects all, ctrl+d duplicates, ctrl+g
 * groups (shift: ungroups), ctrl+s saves, Escape clears the selection; copy, cut and paste go
 * through the clipboard events (works between templates and tabs, no permission prompt).
 */
export function useEditorKeys(actions: EditorKeyActions): void {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const a = ref.current;
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === 's') {
        e.preventDefault();
        a.save();
        return;
      }
      if (isTyping(e.target)) return;
      const arrows: Record<string, 'left' | 'right' | 'up' | 'down'> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
      let handled = true;
      if (arrows[e.key] && !mod) a.dispatch({ type: 'nudge', direction: arrows[e.key], shift: e.shiftKey });
      else if (e.key === 'Delete' || e.key === 'Backspace') a.dispatch({ type: 'delete' });
      else if (e.key === 'Escape') a.dispatch({ type: 'clearSelection' });
      else if (mod && e.key.toLowerCase() === 'z') {
        if (e.shiftKey) a.redo();
        else a.undo();
      }
      else if (mod && e.key.toLowerCase() === 'y') a.redo();
      else if (mod && e.key.toLowerCase() === 'a') a.dispatch({ type: 'selectAll' });
      else if (mod && e.key.toLowerCase() === 'd') a.dispatch({ type: 'duplicate' });
      else if (mod && e.key.toLowerCase() === 'g') a.dispatch({ type: e.shiftKey ? 'ungroup' : 'group' });
      else handled = false;
      if (handled) e.preventDefault();
    };
    const onCopy = (e: ClipboardEvent, cut: boolean) => {
      if (isTyping(e.target)) return;
      const text = ref.current.copyText();
      if (text === null) return;
      e.preventDefault();
      e.clipboardData?.setData('text/plain', text);
      localStorage.setItem(LOCAL_CLIPBOARD, text);
      if (cut) ref.current.dispatch({ type: 'delete' });
    };
    const copy = (e: ClipboardEvent) => onCopy(e, false);
    const cut = (e: ClipboardEvent) => onCopy(e, true);
    const paste = (e: ClipboardEvent) => {
      if (isTyping(e.target)) return;
      const text = e.clipboardData?.getData('text/plain') || localStorage.getItem(LOCAL_CLIPBOARD) || '';
      if (ref.current.pasteText(text)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('copy', copy);
    document.addEventListener('cut', cut);
    document.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('copy', copy);
      document.removeEventListener('cut', cut);
      document.removeEventListener('paste', paste);
    };
  }, []);
}

/** Puts text where a later paste finds it (the toolbar's copy button has no clipboard event). */
export function rememberClipboard(text: string): void {
  localStorage.setItem(LOCAL_CLIPBOARD, text);
  void navigator.clipboard?.writeText(text).catch(() => undefined);
}
