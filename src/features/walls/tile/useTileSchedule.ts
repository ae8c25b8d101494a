import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
  const inReact = useRef(false);
  useEffect(() => {
    // A switch is committed in the timer's own task (flushSync), not in a later one React's
    // scheduler picks: every tile's picture then changes when its timer fires, not when its busy
    // main thread gets round to rendering (that put up to ~150 ms between the tiles of a wall).
    // Changes made while React renders or runs effects (a new plan) go the ordinary way; a mount
    // out of sight is a transition, rendered in slices a due switch can interrupt.
    let shown: TileScheduleState<TileItem>['shown'] = null;
    const onChange = (next: TileScheduleState<TileItem>) => {
      const switched = next.shown !== shown;
      shown = next.shown;
      if (inReact.current) setState(next);
      else if (switched) flushSync(() => setState(next));
      else startTransition(() => setState(next));
    };
    const s = new TileScheduler<TileItem>({ now, onChange, prepareMs: WALL_PREPARE_MS / timeScale });
    setScheduler(s);
    return () => {
      s.dispose();
      setScheduler(null);
      setState(null);
    };
  }, [now, timeScale]);
  useEffect(() => {
    inReact.current = true;
    try {
      scheduler?.setPlan(display ? displayPlan(display, timeScale) : null, from);
    } finally {
      inReact.current = false;
    }
  }, [scheduler, display, from, timeScale]);
  const reportReady = useCallback((key: string) => scheduler?.reportReady(key), [scheduler]);
  const resetView = useCallback(() => scheduler?.resetView(), [scheduler]);
  return { state, reportReady, resetView };
}
