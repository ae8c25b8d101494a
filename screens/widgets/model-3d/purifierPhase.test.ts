import { describe, expect, it } from 'vitest';
import { positiveMod, wrapSigned } from '../shared/animationPhase';
import {
  airSpeed, easeToward, FAN, fanAngleAt, fanStep, flowParticles, FLOW_BOX, lockToward, particleXAt, pulse, pulseAt, seededRandom, seedParticles,
  steppedFlow, steppedRps, turntableAngle, TURNTABLE_PERIOD_MS,
} from './purifierLayout';

/** A server time of today's order (epoch ms). */
const T0 = 1_760_000_000_000;
const TURN = Math.PI * 2;
const FRAME_S = 1 / 30;

describe('turntable and beacon on the clock', () => {
  it('turn once a minute from the clock alone', () => {
    expect(turntableAngle(T0 - (T0 % TURNTABLE_PERIOD_MS))).toBe(0);
    expect(turntableAngle(T0 - (T0 % TURNTABLE_PERIOD_MS) + 15_000)).toBeCloseTo(Math.PI / 2, 9);
    // Two tiles asking at the same server time get the same angle, whenever each mounted the scene.
    expect(turntableAngle(T0 + 12_345)).toBe(turntableAngle(T0 + 12_345));
  });

  it('pulse once a second, at the phase of the clock', () => {
    expect(pulseAt(10_250)).toBeCloseTo(pulse(0.25), 12);
    expect(pulseAt(T0 + 250)).toBeCloseTo(pulseAt(T0 + 1_250), 12);
  });
});

/** The fan of a tile that mounted the scene at `mountedAt`, run frame by frame until `until`; its angle. */
function runFan(mountedAt: number, until: number, goalAt: (t: number) => number): number {
  let angle = 0;
  let speed = 0;
  // Frames of 1/30 s from the mount, the last one ending at `until` (the instant both tiles are compared).
  for (let t = mountedAt; t < until;) {
    const dt = Math.min(FRAME_S, (until - t) / 1000);
    t = Math.min(until, t + dt * 1000);
    const goal = steppedRps(goalAt(t));
    speed = easeToward(speed, goal, dt, goal >= speed ? 1.2 : 2.5);
    angle = fanStep(angle, speed, goal, dt, t, FAN.blades);
  }
  return angle;
}

describe('the fan on the clock', () => {
  const blade = TURN / FAN.blades;

  it('settles on the clock phase of its speed: two tiles mounted 3.7 s apart show the blades in the same place', () => {
    const until = T0 + 30_000;
    const a = runFan(T0, until, () => 1.4);
    const b = runFan(T0 + 3_700, until, () => 1.4);
    expect(Math.abs(wrapSigned(a - b, blade))).toBeLessThan(0.01);
    expect(Math.abs(wrapSigned(a - fanAngleAt(until, 1.4), blade))).toBeLessThan(0.01);
  });

  it('settles again after the speed changes, without turning backwards', () => {
    const change = T0 + 10_000;
    const goal = (t: number) => (t < change ? 1.0 : 1.8);
    const until = T0 + 40_000;
    const a = runFan(T0, until, goal);
    const b = runFan(change + 5_000, until, goal);
    expect(Math.abs(wrapSigned(a - b, blade))).toBeLessThan(0.01);
  });

  it('is pulled at most by the limit it is given, the short way round', () => {
    expect(lockToward(0, 0.3, 1 / 30, TURN, 0.01)).toBeCloseTo(0.01, 12);
    expect(lockToward(0, TURN - 0.3, 1 / 30, TURN, 0.01)).toBeCloseTo(-0.01, 12);
    expect(lockToward(1, 2, 0, TURN, 1)).toBe(1);
  });

  it('ignores a wobble of a percent in the reading: the speed it locks to moves in steps', () => {
    expect(steppedRps(1.404)).toBe(steppedRps(1.396));
    expect(steppedFlow(0.702)).toBe(steppedFlow(0.698));
    expect(steppedFlow(1.3)).toBe(1);
  });
});

const COUNT = 60;

/** The particles of a tile that mounted at `mountedAt`, run frame by frame until `until`. */
function runParticles(mountedAt: number, until: number, speedAt: (t: number) => number): Float32Array {
  const positions = new Float32Array(COUNT * 3);
  seedParticles(positions, seededRandom(7));
  const seeds = new Float32Array(COUNT);
  for (let p = 0; p < COUNT; p++) seeds[p] = positions[p * 3];
  const colours = new Float32Array(COUNT * 3);
  flowParticles(positions, colours, seeds, speedAt(mountedAt), 0, mountedAt);
  for (let t = mountedAt; t < until;) {
    const dt = Math.min(FRAME_S, (until - t) / 1000);
    t = Math.min(until, t + dt * 1000);
    flowParticles(positions, colours, seeds, speedAt(t), dt, t);
  }
  return positions;
}

describe('the airflow on the clock', () => {
  const span = FLOW_BOX.xMax - FLOW_BOX.xMin;
  const xs = (positions: Float32Array) => Array.from({ length: COUNT }, (_, p) => positions[p * 3]);

  it('appears where the clock has it, and stays there while the flow holds', () => {
    const speed = airSpeed(0.6);
    const a = runParticles(T0, T0 + 20_000, () => speed);
    const b = runParticles(T0 + 12_345, T0 + 20_000, () => speed);
    for (let p = 0; p < COUNT; p++) {
      expect(Math.abs(wrapSigned(a[p * 3] - b[p * 3], span))).toBeLessThan(1e-3);
      expect(xs(a)[p]).toBeGreaterThanOrEqual(FLOW_BOX.xMin);
      expect(xs(a)[p]).toBeLessThan(FLOW_BOX.xMax);
    }
    const seeds = new Float32Array(COUNT * 3);
    seedParticles(seeds, seededRandom(7));
    expect(Math.abs(wrapSigned(a[0] - particleXAt(seeds[0], 0, speed, T0 + 20_000), span))).toBeLessThan(1e-3);
  });

  it('comes back to the clock after the flow changes, every particle moving downstream all the while', () => {
    const change = T0 + 5_000;
    const speedAt = (t: number) => (t < change ? airSpeed(0.4) : airSpeed(0.8));
    const until = T0 + 40_000;
    const a = runParticles(T0, until, speedAt);
    const b = runParticles(change + 1_000, until, speedAt);
    for (let p = 0; p < COUNT; p++) expect(Math.abs(wrapSigned(a[p * 3] - b[p * 3], span))).toBeLessThan(0.01);

    // One frame: every particle moves forward, at 60–140 % of its free speed.
    const positions = new Float32Array(COUNT * 3);
    seedParticles(positions, seededRandom(7));
    const seeds = new Float32Array(COUNT);
    for (let p = 0; p < COUNT; p++) seeds[p] = positions[p * 3];
    const before = xs(positions);
    flowParticles(positions, new Float32Array(COUNT * 3), seeds, airSpeed(0.8), FRAME_S, T0 + 777_777);
    for (let p = 0; p < COUNT; p++) {
      const moved = positiveMod(positions[p * 3] - before[p], span);
      expect(moved).toBeGreaterThan(0);
      expect(moved).toBeLessThanOrEqual(airSpeed(0.8) * 1.2 * 1.4 * FRAME_S + 1e-5);
    }
  });
});
