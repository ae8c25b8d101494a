import { createContext, useContext } from 'react';

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
}

export const DEFAULT_ENVIRONMENT: ScreenEnvironment = { map: { key: '', securityCode: '', mode: 'auto' } };

export const ScreenEnvironmentContext = createContext<ScreenEnvironment>(DEFAULT_ENVIRONMENT);

export function useScreenEnvironment(): ScreenEnvironment {
  return useContext(ScreenEnvironmentContext);
}
