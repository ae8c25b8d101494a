import type { EChartsCoreOption } from 'echarts/core';
import { CHINA_MAP } from '../shared/chinaMap';
import { formatNumber } from '../shared/formatNumber';
import { Globe3dProps as Globe3dPropsSchema, type GlobeValueField } from '../../../contract/widgets/globe3d';
import { readProps } from '../../../contract/widgets/readProps';
import { stateColoursOf, themeStateColours, type LocatedProject, type StateColours } from '../shared/projectList';
import { WALL_THEMES, wallFont, type WallColors } from '../shared/screenTheme';
import { ellipsize } from '../shared/textMetrics';
import type { ProjectState } from '../../../contract/screen-data';

/** The project figure a bar's height shows. */
export type { GlobeValueField };

/** The props of a globe3d widget as it draws them. */
export interface GlobeProps {
  valueField: GlobeValueField;
  stateColours: StateColours;
  /** Turn slowly when nobody is touching it (default on). */
  autoRotate: boolean;
  /** Rank and city on each bar (default on). */
  labels: boolean;
  /** The key and the ranked project list, bottom left (default on). */
  legend: boolean;
}

/** The translated words of the labels. */
export interface GlobeTexts {
  /** Unit per value field: 台, kWh, 条. */
  units: Record<GlobeValueField, string>;
}

/** World units (the map is 100 wide): the tallest bar, the shortest visible one, the map slab. */
export const BAR_MAX_HEIGHT = 18;
export const BAR_MIN_HEIGHT = 1.2;
export const REGION_HEIGHT = 2;
/** Degrees per second of the idle rotation: slow enough to read labels on a wall. */
export const AUTO_ROTATE_SPEED = 4;

/** The props through the widget's schema (contract/widgets/globe3d.ts). */
export function readGlobeProps(props: Record<string, unknown> | undefined, theme: WallColors = WALL_THEMES.dark): GlobeProps {
  const p = readProps(Globe3dPropsSchema, props);
  return {
    valueField: p.valueField, stateColours: stateColoursOf(p.stateColours, themeStateColours(theme)), autoRotate: p.autoRotate, labels: p.labels, legend: p.legend,
  };
}

/**
 * The props as this display can afford them: a display drawing WebGL on the CPU (SwiftShader,
 * llvmpipe) holds the view still. Turning, echarts-gl redraws the whole extruded map every frame,
 * which such a renderer does at about 4 frames/s with the main thread busy all the time (every
 * other widget's updates and the wall's input wait behind it); held still it draws on a change or
 * a pointer only. An operator can still turn it by hand.
 */
export function globePropsForDisplay(props: GlobeProps, software: boolean): GlobeProps {
  return software && props.autoRotate ? { ...props, autoRotate: false } : props;
}

/**
 * Bar heights in world units: proportional to the values (negative counts as 0), the largest at
 * {@link BAR_MAX_HEIGHT}, none below {@link BAR_MIN_HEIGHT} so a project with nothing still shows.
 */
export function barHeights(values: readonly number[]): number[] {
  const max = values.reduce((m, v) => Math.max(m, v), 0);
  return values.map((v) => (max > 0 ? Math.max((Math.max(0, v) / max) * BAR_MAX_HEIGHT, BAR_MIN_HEIGHT) : BAR_MIN_HEIGHT));
}

/** "上海中心 · 128 台": what a bar's hover label says. */
export function barLabel(p: LocatedProject, field: GlobeValueField, texts: GlobeTexts): string {
  return `${p.name} · ${formatNumber(p[field], decimalsOf(field))} ${texts.units[field]}`;
}

/** Places of a value field's figures: energy to one decimal, counts whole. */
const decimalsOf = (field: GlobeValueField) => (field === 'energyToday' ? 1 : 0);

/** The projects by rank: the largest `field` first, equal ones by name; the numbers the legend and the bar labels share. */
export function rankProjects(projects: readonly LocatedProject[], field: GlobeValueField): LocatedProject[] {
  return [...projects].sort((a, b) => b[field] - a[field] || a.name.localeCompare(b.name, 'zh-CN'));
}

/** The legend's sizes (design px): its text, a project row, the key above the rows, its width. */
export const GLOBE_LEGEND = { font: 15, row: 26, key: 62, padding: 10, width: 300, share: 0.5 } as const;

/** How many projects the legend lists in a box `height` high: as many rows as fit half of it under the key. */
export function legendCapacity(height: number, total: number): number {
  const rows = Math.floor((height * GLOBE_LEGEND.share - GLOBE_LEGEND.key - 2 * GLOBE_LEGEND.padding) / GLOBE_LEGEND.row);
  // A "n more" line takes the last row when some are left out.
  const fit = Math.max(0, rows);
  return total <= fit ? total : Math.max(0, fit - 1);
}

/** One listed project of the legend. */
export interface GlobeLegendRow {
  rank: number;
  id: number;
  /** Cut with "…" to the legend's room; `fullName` whole (the row's tooltip). */
  name: string;
  fullName: string;
  value: string;
  colour: string;
  state: ProjectState;
}

/** The legend: projects per state, the listed rows by rank, how many more there are. */
export interface GlobeLegend {
  counts: Record<ProjectState, number>;
  rows: GlobeLegendRow[];
  more: number;
}

/** The legend of a globe `height` high: the key's counts and the first ranks, each with its state colour and value. */
export function globeLegend(projects: readonly LocatedProject[], props: GlobeProps, height: number): GlobeLegend {
  const counts: Record<ProjectState, number> = { normal: 0, alarm: 0, offline: 0 };
  for (const p of projects) counts[p.state]++;
  const ranked = rankProjects(projects, props.valueField);
  const listed = legendCapacity(height, ranked.length);
  const values = ranked.slice(0, listed).map((p) => formatNumber(p[props.valueField], decimalsOf(props.valueField)));
  const valueRoom = Math.max(0, ...values.map((v) => v.length)) * GLOBE_LEGEND.font * 0.62;
  const nameRoom = GLOBE_LEGEND.width - 2 * GLOBE_LEGEND.padding - 26 - 12 - valueRoom;
  return {
    counts,
    rows: ranked.slice(0, listed).map((p, i) => ({
      rank: i + 1, id: p.id, name: ellipsize(p.name, nameRoom, GLOBE_LEGEND.font), fullName: p.name, value: values[i], colour: props.stateColours[p.state], state: p.state,
    })),
    more: ranked.length - listed,
  };
}

/**
 * A bar's own label: its rank when the legend lists it (the number the legend names; short, so
 * bars a few pixels apart keep their labels apart), none for a rank the legend leaves out (its
 * name on hover). Without a legend: its city, or its name cut short without a city.
 */
export function barShortLabel(p: LocatedProject, rank: number | null, legend: boolean): string | null {
  if (legend) return rank === null ? null : String(rank);
  return p.city.trim() || ellipsize(p.name, 120, 15);
}

/**
 * The 3D view's option: a geo3D China in dark navy with cyan borders, and one bar per located
 * project, height from `valueField`, colour from its state, its rank on top (the first `listed`
 * ranks, which the widget's legend names; `props.labels`), its name and value on hover.
 *
 * echarts-gl scales the bar axis from the data's smallest to largest value, which would flatten
 * the smallest project to nothing; an invisible zero bar pins the axis to 0, and `boxHeight` is
 * set so one world unit of height is one unit of the axis. No realistic shading, no post effects:
 * it must turn smoothly on software WebGL. The camera's `beta` is left out so new data does not
 * stop the turn.
 */
export function buildGlobeOption(
  projects: readonly LocatedProject[], props: GlobeProps, texts: GlobeTexts, theme: WallColors = WALL_THEMES.dark, listed = Infinity,
): EChartsCoreOption {
  const heights = barHeights(projects.map((p) => p[props.valueField]));
  const tallest = heights.reduce((m, h) => Math.max(m, h), BAR_MIN_HEIGHT);
  const ranks = new Map(rankProjects(projects, props.valueField).map((p, i) => [p, i + 1]));
  const bars = projects.map((p, i) => {
    const rank = ranks.get(p)!;
    const shortLabel = barShortLabel(p, rank <= listed ? rank : null, props.legend);
    return {
      name: p.name,
      value: [p.lng, p.lat, heights[i]],
      itemStyle: { color: props.stateColours[p.state] },
      /** Read by the label formatters: a name is never parsed as a `{a}` template. */
      shortLabel: shortLabel ?? '',
      hoverLabel: barLabel(p, props.valueField, texts),
      // No empty label: echarts-gl stops drawing the labels at the first empty one.
      ...(shortLabel === null ? { label: { show: false } } : {}),
    };
  });
  // The anchor has no label at all: echarts-gl stops drawing the labels at the first empty one.
  const anchor = projects.length
    ? [{ name: '', value: [projects[0].lng, projects[0].lat, 0], itemStyle: { opacity: 0 }, label: { show: false }, emphasis: { label: { show: false } } }]
    : [];
  return {
    backgroundColor: 'transparent',
    geo3D: {
      id: 'china',
      map: CHINA_MAP,
      boxWidth: 100,
      boxHeight: REGION_HEIGHT + tallest,
      regionHeight: REGION_HEIGHT,
      environment: 'none',
      shading: 'lambert',
      light: {
        main: { intensity: 1.0, shadow: false, alpha: 50, beta: 30 },
        ambient: { intensity: 0.45 },
      },
      groundPlane: { show: false },
      postEffect: { enable: false },
      temporalSuperSampling: { enable: false },
      itemStyle: { color: theme.mapArea3d, borderColor: theme.mapBorder, borderWidth: 1 },
      emphasis: { label: { show: false }, itemStyle: { color: theme.mapAreaHover } },
      label: { show: false },
      viewControl: {
        projection: 'perspective',
        alpha: 48,
        distance: 88,
        minDistance: 50,
        maxDistance: 160,
        minAlpha: 10,
        maxAlpha: 85,
        autoRotate: props.autoRotate,
        autoRotateSpeed: AUTO_ROTATE_SPEED,
        autoRotateAfterStill: 6,
        damping: 0.85,
        rotateSensitivity: 1,
        zoomSensitivity: 1,
        panSensitivity: 0,
      },
    },
    series: [{
      id: 'projects',
      type: 'bar3D',
      coordinateSystem: 'geo3D',
      geo3DIndex: 0,
      shading: 'lambert',
      barSize: 1.8,
      bevelSize: 0.3,
      bevelSmoothness: 2,
      minHeight: 0,
      label: {
        show: props.labels,
        distance: 1.5,
        formatter: (params: { data?: { shortLabel?: string } }) => params.data?.shortLabel ?? '',
        textStyle: {
          fontSize: 16,
          fontFamily: wallFont.family,
          color: theme.textStrong,
          backgroundColor: theme.tooltipBg,
          borderColor: theme.panelBorder,
          borderWidth: 1,
          padding: [3, 7],
          borderRadius: 3,
        },
      },
      emphasis: { label: { show: true, formatter: (params: { data?: { hoverLabel?: string } }) => params.data?.hoverLabel ?? '' } },
      animationDurationUpdate: 600,
      data: [...anchor, ...bars],
    }],
  };
}
