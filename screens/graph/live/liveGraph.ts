import { GraphDataModel, ModelXmlSerializer, type Cell, type CellStyle, type Graph } from '@maxgraph/core';
import type { GraphCellBinding } from '../../../contract/graph/binding';
import { graphSymbol } from '../symbols/graphSymbols';
import { registerGraphSymbols } from '../symbols/registerGraphSymbols';
import { buildBindingIndex, type BindingIndex } from './bindingIndex';
import { presentCell } from './cellPresentation';
import type { LiveStore } from './liveStore';
import { LiveMaxGraph, LiveTextShape } from './liveText';

/** Space kept around the drawing when it is fitted, in screen pixels. */
const FIT_MARGIN = 16;

/** The wrapper attributes the index reads off a decoded user object. */
const isElement = (v: unknown): v is Element => typeof Element !== 'undefined' && v instanceof Element;

/**
 * A stored graph drawn read-only: decoded from its XML into a maxGraph Graph without plugins (no
 * selection, editing, panning or tooltips), fitted to its container, and redrawn cell by cell from
 * the live store. `apply` changes labels and styles of many cells in ONE model update (one
 * repaint), then sets the CSS hooks of the SVG (state, blink, flow) that styles cannot express.
 */
export class LiveGraph {
  readonly graph: Graph;
  readonly index: BindingIndex;
  private readonly cells = new Map<string, Cell>();
  private readonly labels = new Map<string, string>();
  private readonly baseStyles = new Map<string, CellStyle>();
  private readonly classes = new Map<string, { state: string; blink: boolean; flow: boolean }>();
  private bounds = { x: 0, y: 0, width: 1, height: 1 };
  private destroyed = false;

  constructor(private readonly container: HTMLElement, xml: string) {
    registerGraphSymbols();
    const model = new GraphDataModel();
    new ModelXmlSerializer(model).import(xml);
    const wrapped: { id: string; get(name: string): string | null }[] = [];
    for (const cell of Object.values(model.cells ?? {})) {
      const id = cell.getId();
      if (!id) continue;
      this.cells.set(id, cell);
      // Labels are plain text: a user object's `label` becomes the cell's value.
      if (isElement(cell.value)) {
        const el = cell.value;
        wrapped.push({ id, get: (name) => el.getAttribute(name) });
        cell.value = el.getAttribute('label') ?? '';
      }
      this.labels.set(id, typeof cell.value === 'string' ? cell.value : '');
      this.baseStyles.set(id, { ...cell.style });
    }
    this.index = buildBindingIndex(wrapped);
    container.style.overflow = 'hidden';
    LiveTextShape.measure = true;
    try {
      this.graph = new LiveMaxGraph(container, model, []);
      this.graph.setEnabled(false);
      this.graph.setHtmlLabels(false);
      this.graph.setTooltips(false);
      this.graph.setResizeContainer(false);
      this.graph.view.validate();
      const b = this.graph.getGraphBounds();
      const { scale, translate } = this.graph.view;
      this.bounds = { x: b.x / scale - translate.x, y: b.y / scale - translate.y, width: Math.max(1, b.width / scale), height: Math.max(1, b.height / scale) };
    } finally {
      LiveTextShape.measure = false;
    }
    this.tagCells([...this.index.bindings.keys()]);
  }

  /** Whether the graph has any cell to show. */
  isEmpty(): boolean {
    return this.bounds.width <= 1 && this.bounds.height <= 1;
  }

  /** Scales and centres the drawing to the container's current size. */
  fit(): void {
    if (this.destroyed) return;
    const w = this.container.clientWidth;
    const h = this.container.clientHeight;
    if (w < 2 * FIT_MARGIN || h < 2 * FIT_MARGIN) return;
    const b = this.bounds;
    const scale = Math.min((w - 2 * FIT_MARGIN) / b.width, (h - 2 * FIT_MARGIN) / b.height);
    this.graph.view.scaleAndTranslate(scale, (w / scale - b.width) / 2 - b.x, (h / scale - b.height) / 2 - b.y);
    // Shapes may have been recreated by the rescale: put the CSS hooks back.
    this.tagCells([...this.classes.keys()]);
  }

  /** Redraws the given cells from the store in one model update; returns how many changed. */
  apply(ids: readonly string[], store: LiveStore): number {
    // A feed may outlive its graph by a frame while React swaps them.
    if (this.destroyed) return 0;
    const model = this.graph.model;
    let changed = 0;
    model.beginUpdate();
    try {
      for (const id of ids) {
        const cell = this.cells.get(id);
        const binding = this.index.bindings.get(id);
        if (!cell || !binding) continue;
        const p = presentCell(binding, binding.symbol ? graphSymbol(binding.symbol) : undefined, this.labels.get(id) ?? '', store);
        if (!p) continue;
        if (p.text !== null && cell.value !== p.text) {
          model.setValue(cell, p.text);
          changed++;
        }
        const style = { ...this.baseStyles.get(id), ...p.style } as CellStyle;
        if (!sameStyle(cell.style, style)) {
          model.setStyle(cell, style);
          changed++;
        }
        this.classes.set(id, { state: p.state, blink: p.blink, flow: p.flow });
      }
    } finally {
      model.endUpdate();
    }
    this.tagCells(ids);
    return changed;
  }

  /** Puts `data-cell-id`, `data-state` and the blink/flow classes on the cells' SVG groups. */
  private tagCells(ids: readonly string[]): void {
    for (const id of ids) {
      const cell = this.cells.get(id);
      const state = cell && this.graph.view.getState(cell);
      if (!state) continue;
      const c = this.classes.get(id);
      for (const node of [state.shape?.node, state.text?.node]) {
        if (!node) continue;
        node.setAttribute('data-cell-id', id);
        if (!c) continue;
        node.setAttribute('data-state', c.state);
        node.classList.toggle('nv-blink', c.blink);
        node.classList.toggle('nv-flow', c.flow);
      }
    }
  }

  /** The binding of a cell (tests and the bench look cells up by binding). */
  binding(id: string): GraphCellBinding | undefined {
    return this.index.bindings.get(id);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.graph.destroy();
    this.cells.clear();
    this.classes.clear();
  }
}

function sameStyle(a: CellStyle, b: CellStyle): boolean {
  const ka = Object.keys(a) as (keyof CellStyle)[];
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}
