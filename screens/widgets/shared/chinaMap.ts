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
    if (register(await fetchChinaMapJson())) return;
    // A wrong file is asked for again next time, like a failed fetch.
    forgetChinaMapJson();
    throw new Error(`${CHINA_MAP_URL}: not a GeoJSON FeatureCollection`);
  })();
  loading = attempt;
  attempt.catch(() => {
    if (loading === attempt) loading = null;
  });
  return attempt;
}

/** Registers `json` with ECharts when it is a map; whether it was. */
function register(json: unknown): boolean {
  if (!isFeatureCollection(json)) return false;
  echarts.registerMap(CHINA_MAP, json);
  registered = true;
  return true;
}

/**
 * Whether the map can be drawn now: registered, or registered at this call when its fetch has
 * already answered with a map (a widget mounting then draws it at once). A wrong or missing answer
 * is left to {@link loadChinaMap}, which reports it.
 */
export function chinaMapReady(): boolean {
  return registered || register(peekChinaMapJson());
}

/** Forgets the loaded map (tests only). */
export function resetChinaMapForTests(): void {
  forgetChinaMapJson();
  loading = null;
  registered = false;
}
