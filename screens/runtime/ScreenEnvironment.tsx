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
}

export const DEFAULT_ENVIRONMENT: ScreenEnvironment = { map: { key: '', securityCode: '', mode: 'auto' } };

export const ScreenEnvironmentContext = createContext<ScreenEnvironment>(DEFAULT_ENVIRONMENT);

export function useScreenEnvironment(): ScreenEnvironment {
  return useContext(ScreenEnvironmentContext);
}
