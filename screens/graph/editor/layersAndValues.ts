import { Cell } from '@maxgraph/core';
import { EditorGraph } from './editorGraph';

/**
 * Layers (the root's children in maxGraph) and the wrapper values of bound cells (`<UserObject>`
 * elements, contract/graph/binding.ts). Changes go through the model, so they are undoable.
 */

export interface LayerInfo {
  cell: Cell;
  name: string;
  visible: boolean;
  current: boolean;
}

const isElement = (v: unknown): v is Element => !!v && typeof v === 'object' && 'getAttribute' in (v as object);

/** An attribute of a cell's wrapper (`label` of a plain-text value too); null when absent. */
export function cellAttr(cell: Cell, name: string): string | null {
  const v = cell.value as unknown;
  if (isElement(v)) return v.getAttribute(name);
  if (name === 'label' && v !== null && v !== undefined && typeof v !== 'object') return String(v);
  return null;
}

/**
 * Writes wrapper attributes (a string sets, null removes) as one undoable value change. A cell with
 * a plain value gets a `<UserObject>` wrapper, its text kept as `label`.
 */
export function setCellAttrs(ed: EditorGraph, cell: Cell, attrs: Record<string, string | null>): void {
  const old = cell.value as unknown;
  const el = isElement(old)
    ? (old.cloneNode(true) as Element)
    : EditorGraph.userObject(old === null || old === undefined || typeof old === 'object' ? {} : { label: String(old) });
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
  }
  ed.graph.getDataModel().setValue(cell, el);
}

/** The layers, bottom first. */
export function listLayers(ed: EditorGraph, unnamed: (n: number) => string): LayerInfo[] {
  const root = ed.graph.getDataModel().getRoot();
  if (!root) return [];
  const current = ed.graph.getDefaultParent();
  const out: LayerInfo[] = [];
  for (let i = 0; i < root.getChildCount(); i += 1) {
    const cell = root.getChildAt(i);
    const name = typeof cell.value === 'string' && cell.value.trim() ? cell.value : unnamed(i + 1);
    out.push({ cell, name, visible: cell.isVisible(), current: cell === current });
  }
  return out;
}

/** Adds a layer on top and makes it the current one (where new symbols go). */
export function addLayer(ed: EditorGraph, name: string): Cell {
  const model = ed.graph.getDataModel();
  const layer = new Cell(name);
  ed.graph.batchUpdate(() => {
    model.add(model.getRoot(), layer);
  });
  setCurrentLayer(ed, layer);
  return layer;
}

export function setLayerVisible(ed: EditorGraph, layer: Cell, visible: boolean): void {
  ed.graph.getDataModel().setVisible(layer, visible);
  if (!visible) ed.graph.removeSelectionCells(ed.graph.getSelectionCells().filter((c) => c.getParent() === layer));
}

/** New symbols go into the current layer. Not a model change (not saved, not undone). */
export function setCurrentLayer(ed: EditorGraph, layer: Cell): void {
  ed.graph.setDefaultParent(layer);
  ed.emit();
}

export function renameLayer(ed: EditorGraph, layer: Cell, name: string): void {
  ed.graph.getDataModel().setValue(layer, name);
}

/** Moves the selected top-level cells (not their parts) into `layer`, keeping their positions. */
export function moveSelectionToLayer(ed: EditorGraph, layer: Cell): void {
  const root = ed.graph.getDataModel().getRoot();
  const cells = ed.graph.getSelectionCells().filter((c) => c.getParent()?.getParent() === root && c.getParent() !== layer);
  if (!cells.length) return;
  ed.graph.moveCells(cells, 0, 0, false, layer);
}
