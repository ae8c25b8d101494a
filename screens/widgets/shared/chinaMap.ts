import { GeoComponent } from 'echarts/components';
import { CHINA_MAP_URL, fetchChinaMapJson, forgetChinaMapJson, peekChinaMapJson } from './chinaMapSource';
import { echarts } from './echartsCore';

// `registerMap` and `getMap` (which echarts-gl's geo3D reads) do nothing until the geo component
// is installed: it provides their implementation.
echarts.use([GeoComponent]);

/** The name the map is registered under: ECharts adds the South China Sea islands to a map of this name. */
export const CHINA_MAP = 'china';

let loading: Promise<void> | null = null;
let registered = false;

type GeoJson = Parameters<typeof echarts.registerMap>[1];

function isFeatureCollection(value: unknown): value is GeoJson {
  return !!value && typeof value === 'object' && (value as { type?: unknown }).type === 'FeatureCollection'
    && Array.isArray((value as { features?: unknown }).features);
}

/**
 * Resolves once the map of China is registered with ECharts as {@link CHINA_MAP}. The file is
 * fetched once per page, however many widgets ask; a failed fetch is forgotten, so the next call
 * (a later mount, a retry) tries again.
 */
export function loadChinaMap(): Promise<void> {
  if (registered) return Promise.resolve();
  if (loading) return loading;
  const attempt = (async () => {
    const json = await fetchChinaMapJson();
    if (!isFeatureCollection(json)) {
      // A wrong file is asked for again next time, like a failed fetch.
      forgetChinaMapJson();
      throw new Error(`${CHINA_MAP_URL}: not a GeoJSON FeatureCollection`);
    }
    echarts.registerMap(CHINA_MAP, json);
    registered = true;
  })();
  loading = attempt;
  attempt.catch(() => {
    if (loading === attempt) loading = null;
  });
  return attempt;
}

/**
 * Whether the map is registered, registering it now when its fetch has already answered with a
 * map: a widget mounting then draws it at once. A wrong or missing answer is left to
 * {@link loadChinaMap}, which reports it.
 */
export function isChinaMapRegistered(): boolean {
  if (registered) return true;
  const json = peekChinaMapJson();
  if (!isFeatureCollection(json)) return false;
  echarts.registerMap(CHINA_MAP, json);
  registered = true;
  return true;
}

/** Forgets the loaded map (tests only). */
export function resetChinaMapForTests(): void {
  forgetChinaMapJson();
  loading = null;
  registered = false;
}
