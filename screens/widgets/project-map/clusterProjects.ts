import type { ProjectState } from '../../../contract/screen-data';
import { STATE_RANK, type LocatedProject } from '../shared/projectList';

/** Screen pixels per degree of longitude and of latitude at the map's current zoom. */
export interface PixelScale {
  x: number;
  y: number;
}

/** One marker on the map: a single project, or several that would overlap. */
export interface ProjectCluster {
  /** Stable for a single project (`p<id>`); for a group, from its first member. */
  key: string;
  lng: number;
  lat: number;
  /** In id order. */
  members: LocatedProject[];
  /** The worst state among the members: alarm, then offline, then normal. */
  state: ProjectState;
  devices: number;
  online: number;
  alarms: number;
}

/** Markers closer than this many pixels are grouped. */
export const CLUSTER_DISTANCE_PX = 32;

function single(p: LocatedProject): ProjectCluster {
  return { key: `p${p.id}`, lng: p.lng, lat: p.lat, members: [p], state: p.state, devices: p.devices, online: p.online, alarms: p.alarms };
}

/** Every project as its own marker (clustering off). */
export function unclustered(projects: readonly LocatedProject[]): ProjectCluster[] {
  return [...projects].sort((a, b) => a.id - b.id).map(single);
}

interface Seed {
  x: number;
  y: number;
  members: LocatedProject[];
}

/**
 * Grid clustering, as map marker clusterers do it: projects are taken in id order (so the result
 * does not depend on the order of the data); each joins the nearest group whose first member lies
 * within `distancePx` on screen, else starts a group. Only the 3×3 grid cells around a project are
 * searched, so the cost stays linear. A group sits at its members' mean position and shows the
 * worst state among them.
 */
export function clusterProjects(projects: readonly LocatedProject[], scale: PixelScale, distancePx = CLUSTER_DISTANCE_PX): ProjectCluster[] {
  if (!(scale.x > 0 && scale.y > 0 && distancePx > 0)) return unclustered(projects);
  const cells = new Map<string, Seed[]>();
  const seeds: Seed[] = [];
  for (const p of [...projects].sort((a, b) => a.id - b.id)) {
    const x = p.lng * scale.x;
    const y = -p.lat * scale.y;
    const cx = Math.floor(x / distancePx);
    const cy = Math.floor(y / distancePx);
    let best: Seed | null = null;
    let bestDist = distancePx;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const seed of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          const d = Math.hypot(seed.x - x, seed.y - y);
          if (d < bestDist) {
            best = seed;
            bestDist = d;
          }
        }
      }
    }
    if (best) {
      best.members.push(p);
      continue;
    }
    const seed: Seed = { x, y, members: [p] };
    seeds.push(seed);
    const key = `${cx},${cy}`;
    cells.set(key, [...(cells.get(key) ?? []), seed]);
  }
  return seeds.map(({ members }) => {
    if (members.length === 1) return single(members[0]);
    const sum = (f: (p: LocatedProject) => number) => members.reduce((s, p) => s + f(p), 0);
    const state = members.reduce<ProjectState>((w, p) => (STATE_RANK[p.state] > STATE_RANK[w] ? p.state : w), 'normal');
    return {
      key: `c${members[0].id}`,
      lng: sum((p) => p.lng) / members.length,
      lat: sum((p) => p.lat) / members.length,
      members,
      state,
      devices: sum((p) => p.devices),
      online: sum((p) => p.online),
      alarms: sum((p) => p.alarms),
    };
  });
}
