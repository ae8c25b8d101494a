import { useEffect, useState } from 'react';
import { wallThemeParam } from '../../../contract/address-params';
import { screenPreferencesOf, type ScreenPreferences, type WallThemeName } from '../../../contract/screen-preferences';
import { apiGet } from '../http';

/**
 * The user's big-screen preferences (个性化配置, customSet's `screen`), read once per page: null
 * while loading; the defaults when the user has none or the read fails (a wall still shows).
 */
export function useScreenPreferences(): ScreenPreferences | null {
  const [prefs, setPrefs] = useState<ScreenPreferences | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    apiGet<Record<string, unknown>>('/user/customSet', undefined, abort.signal, { quietNotFound: true })
      .then((set) => setPrefs(screenPreferencesOf(set)), () => !abort.signal.aborted && setPrefs(screenPreferencesOf(null)));
    return () => abort.abort();
  }, []);
  return prefs;
}

/**
 * The wall theme a screen page shows: the address's `theme` (a wall configured by its URL), else
 * the user's preference; null until the preference is known, so a light wall never flashes dark.
 */
export function wallThemeOf(params: URLSearchParams, prefs: ScreenPreferences | null): WallThemeName | null {
  return wallThemeParam(params.get('theme')) ?? prefs?.wallTheme ?? null;
}
