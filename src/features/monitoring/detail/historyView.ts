import type { HistoryResult } from '../../../../contract/telemetry';

type HistoryPoint = HistoryResult['points'][number];

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The range picker's presets, by their key in the address (`?range=7d`). */
export const RANGE_PRESETS = { '1h': HOUR, '6h': 6 * HOUR, '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '1y': 365 * DAY } as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
export const DEFAULT_PRESET: RangePreset = '24h';

/** A time range, epoch ms, `to` excluded. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * The chart's point budget: about one point per pixel of a chart across a 1080p screen (a 4K one
 * scales its layout up). Fixed, not measured: the trend can be asked for before the chart exists.
 */
export const CHART_POINTS = 1500;

export const isPreset = (key: string | null): key is RangePreset => key !== null && Object.hasOwn(RANGE_PRESETS, key);

/**
 * The range of the address: a preset ending at `now` (rounded up to the minute, so a re-render
 * does not ask again), or an explicit `from`–`to`; the default preset otherwise.
 */
export function rangeOf(search: URLSearchParams, now: number): TimeRange & { preset: RangePreset | null } {
  const from = Number(search.get('from'));
  const to = Number(search.get('to'));
  if (search.get('range') === 'custom' && Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 0 && from < to) {
    return { from, to, preset: null };
  }
  const key = search.get('range');
  const preset = isPreset(key) ? key : DEFAULT_PRESET;
  const end = Math.ceil(now / MINUTE) * MINUTE;
  return { from: end - RANGE_PRESETS[preset], to: end, preset };
}

/**
 * Whether a zoomed `window` deserves its own finer read: the loaded points are coarser than the
 * window's share of the budget would be, so the server would answer it at a finer resolution.
 */
export function needsDetail(loaded: HistoryResult, range: TimeRange, window: TimeRange, budget: number): boolean {
  if (window.from <= range.from && window.to >= range.to) return false;
  if (loaded.interval === 'raw') return false;
  return (window.to - window.from) / budget < loaded.bucketMs / 2;
}

/** The loaded points outside the window and the finer ones inside it, in time order. */
export function mergeWindow(coarse: readonly HistoryPoint[], fine: readonly HistoryPoint[], window: TimeRange): HistoryPoint[] {
  return [
    ...coarse.filter((p) => p.ts < window.from),
    ...fine,
    ...coarse.filter((p) => p.ts >= window.to),
  ];
}

/** The points inside a range. */
export const pointsIn = (points: readonly HistoryPoint[], range: TimeRange) => points.filter((p) => p.ts >= range.from && p.ts < range.to);

/** The time a zoom `start`/`end` percentage (ECharts dataZoom) points at in `range`. */
export function windowOf(range: TimeRange, startPercent: number, endPercent: number): TimeRange {
  const span = range.to - range.from;
  return { from: Math.round(range.from + (span * startPercent) / 100), to: Math.round(range.from + (span * endPercent) / 100) };
}

/** A resolution as the chart's caption says it: 原始数据 or the bucket width. */
export function resolutionLabel(result: Pick<HistoryResult, 'interval' | 'bucketMs'>, lang: 'zh' | 'en'): string {
  if (result.interval === 'raw') return lang === 'zh' ? '原始数据' : 'raw samples';
  const ms = result.bucketMs;
  const [n, unit] = ms % DAY === 0 ? [ms / DAY, lang === 'zh' ? '天' : 'd'] : ms % HOUR === 0 ? [ms / HOUR, lang === 'zh' ? '小时' : 'h'] : [ms / MINUTE, lang === 'zh' ? '分钟' : 'min'];
  return lang === 'zh' ? `${n}${unit}均值` : `${n} ${unit} averages`;
}

/** The rows of an export: time, value (average), minimum, maximum, samples per point. */
export function exportRows(points: readonly HistoryPoint[], formatTime: (ms: number) => string, decimals: number): (string | number)[][] {
  const round = (v: number) => Number(v.toFixed(Math.min(6, Math.max(0, decimals + 2))));
  return points.map((p) => [formatTime(p.ts), round(p.value), round(p.min), round(p.max), p.count]);
}

/** How much larger than 16 px the console's rem is (the console scales it up on 4K screens); charts scale their text with it. */
export function remScale(): number {
  if (typeof document === 'undefined') return 1;
  const px = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(px) && px > 0 ? px / 16 : 1;
}

/** Time-axis labels by level: a day as 11-25, an hour as 08:00 (ECharts' default writes a bare day number). */
const TIME_LABELS = { year: '{yyyy}', month: '{yyyy}-{MM}', day: '{MM}-{dd}', hour: '{HH}:{mm}', minute: '{HH}:{mm}', second: '{HH}:{mm}:{ss}' };

/** Colours the chart takes from the console theme. */
export interface ChartColors {
  text: string;
  muted: string;
  border: string;
  line: string;
  band: string;
}

/**
 * The trend's ECharts option (pure: unit-tested without a DOM): the average as a line over the
 * time axis pinned to `range`, the rollups' min–max as a band beneath it (a stacked pair: the
 * minimum, invisible, then the spread), and zooming by wheel or drag and by the slider below.
 */
export function historyOption(points: readonly HistoryPoint[], range: TimeRange, colors: ChartColors, labels: { value: string; min: string; max: string },
  unit: string, decimals: number, band: boolean, scale = 1): Record<string, unknown> {
  const px = (n: number) => Math.round(n * scale);
  const axis = {
    axisLabel: { color: colors.muted, fontSize: px(12) },
    axisLine: { lineStyle: { color: colors.border } },
    splitLine: { lineStyle: { color: colors.border } },
  };
  const fmt = (v: number) => v.toFixed(Math.min(6, Math.max(0, decimals)));
  const byTime = new Map(points.map((p) => [p.ts, p]));
  return {
    backgroundColor: 'transparent',
    animation: false,
    textStyle: { color: colors.text, fontSize: px(12) },
    grid: { left: px(64), right: px(32), top: px(28), bottom: px(72) },
    tooltip: {
      trigger: 'axis',
      textStyle: { fontSize: px(14) },
      formatter: (items: { axisValue?: number }[]) => {
        const p = byTime.get(Number(items[0]?.axisValue));
        if (!p) return '';
        const when = new Date(p.ts).toLocaleString();
        const u = unit ? ` ${unit}` : '';
        return band
          ? `${when}<br/>${labels.value}: ${fmt(p.value)}${u}<br/>${labels.min}: ${fmt(p.min)}${u}<br/>${labels.max}: ${fmt(p.max)}${u}`
          : `${when}<br/>${labels.value}: ${fmt(p.value)}${u}`;
      },
    },
    xAxis: {
      type: 'time', min: range.from, max: range.to, ...axis, splitLine: { show: false },
      axisLabel: { ...axis.axisLabel, hideOverlap: true, formatter: TIME_LABELS },
    },
    yAxis: { type: 'value', scale: true, name: unit, nameTextStyle: { color: colors.muted, fontSize: px(12) }, ...axis },
    dataZoom: [
      { type: 'inside', filterMode: 'none', minValueSpan: MINUTE },
      {
        type: 'slider', filterMode: 'none', height: px(28), bottom: px(16), left: px(64), right: px(32),
        textStyle: { color: colors.muted, fontSize: px(12) }, borderColor: colors.border, minValueSpan: MINUTE,
      },
    ],
    series: [
      {
        name: 'min', type: 'line', stack: 'band', symbol: 'none', silent: true, lineStyle: { opacity: 0 },
        data: band ? points.map((p) => [p.ts, p.min]) : [], tooltip: { show: false },
      },
      {
        name: 'band', type: 'line', stack: 'band', symbol: 'none', silent: true, lineStyle: { opacity: 0 },
        areaStyle: { color: colors.band }, data: band ? points.map((p) => [p.ts, p.max - p.min]) : [],
      },
      {
        name: labels.value, type: 'line', symbol: points.length > 200 ? 'none' : 'circle', symbolSize: px(4),
        lineStyle: { width: 1.5 * scale, color: colors.line }, itemStyle: { color: colors.line },
        data: points.map((p) => [p.ts, p.value]),
      },
    ],
  };
}
