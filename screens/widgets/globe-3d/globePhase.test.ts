import { describe, expect, it } from 'vitest';
import { AUTO_ROTATE_SPEED } from './globe3dOptions';
import { GLOBE_FOLLOW_DEG, GLOBE_TURN_MS, globeBetaAt, globeBetaCorrection, globeControl } from './globePhase';

const T = 1_760_000_000_000;
/** T rounded down to a whole turn: beta 0. */
const TURN_START = T - (T % GLOBE_TURN_MS);

describe('the globe on the clock', () => {
  it('turns at the idle rotation speed from the clock alone', () => {
    expect(globeBetaAt(TURN_START)).toBe(0);
    expect(globeBetaAt(TURN_START + 1000)).toBeCloseTo(AUTO_ROTATE_SPEED, 9);
    expect(globeBetaAt(TURN_START + GLOBE_TURN_MS / 2)).toBeCloseTo(180, 9);
  });

  it('first puts the camera at the clock angle wherever it is, the short way round past 360', () => {
    // Two tiles made their charts 7 s apart: their cameras stand 28° apart; both are set to the same angle.
    const now = TURN_START + 10_000;
    const a = globeBetaCorrection(720 + 3, now, false)!;
    const b = globeBetaCorrection(720 + 3 + 28, now, false)!;
    expect(((a % 360) + 360) % 360).toBeCloseTo(40, 9);
    expect(((b % 360) + 360) % 360).toBeCloseTo(40, 9);
    // The camera keeps its count of turns: no spin back through 720°.
    expect(Math.abs(a - 723)).toBeLessThan(180);
  });

  it('then corrects a drift, leaves one within tolerance, and leaves a view an operator has turned', () => {
    const now = TURN_START + 10_000;
    expect(globeBetaCorrection(39.5, now, true)).toBeCloseTo(40, 9);
    expect(globeBetaCorrection(40.01, now, true)).toBeNull();
    expect(globeBetaCorrection(40 + GLOBE_FOLLOW_DEG + 5, now, true)).toBeNull();
  });

  it('finds no control on a chart without echarts-gl\'s internals (and then changes nothing)', () => {
    expect(globeControl({} as never)).toBeNull();
    const chart = { getModel: () => ({ getComponent: () => ({}) }), getViewOfComponentModel: () => ({ _control: { getBeta: () => 0 } }) };
    expect(globeControl(chart as never)).toBeNull();
  });
});
