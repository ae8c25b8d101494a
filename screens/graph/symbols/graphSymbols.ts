import type { GraphSymbolKey } from '../../../contract/graph-binding';
import { hmi } from './hmiPalette';

/**
 * The symbol library of project graphs: what the editor's palette offers and how each symbol is
 * drawn. Plain data, no maxGraph import: the palette, the seed generator and tests read it without
 * pulling @maxgraph/core; the shapes themselves are registered by `registerGraphSymbols()`
 * (registerGraphSymbols.ts, in the lazy graph chunks only).
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

/** maxGraph shape names of the library's custom shapes (registered by registerGraphSymbols). */
export const SYMBOL_SHAPES = {
  ahu: 'nvAhu',
  fan: 'nvFan',
  filterPre: 'nvFilterPre',
  filterMedium: 'nvFilterMedium',
  filterHepa: 'nvFilterHepa',
  duct: 'nvDuct',
  pipe: 'nvPipe',
  valve: 'nvValve',
  damper: 'nvDamper',
  sensorPm: 'nvSensorPm',
  sensorTh: 'nvSensorTh',
  meterElectric: 'nvMeterElectric',
  meterWater: 'nvMeterWater',
  meterGas: 'nvMeterGas',
  valueLabel: 'nvValueLabel',
} as const satisfies Partial<Record<GraphSymbolKey, string>>;

const font = `fontFamily=${hmi.fontFamily};fontColor=${hmi.text}`;
/** Equipment: label under the symbol. */
const labelBelow = `verticalLabelPosition=bottom;verticalAlign=top;labelPosition=center;align=center;fontSize=15;fontStyle=1;${font}`;
const equipment = (shape: string, extra = '') =>
  `shape=${shape};fillColor=${hmi.body};strokeColor=${hmi.accent};strokeWidth=2;${labelBelow}${extra ? `;${extra}` : ''}`;

const def = (key: GraphSymbolKey, category: GraphSymbolCategory, width: number, height: number, style: string,
  state: GraphSymbolDef['state'] = { stroke: true, font: false }): GraphSymbolDef =>
  ({ key, nameKey: `symbols.${key}`, category, width, height, style, state });

/** Every symbol, in palette order. */
export const GRAPH_SYMBOLS: readonly GraphSymbolDef[] = [
  def('ahu', 'equipment', 260, 130, equipment(SYMBOL_SHAPES.ahu)),
  def('fan', 'equipment', 110, 110, equipment(SYMBOL_SHAPES.fan, 'aspect=fixed')),
  def('valve', 'equipment', 70, 50, equipment(SYMBOL_SHAPES.valve)),
  def('damper', 'equipment', 70, 90, equipment(SYMBOL_SHAPES.damper)),
  def('filterPre', 'filters', 70, 130, equipment(SYMBOL_SHAPES.filterPre)),
  def('filterMedium', 'filters', 70, 130, equipment(SYMBOL_SHAPES.filterMedium)),
  def('filterHepa', 'filters', 70, 130, equipment(SYMBOL_SHAPES.filterHepa)),
  def('duct', 'ducts', 220, 44, `shape=${SYMBOL_SHAPES.duct};fillColor=${hmi.duct};strokeColor=${hmi.airSupply};strokeWidth=2;${labelBelow};fontStyle=0;fontSize=13`),
  def('pipe', 'ducts', 220, 18, `shape=${SYMBOL_SHAPES.pipe};fillColor=${hmi.water};strokeColor=${hmi.accent};strokeWidth=2;${labelBelow};fontStyle=0;fontSize=13`),
  def('sensorPm', 'sensors', 64, 64, equipment(SYMBOL_SHAPES.sensorPm, 'aspect=fixed;fontSize=13;fontStyle=0')),
  def('sensorTh', 'sensors', 64, 64, equipment(SYMBOL_SHAPES.sensorTh, 'aspect=fixed;fontSize=13;fontStyle=0')),
  def('meterElectric', 'meters', 76, 92, equipment(SYMBOL_SHAPES.meterElectric, 'fontSize=13;fontStyle=0')),
  def('meterWater', 'meters', 76, 92, equipment(SYMBOL_SHAPES.meterWater, 'fontSize=13;fontStyle=0')),
  def('meterGas', 'meters', 76, 92, equipment(SYMBOL_SHAPES.meterGas, 'fontSize=13;fontStyle=0')),
  def('text', 'annotations', 160, 32,
    `shape=rectangle;fillColor=none;strokeColor=none;align=left;verticalAlign=middle;fontSize=16;${font};whiteSpace=wrap`, { stroke: false, font: true }),
  def('valueLabel', 'annotations', 130, 38,
    `shape=${SYMBOL_SHAPES.valueLabel};fillColor=${hmi.readoutBg};strokeColor=${hmi.steel};strokeWidth=1;align=center;verticalAlign=middle;`
    + `fontSize=20;fontStyle=1;fontFamily=Roboto Mono,Noto Sans Mono,monospace;fontColor=${hmi.readout}`, { stroke: true, font: true }),
  def('image', 'annotations', 120, 90,
    `shape=image;image=/graph-symbols/image-placeholder.svg;imageAspect=1;${labelBelow};fontStyle=0;fontSize=13`, { stroke: false, font: false }),
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
