import type { ProjectState, ScreenProject } from '../../../contract/screen-data';
import type { Widget } from '../../../contract/screen-template';
import { REFETCH, type LiveEvent } from '../../runtime/types';
import { WALL_THEMES, type WallColors } from './screenTheme';

/** A project that has a place on the map. */
export type LocatedProject = ScreenProject & { lng: number; lat: number };

/** Colour of each project state. */
export type StateColours = Record<ProjectState, string>;

/** A wall theme's state colours: what a widget without `stateColours` shows. */
export function themeStateColours(theme: WallColors): StateColours {
  return { normal: theme.state.normal, alarm: theme.state.alarm, offline: theme.state.offline };
}
export const DEFAULT_STATE_COLOURS: StateColours = /* @__PURE__ */ themeStateColours(WALL_THEMES.dark);

const STATES: readonly ProjectState[] = ['normal', 'alarm', 'offline'];
/** How bad a state is: a group of projects shows its worst. */
export const STATE_RANK: Record<ProjectState, number> = { normal: 0, offline: 1, alarm: 2 };

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The list inside a widget's data: the list itself, or an overview answer's `projectList`. */
function listOf(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object' && Array.isArray((data as { projectList?: unknown }).projectList)) {
    return (data as { projectList: unknown[] }).projectList;
  }
  return null;
}

function readProject(item: unknown, index: number): ScreenProject | null {
  if (!item || typeof item !== 'object') return null;
  const p = item as Record<string, unknown>;
  const state = STATES.includes(p.state as ProjectState) ? (p.state as ProjectState) : 'normal';
  return {
    id: num(p.id, -1 - index),
    name: str(p.name),
    city: str(p.city),
    region: typeof p.region === 'string' ? p.region : null,
    lng: numOrNull(p.lng),
    lat: numOrNull(p.lat),
    state,
    devices: Math.max(0, num(p.devices, 0)),
    online: Math.max(0, num(p.online, 0)),
    alarms: Math.max(0, num(p.alarms, 0)),
    energyToday: num(p.energyToday, 0),
    pm25: numOrNull(p.pm25),
    aqi: numOrNull(p.aqi),
  };
}

/**
 * The projects of a map widget's data (the `projectList` of GET /api/s/screen/overview, or the
 * whole answer), read defensively: a template's transform may have dropped fields, which fall back
 * to empty values. Null when the data holds no list at all.
 */
export function readProjectList(data: unknown): ScreenProject[] | null {
  const list = listOf(data);
  if (!list) return null;
  return list.map(readProject).filter((p): p is ScreenProject => p !== null);
}

/** Whether a project can be placed: finite coordinates on the globe, and not the 0,0 of an unset location. */
export function isLocated(p: ScreenProject): p is LocatedProject {
  const { lng, lat } = p;
  if (lng === null || lat === null) return false;
  if (lng === 0 && lat === 0) return false;
  return Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

/** The projects with a place on the map, and how many were left out for lack of one. */
export function splitLocated(projects: ScreenProject[]): { located: LocatedProject[]; unlocated: number } {
  const located = projects.filter(isLocated);
  return { located, unlocated: projects.length - located.length };
}

/** Projects per state, for the legend. */
export function countByState(projects: readonly ScreenProject[]): Record<ProjectState, number> {
  const counts: Record<ProjectState, number> = { normal: 0, alarm: 0, offline: 0 };
  for (const p of projects) counts[p.state]++;
  return counts;
}

/** A widget's parsed `stateColours` over the defaults: a state without a colour keeps its default. */
export function stateColoursOf(given: Partial<StateColours> | undefined, defaults: StateColours = DEFAULT_STATE_COLOURS): StateColours {
  const out = { ...defaults };
  for (const s of STATES) if (given?.[s]) out[s] = given[s];
  return out;
}

/** Rebuilds the data with one project replaced, in the shape it came in (list or overview answer). */
function replaceProject(data: unknown, index: number, project: Record<string, unknown>): unknown {
  const list = listOf(data)!;
  const next = list.slice();
  next[index] = project;
  return Array.isArray(data) ? next : { ...(data as object), projectList: next };
}

/**
 * Folds a hub push into a project list. An alarm raised marks its project as in alarm at once
 * (one more open alarm). A cleared alarm or a device's new state changes counts and states that
 * only the server can work out (the project may be normal or offline after it), so those re-read
 * the source. Pushes about projects not on the list are ignored.
 */
export function applyProjectLive(data: unknown, live: LiveEvent, _widget?: Widget): unknown | typeof REFETCH {
  const list = listOf(data);
  if (!list) return undefined;
  const projectId = live.event === 'measureWarning' ? live.data.alarm.projectId : live.event === 'deviceState' ? live.data.projectId : null;
  if (projectId === null) return undefined;
  const index = list.findIndex((item) => item !== null && typeof item === 'object' && (item as { id?: unknown }).id === projectId);
  if (index < 0) return undefined;
  if (live.event === 'deviceState') return REFETCH;
  if (live.event !== 'measureWarning') return undefined;
  if (live.data.action === 'clear') return REFETCH;
  if (live.data.action !== 'raise') return undefined;
  const item = list[index] as Record<string, unknown>;
  return replaceProject(data, index, { ...item, state: 'alarm', alarms: num(item.alarms, 0) + 1 });
}
