import type { EChartsCoreOption } from 'echarts/core';
import { formatNumber, NO_VALUE, toFiniteNumber } from '../shared/formatNumber';
import { BarRankingProps as BarRankingPropsSchema, type BarNameLayout } from '../../../contract/widgets/barRanking';
import { readProps } from '../../../contract/widgets/readProps';
import { WALL_THEMES, wallFont, type WallColors } from '../shared/screenTheme';
import { ellipsize, estimateNumericWidth, estimateTextWidth } from '../shared/textMetrics';

/** The ranking's props as it draws them. */
export interface BarRankingProps {
  unit: string | undefined;
  horizontal: boolean;
  /** Horizontal bars: names beside the bars, above them, or whichever keeps them whole (`auto`). */
  nameLayout: BarNameLayout;
  /** Places of the value labels; undefined: 0 when every value is whole, else 1. */
  decimals: number | undefined;
  /** A fixed axis maximum (100 for percent); undefined: the largest value. */
  max: number | undefined;
  /** Values below `red` are red, below `amber` amber, the rest green (e.g. filter life left). */
  lowIsBad: { red: number; amber: number } | undefined;
}

/** The props through the ranking's schema (contract/widgets/barRanking.ts); an amber threshold below red reads as red's. */
export function readBarRankingProps(props: Record<string, unknown> | undefined): BarRankingProps {
  const p = readProps(BarRankingPropsSchema, props);
  const low = p.lowIsBad;
  return {
    unit: p.unit || undefined,
    horizontal: p.horizontal,
    nameLayout: p.nameLayout,
    decimals: p.decimals,
    max: p.max,
    lowIsBad: low ? { red: low.red, amber: Math.max(low.red, low.amber) } : undefined,
  };
}

/** One ranked item as the widget reads it. */
export interface RankItem {
  name: string;
  value: number | null;
}

/** The items of the bound data: `[{name, value}]`; other entries are skipped, bad values read as null. */
export function readRankItems(data: unknown): RankItem[] {
  if (!Array.isArray(data)) return [];
  return data.filter((d): d is Record<string, unknown> => d !== null && typeof d === 'object').map((d) => ({
    name: d.name === null || d.name === undefined ? '' : String(d.name).trim(),
    value: toFiniteNumber(d.value),
  }));
}

/** The ranking shows something only for a non-empty list. */
export function barRankingHasData(data: unknown): boolean {
  return readRankItems(data).length > 0;
}

/** The red/amber/green of `lowIsBad` in a theme. */
export const lowColours = (theme: WallColors) => ({ red: theme.state.alarm, amber: theme.level[1], green: theme.state.normal });

/** The bar colour of a value: the accent, or red/amber/green with `lowIsBad`. */
export function barColour(value: number | null, props: BarRankingProps, theme: WallColors = WALL_THEMES.dark): string {
  if (!props.lowIsBad || value === null) return theme.accent;
  const low = lowColours(theme);
  if (value < props.lowIsBad.red) return low.red;
  if (value < props.lowIsBad.amber) return low.amber;
  return low.green;
}

/** A bar's value label: the number with its unit, "--" without a value. */
export function valueLabel(value: number | null, decimals: number, unit: string | undefined): string {
  if (value === null) return NO_VALUE;
  if (!unit) return formatNumber(value, decimals);
  return `${formatNumber(value, decimals)}${unit === '%' || unit === '‰' ? '' : ' '}${unit}`;
}

const LABEL_FONT = 14;
/** The names' and the rank badges' sizes, shared with the widget that draws them. */
export const RANK_LABEL = { nameFont: 14, badgeWidth: 22, badgeHeight: 18, badgeFont: 13, gap: 8 } as const;
const NAME_FONT = RANK_LABEL.nameFont;
const RANK_WIDTH = RANK_LABEL.badgeWidth;

/** How many bars fit the box with readable labels: the rest of the list is left out. */
export function maxBars(props: BarRankingProps, width: number, height: number): number {
  return Math.max(1, Math.floor(props.horizontal ? height / 24 : width / 52));
}

function gradient(colour: string, horizontal: boolean) {
  return {
    type: 'linear', x: 0, y: horizontal ? 0 : 1, x2: horizontal ? 1 : 0, y2: 0,
    colorStops: [{ offset: 0, color: `${colour}33` }, { offset: 1, color: colour }],
  };
}

/** One rank's label (badge and name) as the widget draws it in HTML beside, above or under its bar. */
export interface RankLabel {
  rank: number;
  /** One of the first three: the badge is filled. */
  top: boolean;
  /** The name, cut with "…" to its room only when even the line above the bar is too short; `fullName` is the whole of it. */
  name: string;
  fullName: string;
  /** Where the label sits in the content box: a row's vertical middle, or a column's horizontal middle. */
  x: number;
  y: number;
  /** The room the label has across (px). */
  room: number;
}

/** How a horizontal ranking's names sit: left of the bars, or on a line above each bar. */
export type NamePlacement = 'beside' | 'above' | 'under';

/** The line a name takes above its bar, and the gap between them (design px). */
export const NAME_LINE = { height: 18, gap: 4 } as const;
/** A bar keeps at least this share of the box (and 60 px) beside the names. */
const BAR_SHARE = 0.3;
/** The room beside the bars the names had before they were measured: a third of the box, at most 160 px. */
const besideDefault = (width: number) => Math.min(Math.round(width * 0.34), 160);

/**
 * Where a horizontal ranking's names go. Beside the bars when the longest fits there and the bars
 * keep {@link BAR_SHARE} of the box; otherwise on a line above each bar (the whole width), when the
 * rows are tall enough for a name line and a bar; otherwise beside, cut with "…". `beside` and
 * `above` force one (`above` falls back to beside in rows too low for it).
 */
export function namePlacement(layout: BarNameLayout, namesWidth: number, valueRoom: number, width: number, slot: number): 'beside' | 'above' {
  const canStack = slot >= NAME_LINE.height + NAME_LINE.gap + 6 + 4;
  if (layout === 'beside') return 'beside';
  if (layout === 'above') return canStack ? 'above' : 'beside';
  const need = RANK_WIDTH + RANK_LABEL.gap + namesWidth + 8;
  const fits = width - Math.max(need, besideDefault(width)) - valueRoom >= Math.max(60, width * BAR_SHARE);
  return fits || !canStack ? 'beside' : 'above';
}

/** What the chart and the labels share: the items shown, their places, the label room and the value labels. */
function rankLayout(data: unknown, props: BarRankingProps, width: number, height: number) {
  const items = readRankItems(data).slice(0, maxBars(props, width, height));
  const n = Math.max(1, items.length);
  const h = props.horizontal;
  const slot = h ? (height - 8) / n : (width - 16) / n;
  const values = items.map((i) => i.value).filter((v): v is number => v !== null);
  const decimals = props.decimals ?? (values.every(Number.isInteger) ? 0 : 1);
  const widest = (unit: string | undefined) => Math.max(0, ...items.map((i) => estimateNumericWidth(valueLabel(i.value, decimals, unit), LABEL_FONT)));
  // Above narrow columns the unit is left out of the labels rather than overlap the neighbours.
  const unit = !h && widest(props.unit) > slot - 4 ? undefined : props.unit;
  const valueRoom = Math.ceil(widest(unit) + 12);
  const fullNames = items.map((i) => i.name || NO_VALUE);
  const namesWidth = Math.ceil(Math.max(0, ...fullNames.map((name) => estimateTextWidth(name, NAME_FONT))));
  const placement: NamePlacement = h ? namePlacement(props.nameLayout, namesWidth, valueRoom, width, slot) : 'under';
  // Beside: as wide as the longest name needs, as long as the bars keep their share; above: the whole width.
  const nameRoom = placement === 'beside'
    ? Math.max(besideDefault(width), Math.min(RANK_WIDTH + RANK_LABEL.gap + namesWidth + 8, Math.floor(width - valueRoom - Math.max(60, width * BAR_SHARE))))
    : placement === 'above' ? width : Math.max(0, slot - 6);
  const textRoom = placement === 'under' ? nameRoom : nameRoom - RANK_WIDTH - RANK_LABEL.gap - (placement === 'beside' ? 8 : 0);
  const names = fullNames.map((name) => ellipsize(name, textRoom, NAME_FONT));
  const stackedMax = slot - NAME_LINE.height - NAME_LINE.gap - 4;
  const barWidth = Math.round(Math.max(6, Math.min(h ? 14 : 22, slot * 0.42, placement === 'above' ? stackedMax : Infinity)));
  const labels = items.map((i) => valueLabel(i.value, decimals, unit));
  return { items, h, slot, nameRoom, names, fullNames, placement, valueRoom, barWidth, values, labels };
}

/**
 * The rank badges and names, drawn by the widget in HTML rather than as ECharts rich-text axis
 * labels: the same look, laid out once by the browser instead of measured and laid out twice per
 * draw by ECharts (a third of the ranking's first draw on a wall's CPU), and readable as text.
 * Horizontal: one row per bar at the left, in the grid's left margin, or on a line above each bar
 * (namePlacement); vertical: under each bar.
 */
export function barRankingLabels(data: unknown, props: BarRankingProps, width: number, height: number): RankLabel[] {
  const { items, slot, nameRoom, names, fullNames, placement, barWidth } = rankLayout(data, props, width, height);
  return items.map((_, i) => {
    const middle = 4 + (i + 0.5) * slot;
    const base = { rank: i + 1, top: i < 3, name: names[i], fullName: fullNames[i] };
    if (placement === 'under') return { ...base, x: 8 + (i + 0.5) * slot, y: height - 46 + 8, room: nameRoom };
    if (placement === 'above') return { ...base, x: 0, y: middle - (NAME_LINE.gap + barWidth) / 2, room: nameRoom };
    return { ...base, x: 0, y: middle, room: nameRoom - 8 };
  });
}

/** The ranking's ECharts options for a content box of `width` × `height`; the category labels are the widget's (barRankingLabels). */
export function barRankingOptions(data: unknown, props: BarRankingProps, width: number, height: number, theme: WallColors = WALL_THEMES.dark): EChartsCoreOption {
  const { items, h, nameRoom, names, placement, valueRoom, barWidth, values, labels } = rankLayout(data, props, width, height);
  // Names above the bars: each bar sits below the middle of its row by half the name line.
  const shift = placement === 'above' ? (NAME_LINE.height + NAME_LINE.gap) / 2 : 0;
  const category = {
    type: 'category',
    data: names,
    inverse: h,
    axisLine: { show: !h, lineStyle: { color: theme.axisLine } },
    axisTick: { show: false },
    axisLabel: { show: false },
  };
  const valueAxis = {
    type: 'value',
    min: Math.min(0, ...values),
    max: props.max ?? ((extent: { max: number }) => (extent.max > 0 ? extent.max : 1)),
    show: false,
    splitLine: { show: false },
  };
  const colours = items.map((i) => barColour(i.value, props, theme));
  return {
    animationDuration: 600,
    // The grid leaves the labels their room itself: ECharts' own fitting ('outerBounds') would lay
    // every label out twice on each draw to find what this already knows.
    grid: h
      ? { left: placement === 'above' ? RANK_WIDTH + RANK_LABEL.gap : nameRoom, right: valueRoom, top: 4 + shift, bottom: 4 - shift, outerBoundsMode: 'none' }
      : { left: 8, right: 8, top: 26, bottom: 46, outerBoundsMode: 'none' },
    xAxis: h ? valueAxis : category,
    yAxis: h ? category : valueAxis,
    series: [{
      type: 'bar',
      silent: true,
      barWidth,
      showBackground: true,
      backgroundStyle: { color: theme.trackBg, borderRadius: barWidth / 2 },
      data: items.map((item, i) => ({
        value: item.value ?? 0,
        itemStyle: {
          color: gradient(colours[i], h),
          borderRadius: h ? [0, barWidth / 2, barWidth / 2, 0] : [barWidth / 2, barWidth / 2, 0, 0],
          shadowBlur: 6,
          shadowColor: `${colours[i]}66`,
        },
      })),
      label: {
        show: true,
        position: h ? 'right' : 'top',
        distance: 6,
        color: theme.textStrong,
        fontSize: LABEL_FONT,
        fontFamily: wallFont.numeric,
        formatter: (p: { dataIndex: number }) => labels[p.dataIndex] ?? '',
      },
    }],
  };
}
