import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { useScreenEnvironment } from '../../runtime/ScreenEnvironment';
import { clockCurrentTime, cycleMs, phaseMs, stepAt, wrapSigned } from './animationPhase';

/** The clock phases derive from: the wall's shared clock on a wall tile, `Date.now` elsewhere (stable across renders). */
export function useWallNow(): () => number {
  return useScreenEnvironment().now ?? Date.now;
}

/** Drift below this is left alone: setting the time of a running animation costs a style recalculation. */
const ALIGN_TOLERANCE_MS = 4;

/**
 * Puts every endless CSS animation of `el` (its own, not its descendants') at the clock's phase;
 * a paused one (an operator hovering it) is left as it is. How many were set.
 */
export function alignAnimations(el: Element, now: () => number): number {
  if (typeof el.getAnimations !== 'function') return 0;
  let set = 0;
  for (const animation of el.getAnimations()) {
    if (animation.playState === 'paused' || !animation.effect) continue;
    const t = animation.effect.getComputedTiming();
    const target = clockCurrentTime(now(), {
      duration: Number(t.duration) || 0, delay: t.delay ?? 0, iterations: t.iterations ?? 1, direction: t.direction ?? 'normal',
    });
    if (target === null) continue;
    const current = Number(animation.currentTime ?? NaN);
    const cycle = cycleMs({ duration: Number(t.duration) || 0, delay: 0, iterations: Infinity, direction: t.direction ?? 'normal' });
    if (Number.isFinite(current) && Math.abs(wrapSigned(current - target, cycle)) < ALIGN_TOLERANCE_MS) continue;
    animation.currentTime = target;
    set++;
  }
  return set;
}

/** How often a phased CSS animation is checked again (the wall's clock estimate may have moved). */
export const REALIGN_MS = 10_000;

/**
 * Keeps the endless CSS animations of the element in `ref` (a pulse, a blink, a ticker's scroll)
 * at the phase of the wall's clock: set before the first paint of every change in `deps` (a new
 * period, the animation switched on), again once the animation has started on the timeline (a CSS
 * animation starts a frame after its style: that frame would be lost), and every
 * {@link REALIGN_MS} after. Without Web Animations (jsdom) it does nothing.
 */
export function useClockPhasedAnimation(ref: RefObject<Element | null>, deps: readonly unknown[]): void {
  const now = useWallNow();
  useLayoutEffect(() => {
    const el = ref.current;
    // Nothing animating (a pulse that is off): nothing to keep in phase until `deps` change.
    if (!el || typeof el.getAnimations !== 'function' || !el.getAnimations().length) return undefined;
    let alive = true;
    alignAnimations(el, now);
    for (const animation of el.getAnimations()) {
      animation.ready.then(() => { if (alive) alignAnimations(el, now); }, () => undefined);
    }
    const timer = setInterval(() => alignAnimations(el, now), REALIGN_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [ref, now, ...deps]);
}

/**
 * The start (epoch ms on the wall's clock) of the current cycle of `periodMs`, re-rendering at each
 * new one: a table's page, a clock's second. Every tile of a wall turns the page at the same
 * instant. One timer at a time, set for the next boundary; none (and 0) while `periodMs` is not a
 * positive number.
 */
export function useClockTick(periodMs: number): number {
  const now = useWallNow();
  const active = periodMs > 0 && Number.isFinite(periodMs);
  const [tick, setTick] = useState(() => ({ periodMs, step: active ? stepAt(now(), periodMs) : 0 }));
  useEffect(() => {
    if (!active) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const t = now();
      const step = stepAt(t, periodMs);
      setTick((old) => (old.periodMs === periodMs && old.step === step ? old : { periodMs, step }));
      // A timer may fire a little early: the next boundary is computed from the clock each time.
      timer = setTimeout(next, periodMs - phaseMs(t, periodMs) + 1);
    };
    next();
    return () => clearTimeout(timer);
  }, [now, periodMs, active]);
  if (!active) return 0;
  // Until the effect has run for a new period, the cycle the clock is in now.
  return (tick.periodMs === periodMs ? tick.step : stepAt(now(), periodMs)) * periodMs;
}
