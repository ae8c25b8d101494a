import { createContext, useContext } from 'react';
import type { WallThemeName } from '../../contract/screen-preferences';

/** Map settings of the host's runtime configuration (public/config.json `map`). */
export interface ScreenMapSettings {
  key: string;
  securityCode: string;
  /** auto: AMap when it loads in time, else the offline map; amap / offline: only that one. */
  mode: 'auto' | 'amap' | 'offline';
}

/** What widgets may need of the host beyond their data. */
export interface ScreenEnvironment {
  map: ScreenMapSettings;
  /** The wall theme (the user's 个性化配置, or the address's `theme`); dark when absent. */
  wallTheme?: WallThemeName;
  /**
   * The clock widgets take their animation phases from (epoch ms): on a video wall tile the
   * server's clock shared by every tile, so a rotation angle, a scroll offset or a pulse is the same
   * on both sides of a seam; absent elsewhere, meaning `Date.now` (widgets/shared/animationPhase.ts).
   * A stable function: widgets call it, they do not re-render on it.
   */
  now?: () => number;
}

export const DEFAULT_ENVIRONMENT: ScreenEnvironment = { map: { key: '', securityCode: '', mode: 'auto' } };

export const ScreenEnvironmentContext = createContext<ScreenEnvironment>(DEFAULT_ENVIRONMENT);

export function useScreenEnvironment(): ScreenEnvironment {
  return useContext(ScreenEnvironmentContext);
}
