import { serializeStateRules, type GraphStateRules, type GraphSymbolKey } from '../../contract/graph/binding';
import { GRAPH_SYMBOL_BASE } from '../../contract/graph/symbol-styles';

/** The binding a generated cell carries (contract/graph/binding.ts). */
export interface CellBindingSpec {
  deviceId?: number;
  measureId?: number;
  format?: string;
  unit?: string;
  rules?: GraphStateRules;
}

export interface VertexSpec extends CellBindingSpec {
  x: number;
  y: number;
  w?: number;
  h?: number;
  label?: string;
  /** A library symbol: its base style, and `symbol="…"` on the wrapper. */
  symbol?: GraphSymbolKey;
  /** Style entries over the symbol's base (or the whole style without a symbol). */
  style?: string;
}

// The escaping of contract/graph/xml-parser's serializer: generated XML passes the sanitiser unchanged.
const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (s: string) => text(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
const attrs = (list: [string, string | number | undefined][]) =>
  list.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => ` ${k}="${attr(String(v))}"`).join('');

/**
 * A small, pure writer of maxGraph XML in the mxGraph form the live view and the editor read:
 * plain cells as `<mxCell>`, bound and symbol cells wrapped in `<UserObject>` with the binding
 * attributes. No DOM: the demo seed runs it on the server.
 */
export class GraphXmlBuilder {
  private readonly cells: string[] = [];
  private nextId = 2;

  constructor(private readonly background?: string) {}

  /** Adds a vertex; returns its id. */
  vertex(v: VertexSpec): string {
    const id = String(this.nextId++);
    const base = v.symbol ? GRAPH_SYMBOL_BASE[v.symbol] : undefined;
    const style = [base?.style, v.style].filter(Boolean).join(';');
    const geometry = `<mxGeometry${attrs([['x', v.x], ['y', v.y], ['width', v.w ?? base?.width ?? 100], ['height', v.h ?? base?.height ?? 40], ['as', 'geometry']])}/>`;
    const wrapped = v.symbol !== undefined || v.deviceId !== undefined;
    if (!wrapped) {
      this.cells.push(`<mxCell${attrs([['id', id], ['value', v.label ?? ''], ['style', style], ['vertex', 1], ['parent', 1]])}>${geometry}</mxCell>`);
      return id;
    }
    const rules = v.rules ? serializeStateRules(v.rules) : '';
    this.cells.push(`<UserObject${attrs([
      ['id', id], ['label', v.label ?? ''], ['symbol', v.symbol], ['deviceId', v.deviceId], ['measureId', v.measureId],
      ['format', v.format], ['unit', v.unit], ['stateRules', rules],
    ])}><mxCell${attrs([['style', style], ['vertex', 1], ['parent', 1]])}>${geometry}</mxCell></UserObject>`);
    return id;
  }

  toXml(): string {
    return `<mxGraphModel${attrs([['background', this.background]])}><root><mxCell id="0"/><mxCell id="1" parent="0"/>${this.cells.join('')}</root></mxGraphModel>`;
  }
}
