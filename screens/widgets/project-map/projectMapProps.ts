import { ProjectMapProps as ProjectMapPropsSchema } from '../../../contract/widgets/projectMap';
import { readProps } from '../../../contract/widgets/readProps';
import type { ScreenMapSettings } from '../../runtime/ScreenEnvironment';
import { stateColoursOf, themeStateColours, type StateColours } from '../shared/projectList';
import { WALL_THEMES, type WallColors } from '../shared/screenTheme';

export type MapMode = ScreenMapSettings['mode'];

/** The props of a projectMap widget as it draws them. */
export interface ProjectMapProps {
  /** Group markers that overlap at the current zoom into one bubble. */
  cluster: boolean;
  stateColours: StateColours;
  /** Overrides the host's map mode for this widget. */
  mode: MapMode | null;
}

/** The props through the map's schema (contract/widgets/projectMap.ts). */
export function readProjectMapProps(props: Record<string, unknown> | undefined, theme: WallColors = WALL_THEMES.dark): ProjectMapProps {
  const p = readProps(ProjectMapPropsSchema, props);
  return { cluster: p.cluster, stateColours: stateColoursOf(p.stateColours, themeStateColours(theme)), mode: p.mode ?? null };
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
