import { useEffect, useRef } from 'react';
import { HubMethod } from '../../../../contract/hub';
import type { TileReport } from '../../../../contract/walls';
import { hubConnectedAtAtom } from '../../../shared/hub/hubAtoms';
import { hubOwnerAtom } from '../../../shared/hub/hubOwnerAtom';
import { appStore } from '../../../shared/store';
import type { SyncedScreenClient } from './syncedScreenClient';
import { browserHeapMb, createTileHealthReporter, type TileReportState } from './tileHealthReporter';
import { monotonicNow } from './serverClock';

export interface TileHealthReporterProps extends TileReportState {
  wallId: number;
  tile: [number, number];
  /** The tile's synced client: data age and (unless `dataVersion` is given) data version come from it. */
  client?: Pick<SyncedScreenClient, 'dataAgeMs' | 'dataVersion'> | null;
  /** False: no reports (e.g. before the display has loaded). Default true. */
  enabled?: boolean;
}

type Store = typeof appStore;

/** Counts the hub's re-openings after the first one seen while mounted. */
function countReconnects(store: Store): { count(): number; dispose(): void } {
  let seen = store.get(hubConnectedAtAtom);
  let count = 0;
  const off = store.sub(hubConnectedAtAtom, () => {
    const at = store.get(hubConnectedAtAtom);
    if (at === null || at === seen) return;
    if (seen !== null) count++;
    seen = at;
  });
  return { count: () => count, dispose: off };
}

/**
 * Reports the tile's health over the console's hub every WALL_REPORT_INTERVAL_MS (HubMethod
 * WallReport; contract/walls.ts TileReport) while mounted: fps, JS heap, data age, reconnects,
 * errors, and what the page says of itself (template, item, ready, skew). The props are read at
 * each report, so changing them restarts nothing. Everything it starts stops on unmount.
 */
export function useTileHealthReporter(props: TileHealthReporterProps, store: Store = appStore): void {
  const latest = useRef(props);
  latest.current = props;
  const { wallId, tile, enabled = true } = props;
  const [row, col] = tile;

  useEffect(() => {
    if (!enabled) return undefined;
    const reconnects = countReconnects(store);
    const reporter = createTileHealthReporter({ wallId, tile: [row, col] }, {
      send: (report: TileReport) => {
        const owner = store.get(hubOwnerAtom);
        return owner ? owner.call(HubMethod.WallReport, report) : Promise.reject(new Error('no hub'));
      },
      state: () => latest.current,
      dataVersion: () => latest.current.client?.dataVersion() ?? null,
      dataAgeMs: () => latest.current.client?.dataAgeMs() ?? null,
      reconnects: reconnects.count,
      heapMb: browserHeapMb,
      now: monotonicNow,
      requestFrame: (cb) => requestAnimationFrame(cb),
      cancelFrame: (handle) => cancelAnimationFrame(handle),
      errors: window,
    });
    return () => {
      reporter.dispose();
      reconnects.dispose();
    };
  }, [wallId, row, col, enabled, store]);
}
