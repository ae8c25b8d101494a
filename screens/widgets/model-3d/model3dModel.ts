import type { FeaturedUnit } from '../../../contract/screen-data';
import type { Widget } from '../../../contract/screen-template';
import { REFETCH, type LiveEvent } from '../../runtime/types';
import { formatNumber } from '../shared/formatNumber';
import { Model3dProps as Model3dPropsSchema } from '../../../contract/widgets/model3d';
import { readProps } from '../../../contract/widgets/readProps';
import { WALL_THEMES, type WallColors } from '../shared/screenTheme';

/**
 * The featured purifier unit: the `data` of GET /api/s/featured-unit when a unit is visible. The
 * widget still reads whatever its binding hands it through {@link readFeaturedUnit}, never trusting it.
 */
export type FeaturedUnitData = NonNullable<FeaturedUnit>;

/** The widget's props as it draws them. */
export interface Model3dProps {
  model: 'purifier';
  autoRotate: boolean;
}

export type UnitStateKey = 'online' | 'alarm' | 'offline';
export type ReadoutKey = 'airVolume' | 'pm25' | 'filter';

/** One big number under the model; `key` is also its string key (`model-3d.<key>`). */
export interface Readout {
  key: ReadoutKey;
  /** Formatted value, `--` when unknown. */
  value: string;
  unit: string;
  colour: string;
}

/** Everything the scene and the overlay need, derived from one answer. */
export interface Model3dView {
  name: string;
  projectName: string;
  stateKey: UnitStateKey;
  /** Fan revolutions per second the rotor eases toward; 0 when the unit is stopped. */
  fanRpsTarget: number;
  /** Share of the rated air volume, 0..1: drives the airflow particles' speed. */
  flow: number;
  filterColour: string;
  stateColour: string;
  /** The state light pulses. */
  alarm: boolean;
  particlesOn: boolean;
  readouts: Readout[];
}

/** Fastest drawn fan speed: at 30 fps a five-blade rotor still reads as turning forwards. */
export const MAX_FAN_RPS = 2;
export const FILTER_COLOURS = { good: '#2fd27c', worn: '#ffb020', change: '#ff5b5b', unknown: '#8a99b4' } as const;

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const numberOrNull = (v: unknown): number | null => (isFiniteNumber(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The unit in `data`, or null when `data` is not one (null, undefined, or a wrong binding). */
export function readFeaturedUnit(data: unknown): FeaturedUnitData | null {
  if (data === null || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (!isFiniteNumber(d.deviceId)) return null;
  const airVolume = numberOrNull(d.airVolume);
  return {
    deviceId: d.deviceId,
    name: text(d.name),
    projectName: text(d.projectName),
    state: isFiniteNumber(d.state) ? d.state : 0,
    airVolume,
    airVolumeMax: isFiniteNumber(d.airVolumeMax) ? d.airVolumeMax : airVolume ?? 0,
    pm25: numberOrNull(d.pm25),
    filterPct: numberOrNull(d.filterPct),
    running: d.running === true,
    ts: numberOrNull(d.ts),
  };
}

/** The props through the widget's schema (contract/widgets/model3d.ts). */
export function readModel3dProps(props: Record<string, unknown> | undefined): Model3dProps {
  const p = readProps(Model3dPropsSchema, props);
  return { model: p.model, autoRotate: p.autoRotate };
}

export function stateKeyOf(state: number): UnitStateKey {
  if (state === 2) return 'alarm';
  if (state === 1) return 'online';
  return 'offline';
}

/** Green above 50 %, amber 20–50 %, red below 20 %, grey when unknown. */
export function filterColourOf(pct: number | null): string {
  if (pct === null) return FILTER_COLOURS.unknown;
  if (pct > 50) return FILTER_COLOURS.good;
  if (pct >= 20) return FILTER_COLOURS.worn;
  return FILTER_COLOURS.change;
}

/** Width of a numeric glyph in em, for the readout fonts' fallbacks (DIN, Roboto Mono, Noto Sans Mono). */
const GLYPH_EM = 0.62;

/** The largest readout font (design px, `min`..`max`) at which `value` fits `boxWidth` on one line. */
export function fitFontSize(value: string, boxWidth: number, min = 20, max = 32): number {
  const fit = Math.floor(boxWidth / (Math.max(1, value.length) * GLYPH_EM));
  return Math.max(min, Math.min(max, fit));
}

/** The unit's share of its rated air volume while it runs. */
export function flowOf(unit: FeaturedUnitData): number {
  if (!unit.running || unit.state === 0 || unit.airVolume === null || unit.airVolume <= 0) return 0;
  if (unit.airVolumeMax <= 0) return 1;
  return Math.min(1, unit.airVolume / unit.airVolumeMax);
}

/** What the scene and overlay show for one unit. */
export function buildModel3dView(unit: FeaturedUnitData, theme: WallColors = WALL_THEMES.dark): Model3dView {
  const stateKey = stateKeyOf(unit.state);
  const stateColour = theme.state[stateKey];
  const flow = flowOf(unit);
  const filterColour = filterColourOf(unit.filterPct);
  const offline = stateKey === 'offline';
  const tone = (colour: string) => (offline ? theme.textMuted : colour);
  const filterPct = unit.filterPct === null ? null : Math.max(0, Math.min(100, unit.filterPct));
  return {
    name: unit.name,
    projectName: unit.projectName,
    stateKey,
    fanRpsTarget: flow * MAX_FAN_RPS,
    flow,
    filterColour,
    stateColour,
    alarm: stateKey === 'alarm',
    particlesOn: flow > 0,
    readouts: [
      { key: 'airVolume', value: formatNumber(unit.airVolume), unit: 'm³/h', colour: tone(theme.accent) },
      { key: 'pm25', value: formatNumber(unit.pm25), unit: 'μg/m³', colour: tone(theme.textStrong) },
      { key: 'filter', value: formatNumber(filterPct), unit: '%', colour: tone(filterPct === null ? theme.text : filterColour) },
    ],
  };
}

/** Folds a new state of the shown unit into its data; a unit coming back online is re-read for its values. */
function withState(unit: FeaturedUnitData, state: number): FeaturedUnitData | undefined | typeof REFETCH {
  if (state === unit.state) return undefined;
  if (state === 0) return { ...unit, state, running: false };
  if (unit.state === 0) return REFETCH;
  return { ...unit, state };
}

/**
 * Live pushes for the shown unit: a new device state (from `deviceState`, or the state an alarm
 * push carries) is folded in; new measure values of the unit re-read the source, because only the
 * server knows which of its points are the air volume, PM2.5 and filters. Pushes about other
 * devices are ignored.
 */
export function applyModel3dLive(data: unknown, live: LiveEvent, _widget: Widget): FeaturedUnitData | undefined | typeof REFETCH {
  const unit = readFeaturedUnit(data);
  if (!unit) return undefined;
  switch (live.event) {
    case 'deviceState':
      return live.data.deviceId === unit.deviceId ? withState(unit, live.data.state) : undefined;
    case 'measureWarning':
      return live.data.alarm.deviceId === unit.deviceId ? withState(unit, live.data.alarm.deviceState) : undefined;
    case 'measureValues':
      return live.data.items.some((v) => v.deviceId === unit.deviceId) ? REFETCH : undefined;
    default:
      return undefined;
  }
}
