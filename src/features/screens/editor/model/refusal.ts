import type { EditorState } from './editorState';
import type { Refusal } from './types';

/** What the command functions answer: a new state (the same object when nothing changed) or a refusal. */
export type Outcome = EditorState | { refused: Refusal };

export function refuse(code: Refusal['code'], message: string, params?: Refusal['params']): { refused: Refusal } {
  return { refused: params ? { code, message, params } : { code, message } };
}
