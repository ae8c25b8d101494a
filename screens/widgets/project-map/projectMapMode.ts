import { isMapMode } from '../../../contract/constants';
import type { ScreenMapSettings } from '../../runtime/ScreenEnvironment';

// Apart from projectMapProps.ts (which brings the wall theme): the widget registry, in the console's
// first chunk, prefetches the offline map's outline with these. No zod here: the schema
// (contract/widgets/projectMap.ts) would put zod in the login page's first chunk.

export type MapMode = ScreenMapSettings['mode'];

/** The widget's own map mode, if it overrides the host's. */
export function mapModeOf(props: Record<string, unknown> | undefined): MapMode | null {
  return isMapMode(props?.mode) ? props.mode : null;
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
