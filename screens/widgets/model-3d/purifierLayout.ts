/**
 * Dimensions (world units, 1 ≈ 1 m) and the pure arithmetic of the purifier scene: pleat
 * placement, fan easing, particle stepping and camera framing. Kept free of three.js and the DOM
 * so it is unit-tested in node.
 *
 * Everything that moves takes its phase from the screen's clock (`now`, epoch ms: the server's on a
 * video wall, issue 23), not from when the scene was mounted: two tiles showing halves of the unit
 * show the same angle, the same pulse and the same particles.
 */
import { phaseAt, positiveMod, wrapSigned } from '../shared/animationPhase';

/** The cabinet: air enters at -x, leaves at +x. */
export const CABINET = { length: 3.2, height: 1.5, depth: 1.3, plinth: 0.16, frame: 0.06 } as const;
export const CABINET_BOTTOM = CABINET.plinth;
export const CABINET_TOP = CABINET.plinth + CABINET.height;
export const CABINET_MID_Y = CABINET_BOTTOM + CABINET.height / 2;

export interface FilterStageSpec {
  key: 'pre' | 'medium' | 'hepa';
  /** Centre on the x axis. */
  x: number;
  /** Depth along the airflow. */
  thickness: number;
  pleats: number;
  /** Multiplies the filter colour: coarse stages lighter, HEPA deeper. */
  shade: number;
}

export const FILTER_STAGES: readonly FilterStageSpec[] = [
  { key: 'pre', x: -0.95, thickness: 0.12, pleats: 10, shade: 1.1 },
  { key: 'medium', x: -0.35, thickness: 0.2, pleats: 14, shade: 0.95 },
  { key: 'hepa', x: 0.3, thickness: 0.34, pleats: 20, shade: 0.8 },
];

export const FAN = { x: 1.15, radius: 0.5, blades: 5 } as const;
/** The motor behind the rotor, held by struts. */
export const MOTOR_X = FAN.x - 0.24;
/** The steel frame around each filter slab; the pleats fill it. */
export const FILTER_FRAME = { height: CABINET.height - 0.14, depth: CABINET.depth - 0.16, rim: 0.045 } as const;

/** Where the airflow particles live: a little before the intake to a little past the outlet. */
export const FLOW_BOX = {
  xMin: -CABINET.length / 2 - 0.35,
  xMax: CABINET.length / 2 + 0.45,
  yMin: CABINET_BOTTOM + 0.15,
  yMax: CABINET_TOP - 0.15,
  zHalf: CABINET.depth / 2 - 0.15,
} as const;
/** Past this x the air has gone through the HEPA stage and is drawn clean. */
export const CLEAN_FROM_X = FILTER_STAGES[2].x + FILTER_STAGES[2].thickness / 2;

/** One pleat: a thin vertical sheet, centre (x, z), turned `rotY` about the vertical axis. */
export interface Pleat {
  x: number;
  z: number;
  rotY: number;
  /** Sheet width in its own plane. */
  width: number;
}

/** A zig-zag of `count` sheets across `depth`, each spanning the stage's `thickness` along the flow. */
export function pleatLayout(count: number, thickness: number, depth: number): Pleat[] {
  const step = depth / count;
  const width = Math.hypot(step, thickness);
  const angle = Math.atan2(thickness, step);
  return Array.from({ length: count }, (_, i) => ({
    x: 0,
    z: -depth / 2 + step * (i + 0.5),
    rotY: i % 2 === 0 ? angle : -angle,
    width,
  }));
}

/** Exponential approach of `current` to `target` with time constant `tau` seconds: frame-rate independent. */
export function easeToward(current: number, target: number, dt: number, tau: number): number {
  if (dt <= 0) return current;
  const k = 1 - Math.exp(-dt / tau);
  const next = current + (target - current) * k;
  return Math.abs(next - target) < 1e-4 ? target : next;
}

/** The frame rate the fan's speeds are drawn for. */
export const FULL_FPS = 30;

/**
 * The drawn fan speed at `fps`: slowed in proportion below {@link FULL_FPS}, so a blade never
 * moves more than a third of the blade spacing between frames and the rotor never seems to turn
 * backwards.
 */
export function drawnFanRps(rps: number, fps: number): number {
  return rps * Math.min(1, fps / FULL_FPS);
}

/** Alarm light brightness, 0.25..1, one pulse per second. */
export function pulse(seconds: number): number {
  return 0.625 + 0.375 * Math.sin(seconds * Math.PI * 2);
}

/** The alarm light's brightness at `now` (epoch ms) on the screen's clock. */
export function pulseAt(now: number): number {
  return pulse(phaseAt(now, 1000));
}

const TURN = Math.PI * 2;

/** One turn of the turntable: a minute, movement a room notices without it being busy. */
export const TURNTABLE_PERIOD_MS = 60_000;

/** The turntable's angle (rad, 0..2π) at `now`: a function of the clock alone. */
export function turntableAngle(now: number): number {
  return TURN * phaseAt(now, TURNTABLE_PERIOD_MS);
}

/**
 * The speeds the scene draws, in steps (a fan speed in 0.1 rev/s, a flow in 5 % of rated): a
 * reading that wobbles by a percent from one refresh to the next does not change the phase the
 * rotor and the air are locked to. The steps are too small to see.
 */
export function steppedRps(rps: number): number {
  return Math.max(0, Math.round(rps * 10) / 10);
}

export function steppedFlow(flow: number): number {
  return Math.max(0, Math.min(1, Math.round(flow * 20) / 20));
}

/** Where the rotor turning steadily at `rps` stands at `now` (rad, 0..2π; 0 when it stands still). */
export function fanAngleAt(now: number, rps: number): number {
  return rps > 0 ? TURN * phaseAt(now, 1000 / rps) : 0;
}

/** Time constant (s) of the pull toward the clock's phase. */
export const PHASE_LOCK_TAU = 0.6;

/**
 * One frame of a phase lock: `angle` moved toward `target` the short way round a cycle of
 * `period` (a rotor with five blades looks the same every fifth of a turn), by at most `maxStep`.
 * A part that drifted (it was spinning up, the speed changed) settles on the clock's phase
 * without a jump.
 */
export function lockToward(angle: number, target: number, dt: number, period: number, maxStep: number): number {
  if (dt <= 0) return angle;
  const err = wrapSigned(target - angle, period);
  const step = err * (1 - Math.exp(-dt / PHASE_LOCK_TAU));
  return angle + Math.max(-maxStep, Math.min(maxStep, step));
}

/**
 * One frame of the rotor: it turns at `speed` rev/s; once at its `goal` speed it is pulled onto
 * the clock's phase for that speed (modulo the blade spacing, at most 30 % faster or slower). The
 * angle returned is in 0..2π.
 */
export function fanStep(angle: number, speed: number, goal: number, dt: number, now: number, blades: number): number {
  let next = angle + speed * TURN * dt;
  if (goal > 0 && Math.abs(speed - goal) <= goal * 0.02) {
    next = lockToward(next, fanAngleAt(now, goal), dt, TURN / blades, 0.3 * speed * TURN * dt);
  }
  return positiveMod(next, TURN);
}

/** Units per second of the air at full rated volume, and the drift of a barely running unit. */
const FLOW_SPEED = { min: 0.35, max: 1.9 } as const;

export function airSpeed(flow: number): number {
  return flow <= 0 ? 0 : FLOW_SPEED.min + (FLOW_SPEED.max - FLOW_SPEED.min) * flow;
}

/** A deterministic 0..1 sequence, so the cloud looks the same on every wall and in tests. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Fills `positions` (xyz per particle) with a cloud spread through the flow box. */
export function seedParticles(positions: Float32Array, random: () => number): void {
  for (let i = 0; i < positions.length; i += 3) {
    positions[i] = FLOW_BOX.xMin + random() * (FLOW_BOX.xMax - FLOW_BOX.xMin);
    positions[i + 1] = FLOW_BOX.yMin + random() * (FLOW_BOX.yMax - FLOW_BOX.yMin);
    positions[i + 2] = (random() * 2 - 1) * FLOW_BOX.zHalf;
  }
}

const DIRTY = [0.85, 0.62, 0.36] as const;
const CLEAN = [0.5, 0.95, 1] as const;

/** Particle `p`'s share of the air speed, 0.8..1.2: each its own lane, so the cloud does not march in step. */
export function laneOf(p: number): number {
  return 0.8 + 0.4 * (((p * 2654435761) >>> 0) % 1000) / 1000;
}

function colour(colours: Float32Array, i: number, x: number): void {
  const c = x > CLEAN_FROM_X ? CLEAN : DIRTY;
  colours[i] = c[0];
  colours[i + 1] = c[1];
  colours[i + 2] = c[2];
}

/**
 * Moves every particle `speed * dt` downstream (a little faster for each one's own lane, so the
 * cloud does not march in step), wraps the ones past the outlet back to the intake, and colours
 * them dusty before the HEPA stage and clean after it.
 */
export function stepParticles(positions: Float32Array, colours: Float32Array, speed: number, dt: number): void {
  const span = FLOW_BOX.xMax - FLOW_BOX.xMin;
  for (let i = 0, p = 0; i < positions.length; i += 3, p++) {
    let x = positions[i] + speed * laneOf(p) * dt;
    if (x > FLOW_BOX.xMax) x -= span;
    positions[i] = x;
    colour(colours, i, x);
  }
}

/**
 * Where particle `p`, seeded at `seedX`, is at `now` in air moving at `speed`: its seed carried
 * `speed × lane × now` downstream, wrapped round the flow box. A function of the clock alone, so
 * every tile draws the cloud in the same place.
 */
export function particleXAt(seedX: number, p: number, speed: number, now: number): number {
  const span = FLOW_BOX.xMax - FLOW_BOX.xMin;
  return FLOW_BOX.xMin + positiveMod(seedX - FLOW_BOX.xMin + (speed * laneOf(p) * now) / 1000, span);
}

/**
 * One frame of the airflow on the clock: each particle moves downstream at its lane's speed and is
 * pulled toward {@link particleXAt} (the short way round the flow box, at most 40 % faster or
 * slower, so none ever stops or turns back); `dt` ≤ 0 puts every particle there at once (the
 * cloud appearing). `seedX` holds each particle's seeded x.
 */
export function flowParticles(positions: Float32Array, colours: Float32Array, seedX: Float32Array, speed: number, dt: number, now: number): void {
  const span = FLOW_BOX.xMax - FLOW_BOX.xMin;
  const k = dt > 0 ? 1 - Math.exp(-dt / PHASE_LOCK_TAU) : 1;
  for (let i = 0, p = 0; i < positions.length; i += 3, p++) {
    const target = particleXAt(seedX[p], p, speed, now);
    let x: number;
    if (dt <= 0) {
      x = target;
    } else {
      const move = speed * laneOf(p) * dt;
      const free = positions[i] + move;
      const pull = wrapSigned(target - free, span) * k;
      x = FLOW_BOX.xMin + positiveMod(free + Math.max(-0.4 * move, Math.min(0.4 * move, pull)) - FLOW_BOX.xMin, span);
    }
    positions[i] = x;
    colour(colours, i, x);
  }
}

export interface CameraFit {
  /** Camera distance from the target. */
  distance: number;
  /** Vertical view offset (px, setViewOffset's y) that centres the target in the free band. */
  offsetY: number;
}

/**
 * Frames the model with a perspective camera of vertical field `fovDeg` in a `width`×`height`
 * canvas whose top `insetTop` and bottom `insetBottom` px are covered by the overlay: the model,
 * `halfWidth` wide and `halfHeight` tall either side of the target as the camera sees it, fits the
 * band left between the insets and is centred in it.
 */
export function fitCamera(
  width: number, height: number, insetTop: number, insetBottom: number, fovDeg: number, halfWidth: number, halfHeight: number,
): CameraFit {
  const band = Math.max(height * 0.3, height - insetTop - insetBottom);
  const tanV = Math.tan((fovDeg * Math.PI) / 360);
  const halfV = Math.atan(tanV * (band / height));
  const halfH = Math.atan(tanV * (width / height));
  const distance = Math.max(halfWidth / Math.sin(halfH), halfHeight / Math.sin(halfV));
  const bandCentre = insetTop + band / 2;
  return { distance, offsetY: height / 2 - bandCentre };
}

/**
 * Which parts still move, written by each part in its own frame callback: the frame driver only
 * asks for frames while one of them does, so a stopped, unrotating unit costs nothing.
 */
export interface SceneMotion {
  base: boolean;
  fan: boolean;
  particles: boolean;
}

/** Longest step a frame may take: after a hidden tab or a stall the scene jumps, it does not fly. */
export const MAX_FRAME_DT = 0.1;
