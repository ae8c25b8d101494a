import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, type RefObject } from 'react';
import { phaseMs } from '../shared/animationPhase';
import { useWallNow } from '../shared/useAnimationPhase';

/**
 * The alarm markers' ripple on the screen's clock (issue 23). echarts starts an effectScatter's
 * ripples when it draws the symbol, counting from then, and has no phase option; a new ripple
 * period makes it start them again. So at the clock's next whole period after each new option
 * (new markers start wherever they were drawn), the period is nudged and put back: every tile's
 * ripples start again at the clock's phase 0, a frame apart at most. A ripple already in phase
 * starts again where it was, so the nudge is not seen.
 */

/** Milliseconds from `now` to the next whole `periodMs` of the clock (a whole period at a boundary). */
export function msToNextCycle(now: number, periodMs: number): number {
  return periodMs - phaseMs(now, periodMs);
}

/** A hair: enough for echarts to see a new period, too little to be seen. */
const NUDGE_S = 0.001;

/** Starts the ripples of `seriesIds` (period `periodS`) again at the clock's next whole period. */
export function restartRipples(chart: Pick<EChartsType, 'setOption'>, seriesIds: readonly string[], periodS: number): void {
  const set = (period: number) => chart.setOption({ series: seriesIds.map((id) => ({ id, rippleEffect: { period } })) }, { lazyUpdate: false, silent: true });
  set(periodS + NUDGE_S);
  set(periodS);
}

/**
 * Keeps the ripples of `seriesIds` in `chart` (useEChart's ref) at the clock's phase: once at the
 * next whole period after `option` or `instanceKey` (a new instance) changes. A change while a
 * restart is already due joins it (data that changes every second still gets its restart). One
 * timer at most, cleared on unmount.
 */
export function useRippleClockPhase(
  chart: RefObject<EChartsType | null>, option: unknown, instanceKey: unknown, seriesIds: readonly string[], periodS: number,
): void {
  const now = useWallNow();
  const due = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ids = seriesIds.join('\n');
  useEffect(() => {
    if (!option || due.current !== undefined) return;
    due.current = setTimeout(() => {
      due.current = undefined;
      const instance = chart.current;
      if (instance && !instance.isDisposed()) restartRipples(instance, ids.split('\n'), periodS);
    }, msToNextCycle(now(), periodS * 1000));
  }, [chart, option, instanceKey, ids, periodS, now]);
  useEffect(() => () => {
    clearTimeout(due.current);
    due.current = undefined;
  }, []);
}
