import { Graph, type CellStyle } from '@maxgraph/core';
import type { GraphSymbolKey } from '../../../contract/graph/binding';
import { GRAPH_SYMBOLS } from '../symbols/graphSymbols';
import { registerGraphSymbols } from '../symbols/registerGraphSymbols';
import { parseStyleString } from './styleString';

const SVG_NS = 'http://www.w3.org/2000/svg';
let cache: Map<GraphSymbolKey, string> | null = null;

/**
 * The palette's pictures: every symbol drawn once by maxGraph in an off-screen graph (the real
 * shapes, not look-alike icons), kept as SVG markup, and the graph destroyed right away. Computed
 * once per page load.
 */
export function symbolPreviews(): Map<GraphSymbolKey, string> {
  if (cache) return cache;
  registerGraphSymbols();
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:-10000px;top:0;width:2000px;height:400px;overflow:hidden';
  document.body.appendChild(host);
  const graph = new Graph(host, undefined, []);
  const out = new Map<GraphSymbolKey, string>();
  try {
    let x = 10;
    const placed = GRAPH_SYMBOLS.map((def) => {
      const style = { ...(parseStyleString(def.style) as CellStyle), noLabel: true };
      if (def.key === 'text') Object.assign(style, { noLabel: false, fontSize: 28, align: 'center' });
      const cell = graph.insertVertex({ parent: graph.getDefaultParent(), value: def.key === 'text' ? 'Aa' : '', position: [x, 10], size: [def.width, def.height], style });
      const at = x;
      x += def.width + 20;
      return { def, cell, at };
    });
    for (const { def, cell, at } of placed) {
      const state = graph.getView().getState(cell);
      const svg = document.createElementNS(SVG_NS, 'svg');
      const pad = 4;
      svg.setAttribute('viewBox', `${at - pad} ${10 - pad} ${def.width + pad * 2} ${def.height + pad * 2}`);
      svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
      if (state?.shape?.node) svg.appendChild(state.shape.node.cloneNode(true));
      if (state?.text?.node) svg.appendChild(state.text.node.cloneNode(true));
      out.set(def.key, svg.outerHTML);
    }
  } finally {
    graph.destroy();
    host.remove();
  }
  cache = out;
  return out;
}
