import type { EChartsCoreOption } from 'echarts/core';
import { CHINA_MAP } from '../shared/chinaMap';
import { formatNumber } from '../shared/formatNumber';
import { Globe3dProps as Globe3dPropsSchema, type GlobeValueField } from '../../../contract/widgets/globe3d';
import { readProps } from '../../../contract/widgets/readProps';
import { stateColoursOf, themeStateColours, type LocatedProject, type StateColours } from '../shared/projectList';
import { WALL_THEMES, wallFont, type WallColors } from '../shared/screenTheme';

/** The project figure a bar's height shows. */
export type { GlobeValueField };

/** The props of a globe3d widget as it draws them. */
export interface GlobeProps {
  valueField: GlobeValueField;
  stateColours: StateColours;
  /** Turn slowly when nobody is touching it (default on). */
  autoRotate: boolean;
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
  return { valueField: p.valueField, stateColours: stateColoursOf(p.stateColours, themeStateColours(theme)), autoRotate: p.autoRotate };
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
  return `${p.name} · ${formatNumber(p[field], field === 'energyToday' ? 1 : 0)} ${texts.units[field]}`;
}

/**
 * The 3D view's option: a geo3D China in dark navy with cyan borders, and one bar per located
 * project, height from `valueField`, colour from its state, its name and value on hover.
 *
 * echarts-gl scales the bar axis from the data's smallest to largest value, which would flatten
 * the smallest project to nothing; an invisible zero bar pins the axis to 0, and `boxHeight` is
 * set so one world unit of height is one unit of the axis. No realistic shading, no post effects:
 * it must turn smoothly on software WebGL. The camera's `beta` is left out so new data does not
 * stop the turn.
 */
export function buildGlobeOption(projects: readonly LocatedProject[], props: GlobeProps, texts: GlobeTexts, theme: WallColors = WALL_THEMES.dark): EChartsCoreOption {
  const heights = barHeights(projects.map((p) => p[props.valueField]));
  const tallest = heights.reduce((m, h) => Math.max(m, h), BAR_MIN_HEIGHT);
  const bars = projects.map((p, i) => ({
    name: p.name,
    value: [p.lng, p.lat, heights[i]],
    itemStyle: { color: props.stateColours[p.state] },
    /** Read by the label formatter: a name is never parsed as a `{a}` template. */
    hoverLabel: barLabel(p, props.valueField, texts),
  }));
  const anchor = projects.length ? [{ name: '', value: [projects[0].lng, projects[0].lat, 0], itemStyle: { opacity: 0 } }] : [];
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
        show: false,
        distance: 1.5,
        textStyle: {
          fontSize: 15,
          fontFamily: wallFont.family,
          color: theme.textStrong,
          backgroundColor: theme.tooltipBg,
          borderColor: theme.panelBorder,
          borderWidth: 1,
          padding: [4, 8],
          borderRadius: 3,
        },
      },
      emphasis: { label: { show: true, formatter: (params: { data?: { hoverLabel?: string } }) => params.data?.hoverLabel ?? '' } },
      animationDurationUpdate: 600,
      data: [...anchor, ...bars],
    }],
  };
}
