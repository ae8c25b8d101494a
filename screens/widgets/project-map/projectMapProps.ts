import type { ScreenMapSettings } from '../../runtime/ScreenEnvironment';
import { readStateColours, type StateColours } from '../shared/projectList';
import { booleanProp } from '../shared/readProp';

export type MapMode = ScreenMapSettings['mode'];

/** The props of a projectMap widget, as read from the stored template. */
export interface ProjectMapProps {
  /** Group markers that overlap at the current zoom into one bubble. */
  cluster: boolean;
  stateColours: StateColours;
  /** Overrides the host's map mode for this widget. */
  mode: MapMode | null;
}

const MODES: readonly MapMode[] = ['auto', 'amap', 'offline'];

/** Reads the untyped props; anything malformed falls back to its default. */
export function readProjectMapProps(props: Record<string, unknown> | undefined): ProjectMapProps {
  const p = props ?? {};
  return {
    cluster: booleanProp(p, 'cluster', false),
    stateColours: readStateColours(p.stateColours),
    mode: MODES.includes(p.mode as MapMode) ? (p.mode as MapMode) : null,
  };
}

/**
 * Which map to draw. `offline`: the ECharts map, never AMap. `amap`: AMap only (a failure is shown
 * as such). `auto`: AMap first when a key is configured, the offline map when it fails or is slow;
 * without a key, straight to the offline map.
 */
export type MapPath = 'offline' | 'amap' | 'amapThenOffline';

export function chooseMapPath(mode: MapMode, amapKey: string): MapPath {
  if (mode === 'offline') return 'offline';
  if (mode === 'amap') return 'amap';
  return amapKey.trim() ? 'amapThenOffline' : 'offline';
}

/** How long `auto` waits for AMap before it falls back. */
export const AMAP_AUTO_TIMEOUT_MS = 4_000;
/** How long `amap` waits before it reports AMap as unreachable. */
export const AMAP_ONLY_TIMEOUT_MS = 15_000;
/** After `amap` failed, the next try comes this much later. */
export const AMAP_RETRY_MS = 60_000;
