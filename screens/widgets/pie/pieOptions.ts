import type { EChartsCoreOption } from 'echarts/core';
import type { LiveEvent } from '../../runtime/types';
import { REFETCH } from '../../runtime/types';
import { formatNumber, toFiniteNumber } from '../shared/formatNumber';
import { PieProps as PiePropsSchema } from '../../../contract/widgets/pie';
import { readProps } from '../../../contract/widgets/readProps';
import { WALL_THEMES, type WallColors } from '../shared/screenTheme';
import { estimateNumericWidth, estimateTextWidth } from '../shared/textMetrics';

/** The pie's props as it draws them. */
export interface PieProps {
  /** Data key -> label, in slice order; empty: every numeric key but `total`, labelled by its key. */
  slices: [key: string, label: string][];
  colours: string[];
  ring: boolean;
}

/** The props through the pie's schema (contract/widgets/pie.ts); no colours: the theme's palette. */
export function readPieProps(props: Record<string, unknown> | undefined, theme: WallColors = WALL_THEMES.dark): PieProps {
  const p = readProps(PiePropsSchema, props);
  return {
    slices: Object.entries(p.slices ?? {}),
    colours: p.colours?.length ? p.colours : [...theme.palette],
    ring: p.ring,
  };
}

/** One legend row. */
export interface PieLegendRow {
  key: string;
  label: string;
  colour: string;
  count: number;
  countText: string;
  percentText: string;
}

/** What the pie shows: the ring as ECharts options, the total and the legend as DOM beside it. */
export interface PieView {
  option: EChartsCoreOption;
  total: number;
  totalText: string;
  /** The ring's centre and inner diameter (where the total goes when `ring`), design px. */
  centre: { x: number; y: number; inner: number };
  totalFontSize: number;
  ring: boolean;
  legend: { left: number; width: number; rowHeight: number; showPercent: boolean; rows: PieLegendRow[] };
}

/** The counts' data is a plain object (the /api/s/device answer). */
export function pieHasData(data: unknown): boolean {
  return data !== null && typeof data === 'object' && !Array.isArray(data);
}

/**
 * Percentages with one decimal that add up to exactly 100.0 (largest remainder), so a legend never
 * reads 33.3 + 33.3 + 33.3; all zero when the counts sum to zero.
 */
export function percentages(counts: readonly number[]): number[] {
  const sum = counts.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) return counts.map(() => 0);
  const exact = counts.map((c) => (c / sum) * 1000);
  const floors = exact.map(Math.floor);
  let rest = 1000 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    floors[i]++;
    rest--;
  }
  return floors.map((f) => f / 10);
}

function slicesOf(data: Record<string, unknown>, props: PieProps): [string, string][] {
  if (props.slices.length) return props.slices;
  return Object.keys(data).filter((k) => k !== 'total' && toFiniteNumber(data[k]) !== null).map((k) => [k, k]);
}

/** Legend columns, design px: marker, gaps, the share; the label keeps at least two characters. */
export const LEGEND = { marker: 10, gap: 8, percent: 52, labelFont: 15, countFont: 18 } as const;

/** Width a legend needs to show the share column beside label and count. */
function legendNeeds(rows: PieLegendRow[]): number {
  const label = Math.min(LEGEND.labelFont * 4, Math.max(LEGEND.labelFont * 2, ...rows.map((r) => estimateTextWidth(r.label, LEGEND.labelFont))));
  const count = Math.max(0, ...rows.map((r) => estimateNumericWidth(r.countText, LEGEND.countFont)));
  return LEGEND.marker + 3 * LEGEND.gap + label + count + LEGEND.percent;
}

/** The ring, total and legend for a content box of `width` × `height`. */
export function pieView(data: unknown, props: PieProps, width: number, height: number, theme: WallColors = WALL_THEMES.dark): PieView {
  const record = pieHasData(data) ? (data as Record<string, unknown>) : {};
  const slices = slicesOf(record, props);
  const counts = slices.map(([key]) => Math.max(0, toFiniteNumber(record[key]) ?? 0));
  const pcts = percentages(counts);
  const rows: PieLegendRow[] = slices.map(([key, label], i) => ({
    key,
    label,
    colour: props.colours[i % props.colours.length],
    count: counts[i],
    countText: formatNumber(counts[i]),
    percentText: `${pcts[i].toFixed(1)}%`,
  }));
  const sum = counts.reduce((a, b) => a + b, 0);
  const total = toFiniteNumber(record.total) ?? sum;

  const diameter = Math.max(60, Math.min(height - 20, width * 0.4));
  const outer = diameter / 2;
  const inner = props.ring ? outer * 0.66 : 0;
  const cx = 14 + outer;
  const cy = height / 2;
  const legendLeft = Math.round(cx + outer + 22);
  const legendWidth = Math.max(0, width - legendLeft - 10);
  const legendRows = rows.length + (props.ring ? 0 : 1);
  const rowHeight = Math.max(22, Math.min(40, Math.floor((height - 16) / Math.max(1, legendRows))));
  const totalText = formatNumber(total);
  let totalFontSize = 32;
  while (totalFontSize > 16 && estimateNumericWidth(totalText, totalFontSize) > inner * 1.6) totalFontSize -= 2;

  const option = {
    series: [
      {
        // The faint full ring behind the slices: still a ring when every count is zero.
        type: 'pie', silent: true, z: 1, radius: [inner, outer], center: [cx, cy], label: { show: false }, labelLine: { show: false },
        itemStyle: { color: theme.accentFaint }, data: [{ value: 1, name: '' }], animation: false,
      },
      {
        // A thin outer ring: the instrument look.
        type: 'pie', silent: true, z: 1, radius: [outer + 5, outer + 6], center: [cx, cy], label: { show: false }, labelLine: { show: false },
        itemStyle: { color: theme.panelBorder }, data: [{ value: 1, name: '' }], animation: false,
      },
      {
        type: 'pie', z: 2, silent: true, radius: [inner, outer], center: [cx, cy], startAngle: 90, minAngle: 3, stillShowZeroSum: false,
        label: { show: false }, labelLine: { show: false },
        itemStyle: { borderColor: theme.panelSolid, borderWidth: 2 },
        // A zero slice would still take minAngle: it stays in the legend only.
        data: rows.filter((r) => r.count > 0).map((r) => ({ name: r.label, value: r.count, itemStyle: { color: r.colour, shadowBlur: 8, shadowColor: r.colour } })),
      },
    ],
  };
  return {
    option,
    total,
    totalText,
    centre: { x: cx, y: cy, inner: inner * 2 },
    totalFontSize,
    ring: props.ring,
    legend: { left: legendLeft, width: legendWidth, rowHeight, showPercent: legendWidth >= legendNeeds(rows), rows },
  };
}

/** A device changed state: the counts are the server's to recount, so re-read them. */
export function pieApplyLive(_data: unknown, live: LiveEvent): typeof REFETCH | undefined {
  return live.event === 'deviceState' ? REFETCH : undefined;
}
