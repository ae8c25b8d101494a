import { KpiProps as KpiPropsSchema, type KpiIcon } from '../../../contract/widgets/kpi';
import { readProps } from '../../../contract/widgets/readProps';
import { formatNumber, NO_VALUE } from '../shared/formatNumber';
import { wallCss, wallFont } from '../shared/screenTheme';
import { estimateNumericWidth, estimateTextWidth } from '../shared/textMetrics';

export type { KpiIcon };

/** The KPI's props as it draws them. */
export interface KpiProps {
  unit: string | undefined;
  decimals: number;
  colour: string;
  blinkAbove: number | undefined;
  icon: KpiIcon;
}

/** The props through the KPI's schema (contract/widgets/kpi.ts); no colour: the theme's accent. */
export function readKpiProps(props: Record<string, unknown> | undefined): KpiProps {
  const p = readProps(KpiPropsSchema, props);
  return { unit: p.unit || undefined, decimals: p.decimals, colour: p.colour ?? wallCss.accent, blinkAbove: p.blinkAbove, icon: p.icon };
}

/** What the KPI card shows for one value. */
export interface KpiView {
  /** The number to count to; null shows {@link NO_VALUE}. */
  value: number | null;
  text: string;
  /** The value is above `blinkAbove`: red number, pulsing glow. */
  alarm: boolean;
  colour: string;
}

export function kpiView(data: unknown, props: KpiProps): KpiView {
  const value = typeof data === 'number' && Number.isFinite(data) ? data : null;
  const alarm = value !== null && props.blinkAbove !== undefined && value > props.blinkAbove;
  return {
    value,
    text: value === null ? NO_VALUE : formatNumber(value, props.decimals),
    alarm,
    colour: alarm ? wallCss.state.alarm : props.colour,
  };
}

/** A KPI's data is a number, or null for "no reading" (shown as "--"). */
export function kpiHasData(data: unknown): boolean {
  return typeof data === 'number' || data === null;
}

/** How long the number takes to count to a new value. */
export const COUNT_MS = 800;

/** The number shown `elapsed` ms into counting from `from` to `to` (ease-out cubic; exactly `to` at the end). */
export function countFrame(from: number, to: number, elapsed: number, duration = COUNT_MS): number {
  if (!(duration > 0) || elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - t) ** 3;
  return from + (to - from) * eased;
}

/** Sizes of the card's parts for a content box. */
export interface KpiLayout {
  ring: number;
  gap: number;
  fontSize: number;
  unitSize: number;
}

/** The smallest number size that still keeps the icon: below it a narrow card gives the icon's room to the number. */
const MIN_WITH_RING = 30;
const MIN_FONT = 18;

/**
 * The icon ring's diameter and the number's font size: 44 px unless the text and unit would not
 * fit beside the ring, then smaller; a card too narrow for a 30 px number beside the ring drops the
 * ring (ring 0) so the number stays readable.
 */
export function kpiLayout(text: string, unit: string | undefined, width: number, height: number): KpiLayout {
  const ring = Math.round(Math.max(32, Math.min(64, height - 16, width * 0.2)));
  const gap = Math.round(Math.min(20, Math.max(10, width * 0.05)));
  const unitSize = 18;
  const unitWidth = unit ? estimateTextWidth(unit, unitSize) + 8 : 0;
  const largest = Math.min(wallFont.kpi, Math.floor(height * 0.7));
  const fit = (room: number) => {
    let size = largest;
    while (size > MIN_FONT && estimateNumericWidth(text, size) + unitWidth > room) size -= 2;
    return size;
  };
  const padding = 24;
  const withRing = fit(width - ring - gap - padding);
  if (withRing >= MIN_WITH_RING) return { ring, gap, fontSize: withRing, unitSize };
  const without = fit(width - padding);
  return without > withRing ? { ring: 0, gap: 0, fontSize: without, unitSize } : { ring, gap, fontSize: withRing, unitSize };
}
