import type { EChartsCoreOption } from 'echarts/core';
import { formatNumber, NO_VALUE } from '../shared/formatNumber';
import { WALL_THEMES, wallFont, type WallColors } from '../shared/screenTheme';
import { estimateNumericWidth, estimateTextWidth } from '../shared/textMetrics';
import { aqiLevelOf, bandColour, BAND_COLOURS, type GaugeProps, niceSplit, withAlpha } from './gaugeProps';

/** A text the renderer places over the chart: a box in design px, its text centred in it. */
export interface GaugeText {
  text: string;
  colour: string;
  fontSize: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Lines the text may wrap to (1: ellipsis). */
  lines: number;
  align: 'center' | 'left';
}

/** Everything the gauge shows: the arcs as ECharts options, the texts as DOM over them. */
export interface GaugeView {
  layout: 'compact' | 'full';
  option: EChartsCoreOption;
  value: GaugeText;
  unit: string | undefined;
  unitSize: number;
  /** The AQI level name, for `kind: 'aqi'` with a value. */
  level: GaugeText | null;
}

/** Below this content height the gauge is a half arc with its texts beside it (the 292×120 overview box). */
export const COMPACT_BELOW = 150;

function formatValue(value: number | null): string {
  if (value === null) return NO_VALUE;
  return formatNumber(value, Number.isInteger(value) ? 0 : 1);
}

/** The largest font in [min, max] at which `text` fits `width` in `lines` lines (estimated); `min` if none does. */
function fitFont(text: string, width: number, lines: number, max: number, min: number): number {
  for (let size = max; size > min; size--) if (estimateTextWidth(text, size) <= width * lines * (lines > 1 ? 0.85 : 1)) return size;
  return min;
}

interface Arc {
  cx: number;
  cy: number;
  r: number;
  lineWidth: number;
  startAngle: number;
  endAngle: number;
}

function series(arc: Arc, props: GaugeProps, value: number | null, colour: string, full: boolean, theme: WallColors = WALL_THEMES.dark) {
  const { min, max, bands } = props;
  const span = max - min;
  const track = bands.length
    ? [...bands.map((b, i) => [(b - min) / span, withAlpha(BAND_COLOURS[Math.min(i, BAND_COLOURS.length - 1)], 0.28)]),
      [1, withAlpha(BAND_COLOURS[Math.min(bands.length, BAND_COLOURS.length - 1)], 0.28)]]
    : [[1, theme.accentSoft]];
  const progressColour = bands.length
    ? colour
    : { type: 'linear', x: 0, y: 0, x2: 1, y2: 0, colorStops: [{ offset: 0, color: theme.primary }, { offset: 1, color: theme.accent }] };
  const shown = value === null ? min : Math.min(max, Math.max(min, value));
  const common = {
    type: 'gauge',
    center: [arc.cx, arc.cy],
    radius: arc.r,
    startAngle: arc.startAngle,
    endAngle: arc.endAngle,
    min,
    max,
    pointer: { show: false },
    anchor: { show: false },
    title: { show: false },
    detail: { show: false },
    silent: true,
  };
  const main = {
    ...common,
    splitNumber: niceSplit(min, max),
    progress: { show: value !== null, width: arc.lineWidth, itemStyle: { color: progressColour, shadowBlur: 10, shadowColor: withAlpha(typeof colour === 'string' ? colour : theme.accent, 0.6) } },
    axisLine: { lineStyle: { width: arc.lineWidth, color: track } },
    axisTick: { show: full, distance: 4, length: 4, splitNumber: 5, lineStyle: { color: theme.axisLine, width: 1 } },
    splitLine: { show: full, distance: 4, length: 9, lineStyle: { color: theme.textMuted, width: 2 } },
    axisLabel: {
      show: full, distance: 18, color: theme.textMuted, fontSize: wallFont.axis, fontFamily: wallFont.numeric,
      formatter: (v: number) => formatNumber(v, Number.isInteger(v) ? 0 : 1),
    },
    data: [{ value: shown }],
  };
  // A thin inner ring: the instrument look, no data.
  const inner = {
    ...common,
    radius: Math.max(4, arc.r - arc.lineWidth - (full ? 40 : 8)),
    axisLine: { lineStyle: { width: 1, color: [[1, theme.panelBorder]] } },
    progress: { show: false },
    axisTick: { show: false },
    splitLine: { show: false },
    axisLabel: { show: false },
    data: [{ value: min }],
  };
  return [main, inner];
}

/**
 * The gauge for a content box of `width` × `height`: a 240° arc with ticks and scale labels and
 * the value in its middle when there is height; a half arc with the value in its bowl and the AQI
 * level beside it in a short box. `levelNames` are the six AQI level names (1..6), translated.
 */
export function gaugeView(data: unknown, props: GaugeProps, width: number, height: number, levelNames: readonly string[], theme: WallColors = WALL_THEMES.dark): GaugeView {
  const value = typeof data === 'number' && Number.isFinite(data) ? data : null;
  const aqi = props.kind === 'aqi' && value !== null ? aqiLevelOf(value) : null;
  const colour = value === null
    ? theme.textMuted
    : aqi ? aqi.colour : props.bands.length ? bandColour(value, props.bands) : theme.textStrong;
  const text = formatValue(value);
  const levelName = aqi ? levelNames[aqi.level - 1] ?? '' : null;
  const compact = height < COMPACT_BELOW;
  const unitSize = 14;
  const unitWidth = props.unit ? estimateTextWidth(props.unit, unitSize) + 6 : 0;

  if (compact) {
    const beside = levelName !== null || props.kind === 'aqi';
    const lineWidth = 10;
    const r = Math.max(20, Math.min(height - 6 - lineWidth / 2, beside ? width * 0.3 : width * 0.45));
    const cx = beside ? 10 + r : width / 2;
    const cy = Math.min(height - 2, 4 + lineWidth / 2 + r);
    const arc: Arc = { cx, cy, r, lineWidth, startAngle: 180, endAngle: 0 };
    const inside = (r - lineWidth - 6) * 1.7;
    let fontSize = Math.min(34, Math.round(r * 0.5));
    while (fontSize > 16 && estimateNumericWidth(text, fontSize) + unitWidth > inside) fontSize -= 2;
    const valueBox: GaugeText = {
      text, colour, fontSize, align: 'center', lines: 1,
      left: cx - inside / 2, top: cy - fontSize * 1.15, width: inside, height: fontSize * 1.15,
    };
    let level: GaugeText | null = null;
    if (levelName !== null && aqi) {
      const left = cx + r + 14;
      const boxWidth = Math.max(0, width - left - 8);
      // One line when it fits at 18 px, else two (three only if two would need less than 13 px).
      let lines = estimateTextWidth(levelName, 18) > boxWidth ? 2 : 1;
      if (lines === 2 && fitFont(levelName, boxWidth, 2, 18, 12) < 13) lines = 3;
      level = { text: levelName, colour: aqi.colour, fontSize: fitFont(levelName, boxWidth, lines, lines > 1 ? 18 : 24, 13), align: 'left', lines, left, top: 0, width: boxWidth, height };
    }
    return { layout: 'compact', option: { series: series(arc, props, value, colour, false, theme) }, value: valueBox, unit: props.unit, unitSize, level };
  }

  // A 240° arc is 1.5 r tall; keep room above for the scale labels' margin and below for the level.
  const lineWidth = Math.round(Math.max(10, Math.min(18, height * 0.06)));
  const r = Math.max(30, Math.min(width * 0.4, (height - 16) / 1.5));
  const cx = width / 2;
  const cy = 8 + r;
  const arc: Arc = { cx, cy, r, lineWidth, startAngle: 210, endAngle: -30 };
  const inside = (r - lineWidth - 40) * 1.6;
  let fontSize = Math.round(Math.min(56, Math.max(28, r * 0.36)));
  while (fontSize > 20 && estimateNumericWidth(text, fontSize) + unitWidth > inside) fontSize -= 2;
  const valueHeight = fontSize * 1.15;
  let level: GaugeText | null = null;
  let levelHeight = 0;
  let levelSize = 0;
  let levelLines = 1;
  const levelWidth = r * 1.2;
  if (levelName !== null) {
    levelLines = estimateTextWidth(levelName, 20) > levelWidth ? 2 : 1;
    levelSize = fitFont(levelName, levelWidth, levelLines, levelLines > 1 ? 17 : 22, 14);
    levelHeight = levelSize * 1.25 * levelLines + 6;
  }
  // Value and level as one block around the centre, kept above the arc's open ends and their labels.
  const block = valueHeight + levelHeight;
  const valueTop = Math.min(cy + r * 0.08 - block / 2, cy + r * 0.46 - block);
  const valueBox: GaugeText = { text, colour, fontSize, align: 'center', lines: 1, left: cx - inside / 2, top: valueTop, width: inside, height: valueHeight };
  if (levelName !== null && aqi) {
    level = {
      text: levelName, colour: aqi.colour, fontSize: levelSize, align: 'center', lines: levelLines,
      left: cx - levelWidth / 2, top: valueTop + valueHeight + 6, width: levelWidth, height: levelHeight - 6,
    };
  }
  return { layout: 'full', option: { series: series(arc, props, value, colour, true, theme) }, value: valueBox, unit: props.unit, unitSize, level };
}
