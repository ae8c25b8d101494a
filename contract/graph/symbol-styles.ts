import type { GraphSymbolKey } from './binding';

/**
 * How the symbols of project graphs are stored: their maxGraph shape names, default sizes and base
 * style strings, and the HMI palette they are drawn in (a flat, dark industrial look: navy canvas,
 * steel bodies, one accent per state, matching the big screen). Plain data shared by the symbol
 * library (screens/graph/symbols), the editor and the seeded demo graphs (server/seed), so a graph
 * built by any of them looks the same. The shapes themselves: screens/graph/symbols/shapes.
 */
export const GRAPH_HMI = {
  /** Canvas behind the graph. */
  background: '#061327',
  /** Equipment bodies. */
  body: '#10284a',
  bodyLight: '#173a66',
  bodyDark: '#0a1a33',
  /** Outlines and frames of equipment. */
  steel: '#5d7ea8',
  steelLight: '#8fb0d6',
  /** The neutral accent of an unbound symbol (cyan, as the big screen's). */
  accent: '#3eebff',
  text: '#d7e6f5',
  textMuted: '#8aa2bd',
  /** Value labels: the readout colour of a digital display. */
  readout: '#4df0ff',
  readoutBg: '#04101f',
  /** Ducts and air flow. */
  duct: '#274a75',
  ductEdge: '#6c90bd',
  airSupply: '#3eebff',
  airOutdoor: '#8fd16a',
  /** Filter grades: tints that tell the stages apart at a glance. */
  filterPre: '#c98b2b',
  filterMedium: '#2fa3c6',
  filterHepa: '#9b7bff',
  water: '#4d8dff',
  gas: '#ffb020',
  power: '#ffd84d',
  fontFamily: 'Noto Sans CJK SC,Noto Sans SC,Microsoft YaHei,sans-serif',
  monoFamily: 'Roboto Mono,Noto Sans Mono,monospace',
} as const;

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

/** Default size and base style (maxGraph style string, `key=value;…`) of a symbol. */
export interface GraphSymbolBase {
  width: number;
  height: number;
  style: string;
}

const H = GRAPH_HMI;
const font = `fontFamily=${H.fontFamily};fontColor=${H.text}`;
/** Equipment: label under the symbol. */
const labelBelow = `verticalLabelPosition=bottom;verticalAlign=top;labelPosition=center;align=center;fontSize=15;fontStyle=1;${font}`;
const equipment = (shape: string, extra = '') =>
  `shape=${shape};fillColor=${H.body};strokeColor=${H.accent};strokeWidth=2;${labelBelow}${extra ? `;${extra}` : ''}`;
const small = 'fontSize=13;fontStyle=0';
const base = (width: number, height: number, style: string): GraphSymbolBase => ({ width, height, style });

/** Every symbol's default size and base style. */
export const GRAPH_SYMBOL_BASE: Readonly<Record<GraphSymbolKey, GraphSymbolBase>> = {
  ahu: base(260, 130, equipment(SYMBOL_SHAPES.ahu)),
  fan: base(110, 110, equipment(SYMBOL_SHAPES.fan, 'aspect=fixed')),
  valve: base(70, 50, equipment(SYMBOL_SHAPES.valve)),
  damper: base(70, 90, equipment(SYMBOL_SHAPES.damper)),
  filterPre: base(70, 130, equipment(SYMBOL_SHAPES.filterPre)),
  filterMedium: base(70, 130, equipment(SYMBOL_SHAPES.filterMedium)),
  filterHepa: base(70, 130, equipment(SYMBOL_SHAPES.filterHepa)),
  duct: base(220, 44, `shape=${SYMBOL_SHAPES.duct};fillColor=${H.duct};strokeColor=${H.airSupply};strokeWidth=2;${labelBelow};${small}`),
  pipe: base(220, 18, `shape=${SYMBOL_SHAPES.pipe};fillColor=${H.water};strokeColor=${H.accent};strokeWidth=2;${labelBelow};${small}`),
  sensorPm: base(64, 64, equipment(SYMBOL_SHAPES.sensorPm, `aspect=fixed;${small}`)),
  sensorTh: base(64, 64, equipment(SYMBOL_SHAPES.sensorTh, `aspect=fixed;${small}`)),
  meterElectric: base(76, 92, equipment(SYMBOL_SHAPES.meterElectric, small)),
  meterWater: base(76, 92, equipment(SYMBOL_SHAPES.meterWater, small)),
  meterGas: base(76, 92, equipment(SYMBOL_SHAPES.meterGas, small)),
  text: base(160, 32, `shape=rectangle;fillColor=none;strokeColor=none;align=left;verticalAlign=middle;fontSize=16;${font};whiteSpace=wrap`),
  valueLabel: base(130, 38, `shape=${SYMBOL_SHAPES.valueLabel};fillColor=${H.readoutBg};strokeColor=${H.steel};strokeWidth=1;align=center;`
    + `verticalAlign=middle;fontSize=20;fontStyle=1;fontFamily=${H.monoFamily};fontColor=${H.readout}`),
  image: base(120, 90, `shape=image;image=/graph-symbols/image-placeholder.svg;imageAspect=1;${labelBelow};${small}`),
};
