import type { WallThemeName } from '../../../contract/screen-preferences';

/**
 * The look of every widget on a wall, in design pixels of a 1920×1080 canvas. Sizes are chosen
 * to be read from across a control room; charts and DOM widgets take them from here so a screen
 * looks like one product.
 */
export const wallFont = {
  family: '"Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
  numeric: '"DIN Alternate", "Bahnschrift", "Roboto Mono", "Noto Sans Mono", monospace',
  title: 18,
  label: 14,
  axis: 13,
  kpi: 44,
} as const;

/**
 * The colours of a wall theme. DOM widgets read them as CSS custom properties (`wallCss`), set
 * once on the screen's viewport, so switching the theme restyles them without a render; charts,
 * maps and 3D scenes draw on canvases that cannot read CSS variables and take the concrete values
 * (`useWallColors()`).
 */
export interface WallColors {
  text: string;
  textMuted: string;
  textStrong: string;
  accent: string;
  primary: string;
  /** Text on an accent fill (the ranking's top badges). */
  onAccent: string;
  /** Accent tints: a badge or header row behind text, and a faint track. */
  accentSoft: string;
  accentFaint: string;
  /** Glow of headline text and frames. */
  glow: string;
  panelBg: string;
  /** The panel's colour where a solid one is needed (gaps between pie slices). */
  panelSolid: string;
  panelBorder: string;
  panelCorner: string;
  panelShadow: string;
  titleBg: string;
  titleBorder: string;
  /** A small panel over a chart or map (legend, readouts) and a chart's tooltip. */
  overlayBg: string;
  tooltipBg: string;
  gridLine: string;
  axisLine: string;
  /** A bar's empty track and a table's stripe. */
  trackBg: string;
  rowStripe: string;
  alarmRow: string;
  errorText: string;
  /** The canvas behind the widgets where the template has a colour, and the letterbox around it. */
  canvasBg: string;
  viewportBg: string;
  headerBg: string;
  headerTitle: string;
  mapAreaTop: string;
  mapAreaBottom: string;
  mapAreaHover: string;
  /** The extruded regions of the 3D map (lit, so a shade deeper than the flat map). */
  mapArea3d: string;
  mapBorder: string;
  mapLabel: string;
  /** Series colours, in order. */
  palette: readonly string[];
  state: { normal: string; online: string; alarm: string; offline: string };
  /** Warn levels 1 hint, 2 minor, 3 important (contract/enums WarnLevel). */
  level: Readonly<Record<number, string>>;
}

const DARK: WallColors = {
  text: '#d7e6f5',
  textMuted: '#8aa2bd',
  textStrong: '#ffffff',
  accent: '#3eebff',
  primary: '#2dc1c6',
  onAccent: '#04213a',
  accentSoft: 'rgba(62, 235, 255, 0.16)',
  accentFaint: 'rgba(62, 235, 255, 0.08)',
  glow: 'rgba(62, 235, 255, 0.55)',
  panelBg: 'linear-gradient(180deg, rgba(12, 34, 66, 0.82), rgba(8, 22, 44, 0.72))',
  panelSolid: '#081a36',
  panelBorder: 'rgba(62, 235, 255, 0.24)',
  panelCorner: '#3eebff',
  panelShadow: 'inset 0 0 24px rgba(62, 235, 255, 0.06)',
  titleBg: 'linear-gradient(90deg, rgba(45, 193, 198, 0.28), rgba(45, 193, 198, 0.04) 70%, transparent)',
  titleBorder: 'rgba(62, 235, 255, 0.18)',
  overlayBg: 'rgba(6, 19, 39, 0.72)',
  tooltipBg: 'rgba(8, 22, 44, 0.94)',
  gridLine: 'rgba(138, 162, 189, 0.16)',
  axisLine: 'rgba(138, 162, 189, 0.45)',
  trackBg: 'rgba(138, 162, 189, 0.1)',
  rowStripe: 'rgba(138, 162, 189, 0.07)',
  alarmRow: 'rgba(255, 91, 91, 0.16)',
  errorText: '#ff9a7a',
  canvasBg: '#061327',
  viewportBg: '#02060d',
  headerBg: 'linear-gradient(180deg, rgba(4, 16, 36, 0.95) 0%, rgba(6, 24, 52, 0.55) 70%, rgba(6, 24, 52, 0) 100%)',
  headerTitle: '#eafcff',
  mapAreaTop: '#0f3160',
  mapAreaBottom: '#08203f',
  mapAreaHover: '#15457f',
  mapArea3d: '#0d2c57',
  mapBorder: 'rgba(62, 235, 255, 0.75)',
  mapLabel: 'rgba(150, 190, 225, 0.42)',
  palette: ['#3eebff', '#2fd27c', '#ffb020', '#a77bff', '#ff7a45', '#4d8dff', '#ff5b5b'],
  state: { normal: '#2fd27c', online: '#2fd27c', alarm: '#ff5b5b', offline: '#8a99b4' },
  level: { 1: '#ffb020', 2: '#ff7a45', 3: '#ff5b5b' },
};

/** A daylight wall (lobbies, bright rooms): dark text on light panels, deeper accents for contrast. */
const LIGHT: WallColors = {
  text: '#1f3350',
  textMuted: '#5a6e88',
  textStrong: '#0b1a2e',
  accent: '#0a7fc0',
  primary: '#0f9aa0',
  onAccent: '#ffffff',
  accentSoft: 'rgba(10, 127, 192, 0.14)',
  accentFaint: 'rgba(10, 127, 192, 0.07)',
  glow: 'rgba(10, 127, 192, 0.22)',
  panelBg: 'linear-gradient(180deg, rgba(255, 255, 255, 0.96), rgba(246, 249, 253, 0.92))',
  panelSolid: '#ffffff',
  panelBorder: 'rgba(10, 127, 192, 0.26)',
  panelCorner: '#0a7fc0',
  panelShadow: '0 2px 10px rgba(31, 51, 80, 0.08)',
  titleBg: 'linear-gradient(90deg, rgba(15, 154, 160, 0.16), rgba(15, 154, 160, 0.03) 70%, transparent)',
  titleBorder: 'rgba(10, 127, 192, 0.18)',
  overlayBg: 'rgba(255, 255, 255, 0.88)',
  tooltipBg: 'rgba(255, 255, 255, 0.97)',
  gridLine: 'rgba(60, 90, 130, 0.14)',
  axisLine: 'rgba(60, 90, 130, 0.42)',
  trackBg: 'rgba(60, 90, 130, 0.1)',
  rowStripe: 'rgba(60, 90, 130, 0.05)',
  alarmRow: 'rgba(214, 58, 58, 0.12)',
  errorText: '#c2410c',
  canvasBg: '#e6edf5',
  viewportBg: '#cfd8e3',
  headerBg: 'linear-gradient(180deg, rgba(255, 255, 255, 0.97) 0%, rgba(240, 245, 251, 0.7) 70%, rgba(240, 245, 251, 0) 100%)',
  headerTitle: '#0b2a4a',
  mapAreaTop: '#d3e5f5',
  mapAreaBottom: '#bcd6ee',
  mapAreaHover: '#9fc6ea',
  mapArea3d: '#a9c8e6',
  mapBorder: 'rgba(10, 127, 192, 0.7)',
  mapLabel: 'rgba(40, 70, 110, 0.5)',
  palette: ['#0a7fc0', '#17955a', '#d08700', '#7a4fd6', '#e0602a', '#2f66d8', '#d63a3a'],
  state: { normal: '#17955a', online: '#17955a', alarm: '#d63a3a', offline: '#7f8da3' },
  level: { 1: '#d08700', 2: '#e0602a', 3: '#d63a3a' },
};

export const WALL_THEMES: Readonly<Record<WallThemeName, WallColors>> = { dark: DARK, light: LIGHT };

/** The CSS custom property of a colour path (`text`, `palette-2`, `state-alarm`, `level-3`). */
const cssName = (path: string) => `--nv-wall-${path.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Every colour of a theme as [path, value]: the one list both the variables and `wallCss` come from. */
function colourEntries(c: WallColors): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(c)) {
    if (typeof value === 'string') out.push([key, value]);
    else if (Array.isArray(value)) value.forEach((v: string, i) => out.push([`${key}-${i}`, v]));
    else for (const [k, v] of Object.entries(value as Record<string, string>)) out.push([`${key}-${k}`, v]);
  }
  return out;
}

/** The custom properties a screen's root sets for a theme (a React `style` object). */
export function wallCssVariables(c: WallColors): Record<string, string> {
  return Object.fromEntries(colourEntries(c).map(([path, value]) => [cssName(path), value]));
}

const cssVar = (path: string, fallback: string) => `var(${cssName(path)}, ${fallback})`;

/**
 * The theme's colours as `var(--nv-wall-…, <dark value>)` for DOM styles: what the screen's root
 * sets wins; a widget outside a screen (a test, the editor's palette) looks dark. Never hand these
 * to a canvas (ECharts, three): use `useWallColors()` there.
 */
export const wallCss: WallColors = /* @__PURE__ */ cssVariablesOf(DARK);

function cssVariablesOf(fallback: WallColors): WallColors {
  return {
    ...(Object.fromEntries(Object.entries(fallback).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, cssVar(k, v as string)])) as unknown as WallColors),
    palette: fallback.palette.map((v, i) => cssVar(`palette-${i}`, v)),
    state: Object.fromEntries(Object.entries(fallback.state).map(([k, v]) => [k, cssVar(`state-${k}`, v)])) as WallColors['state'],
    level: Object.fromEntries(Object.entries(fallback.level).map(([k, v]) => [k, cssVar(`level-${k}`, v)])),
  };
}
