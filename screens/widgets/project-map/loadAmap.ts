import type { ScreenMapSettings } from '../../runtime/ScreenEnvironment';

/** The AMap JS API version the platform is written against. */
export const AMAP_VERSION = '1.4.4';

/** The parts of AMap 1.4 this widget uses. */
export interface AmapMarker {
  setMap(map: AmapMap | null): void;
}
export interface AmapMap {
  setFitView(): void;
  destroy(): void;
}
export interface AmapClusterer {
  setMarkers(markers: AmapMarker[]): void;
  clearMarkers(): void;
  setMap(map: AmapMap | null): void;
}
export interface AmapNamespace {
  Map: new (container: HTMLElement, options: Record<string, unknown>) => AmapMap;
  Marker: new (options: Record<string, unknown>) => AmapMarker;
  Pixel: new (x: number, y: number) => unknown;
  MarkerClusterer?: new (map: AmapMap, markers: AmapMarker[], options: Record<string, unknown>) => AmapClusterer;
}

interface LoaderModule {
  load(options: { key: string; version: string; plugins?: string[] }): Promise<unknown>;
  /** Present in the package, missing from its types: forgets a failed load so a later one retries. */
  reset?(): void;
}

class AmapTimeout extends Error {}

/**
 * Loads AMap with the host's key and security code, rejecting when it fails or is not there within
 * `timeoutMs`. The loader is imported here, on demand: it touches `window` as it is evaluated, and
 * screens that never reach AMap should not download it.
 */
export async function loadAmap(settings: ScreenMapSettings, timeoutMs: number): Promise<AmapNamespace> {
  if (!settings.key.trim()) throw new Error('no AMap key');
  // The security code must be in place before the API script is requested.
  (window as unknown as { _AMapSecurityConfig?: unknown })._AMapSecurityConfig = { securityJsCode: settings.securityCode };
  const imported = (await import('@amap/amap-jsapi-loader')) as unknown as LoaderModule & { default?: LoaderModule };
  const loader = imported.default ?? imported;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AmapTimeout(`AMap not ready after ${timeoutMs / 1000} s`)), timeoutMs);
  });
  const loading = loader.load({ key: settings.key.trim(), version: AMAP_VERSION, plugins: ['AMap.MarkerClusterer'] });
  try {
    const amap = await Promise.race([loading, timeout]);
    if (!amap || typeof (amap as AmapNamespace).Map !== 'function') throw new Error('AMap loaded without AMap.Map');
    return amap as AmapNamespace;
  } catch (error) {
    // A failed load stays failed inside the loader; forget it so the next mount tries again. A load
    // still under way after a timeout is left alone: it may yet finish for the next mount.
    if (!(error instanceof AmapTimeout)) loader.reset?.();
    throw error instanceof Error ? error : new Error(typeof error === 'string' && error ? error : 'AMap failed to load');
  } finally {
    clearTimeout(timer);
  }
}
