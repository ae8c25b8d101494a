import {
  Cell, Graph, InternalEvent, ModelXmlSerializer, RubberBandHandler, UndoManager, VertexHandlerConfig,
  getDefaultPlugins, xmlUtils, type EventObject, type EventSource,
} from '@maxgraph/core';
import { hmi } from '../symbols/hmiPalette';
import { normalizeGeometryAttrs } from './xmlExport';

/** The XML of an empty graph: the root and one layer (maxGraph's default parent). */
export const EMPTY_GRAPH_XML = '<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel>';

/** Snapshot of what the toolbar and panels show; pushed to React on every change. */
export interface EditorState {
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  selection: Cell[];
  zoom: number;
  gridEnabled: boolean;
  gridSize: number;
  /** Bumped on every model change so panels re-read cells. */
  revision: number;
}

type Listener = (sender: EventSource, evt: EventObject) => void;

/**
 * The editor's maxGraph instance with its undo history, rubber band, grid painting and dirty
 * tracking. Every listener it adds is kept and removed in `dispose()` (a console tab may stay open
 * for days; the graph is destroyed with its page).
 */
export class EditorGraph {
  readonly graph: Graph;
  readonly undo = new UndoManager();
  private readonly removers: (() => void)[] = [];
  private savedIndex = 0;
  private revision = 0;
  private onState: (s: EditorState) => void = () => undefined;

  constructor(readonly container: HTMLElement, readonly readOnly: boolean) {
    // Rotation handle on selected vertices (a global of maxGraph's handler config; the live view
    // selects nothing, so it is unaffected).
    VertexHandlerConfig.rotationEnabled = true;
    const graph = new Graph(container, undefined, [...getDefaultPlugins(), RubberBandHandler]);
    this.graph = graph;
    graph.setPanning(true);
    graph.setConnectable(!readOnly);
    graph.setCellsEditable(false); // labels are edited in the binding panel (plain text, no HTML editor)
    graph.setTooltips(false);
    graph.setAllowDanglingEdges(false);
    graph.setGridEnabled(true);
    graph.setGridSize(10);
    graph.setEnabled(true);
    if (readOnly) {
      graph.setCellsMovable(false);
      graph.setCellsResizable(false);
      graph.setCellsDeletable(false);
      graph.setCellsBendable(false);
      graph.setCellsDisconnectable(false);
    }
    // maxGraph 0.24's ConnectionHandler inserts new edges with the id '' (not null), which the model
    // keeps, so every drawn edge would share one empty id; give such cells a fresh id instead.
    const model = graph.getDataModel();
    const cellAdded = model.cellAdded.bind(model);
    model.cellAdded = (cell: Cell | null) => {
      if (cell && cell.getId() === '') (cell as unknown as { id: string | null }).id = null;
      cellAdded(cell);
    };
    graph.convertValueToString = (cell: Cell) => {
      const v = cell.value as unknown;
      if (v && typeof v === 'object' && 'getAttribute' in (v as Element)) return (v as Element).getAttribute('label') ?? '';
      return v === null || v === undefined ? '' : String(v);
    };
    const edge = graph.getStylesheet().getDefaultEdgeStyle();
    Object.assign(edge, {
      edgeStyle: 'orthogonalEdgeStyle', rounded: true, strokeColor: hmi.accent, strokeWidth: 3, endArrow: 'block',
      endSize: 6, fontColor: hmi.text, labelBackgroundColor: 'none',
    });
    const vertex = graph.getStylesheet().getDefaultVertexStyle();
    Object.assign(vertex, { fontColor: hmi.text, strokeColor: hmi.accent, fillColor: hmi.body });

    const onUndoable: Listener = (_s, evt) => this.undo.undoableEditHappened(evt.getProperty('edit'));
    this.listen(graph.getDataModel(), InternalEvent.UNDO, onUndoable);
    this.listen(graph.getView(), InternalEvent.UNDO, onUndoable);
    const push: Listener = () => this.emit();
    this.listen(this.undo, InternalEvent.ADD, push);
    // After undo/redo the cells that changed are selected, so the next command acts on them.
    const selectChanged: Listener = (_s, evt) => {
      const changes = (evt.getProperty('edit') as { changes?: unknown[] } | undefined)?.changes ?? [];
      graph.setSelectionCells(graph.getSelectionCellsForChanges(changes));
      this.emit();
    };
    this.listen(this.undo, InternalEvent.UNDO, selectChanged);
    this.listen(this.undo, InternalEvent.REDO, selectChanged);
    this.listen(graph.getDataModel(), InternalEvent.CHANGE, () => {
      this.revision += 1;
      this.emit();
    });
    this.listen(graph.getSelectionModel(), InternalEvent.CHANGE, push);
    const repaintGrid: Listener = () => {
      this.paintGrid();
      this.emit();
    };
    for (const name of [InternalEvent.SCALE, InternalEvent.TRANSLATE, InternalEvent.SCALE_AND_TRANSLATE]) {
      this.listen(graph.getView(), name, repaintGrid);
    }
    this.paintGrid();
  }

  private listen(source: EventSource, name: string, fn: Listener): void {
    source.addListener(name, fn);
    this.removers.push(() => source.removeListener(fn));
  }

  /** Where React hears of changes (one subscriber: the GraphEditor component). */
  subscribe(fn: (s: EditorState) => void): void {
    this.onState = fn;
    this.emit();
  }

  state(): EditorState {
    return {
      canUndo: !this.readOnly && this.undo.canUndo(),
      canRedo: !this.readOnly && this.undo.canRedo(),
      dirty: this.isDirty(),
      selection: this.graph.getSelectionCells(),
      zoom: this.graph.getView().scale,
      gridEnabled: this.graph.isGridEnabled(),
      gridSize: this.graph.getGridSize(),
      revision: this.revision,
    };
  }

  emit(): void {
    this.onState(this.state());
  }

  /** Changed since loaded or last saved: the undo history is not where it was then. */
  isDirty(): boolean {
    return this.undo.indexOfNextAdd !== this.savedIndex;
  }

  markSaved(): void {
    this.savedIndex = this.undo.indexOfNextAdd;
    this.emit();
  }

  /** Replaces the document (no undo history: loading is not an edit). */
  load(xml: string): void {
    const model = this.graph.getDataModel();
    model.clear();
    new ModelXmlSerializer(model).import(xml || EMPTY_GRAPH_XML);
    const root = model.getRoot();
    if (root && root.getChildCount() === 0) model.add(root, new Cell());
    this.graph.setDefaultParent(null);
    this.undo.clear();
    this.savedIndex = this.undo.indexOfNextAdd;
    this.graph.clearSelection();
    this.revision += 1;
    this.emit();
  }

  /** The document as maxGraph XML (compact), geometry in the stored attribute names. */
  getXml(): string {
    return normalizeGeometryAttrs(new ModelXmlSerializer(this.graph.getDataModel()).export({ pretty: false }));
  }

  setGrid(enabled: boolean, size = this.graph.getGridSize()): void {
    this.graph.setGridEnabled(enabled);
    this.graph.setGridSize(Math.max(2, Math.min(100, Math.round(size))));
    this.paintGrid();
    this.emit();
  }

  /** The grid as a CSS background of the container, scaled and offset with the view. */
  private paintGrid(): void {
    const view = this.graph.getView();
    const step = this.graph.getGridSize() * view.scale;
    const s = this.container.style;
    if (!this.graph.isGridEnabled() || step < 4) {
      s.backgroundImage = 'none';
      return;
    }
    const line = 'rgba(62, 235, 255, 0.08)';
    const major = 'rgba(62, 235, 255, 0.16)';
    s.backgroundImage = [
      `linear-gradient(${major} 1px, transparent 1px)`, `linear-gradient(90deg, ${major} 1px, transparent 1px)`,
      `linear-gradient(${line} 1px, transparent 1px)`, `linear-gradient(90deg, ${line} 1px, transparent 1px)`,
    ].join(',');
    s.backgroundSize = `${step * 5}px ${step * 5}px, ${step * 5}px ${step * 5}px, ${step}px ${step}px, ${step}px ${step}px`;
    const ox = view.translate.x * view.scale;
    const oy = view.translate.y * view.scale;
    s.backgroundPosition = `${ox}px ${oy}px`;
  }

  /** A wrapper element (`<UserObject>`) with the given attributes, as a cell value. */
  static userObject(attrs: Record<string, string>): Element {
    const el = xmlUtils.createXmlDocument().createElement('UserObject');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  }

  dispose(): void {
    for (const remove of this.removers.splice(0)) remove();
    this.onState = () => undefined;
    this.graph.destroy();
    this.container.style.backgroundImage = 'none';
  }
}
