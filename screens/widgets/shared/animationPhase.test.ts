import { describe, expect, it } from 'vitest';
import { animationDelayAt, clockCurrentTime, cycleMs, phaseAt, phaseMs, positiveMod, stepAt, wrapSigned } from './animationPhase';
import { alignAnimations } from './useAnimationPhase';

/** A server time of today's order (epoch ms). */
const T = 1_760_000_123_456.25;

describe('clock phases', () => {
  it('are the clock modulo the period, also before the epoch and for a fractional period', () => {
    expect(phaseMs(10_250, 1000)).toBe(250);
    expect(phaseMs(-250, 1000)).toBe(750);
    expect(phaseAt(10_250, 1000)).toBe(0.25);
    expect(phaseAt(T, 333.3)).toBeGreaterThanOrEqual(0);
    expect(phaseAt(T, 333.3)).toBeLessThan(1);
    // A period that is not a positive number has no phase (a ticker that does not scroll).
    expect(phaseAt(T, 0)).toBe(0);
    expect(phaseMs(T, Number.NaN)).toBe(0);
    expect(positiveMod(-1, 360)).toBe(359);
  });

  it('advance with the clock: 100 ms later is 100 ms further into the cycle', () => {
    expect(phaseMs(T + 100, 4_700) - phaseMs(T, 4_700)).toBeCloseTo(100, 6);
  });

  it('wrap a difference the short way round', () => {
    expect(wrapSigned(350, 360)).toBe(-10);
    expect(wrapSigned(-350, 360)).toBe(10);
    expect(wrapSigned(10, 360)).toBe(10);
    expect(wrapSigned(180, 360)).toBe(-180);
  });

  it('count cycles from the epoch: two tiles are on the same page between two boundaries', () => {
    expect(stepAt(9_999, 10_000)).toBe(0);
    expect(stepAt(10_000, 10_000)).toBe(1);
    expect(stepAt(T, 10_000)).toBe(stepAt(T - phaseMs(T, 10_000), 10_000));
  });

  it('give a CSS delay that starts an animation part-way, at the phase', () => {
    expect(animationDelayAt(10_250, 1000)).toBe('-250ms');
    expect(animationDelayAt(10_000, 1000)).toBe('0ms');
  });
});

describe('clockCurrentTime', () => {
  const loop = { duration: 2_000, delay: 0, iterations: Infinity, direction: 'normal' as const };

  it('puts an endless animation at the clock phase of its cycle', () => {
    expect(clockCurrentTime(10_500, loop)).toBe(500);
    // An alternating one (a pulse there and back) has a cycle of two iterations.
    expect(cycleMs({ ...loop, direction: 'alternate' })).toBe(4_000);
    expect(clockCurrentTime(11_000, { ...loop, direction: 'alternate' })).toBe(3_000);
  });

  it('counts a negative delay in: the active time (current time − delay) is the phase', () => {
    // Phase 500 of 2,000; with a delay of −300 the current time is 200.
    expect(clockCurrentTime(10_500, { ...loop, delay: -300 })).toBe(200);
    expect(clockCurrentTime(10_100, { ...loop, delay: -300 })).toBe(1_800);
  });

  it('leaves a finite animation (a flash of new data) and one without length alone', () => {
    expect(clockCurrentTime(T, { ...loop, iterations: 3 })).toBeNull();
    expect(clockCurrentTime(T, { ...loop, duration: 0 })).toBeNull();
  });
});

/** A stand-in for an element with CSS animations (Web Animations' getAnimations). */
function fakeElement(animations: { duration: number; iterations: number; direction?: PlaybackDirection; delay?: number; playState?: string; currentTime?: number | null }[]) {
  const list = animations.map((a) => ({
    playState: a.playState ?? 'running',
    currentTime: a.currentTime ?? 0,
    effect: { getComputedTiming: () => ({ duration: a.duration, delay: a.delay ?? 0, iterations: a.iterations, direction: a.direction ?? 'normal' }) },
  }));
  return { el: { getAnimations: () => list } as unknown as Element, list };
}

describe('alignAnimations', () => {
  it('sets each running endless animation to the clock phase, so two mounted apart agree', () => {
    const early = fakeElement([{ duration: 900, iterations: Infinity, direction: 'alternate', currentTime: 123 }]);
    const late = fakeElement([{ duration: 900, iterations: Infinity, direction: 'alternate', currentTime: 7 }]);
    expect(alignAnimations(early.el, () => T)).toBe(1);
    expect(alignAnimations(late.el, () => T)).toBe(1);
    expect(early.list[0].currentTime).toBe(late.list[0].currentTime);
    expect(early.list[0].currentTime).toBeCloseTo(positiveMod(T, 1_800), 6);
  });

  it('leaves a paused one (an operator hovering it), a finite one and one already in phase', () => {
    const { el, list } = fakeElement([
      { duration: 1000, iterations: Infinity, playState: 'paused', currentTime: 5 },
      { duration: 800, iterations: 3, currentTime: 5 },
      { duration: 1000, iterations: Infinity, currentTime: 457 },
    ]);
    expect(alignAnimations(el, () => 10_458)).toBe(0);
    expect(list.map((a) => a.currentTime)).toEqual([5, 5, 457]);
  });

  it('does nothing where the element has no Web Animations', () => {
    expect(alignAnimations({} as Element, () => T)).toBe(0);
  });
});
