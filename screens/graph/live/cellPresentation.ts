import {
  DEFAULT_STATE_COLORS, cellState, fillRatio, formatBoundValue, type GraphCellBinding, type GraphCellState,
} from '../../../contract/graph/binding';
import type { GraphSymbolDef } from '../symbols/graphSymbols';
import { pointKey } from './bindingIndex';
import type { LiveStore } from './liveStore';

/** How one bound cell looks right now: pure, from its binding and the live store. */
export interface CellPresentation {
  /** The label text, or null to keep the cell's own label (cells without a point). */
  text: string | null;
  state: GraphCellState;
  /** Style keys to set over the cell's base style (absent keys: back to the base). */
  style: { strokeColor?: string; fontColor?: string; nvFill?: number };
  blink: boolean;
  flow: boolean;
}

/** The label of a cell bound to a point: `label value` on one line for readouts, two lines for symbols. */
function labelText(binding: GraphCellBinding, label: string, value: string): string {
  if (!label) return value;
  return binding.symbol === 'valueLabel' || binding.symbol === 'text' ? `${label} ${value}` : `${label}\n${value}`;
}

/**
 * The presentation of a bound cell. State: offline beats alarm beats normal (contract
 * cellState). Colour: the cell's rule for that state, else the console's palette; labels and
 * readouts keep their own text colour while normal. Flow runs while the device is up and the
 * point (if any) reads above zero; blink while in alarm, when the rules ask for it.
 */
export function presentCell(binding: GraphCellBinding, symbol: GraphSymbolDef | undefined, label: string, store: LiveStore): CellPresentation | null {
  if (binding.deviceId === undefined) return null;
  const point = binding.measureId === undefined ? undefined : store.points.get(pointKey(binding.deviceId, binding.measureId));
  const state = cellState(store.devices.get(binding.deviceId), point?.alarm ?? false, binding.measureId !== undefined);
  const colour = binding.rules[state] ?? DEFAULT_STATE_COLORS[state];
  const paint = symbol?.state ?? { stroke: true, font: false };
  const style: CellPresentation['style'] = {};
  if (paint.stroke) style.strokeColor = colour;
  // Labels and readouts say alarm and offline in their colour too; normal keeps the symbol's own text colour.
  if ((paint.font || paint.stroke) && (state !== 'normal' || (paint.font && binding.rules.normal))) style.fontColor = colour;
  if (binding.rules.fill) style.nvFill = Math.round(fillRatio(point?.value, binding.rules.fill) * 1000) / 1000;
  const text = binding.measureId === undefined ? null : labelText(binding, label, formatBoundValue(point?.value, binding, point?.decimals ?? 1));
  const running = state !== 'offline' && (binding.measureId === undefined || (point?.value ?? 0) > 0);
  return { text, state, style, blink: !!binding.rules.blink && state === 'alarm', flow: !!binding.rules.flow && running };
}
