import { useCallback, useEffect, useState } from 'react';
import { WALL_PREPARE_MS, type WallDisplay } from '../../../../contract/walls';
import { displayPlan, type TileItem } from './displayPlan';
import { TileScheduler, type TileScheduleState } from './TileScheduler';

/**
 * One {@link TileScheduler} for the page's lifetime on the tile's server clock, fed with each new
 * display from its server time `from`; its state for rendering. `timeScale` divides the rotation's
 * times, the preparation's included (the address's `&timeScale=`, for tests and benches).
 */
export function useTileSchedule(display: WallDisplay | null, from: number | undefined, now: () => number, timeScale = 1) {
  const [state, setState] = useState<TileScheduleState<TileItem> | null>(null);
  const [scheduler, setScheduler] = useState<TileScheduler<TileItem> | null>(null);
  useEffect(() => {
    const s = new TileScheduler<TileItem>({ now, onChange: setState, prepareMs: WALL_PREPARE_MS / timeScale });
    setScheduler(s);
    return () => {
      s.dispose();
      setScheduler(null);
      setState(null);
    };
  }, [now, timeScale]);
  useEffect(() => {
    scheduler?.setPlan(display ? displayPlan(display, timeScale) : null, from);
  }, [scheduler, display, from, timeScale]);
  const reportReady = useCallback((key: string) => scheduler?.reportReady(key), [scheduler]);
  const resetView = useCallback(() => scheduler?.resetView(), [scheduler]);
  return { state, reportReady, resetView };
}
