import type { EditorDoc, EditorWidget } from './types';

/** The document with each widget passed through `fn`; the same document when `fn` changed none. */
export function mapWidgets(doc: EditorDoc, fn: (w: EditorWidget, index: number) => EditorWidget): EditorDoc {
  let changed = false;
  const widgets = doc.widgets.map((w, i) => {
    const next = fn(w, i);
    if (next !== w) changed = true;
    return next;
  });
  return changed ? { ...doc, widgets } : doc;
}

/** The widgets bottom to top: by z, then by their place in the list (what the runtime paints). */
export function stackOrder(widgets: readonly EditorWidget[]): EditorWidget[] {
  return widgets.map((w, i) => ({ w, i })).sort((a, b) => a.w.z - b.w.z || a.i - b.i).map((e) => e.w);
}

export function topZ(widgets: readonly EditorWidget[]): number {
  return widgets.reduce((m, w) => Math.max(m, w.z), -1);
}

/**
 * Gives the widgets z = 0, 1, 2, … in the order of `bottomToTop` (ids), keeping the objects whose z
 * is already right. Leaves the list order alone: only z says what is on top.
 */
export function renumberZ(doc: EditorDoc, bottomToTop: readonly string[]): EditorDoc {
  const z = new Map(bottomToTop.map((id, i) => [id, i]));
  return mapWidgets(doc, (w) => {
    const next = z.get(w.id);
    return next === undefined || next === w.z ? w : { ...w, z: next };
  });
}

/** The ids with every other member of their groups added (selecting one member selects the group). */
export function expandGroups(doc: EditorDoc, ids: readonly string[]): string[] {
  const byId = new Map(doc.widgets.map((w) => [w.id, w]));
  const groups = new Set(ids.map((id) => byId.get(id)?.group).filter((g): g is string => !!g));
  if (groups.size === 0) return ids.filter((id) => byId.has(id));
  const out = ids.filter((id) => byId.has(id));
  const seen = new Set(out);
  for (const w of doc.widgets) {
    if (w.group && groups.has(w.group) && !seen.has(w.id)) {
      out.push(w.id);
      seen.add(w.id);
    }
  }
  return out;
}

/** Drops the group mark of a widget left alone in its group (after a delete or an ungroup of the others). */
export function dropLoneGroups(doc: EditorDoc): EditorDoc {
  const count = new Map<string, number>();
  for (const w of doc.widgets) if (w.group) count.set(w.group, (count.get(w.group) ?? 0) + 1);
  return mapWidgets(doc, (w) => (w.group && count.get(w.group) === 1 ? without(w, 'group') : w));
}

/** A copy of an object without one key. */
export function without<T extends object, K extends keyof T>(o: T, key: K): T {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

/** The widgets of `ids` in document order. */
export function widgetsOf(doc: EditorDoc, ids: readonly string[]): EditorWidget[] {
  const set = new Set(ids);
  return doc.widgets.filter((w) => set.has(w.id));
}
