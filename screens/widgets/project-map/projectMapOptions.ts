import type { EChartsCoreOption } from 'echarts/core';
import type { ProjectState } from '../../../contract/screen-data';
import { CHINA_MAP } from '../shared/chinaMap';
import { formatNumber } from '../shared/formatNumber';
import type { StateColours } from '../shared/projectList';
import { WALL_THEMES, wallCss, wallFont, type WallColors } from '../shared/screenTheme';
import type { ProjectCluster } from './clusterProjects';

/** The translated words of the tooltip. */
export interface MapTexts {
  states: Record<ProjectState, string>;
  devicesOnline: string;
  alarms: string;
  pm25: string;
  /** "3 个项目" */
  projects(count: number): string;
  /** "还有 4 个" */
  more(count: number): string;
}

/** How far the map may be zoomed in and out by an operator. */
export const MAP_SCALE_LIMIT = { min: 1, max: 10 } as const;
/** Merged into the chart to undo an operator's zoom and pan (a null centre is the map's own). */
/** The alarm markers' ripple: one cycle, seconds; the series that ripple (kept at the clock's phase: ripplePhase.ts). */
export const RIPPLE_PERIOD_S = 4;
export const RIPPLE_SERIES = ['alarmMarkers', 'alarmClusters'] as const;

export const RESET_VIEW_OPTION: EChartsCoreOption = { geo: [{ id: 'china', zoom: 1, center: null }] };
/** Names the group tooltip lists before "and n more". */
export const TOOLTIP_MAX_NAMES = 6;
/** Small regions whose names would sit on their neighbours' at the widget's sizes. */
const UNLABELLED = ['天津', '香港', '澳门', '南海诸岛'];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Diameter (design px) of a single project's marker: grows with its device count. */
export function markerSize(devices: number): number {
  return Math.round(clamp(10 + 3 * Math.sqrt(Math.max(0, devices)), 12, 30));
}

/** Diameter (design px) of a group's bubble: grows with the number of projects in it. */
export function clusterSize(count: number): number {
  return Math.round(clamp(24 + 8 * Math.log2(Math.max(2, count)), 32, 56));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Project names come from users: never let them become markup in the tooltip. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const dot = (colour: string) =>
  `<span style="display:inline-block;width:10px;height:10px;border-radius:50%;background:${colour};margin-right:6px"></span>`;
const row = (label: string, value: string) =>
  `<div style="display:flex;justify-content:space-between;gap:16px"><span style="color:${wallCss.textMuted}">${label}</span><b>${value}</b></div>`;

/** The tooltip's HTML for one marker. */
export function tooltipHtml(c: ProjectCluster, colours: StateColours, texts: MapTexts): string {
  const head = (title: string) =>
    `<div style="font-size:16px;font-weight:600;margin-bottom:4px;color:${wallCss.textStrong}">${title}</div>`
    + `<div style="margin-bottom:6px">${dot(colours[c.state])}${texts.states[c.state]}</div>`;
  const alarms = c.alarms > 0 ? `<span style="color:${colours.alarm}">${formatNumber(c.alarms)}</span>` : '0';
  if (c.members.length === 1) {
    const p = c.members[0];
    return head(escapeHtml(p.name) + (p.city ? ` <span style="font-weight:400;color:${wallCss.textMuted}">${escapeHtml(p.city)}</span>` : ''))
      + row(texts.devicesOnline, `${formatNumber(p.online)} / ${formatNumber(p.devices)}`)
      + row(texts.alarms, alarms)
      + row(texts.pm25, p.pm25 === null ? formatNumber(null) : `${formatNumber(p.pm25, 1)} μg/m³`);
  }
  const names = c.members.slice(0, TOOLTIP_MAX_NAMES)
    .map((p) => `<div style="max-width:260px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">${dot(colours[p.state])}${escapeHtml(p.name)}</div>`)
    .join('');
  const rest = c.members.length - TOOLTIP_MAX_NAMES;
  return head(texts.projects(c.members.length))
    + row(texts.devicesOnline, `${formatNumber(c.online)} / ${formatNumber(c.devices)}`)
    + row(texts.alarms, alarms)
    + `<div style="margin-top:6px">${names}</div>`
    + (rest > 0 ? `<div style="color:${wallCss.textMuted}">${texts.more(rest)}</div>` : '');
}

interface MarkerDatum {
  name: string;
  value: [number, number, number];
  symbolSize: number;
  itemStyle: Record<string, unknown>;
  /** Read by the tooltip formatter. */
  tip: string;
  label?: Record<string, unknown>;
}

function datum(c: ProjectCluster, colours: StateColours, texts: MapTexts): MarkerDatum {
  const colour = colours[c.state];
  const group = c.members.length > 1;
  return {
    name: group ? texts.projects(c.members.length) : c.members[0].name,
    value: [c.lng, c.lat, group ? c.members.length : c.devices],
    symbolSize: group ? clusterSize(c.members.length) : markerSize(c.devices),
    itemStyle: group
      ? { color: colour, opacity: 0.9, borderColor: 'rgba(255, 255, 255, 0.9)', borderWidth: 2, shadowColor: colour, shadowBlur: 16 }
      : { color: colour, borderColor: 'rgba(255, 255, 255, 0.85)', borderWidth: 1.5, shadowColor: colour, shadowBlur: 10 },
    tip: tooltipHtml(c, colours, texts),
    ...(group ? { label: { show: true, formatter: String(c.members.length) } } : {}),
  };
}

const countLabel = {
  position: 'inside',
  color: '#ffffff',
  fontSize: 15,
  fontWeight: 700,
  fontFamily: wallFont.numeric,
  textBorderColor: 'rgba(0, 0, 0, 0.45)',
  textBorderWidth: 2,
};

/**
 * The offline map's ECharts option: China's provinces in dark navy with glowing cyan borders and
 * faint names, and one marker per project or group coloured by state; projects and groups in
 * alarm ripple. Always the same four series (ids fixed), so a merge with new data keeps the
 * operator's zoom and pan, which this option never sets.
 */
export function buildProjectMapOption(clusters: readonly ProjectCluster[], colours: StateColours, texts: MapTexts, theme: WallColors = WALL_THEMES.dark): EChartsCoreOption {
  const pick = (group: boolean, alarm: boolean) => clusters
    .filter((c) => (c.members.length > 1) === group && (c.state === 'alarm') === alarm)
    .map((c) => datum(c, colours, texts));
  // Markers on their own canvas layer: the ripple repaints it every frame, not the glowing map.
  const common = { coordinateSystem: 'geo', geoIndex: 0, zlevel: 1, animation: false, emphasis: { scale: 1.25 } };
  const ripple = { brushType: 'stroke', scale: 3.2, period: RIPPLE_PERIOD_S, number: 2 };
  return {
    backgroundColor: 'transparent',
    tooltip: {
      trigger: 'item',
      confine: true,
      backgroundColor: theme.tooltipBg,
      borderColor: theme.panelBorder,
      borderWidth: 1,
      padding: [10, 14],
      textStyle: { color: theme.text, fontSize: wallFont.label, fontFamily: wallFont.family },
      extraCssText: `box-shadow: 0 0 16px ${theme.glow}; border-radius: 4px; line-height: 1.6;`,
      formatter: (params: { data?: { tip?: string } }) => params.data?.tip ?? '',
    },
    geo: [{
      id: 'china',
      map: CHINA_MAP,
      roam: true,
      scaleLimit: MAP_SCALE_LIMIT,
      top: 16,
      bottom: 16,
      left: 16,
      right: 16,
      selectedMode: false,
      // No `tooltip` here: the markers' tooltips inherit from the geo they sit on.
      label: { show: true, color: theme.mapLabel, fontSize: 13, fontFamily: wallFont.family },
      itemStyle: {
        areaColor: {
          type: 'radial', x: 0.5, y: 0.5, r: 0.8,
          colorStops: [{ offset: 0, color: theme.mapAreaTop }, { offset: 1, color: theme.mapAreaBottom }],
        },
        borderColor: theme.mapBorder,
        borderWidth: 1,
        shadowColor: theme.glow,
        shadowBlur: 10,
      },
      emphasis: {
        itemStyle: { areaColor: theme.mapAreaHover, borderColor: theme.accent, borderWidth: 1.5 },
        label: { show: true, color: theme.text },
      },
      regions: UNLABELLED.map((name) => ({ name, label: { show: false }, emphasis: { label: { show: false } } })),
    }],
    series: [
      { ...common, id: 'markers', type: 'scatter', z: 3, data: pick(false, false) },
      { ...common, id: RIPPLE_SERIES[0], type: 'effectScatter', z: 5, showEffectOn: 'render', rippleEffect: ripple, data: pick(false, true) },
      { ...common, id: 'clusters', type: 'scatter', z: 4, label: countLabel, data: pick(true, false) },
      { ...common, id: RIPPLE_SERIES[1], type: 'effectScatter', z: 6, showEffectOn: 'render', rippleEffect: ripple, label: countLabel, data: pick(true, true) },
    ],
  };
}
