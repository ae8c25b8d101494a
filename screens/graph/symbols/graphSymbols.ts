import type { GraphSymbolKey } from '../../../contract/graph/binding';
import { GRAPH_SYMBOL_BASE } from '../../../contract/graph/symbol-styles';

/**
 * The symbol library of project graphs: what the editor's palette offers and how each symbol is
 * drawn. Plain data, no maxGraph import: the palette and tests read it without pulling
 * @maxgraph/core; the shapes themselves are registered by `registerGraphSymbols()`
 * (registerGraphSymbols.ts, in the lazy graph chunks only). Sizes and base styles come from
 * contract/graph/symbol-styles.ts, which the seeded demo graphs use too.
 */

export type GraphSymbolCategory = 'equipment' | 'filters' | 'ducts' | 'sensors' | 'meters' | 'annotations';

export interface GraphSymbolDef {
  key: GraphSymbolKey;
  /** i18n key of the display name (namespace `graph`). */
  nameKey: `symbols.${GraphSymbolKey}`;
  category: GraphSymbolCategory;
  /** Default size when placed, in graph units (1 unit = 1 px at zoom 1). */
  width: number;
  height: number;
  /** The base style (maxGraph style string, `key=value;…`), as stored in the graph XML. */
  style: string;
  /**
   * How the live view shows the state (normal / alarm / offline): `stroke` sets `strokeColor`
   * (the symbol's accent: frames, lamps, rings, flow lines) to the state colour; `font` sets
   * `fontColor` to it in alarm and offline (a readout keeps its own colour while normal).
   */
  state: { stroke: boolean; font: boolean };
}

const STROKE = { stroke: true, font: false };
const def = (key: GraphSymbolKey, category: GraphSymbolCategory, state = STROKE): GraphSymbolDef =>
  ({ key, nameKey: `symbols.${key}`, category, ...GRAPH_SYMBOL_BASE[key], state });

/** Every symbol, in palette order. */
export const GRAPH_SYMBOLS: readonly GraphSymbolDef[] = [
  def('ahu', 'equipment'),
  def('fan', 'equipment'),
  def('valve', 'equipment'),
  def('damper', 'equipment'),
  def('filterPre', 'filters'),
  def('filterMedium', 'filters'),
  def('filterHepa', 'filters'),
  def('duct', 'ducts'),
  def('pipe', 'ducts'),
  def('sensorPm', 'sensors'),
  def('sensorTh', 'sensors'),
  def('meterElectric', 'meters'),
  def('meterWater', 'meters'),
  def('meterGas', 'meters'),
  def('text', 'annotations', { stroke: false, font: true }),
  def('valueLabel', 'annotations', { stroke: true, font: true }),
  def('image', 'annotations', { stroke: false, font: false }),
];

const BY_KEY = new Map(GRAPH_SYMBOLS.map((s) => [s.key, s]));

/** The catalogue entry of a symbol. */
export function graphSymbol(key: GraphSymbolKey): GraphSymbolDef {
  const found = BY_KEY.get(key);
  if (!found) throw new Error(`unknown graph symbol ${key}`);
  return found;
}

/** The base style string of a symbol (what a newly placed cell gets). */
export function symbolStyle(key: GraphSymbolKey): string {
  return graphSymbol(key).style;
}

/** The symbols of one category, in palette order. */
export function symbolsOf(category: GraphSymbolCategory): GraphSymbolDef[] {
  return GRAPH_SYMBOLS.filter((s) => s.category === category);
}
