import { expandGroups } from './docHelpers';
import type { EditorState } from './editorState';
import type { Outcome } from './refusal';

function withSelection(state: EditorState, selection: string[]): EditorState {
  const same = selection.length === state.selection.length && selection.every((id, i) => id === state.selection[i]);
  return same ? state : { ...state, selection };
}

/** Selects these widgets (and the rest of their groups unless `exact`: the layers panel picks one member). */
export function selectWidgets(state: EditorState, ids: readonly string[], exact: boolean): Outcome {
  const known = new Set(state.doc.widgets.map((w) => w.id));
  const picked = [...new Set(ids)].filter((id) => known.has(id));
  return withSelection(state, exact ? picked : expandGroups(state.doc, picked));
}

/**
 * Shift-click: each given widget (with its group) leaves the selection when it is in it, else
 * joins it.
 */
export function toggleSelection(state: EditorState, ids: readonly string[]): Outcome {
  let selection = state.selection;
  for (const id of ids) {
    const unit = expandGroups(state.doc, [id]);
    if (unit.length === 0) continue;
    const current = new Set(selection);
    selection = current.has(id) ? selection.filter((s) => !unit.includes(s)) : [...selection, ...unit.filter((u) => !current.has(u))];
  }
  return withSelection(state, selection);
}

/** Every visible widget. */
export function selectAll(state: EditorState): Outcome {
  return withSelection(state, state.doc.widgets.filter((w) => !w.hidden).map((w) => w.id));
}

export function clearSelection(state: EditorState): Outcome {
  return withSelection(state, []);
}
