import type { EChartsCoreOption } from 'echarts/core';
import type { MeasureTrend, TrendPoint, TrendSeries } from '../../../contract/screen-data';
import { readProps } from '../../../contract/widgets/readProps';
import { TrendProps as TrendPropsSchema } from '../../../contract/widgets/trend';
import { formatDayMinute, formatHourMinute } from '../shared/formatWallTime';
import { WALL_THEMES, wallFont, type WallColors } from '../shared/screenTheme';

/** A point of the trend; `n` counts the live samples averaged into it (absent: one, as served). */
export type TrendDataPoint = TrendPoint & { n?: number };
/** The data of the trend widget: GET /api/s/measure-trend, with live samples folded in. */
export type TrendData = Omit<MeasureTrend, 'series'> & { series: (Omit<TrendSeries, 'points'> & { points: TrendDataPoint[] })[] };

/** The trend's props as it draws them. */
export interface TrendProps {
  area: boolean;
  /** Overrides the series' unit on the axis. */
  unit?: string;
  /** Value of the dashed limit line. */
  limitLine?: number;
  /** Points older than the newest point minus this are dropped when live samples are folded in. */
  windowHours: number;
}

/** Texts the options need, already translated. */
export interface TrendText {
  /** Label of the limit line (国标限值). */
  limit: string;
}

const HOUR = 3_600_000;

/** The props through the trend's schema (contract/widgets/trend.ts). */
export function readTrendProps(props: Record<string, unknown> | undefined): TrendProps {
  const p = readProps(TrendPropsSchema, props);
  return { area: p.area, unit: p.unit || undefined, limitLine: p.limitLine, windowHours: p.windowHours };
}

/** Whether `value` has the trend's shape well enough to draw (series with point arrays). */
export function isTrendData(value: unknown): value is TrendData {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<TrendData>;
  return typeof v.bucketMs === 'number' && v.bucketMs > 0 && Array.isArray(v.series)
    && v.series.every((s) => s && typeof s === 'object' && Array.isArray(s.points) && Array.isArray(s.measureIds));
}

/** Whether there is at least one point to draw. */
export function trendHasData(data: unknown): boolean {
  return isTrendData(data) && data.series.some((s) => s.points.length > 0);
}

/** `#rrggbb` with an alpha, as `rgba()`; other colour forms are returned unchanged. */
export function withAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return colour;
  return `rgba(${parseInt(m[1], 16)}, ${parseInt(m[2], 16)}, ${parseInt(m[3], 16)}, ${alpha})`;
}

/** The value as shown: one decimal at most, no trailing `.0`. */
export function formatTrendValue(value: number): string {
  return String(Math.round(value * 10) / 10);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The axis unit: the prop, else the series' units (distinct, joined). */
export function axisUnit(data: TrendData, props: TrendProps): string {
  if (props.unit) return props.unit;
  return [...new Set(data.series.map((s) => s.unit).filter(Boolean))].join(' / ');
}

/**
 * A y-axis maximum that keeps the limit line in view, with room above it, when the data stays
 * below it: a round 1, 2, 2.5 or 5 × 10ⁿ, so the axis' own ticks still divide it evenly.
 */
export function limitAxisMax(limit: number): number {
  const target = limit * 1.1;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= target) ?? 10;
  return step * magnitude;
}

interface TooltipParam { seriesIndex?: number; marker?: unknown; value?: unknown; axisValue?: unknown }

/**
 * The ECharts option of the trend: one smooth line per series in palette order on a time axis
 * labelled HH:mm (MM-DD HH:mm past a day and a half), a gradient fill when `area`, the limit line, a legend
 * at the top right when there is more than one series, a tooltip with values and units.
 */
export function buildTrendOptions(data: TrendData, props: TrendProps, text: TrendText, offsetMinutes: number, theme: WallColors = WALL_THEMES.dark): EChartsCoreOption {
  const { palette } = theme;
  const font = wallFont;
  const multi = data.series.length > 1;
  const unit = axisUnit(data, props);
  const last = Math.max(data.to, ...data.series.map((s) => s.points.at(-1)?.ts ?? -Infinity));
  // A day's window, with the bucket being filled, spans a little over 24 h: dates only for longer ones.
  const longSpan = last - data.from > 36 * HOUR;
  const formatTime = (ts: number) => (longSpan ? formatDayMinute(ts, offsetMinutes) : formatHourMinute(ts, offsetMinutes));
  const dataMax = Math.max(-Infinity, ...data.series.flatMap((s) => s.points.map((p) => p.value)));
  const limit = props.limitLine;
  const label = { color: theme.textMuted, fontSize: font.axis, fontFamily: font.numeric };

  const series = data.series.map((s, i) => {
    const colour = palette[i % palette.length];
    return {
      type: 'line',
      name: s.name,
      smooth: true,
      showSymbol: false,
      symbolSize: 6,
      data: s.points.map((p) => [p.ts, p.value]),
      lineStyle: { width: 2.5, color: colour },
      itemStyle: { color: colour },
      areaStyle: props.area
        ? { color: { type: 'linear', x: 0, y: 0, x2: 0, y2: 1, colorStops: [{ offset: 0, color: withAlpha(colour, 0.42) }, { offset: 1, color: withAlpha(colour, 0.02) }] } }
        : undefined,
      markLine: i === 0 && limit !== undefined
        ? {
          silent: true,
          symbol: 'none',
          lineStyle: { type: 'dashed', width: 1.5, color: theme.state.alarm },
          label: {
            position: 'insideStartTop', color: theme.state.alarm, fontSize: font.axis, fontFamily: font.family,
            formatter: `${text.limit} ${formatTrendValue(limit)}`,
          },
          data: [{ yAxis: limit }],
        }
        : undefined,
    };
  });

  return {
    animationDurationUpdate: 600,
    color: [...palette],
    grid: { left: 8, right: 20, top: multi || unit ? 40 : 16, bottom: 6, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    legend: {
      show: multi,
      top: 4,
      right: 12,
      icon: 'roundRect',
      itemWidth: 16,
      itemHeight: 6,
      textStyle: { color: theme.text, fontSize: font.label, fontFamily: font.family },
    },
    tooltip: {
      trigger: 'axis',
      backgroundColor: theme.tooltipBg,
      borderColor: theme.panelBorder,
      textStyle: { color: theme.text, fontSize: font.label, fontFamily: font.family },
      axisPointer: { type: 'line', lineStyle: { color: theme.axisLine } },
      formatter: (raw: TooltipParam | TooltipParam[]) => {
        const params = Array.isArray(raw) ? raw : [raw];
        if (!params.length) return '';
        const head = escapeHtml(formatTime(Number(params[0].axisValue)));
        const rows = params.map((p) => {
          const s = data.series[p.seriesIndex ?? 0];
          const value = Array.isArray(p.value) ? Number(p.value[1]) : Number(p.value);
          return `${typeof p.marker === 'string' ? p.marker : ''}${escapeHtml(s?.name ?? '')} <b>${formatTrendValue(value)}</b> ${escapeHtml(s?.unit ?? '')}`;
        });
        return [head, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: data.from,
      max: last,
      axisLine: { lineStyle: { color: theme.axisLine } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: { ...label, hideOverlap: true, formatter: (value: number) => formatTime(value) },
    },
    yAxis: {
      type: 'value',
      name: unit,
      nameTextStyle: { color: theme.textMuted, fontSize: font.axis, fontFamily: font.family, align: 'left' },
      max: limit !== undefined && limit > 0 && dataMax < limit ? limitAxisMax(limit) : undefined,
      axisLine: { show: false },
      axisTick: { show: false },
      splitLine: { lineStyle: { color: theme.gridLine, type: 'dashed' } },
      axisLabel: label,
    },
    series,
  };
}
