import type { BoxSpec } from './BoxInstances';
import { BoxInstances } from './BoxInstances';
import { CABINET, CABINET_BOTTOM, CABINET_MID_Y, CABINET_TOP, FAN, FILTER_STAGES, FILTER_FRAME, MOTOR_X } from './purifierLayout';
import type { PurifierMaterials } from './usePurifierMaterials';

const L = CABINET.length;
const D = CABINET.depth;
const H = CABINET.height;
const F = CABINET.frame;
const X0 = -L / 2;
const X1 = L / 2;
const Z = D / 2;
const SLATS = 7;
const GUARD_BARS = 4;
const RIM = FILTER_FRAME.rim;

/** Light metal: the cabinet's twelve edges, the outlet guard, and the struts holding the motor. */
const FRAME_BOXES: BoxSpec[] = [
  ...[CABINET_BOTTOM, CABINET_TOP].flatMap((y): BoxSpec[] => [{ p: [0, y, -Z], s: [L + F, F, F] }, { p: [0, y, Z], s: [L + F, F, F] }]),
  ...[X0, X1].flatMap((x): BoxSpec[] => [{ p: [x, CABINET_MID_Y, -Z], s: [F, H, F] }, { p: [x, CABINET_MID_Y, Z], s: [F, H, F] }]),
  ...[X0, X1].flatMap((x): BoxSpec[] => [{ p: [x, CABINET_BOTTOM, 0], s: [F, F, D] }, { p: [x, CABINET_TOP, 0], s: [F, F, D] }]),
  ...Array.from({ length: GUARD_BARS }, (_, i): BoxSpec => ({
    p: [X1 + 0.01, CABINET_MID_Y, 0], s: [0.025, 0.025, FAN.radius * 2 + 0.1], r: [(i * Math.PI) / GUARD_BARS, 0, 0],
  })),
  { p: [MOTOR_X, (CABINET_MID_Y + CABINET_TOP) / 2, 0], s: [0.05, H / 2, 0.05] },
  { p: [MOTOR_X, (CABINET_MID_Y + CABINET_BOTTOM) / 2, 0], s: [0.05, H / 2, 0.05] },
  { p: [MOTOR_X, CABINET_MID_Y, 0], s: [0.05, 0.05, D] },
];

/** Darker steel: the intake grille's slats and the frames of the three filter stages. */
const STEEL_BOXES: BoxSpec[] = [
  ...Array.from({ length: SLATS }, (_, i): BoxSpec => ({
    p: [X0 - 0.02, CABINET_BOTTOM + (H * (i + 0.5)) / SLATS, 0], s: [0.03, (H / SLATS) * 0.62, D - F], r: [0, 0, 0.5],
  })),
  ...FILTER_STAGES.flatMap((stage): BoxSpec[] => {
    const w = stage.thickness + 0.04;
    const { height, depth } = FILTER_FRAME;
    return [
      { p: [stage.x, CABINET_MID_Y - height / 2, 0], s: [w, RIM, depth + RIM] },
      { p: [stage.x, CABINET_MID_Y + height / 2, 0], s: [w, RIM, depth + RIM] },
      { p: [stage.x, CABINET_MID_Y, -depth / 2], s: [w, height, RIM] },
      { p: [stage.x, CABINET_MID_Y, depth / 2], s: [w, height, RIM] },
    ];
  }),
];

/**
 * Everything of the unit that never moves: the metal frame, glass side and top panels (so the
 * filters and fan are visible), the intake grille at -x, the fan's shroud and guard at the +x
 * outlet, the filter frames and motor struts, on a dark plinth. Boxes of one material are one
 * instanced draw.
 */
export function PurifierHousing({ materials }: { materials: PurifierMaterials }) {
  return (
    <group>
      <mesh position={[0, CABINET.plinth / 2, 0]} material={materials.dark}>
        <boxGeometry args={[L + 0.14, CABINET.plinth, D + 0.14]} />
      </mesh>
      <BoxInstances boxes={FRAME_BOXES} material={materials.frame} />
      <BoxInstances boxes={STEEL_BOXES} material={materials.steel} />
      {[-Z, Z].map((z) => (
        <mesh key={z} position={[0, CABINET_MID_Y, z]} material={materials.glass}>
          <planeGeometry args={[L, H]} />
        </mesh>
      ))}
      <mesh position={[0, CABINET_TOP, 0]} rotation={[-Math.PI / 2, 0, 0]} material={materials.glassTop}>
        <planeGeometry args={[L, D]} />
      </mesh>
      <mesh position={[FAN.x, CABINET_MID_Y, 0]} rotation={[0, Math.PI / 2, 0]} material={materials.steel}>
        <torusGeometry args={[FAN.radius + 0.06, 0.045, 8, 40]} />
      </mesh>
    </group>
  );
}
