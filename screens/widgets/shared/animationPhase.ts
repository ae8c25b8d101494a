/**
 * Animation phases from a clock instead of from mount time (issue 23): on a video wall the
 * environment's `now` is the server's clock, the same on every tile, so a widget crossing a seam
 * shows the same angle, offset or pulse on both sides however late each tile mounted it. On any
 * other screen `now` is `Date.now` and the widgets look as they always did. Pure arithmetic here;
 * the hooks that apply it are in useAnimationPhase.ts.
 */

/** `value` modulo `period`, in [0, period) also for a negative value. */
export function positiveMod(value: number, period: number): number {
  const r = value % period;
  return r < 0 ? r + period : r;
}

/** Milliseconds into the current cycle of `periodMs` at `now` (0 for a period that is not a positive number). */
export function phaseMs(now: number, periodMs: number): number {
  return periodMs > 0 && Number.isFinite(periodMs) ? positiveMod(now, periodMs) : 0;
}

/** The phase at `now` of a cycle of `periodMs`, 0..1 (1 excluded). */
export function phaseAt(now: number, periodMs: number): number {
  return periodMs > 0 && Number.isFinite(periodMs) ? phaseMs(now, periodMs) / periodMs : 0;
}

/** `value` wrapped into [-period/2, period/2): the shortest way from one phase to another. */
export function wrapSigned(value: number, period: number): number {
  return positiveMod(value + period / 2, period) - period / 2;
}

/** Which cycle of `periodMs` `now` is in (counted from the epoch): a page, a tick. */
export function stepAt(now: number, periodMs: number): number {
  return Math.floor(now / periodMs);
}

/** A CSS `animation-delay` that starts an animation of `periodMs` at the clock's phase: `-(now mod period)`. */
export function animationDelayAt(now: number, periodMs: number): string {
  return `${-Math.round(phaseMs(now, periodMs))}ms`;
}

/** What {@link clockCurrentTime} needs of an animation's timing (Web Animations' computed timing). */
export interface LoopTiming {
  /** One iteration, ms. */
  duration: number;
  /** ms; a negative one starts the animation part-way. */
  delay: number;
  /** Only an endless animation is phased: a finite one (a flash of new data) starts with its data. */
  iterations: number;
  direction: PlaybackDirection;
}

/** One whole cycle of an endless animation: an alternating one comes back after two iterations. */
export function cycleMs(timing: LoopTiming): number {
  return timing.direction === 'alternate' || timing.direction === 'alternate-reverse' ? 2 * timing.duration : timing.duration;
}

/**
 * The `currentTime` that puts an endless animation at the clock's phase at `now`: its active time
 * (current time − delay) is `now` modulo its cycle. Null for one that is not endless or has no length.
 */
export function clockCurrentTime(now: number, timing: LoopTiming): number | null {
  const cycle = cycleMs(timing);
  if (timing.iterations !== Infinity || !(cycle > 0) || !Number.isFinite(cycle)) return null;
  // The smallest non-negative current time with (currentTime − delay) ≡ now (mod cycle).
  return positiveMod(phaseMs(now, cycle) + timing.delay, cycle);
}
