/**
 * The binding of a project-graph cell (DESIGN "Contract decisions": a bound cell carries deviceId,
 * measureId, display format and state styling as attributes). In the XML a bound cell is wrapped:
 *
 *   <UserObject id="7" label="送风温度" symbol="valueLabel" deviceId="12" measureId="3"
 *               format="0.0" unit="℃" stateRules='{"alarm":"#ff4d4f","blink":true}'>
 *     <mxCell style="…" vertex="1" parent="1"><mxGeometry … as="geometry"/></mxCell>
 *   </UserObject>
 *
 * The editor writes these attributes, the live view reads them, the server checks deviceId and
 * measureId (xml.ts). Plain TypeScript without zod: the live view's chunk stays small.
 */

/** Symbol keys of the library (screens/graph/symbols): what a cell is drawn as. */
export const GRAPH_SYMBOL_KEYS = [
  'ahu', 'fan', 'filterPre', 'filterMedium', 'filterHepa', 'duct', 'pipe', 'valve', 'damper',
  'sensorPm', 'sensorTh', 'meterElectric', 'meterWater', 'meterGas', 'text', 'valueLabel', 'image',
] as const;
export type GraphSymbolKey = (typeof GRAPH_SYMBOL_KEYS)[number];

export function isGraphSymbolKey(v: unknown): v is GraphSymbolKey {
  return typeof v === 'string' && (GRAPH_SYMBOL_KEYS as readonly string[]).includes(v);
}

/** Device states as the hub and device list carry them (SPEC §3): 0 offline, 1 normal, 2 alarm. */
export type GraphCellState = 'normal' | 'alarm' | 'offline';

/** The fill level drawn from a value: `min` is empty, `max` is full. */
export interface FillRange {
  min: number;
  max: number;
}

/** State styling of a bound cell (`stateRules`, JSON text). Colours are `#rgb` or `#rrggbb`. */
export interface GraphStateRules {
  normal?: string;
  alarm?: string;
  offline?: string;
  /** Blink while the bound point (or device) is in alarm. */
  blink?: boolean;
  /** Animate the flow (edges, ducts, pipes, fans) while the device runs (online, value > 0). */
  flow?: boolean;
  /** Draw a fill level from the bound value. */
  fill?: FillRange;
}

/** Everything the live view needs to know of one bound cell. */
export interface GraphCellBinding {
  cellId: string;
  symbol?: GraphSymbolKey;
  deviceId?: number;
  measureId?: number;
  /** A decimals pattern: `0`, `0.0`, `0.00`, `0.000` (default: the measure's own decimals). */
  format?: string;
  unit?: string;
  rules: GraphStateRules;
}

/** Default state colours (the console's palette: green normal, red alarm, grey offline). */
export const DEFAULT_STATE_COLORS: Readonly<Record<GraphCellState, string>> = {
  normal: '#2fd18c',
  alarm: '#ff4d4f',
  offline: '#7b8aa3',
};

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const FORMAT_PATTERN = /^0(\.0{1,4})?$/;

/** How many decimals a `format` asks for, or undefined when none or invalid. */
export function formatDecimals(format: string | undefined): number | undefined {
  if (!format || !FORMAT_PATTERN.test(format)) return undefined;
  const dot = format.indexOf('.');
  return dot < 0 ? 0 : format.length - dot - 1;
}

/** A bound value as the cell shows it: `23.4 ℃`; `--` when there is no value yet. */
export function formatBoundValue(value: number | null | undefined, binding: Pick<GraphCellBinding, 'format' | 'unit'>, fallbackDecimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return binding.unit ? `-- ${binding.unit}` : '--';
  const text = value.toFixed(formatDecimals(binding.format) ?? fallbackDecimals);
  return binding.unit ? `${text} ${binding.unit}` : text;
}

/**
 * Reads `stateRules` text. Unknown keys and bad values are dropped, never thrown: a graph saved by
 * an older editor still shows. Returns `{}` for empty or malformed text.
 */
export function parseStateRules(text: string | null | undefined): GraphStateRules {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const r = raw as Record<string, unknown>;
  const rules: GraphStateRules = {};
  for (const key of ['normal', 'alarm', 'offline'] as const) {
    const v = r[key];
    if (typeof v === 'string' && COLOR.test(v)) rules[key] = v;
  }
  if (r.blink === true) rules.blink = true;
  if (r.flow === true) rules.flow = true;
  const fill = r.fill as Record<string, unknown> | undefined;
  if (fill && typeof fill === 'object' && Number.isFinite(fill.min) && Number.isFinite(fill.max) && (fill.max as number) > (fill.min as number)) {
    rules.fill = { min: fill.min as number, max: fill.max as number };
  }
  return rules;
}

/** Writes `stateRules` text (keys in a stable order; '' when no rule is set). */
export function serializeStateRules(rules: GraphStateRules): string {
  const clean = parseStateRules(JSON.stringify(rules));
  const ordered: GraphStateRules = {};
  for (const key of ['normal', 'alarm', 'offline', 'blink', 'flow', 'fill'] as const) {
    if (clean[key] !== undefined) (ordered as Record<string, unknown>)[key] = clean[key];
  }
  return Object.keys(ordered).length ? JSON.stringify(ordered) : '';
}

const positiveInt = (v: string | null | undefined) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);

/**
 * The binding of a cell from its wrapper's attributes (`get` returns an attribute or null).
 * Returns null when the cell carries neither a symbol nor a device.
 */
export function readCellBinding(cellId: string, get: (name: string) => string | null | undefined): GraphCellBinding | null {
  const symbolAttr = get('symbol');
  const symbol = isGraphSymbolKey(symbolAttr) ? symbolAttr : undefined;
  const deviceId = positiveInt(get('deviceId'));
  if (!symbol && deviceId === undefined) return null;
  const measureId = deviceId === undefined ? undefined : positiveInt(get('measureId'));
  const format = get('format') ?? undefined;
  const unit = get('unit') ?? undefined;
  return {
    cellId,
    symbol,
    deviceId,
    measureId,
    format: format && FORMAT_PATTERN.test(format) ? format : undefined,
    unit: unit ? unit.slice(0, 16) : undefined,
    rules: parseStateRules(get('stateRules')),
  };
}

/**
 * The state a cell shows. Offline beats alarm beats normal. A cell bound to a measure is in alarm
 * while that point has an open alarm; a cell bound to the device alone while the device is.
 */
export function cellState(deviceState: number | undefined, pointAlarm: boolean, boundToMeasure: boolean): GraphCellState {
  if (deviceState === undefined || deviceState === 0) return 'offline';
  if (pointAlarm || (!boundToMeasure && deviceState === 2)) return 'alarm';
  return 'normal';
}

/** Where a value sits in the fill range, clamped to 0..1. */
export function fillRatio(value: number | null | undefined, fill: FillRange): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, (value - fill.min) / (fill.max - fill.min)));
}
