import { Cell, Clipboard, Geometry, type CellStyle } from '@maxgraph/core';
import { parseStateRules, serializeStateRules } from '../../../contract/graph/binding';
import type { GraphSymbolDef } from '../symbols/graphSymbols';
import { alignBoxes, distributeBoxes, type AlignMode, type Box, type DistributeAxis } from './align';
import { EditorGraph } from './editorGraph';
import { nudgeDelta, type EditorCommand } from './keymap';
import { cellAttr, setCellAttrs } from './layersAndValues';
import { parseStyleString } from './styleString';

/**
 * What the toolbar, palette, keyboard and panels do to the graph. Each change is one model
 * update, so it is one step of undo.
 */

export type EdgeKind = 'orthogonal' | 'elbow' | 'straight';

const EDGE_STYLES: Record<EdgeKind, CellStyle> = {
  orthogonal: { edgeStyle: 'orthogonalEdgeStyle', rounded: true },
  elbow: { edgeStyle: 'elbowEdgeStyle', rounded: false },
  straight: { edgeStyle: undefined, rounded: false },
};

const geometryOf = (cell: Cell) => cell.getGeometry();

/** Places a library symbol with its top-left corner at (x, y) in graph units; selects it. */
export function insertSymbol(ed: EditorGraph, def: GraphSymbolDef, label: string, x: number, y: number): Cell {
  const { graph } = ed;
  let cell!: Cell;
  graph.batchUpdate(() => {
    cell = graph.insertVertex({
      parent: graph.getDefaultParent(),
      value: EditorGraph.userObject({ label, symbol: def.key }),
      position: [graph.snap(x), graph.snap(y)],
      size: [def.width, def.height],
      style: parseStyleString(def.style) as CellStyle,
    });
  });
  graph.setSelectionCell(cell);
  return cell;
}

/** The top-left of a symbol placed in the middle of what the canvas shows. */
export function visibleCentre(ed: EditorGraph, width: number, height: number): { x: number; y: number } {
  const { container } = ed;
  const view = ed.graph.getView();
  const cx = (container.scrollLeft + container.clientWidth / 2) / view.scale - view.translate.x;
  const cy = (container.scrollTop + container.clientHeight / 2) / view.scale - view.translate.y;
  // Cascade clicks a little so repeated adds do not stack exactly.
  const offset = (ed.graph.getChildVertices(ed.graph.getDefaultParent()).length % 6) * 20;
  return { x: cx - width / 2 + offset, y: cy - height / 2 + offset };
}

const selectedVertices = (ed: EditorGraph) => ed.graph.getSelectionCells().filter((c) => c.isVertex() && geometryOf(c));

/** Aligns the selected vertices (two or more). */
export function alignSelection(ed: EditorGraph, mode: AlignMode): void {
  applyBoxes(ed, selectedVertices(ed), (boxes) => alignBoxes(boxes, mode));
}

/** Spreads the selected vertices (three or more) with equal gaps. */
export function distributeSelection(ed: EditorGraph, axis: DistributeAxis): void {
  applyBoxes(ed, selectedVertices(ed), (boxes) => distributeBoxes(boxes, axis));
}

function applyBoxes(ed: EditorGraph, cells: Cell[], fn: (boxes: Box[]) => Box[]): void {
  if (cells.length < 2) return;
  const geos = cells.map((c) => geometryOf(c)!);
  const out = fn(geos.map((g) => ({ x: g.x, y: g.y, width: g.width, height: g.height })));
  const model = ed.graph.getDataModel();
  ed.graph.batchUpdate(() => {
    cells.forEach((cell, i) => {
      if (geos[i].x === out[i].x && geos[i].y === out[i].y) return;
      const g = geos[i].clone() as Geometry;
      g.x = out[i].x;
      g.y = out[i].y;
      model.setGeometry(cell, g);
    });
  });
}

/** Connects the first two selected vertices with an edge of the default (orthogonal) style. */
export function connectSelection(ed: EditorGraph): Cell | null {
  const [a, b] = selectedVertices(ed);
  if (!a || !b) return null;
  const { graph } = ed;
  let edge: Cell | null = null;
  graph.batchUpdate(() => {
    edge = graph.insertEdge({ parent: graph.getDefaultParent(), source: a, target: b, value: '' });
  });
  if (edge) graph.setSelectionCell(edge);
  return edge;
}

/** Sets the routing of the selected edges. */
export function setEdgeKind(ed: EditorGraph, kind: EdgeKind): void {
  const edges = ed.graph.getSelectionCells().filter((c) => c.isEdge());
  if (!edges.length) return;
  const model = ed.graph.getDataModel();
  ed.graph.batchUpdate(() => {
    for (const e of edges) model.setStyle(e, { ...e.getStyle(), ...EDGE_STYLES[kind] });
  });
}

/** The routing of an edge's style. */
export function edgeKindOf(cell: Cell): EdgeKind {
  const s = cell.getStyle().edgeStyle;
  return s === 'elbowEdgeStyle' ? 'elbow' : s ? 'orthogonal' : 'straight';
}

/** Rotates the selected vertices by 90° clockwise. */
export function rotateSelection(ed: EditorGraph): void {
  const cells = selectedVertices(ed);
  const model = ed.graph.getDataModel();
  ed.graph.batchUpdate(() => {
    for (const c of cells) model.setStyle(c, { ...c.getStyle(), rotation: (((c.getStyle().rotation ?? 0) + 90) % 360) });
  });
}

/** Runs a keyboard or toolbar command; returns whether it did something (the key is consumed). */
export function runCommand(ed: EditorGraph, command: EditorCommand): boolean {
  const { graph } = ed;
  const sel = graph.getSelectionCells();
  switch (command) {
    case 'undo': ed.undo.undo(); return true;
    case 'redo': ed.undo.redo(); return true;
    case 'copy': if (sel.length) Clipboard.copy(graph, sel); return sel.length > 0;
    case 'cut': if (sel.length) Clipboard.cut(graph, sel); return sel.length > 0;
    case 'paste': if (!Clipboard.isEmpty()) Clipboard.paste(graph); return true;
    case 'duplicate': {
      if (!sel.length) return false;
      const step = Math.max(20, graph.getGridSize() * 2);
      const clones = graph.moveCells(sel, step, step, true);
      graph.setSelectionCells(clones);
      return true;
    }
    case 'delete': if (sel.length) graph.removeCells(sel, true); return sel.length > 0;
    case 'selectAll': graph.selectAll(); return true;
    case 'escape': graph.clearSelection(); return true;
    case 'zoomIn': graph.zoomIn(); return true;
    case 'zoomOut': graph.zoomOut(); return true;
    case 'zoomActual': graph.zoomActual(); return true;
    default: {
      const delta = nudgeDelta(command, graph.getGridSize());
      if (!delta || !sel.length) return false;
      graph.moveCells(sel, delta.dx, delta.dy);
      return true;
    }
  }
}

/**
 * Fits the drawing into the canvas and centres it. It never zooms in beyond the console's own
 * scale (100 % at 1080p, 200 % on a 4K screen whose rem is doubled), so a small graph is not blown
 * up; an empty graph goes back to that scale at the origin.
 */
export function zoomFit(ed: EditorGraph, margin = 24): void {
  const { graph, container } = ed;
  const view = graph.getView();
  const b = graph.getGraphBounds();
  const cap = Math.max(1, (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16) / 16);
  if (!b.width || !b.height || !container.clientWidth || !container.clientHeight) {
    view.scaleAndTranslate(cap, 0, 0);
    return;
  }
  const { scale, translate } = view;
  const gw = b.width / scale;
  const gh = b.height / scale;
  const gx = b.x / scale - translate.x;
  const gy = b.y / scale - translate.y;
  const s = Math.max(0.1, Math.min(cap, (container.clientWidth - 2 * margin) / gw, (container.clientHeight - 2 * margin) / gh));
  view.scaleAndTranslate(s, (container.clientWidth / s - gw) / 2 - gx, (container.clientHeight / s - gh) / 2 - gy);
  container.scrollLeft = 0;
  container.scrollTop = 0;
}

/** Brings the selection to the front or sends it to the back of its layer. */
export function orderSelection(ed: EditorGraph, back: boolean): void {
  const sel = ed.graph.getSelectionCells();
  if (sel.length) ed.graph.orderCells(back, sel);
}

/** Whether a cell's state rules ask for flow animation. */
export function hasFlow(cell: Cell): boolean {
  return parseStateRules(cellAttr(cell, 'stateRules')).flow === true;
}

/**
 * Flow animation on the selected edges (and ducts/pipes): `stateRules.flow` for the live view, and
 * a dashed line so the editor shows which connections flow. One undo step.
 */
export function toggleFlow(ed: EditorGraph): void {
  const cells = ed.graph.getSelectionCells();
  if (!cells.length) return;
  const on = !cells.every(hasFlow);
  const model = ed.graph.getDataModel();
  ed.graph.batchUpdate(() => {
    for (const c of cells) {
      const rules = { ...parseStateRules(cellAttr(c, 'stateRules')), flow: on || undefined };
      setCellAttrs(ed, c, { stateRules: serializeStateRules(rules) || null });
      if (c.isEdge()) model.setStyle(c, { ...c.getStyle(), dashed: on, dashPattern: on ? '10 6' : undefined });
    }
  });
}
