import { useState } from 'react';
import { deepEqual } from '../model/deepEqual';
import type { Binding } from '../model/types';
import { bindingToDraft, draftToBinding, type BindingDraft } from './bindingDraft';

/**
 * The binding editor's fields, kept while they are being typed (a half-typed path is no binding
 * yet) and reset from the document when it changes under them (undo, redo). A change that only
 * lands what the fields already say keeps them as typed.
 */
export function useBindingDraft(binding: Binding | undefined): [BindingDraft, (draft: BindingDraft) => void] {
  const [state, setState] = useState(() => ({ binding, draft: bindingToDraft(binding) }));
  let current = state;
  if (state.binding !== binding) {
    const typed = draftToBinding(state.draft);
    const same = typed.ok ? deepEqual(typed.binding, binding) : false;
    current = { binding, draft: same ? state.draft : bindingToDraft(binding) };
    setState(current);
  }
  return [current.draft, (draft) => setState((s) => ({ ...s, draft }))];
}
