import { useEffect, useRef, useState } from 'react';
import type { ScreenMapSettings } from '../../runtime/ScreenEnvironment';
import { liveInstances } from '../shared/liveInstances';
import type { LocatedProject, StateColours } from '../shared/projectList';
import { AMAP_CLUSTER_GRID_PX, amapMarkerSpec, amapShouldCluster } from './amapMarkers';
import { loadAmap, type AmapClusterer, type AmapMap, type AmapMarker, type AmapNamespace } from './loadAmap';

interface Live {
  amap: AmapNamespace;
  map: AmapMap;
  markers: AmapMarker[];
  clusterer: AmapClusterer | null;
  /** The view was fitted to the projects once; later data keeps the operator's view. */
  fitted: boolean;
}

export interface AmapProjectMapProps {
  projects: readonly LocatedProject[];
  colours: StateColours;
  cluster: boolean;
  settings: ScreenMapSettings;
  timeoutMs: number;
  /** AMap did not load in time, or failed: the caller falls back or shows the reason. */
  onFail(reason: string): void;
  /** AMap is up (the caller drops its loading note). */
  onReady(): void;
}

function clearMarkers(live: Live): void {
  if (live.clusterer) {
    live.clusterer.clearMarkers();
    live.clusterer.setMap(null);
    live.clusterer = null;
  }
  for (const m of live.markers) m.setMap(null);
  live.markers = [];
}

/**
 * The projects on AMap (dark style), one marker per project coloured by state, grouped by
 * AMap.MarkerClusterer when asked and there are many. The map is created once per mount and
 * destroyed on unmount; new data only replaces the markers.
 */
export function AmapProjectMap({ projects, colours, cluster, settings, timeoutMs, onFail, onReady }: AmapProjectMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const [ready, setReady] = useState(false);
  const { key, securityCode } = settings;
  const callbacks = useRef({ onFail, onReady });
  callbacks.current = { onFail, onReady };

  useEffect(() => {
    let cancelled = false;
    loadAmap({ key, securityCode, mode: 'amap' }, timeoutMs).then(
      (amap) => {
        if (cancelled || !ref.current) return;
        let map: AmapMap;
        try {
          map = new amap.Map(ref.current, { mapStyle: 'amap://styles/darkblue', zoom: 4, center: [105, 36], resizeEnable: true });
        } catch (error) {
          callbacks.current.onFail(error instanceof Error ? error.message : String(error));
          return;
        }
        liveInstances.maps++;
        live.current = { amap, map, markers: [], clusterer: null, fitted: false };
        setReady(true);
        callbacks.current.onReady();
      },
      (error: unknown) => {
        if (!cancelled) callbacks.current.onFail(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
      const current = live.current;
      live.current = null;
      if (!current) return;
      clearMarkers(current);
      current.map.destroy();
      liveInstances.maps--;
    };
  }, [key, securityCode, timeoutMs]);

  useEffect(() => {
    const current = live.current;
    if (!ready || !current) return;
    clearMarkers(current);
    const { amap, map } = current;
    current.markers = projects.map((p) => {
      const spec = amapMarkerSpec(p, colours);
      return new amap.Marker({
        position: spec.position,
        content: spec.html,
        offset: new amap.Pixel(-spec.size / 2, -spec.size / 2),
        title: spec.title,
        zIndex: p.state === 'alarm' ? 120 : 100,
      });
    });
    if (amapShouldCluster(cluster, projects.length) && amap.MarkerClusterer) {
      current.clusterer = new amap.MarkerClusterer(map, current.markers, { gridSize: AMAP_CLUSTER_GRID_PX, minClusterSize: 2 });
    } else {
      for (const m of current.markers) m.setMap(map);
    }
    if (projects.length && !current.fitted) {
      map.setFitView();
      current.fitted = true;
    }
  }, [ready, projects, colours, cluster]);

  return <div ref={ref} style={{ position: 'absolute', inset: 0 }} />;
}
