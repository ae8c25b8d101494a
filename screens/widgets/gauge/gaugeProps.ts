import { aqiLevel } from '../../../contract/analysis/aqi';
import { GaugeProps as GaugePropsSchema } from '../../../contract/widgets/gauge';
import { readProps } from '../../../contract/widgets/readProps';

/**
 * Band colours in order, as the AQI scale (green, yellow, orange, red, purple, maroon), brightened
 * so each still reads on the dark navy panel; a gauge with more bands repeats the last.
 */
export const BAND_COLOURS = ['#2fd27c', '#f5d90a', '#ff8c1a', '#ff4040', '#b45cff', '#d6336c'] as const;

/** The AQI breakpoints between the six levels: the bands of an `aqi` gauge that names none. */
export const AQI_BANDS = [50, 100, 150, 200, 300] as const;

/** The gauge's props as it draws them. */
export interface GaugeProps {
  min: number;
  max: number;
  /** Ascending thresholds strictly between min and max; empty: one accent arc. */
  bands: number[];
  unit: string | undefined;
  kind: 'aqi' | undefined;
}

/**
 * The props through the gauge's schema (contract/widgets/gauge.ts), with what depends on other
 * props: the maximum (300 for AQI, else 100; min + 100 when not above min) and the bands (AQI's
 * when none are given), sorted, deduplicated and kept strictly between min and max.
 */
export function readGaugeProps(props: Record<string, unknown> | undefined): GaugeProps {
  const p = readProps(GaugePropsSchema, props);
  const { kind, min } = p;
  let max = p.max ?? (kind === 'aqi' ? 300 : 100);
  if (!(max > min)) max = min + 100;
  const given = p.bands ?? [];
  const source = given.length ? given : kind === 'aqi' ? [...AQI_BANDS] : [];
  const bands = [...new Set(source)].sort((a, b) => a - b).filter((b) => b > min && b < max);
  return { min, max, bands, unit: p.unit || undefined, kind };
}

/** The colour of the band `value` falls in (a threshold belongs to the band below it, as AQI 50 is 优). */
export function bandColour(value: number, bands: readonly number[]): string {
  let i = 0;
  while (i < bands.length && value > bands[i]) i++;
  return BAND_COLOURS[Math.min(i, BAND_COLOURS.length - 1)];
}

/** The AQI level 1..6 (contract/analysis/aqi.ts) and its colour. */
export function aqiLevelOf(value: number): { level: number; colour: string } {
  const level = aqiLevel(value);
  return { level, colour: BAND_COLOURS[level - 1] };
}

/** `#rrggbb` at `alpha` as rgba(); other colour forms unchanged. */
export function withAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return colour;
  return `rgba(${parseInt(m[1], 16)}, ${parseInt(m[2], 16)}, ${parseInt(m[3], 16)}, ${alpha})`;
}

/** How many intervals the scale is split into so every tick is a round number (300 -> 6 × 50). */
export function niceSplit(min: number, max: number): number {
  const span = max - min;
  for (const n of [5, 6, 4, 3, 2]) {
    const step = span / n;
    const mantissa = step / 10 ** Math.floor(Math.log10(step));
    if ([1, 2, 2.5, 5, 10].some((m) => Math.abs(m - mantissa) < 1e-9)) return n;
  }
  return 5;
}
