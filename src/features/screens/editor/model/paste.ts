import { deepEqual } from './deepEqual';
import { renumberZ, stackOrder, topZ, widgetsOf } from './docHelpers';
import type { EditorState } from './editorState';
import { COPY_OFFSET, MAX_SOURCES, MAX_VARIABLES, MAX_WIDGETS, MAX_Z } from './limits';
import type { Outcome } from './refusal';
import { refuse } from './refusal';
import { boundsOf, placeRect, rectOf } from './geometry';
import { freshId } from './ids';
import type { ClipboardContent } from './clipboard';
import type { DataSource, EditorDoc, EditorWidget } from './types';

/**
 * Adds copies of `widgets` to `doc` shifted by dx, dy (kept on the canvas): new ids (`kpi3`), new
 * group ids (a copied group is a group of its own), stacked on top in their old order, listed in
 * the order given. The copies become the selection.
 */
function insertCopies(state: EditorState, doc: EditorDoc, widgets: readonly EditorWidget[], dx: number, dy: number): Outcome {
  if (doc.widgets.length + widgets.length > MAX_WIDGETS) {
    return refuse('tooMany', `a template holds at most ${MAX_WIDGETS} widgets`, { max: MAX_WIDGETS });
  }
  const ids = new Set(doc.widgets.map((w) => w.id));
  const groupIds = new Set(doc.widgets.map((w) => w.group).filter((g): g is string => !!g));
  const groups = new Map<string, string>();
  let base = doc;
  let z = topZ(doc.widgets) + 1;
  if (z + widgets.length - 1 > MAX_Z) {
    base = renumberZ(doc, stackOrder(doc.widgets).map((w) => w.id));
    z = doc.widgets.length;
  }
  const rank = new Map(stackOrder(widgets).map((w, i) => [w, i]));
  const copies = widgets.map((w): EditorWidget => {
    const copy: EditorWidget = { ...w, ...placeRect({ ...rectOf(w), x: w.x + dx, y: w.y + dy }, doc.canvas, 1), id: freshId(w.type, ids), z: z + rank.get(w)! };
    if (w.group) {
      if (!groups.has(w.group)) groups.set(w.group, freshId('group', groupIds));
      copy.group = groups.get(w.group);
    }
    return copy;
  });
  return { ...state, doc: { ...base, widgets: [...base.widgets, ...copies] }, selection: copies.map((c) => c.id) };
}

/** Copies of the widgets, 20 px down and right of them. */
export function duplicateWidgets(state: EditorState, ids: readonly string[]): Outcome {
  const widgets = widgetsOf(state.doc, ids);
  if (widgets.length === 0) return state;
  return insertCopies(state, state.doc, widgets, COPY_OFFSET, COPY_OFFSET);
}

const sameSource = (a: DataSource, b: DataSource) => deepEqual({ ...a, id: '' }, { ...b, id: '' });

/**
 * Pastes clipboard widgets. The sources they bind to come along: one already here under the same
 * id and settings is shared, one here with the same settings under another id is bound to, a
 * missing one is added, and one whose id is taken by a different source is added under a new id
 * (`overview_1`) with the bindings renamed. Missing variables the sources or titles name are added.
 * Placed at `at` (the top-left of the pasted widgets), else where they were, moved 20 px further
 * for each earlier paste still lying exactly there.
 */
export function pasteWidgets(state: EditorState, content: ClipboardContent, at?: { x: number; y: number }): Outcome {
  const box = boundsOf(content.widgets.map(rectOf));
  if (!box) return state;
  let doc = state.doc;

  const haveVars = new Set(doc.variables.map((v) => v.name));
  const newVars = content.variables.filter((v) => !haveVars.has(v.name));
  if (doc.variables.length + newVars.length > MAX_VARIABLES) {
    return refuse('tooMany', `a template holds at most ${MAX_VARIABLES} variables`, { max: MAX_VARIABLES });
  }

  const bound = new Set(content.widgets.map((w) => w.source?.sourceId).filter((s): s is string => !!s));
  const taken = new Set(doc.sources.map((s) => s.id));
  const rename = new Map<string, string>();
  const added: DataSource[] = [];
  for (const source of content.sources) {
    if (!bound.has(source.id)) continue;
    const here = doc.sources.find((s) => s.id === source.id);
    if (here && sameSource(here, source)) continue;
    const twin = doc.sources.find((s) => sameSource(s, source)) ?? added.find((s) => sameSource(s, source));
    if (twin) {
      rename.set(source.id, twin.id);
      continue;
    }
    const id = taken.has(source.id) ? freshId(source.id, taken, '_') : source.id;
    taken.add(id);
    if (id !== source.id) rename.set(source.id, id);
    added.push({ ...source, id });
  }
  if (doc.sources.length + added.length > MAX_SOURCES) {
    return refuse('tooMany', `a template holds at most ${MAX_SOURCES} data sources`, { max: MAX_SOURCES });
  }
  if (newVars.length || added.length) {
    doc = { ...doc, variables: [...doc.variables, ...newVars], sources: [...doc.sources, ...added] };
  }

  const widgets = content.widgets.map((w): EditorWidget => {
    if (!w.source) return w;
    const target = rename.get(w.source.sourceId) ?? w.source.sourceId;
    if (!taken.has(target)) {
      const copy = { ...w };
      delete copy.source;
      return copy;
    }
    return target === w.source.sourceId ? w : { ...w, source: { ...w.source, sourceId: target } };
  });

  let dx = 0;
  let dy = 0;
  if (at) {
    dx = Math.round(at.x - box.x);
    dy = Math.round(at.y - box.y);
  } else {
    const occupied = new Set(doc.widgets.map((w) => `${w.type}:${w.x},${w.y},${w.w},${w.h}`));
    const lands = (w: EditorWidget) => occupied.has(`${w.type}:${w.x + dx},${w.y + dy},${w.w},${w.h}`);
    while (widgets.some(lands) && dx < 100 * COPY_OFFSET) {
      dx += COPY_OFFSET;
      dy += COPY_OFFSET;
    }
  }
  return insertCopies(state, doc, widgets, dx, dy);
}
