import { useCallback, useEffect, useState } from 'react';
import type { WallDisplay } from '../../../../contract/walls';
import { displayPlan, type TileItem } from './displayPlan';
import { TileScheduler, type TileScheduleState } from './TileScheduler';

/**
 * One {@link TileScheduler} for the page's lifetime on the tile's server clock, fed with each new
 * display from its server time `from`; its state for rendering.
 */
export function useTileSchedule(display: WallDisplay | null, from: number | undefined, now: () => number) {
  const [state, setState] = useState<TileScheduleState<TileItem> | null>(null);
  const [scheduler, setScheduler] = useState<TileScheduler<TileItem> | null>(null);
  useEffect(() => {
    const s = new TileScheduler<TileItem>({ now, onChange: setState });
    setScheduler(s);
    return () => {
      s.dispose();
      setScheduler(null);
      setState(null);
    };
  }, [now]);
  useEffect(() => {
    scheduler?.setPlan(display ? displayPlan(display) : null, from);
  }, [scheduler, display, from]);
  const reportReady = useCallback((key: string) => scheduler?.reportReady(key), [scheduler]);
  const resetView = useCallback(() => scheduler?.resetView(), [scheduler]);
  return { state, reportReady, resetView };
}
