import type { LocatedProject, StateColours } from '../shared/projectList';
import { markerSize } from './projectMapOptions';

/** What one AMap marker shows: a dot coloured by state, sized by device count, titled with the name. */
export interface AmapMarkerSpec {
  position: [number, number];
  /** Diameter in px. */
  size: number;
  html: string;
  title: string;
}

/** Above this many projects, AMap groups markers (when the widget clusters at all). */
export const AMAP_CLUSTER_ABOVE = 20;
/** AMap.MarkerClusterer's grid, in px. */
export const AMAP_CLUSTER_GRID_PX = 60;

/** The marker of one project on the AMap path. */
export function amapMarkerSpec(p: LocatedProject, colours: StateColours): AmapMarkerSpec {
  const size = markerSize(p.devices);
  const colour = colours[p.state];
  return {
    position: [p.lng, p.lat],
    size,
    html: `<div style="width:${size}px;height:${size}px;box-sizing:border-box;border-radius:50%;background:${colour};`
      + `border:2px solid rgba(255,255,255,0.85);box-shadow:0 0 ${p.state === 'alarm' ? 14 : 8}px ${colour}"></div>`,
    title: p.city ? `${p.name} · ${p.city}` : p.name,
  };
}

/** Whether AMap should group the markers. */
export function amapShouldCluster(cluster: boolean, count: number): boolean {
  return cluster && count > AMAP_CLUSTER_ABOVE;
}
