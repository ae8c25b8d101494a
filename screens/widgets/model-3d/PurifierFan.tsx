import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';
import type { Group } from 'three';
import { BoxInstances, type BoxSpec } from './BoxInstances';
import { CABINET_MID_Y, easeToward, FAN, fanStep, MAX_FRAME_DT, MOTOR_X, steppedRps, type SceneMotion } from './purifierLayout';
import type { PurifierMaterials } from './usePurifierMaterials';

const HUB = 0.13;
const BLADE = FAN.radius - HUB - 0.02;
const TURN = Math.PI * 2;
const BLADE_PITCH = 0.5;
const BLADES: BoxSpec[] = Array.from({ length: FAN.blades }, (_, i) => {
  const a = (i * TURN) / FAN.blades;
  const r = HUB + BLADE / 2;
  return { p: [0, r * Math.cos(a), r * Math.sin(a)], s: [0.025, BLADE, 0.2], r: [a, BLADE_PITCH, 0] };
});
/** Spin-up and coast-down time constants (s): a real rotor does not stop dead. */
const TAU_UP = 1.2;
const TAU_DOWN = 2.5;

/**
 * The outlet fan: a hub with pitched blades on its motor (the struts belong to the housing). Its speed eases toward
 * `rpsTarget` inside the frame loop (refs only, no React state); at that speed the rotor's angle
 * settles on the clock's phase (fanStep), so every tile of a wall shows the blades in the same place.
 */
export function PurifierFan({ rpsTarget, materials, motion, now }: { rpsTarget: number; materials: PurifierMaterials; motion: SceneMotion; now: () => number }) {
  const rotor = useRef<Group>(null);
  const speed = useRef(0);
  const target = useRef(rpsTarget);
  target.current = steppedRps(rpsTarget);

  useFrame((_, delta) => {
    const dt = Math.min(delta, MAX_FRAME_DT);
    const goal = target.current;
    speed.current = easeToward(speed.current, goal, dt, goal >= speed.current ? TAU_UP : TAU_DOWN);
    motion.fan = speed.current !== 0 || goal !== 0;
    if (rotor.current && speed.current !== 0) rotor.current.rotation.x = fanStep(rotor.current.rotation.x, speed.current, goal, dt, now(), FAN.blades);
  });

  return (
    <group position={[FAN.x, CABINET_MID_Y, 0]}>
      <group ref={rotor}>
        <mesh rotation={[0, 0, Math.PI / 2]} material={materials.blade}>
          <cylinderGeometry args={[HUB, HUB * 0.8, 0.2, 16]} />
        </mesh>
        <BoxInstances boxes={BLADES} material={materials.blade} />
      </group>
      <mesh position={[MOTOR_X - FAN.x, 0, 0]} rotation={[0, 0, Math.PI / 2]} material={materials.steel}>
        <cylinderGeometry args={[0.16, 0.16, 0.26, 16]} />
      </mesh>
    </group>
  );
}
