import type { EChartsType } from 'echarts/core';
import { useEffect, type RefObject } from 'react';
import { phaseAt, wrapSigned } from '../shared/animationPhase';
import { useWallNow } from '../shared/useAnimationPhase';
import { AUTO_ROTATE_SPEED } from './globe3dOptions';

/**
 * The globe's idle rotation on the screen's clock (issue 23). echarts-gl turns the view itself
 * (viewControl.autoRotate: its camera's beta grows by the speed times each frame's time), counting
 * from whenever the chart was made, so two tiles showing halves of the globe would show two
 * angles. This puts the camera's beta at the clock's angle once the chart has drawn and looks
 * again every {@link GLOBE_ALIGN_MS}: echarts-gl keeps turning it at the same speed in between, so
 * a correction is a fraction of a degree. A view an operator has turned is left alone (the wall
 * mounts the item afresh after its idle time).
 */

/** One turn at {@link AUTO_ROTATE_SPEED} degrees a second. */
export const GLOBE_TURN_MS = (360 / AUTO_ROTATE_SPEED) * 1000;
/** How often the angle is looked at. */
export const GLOBE_ALIGN_MS = 1_000;
/** Errors (degrees) below this are left; above {@link GLOBE_FOLLOW_DEG} an operator has turned the view. */
const GLOBE_TOLERANCE_DEG = 0.05;
export const GLOBE_FOLLOW_DEG = 10;

/** The beta (degrees, 0..360) the turning globe has at `now`. */
export function globeBetaAt(now: number): number {
  return 360 * phaseAt(now, GLOBE_TURN_MS);
}

/**
 * The beta to set for a camera at `beta` (echarts-gl lets it grow past 360) at `now`, or null to
 * leave it: the first time (`aligned` false) wherever it is, after that only a small drift.
 */
export function globeBetaCorrection(beta: number, now: number, aligned: boolean): number | null {
  const err = wrapSigned(globeBetaAt(now) - beta, 360);
  if (Math.abs(err) < GLOBE_TOLERANCE_DEG) return null;
  if (aligned && Math.abs(err) > GLOBE_FOLLOW_DEG) return null;
  return beta + err;
}

/** What is used of echarts-gl's OrbitControl (util/OrbitControl.js), which the geo3D view holds as `_control`. */
interface OrbitControlLike {
  autoRotate: boolean;
  _rotating: boolean;
  _isAnimating(): boolean;
  getBeta(): number;
  setBeta(beta: number): void;
}

/** The geo3D component's camera control, or null where echarts-gl's internals are not as expected. */
export function globeControl(chart: EChartsType): OrbitControlLike | null {
  const c = chart as unknown as {
    getModel?(): { getComponent?(type: string): unknown } | undefined;
    getViewOfComponentModel?(model: unknown): { _control?: Partial<OrbitControlLike> } | undefined;
  };
  const model = c.getModel?.()?.getComponent?.('geo3D');
  const control = model ? c.getViewOfComponentModel?.(model)?._control : undefined;
  if (!control || typeof control.getBeta !== 'function' || typeof control.setBeta !== 'function' || typeof control._isAnimating !== 'function') return null;
  return control as OrbitControlLike;
}

/**
 * Keeps the globe of `chart` (useEChart's ref) turning at the clock's angle while `autoRotate`;
 * `instanceKey` changes when useEChart makes a new instance (a new scale). One interval, cleared
 * on unmount.
 */
export function useGlobeClockPhase(chart: RefObject<EChartsType | null>, autoRotate: boolean, instanceKey: unknown): void {
  const now = useWallNow();
  useEffect(() => {
    if (!autoRotate) return undefined;
    let aligned = false;
    const align = () => {
      const instance = chart.current;
      const control = instance && !instance.isDisposed() ? globeControl(instance) : null;
      // Turning by itself, not under a drag's momentum or an option's camera animation.
      if (!control || !control.autoRotate || !control._rotating || control._isAnimating()) return;
      const beta = globeBetaCorrection(control.getBeta(), now(), aligned);
      aligned = true;
      if (beta !== null) control.setBeta(beta);
    };
    // At once if the chart has drawn, else after its first frame; then every second.
    const instance = chart.current;
    const first = () => {
      align();
      if (aligned) instance?.off('rendered', first);
    };
    instance?.on('rendered', first);
    first();
    const timer = setInterval(align, GLOBE_ALIGN_MS);
    return () => {
      clearInterval(timer);
      if (instance && !instance.isDisposed()) instance.off('rendered', first);
    };
  }, [chart, autoRotate, instanceKey, now]);
}
