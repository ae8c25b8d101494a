import { useFrame } from '@react-three/fiber';
import { useRef } from 'react';
import { AdditiveBlending, type MeshBasicMaterial, type MeshLambertMaterial } from 'three';
import { CABINET_TOP, FAN, pulseAt } from './purifierLayout';
import type { PurifierMaterials } from './usePurifierMaterials';

/**
 * The beacon on the cabinet roof: green online, grey offline, red and pulsing on alarm. The
 * pulse is driven in the frame loop by mutating the materials, never through React state, at the
 * phase of the screen's clock `now` (the same on every tile of a wall).
 */
export function StateLight({ colour, alarm, offline, materials, now }: {
  colour: string; alarm: boolean; offline: boolean; materials: PurifierMaterials; now: () => number;
}) {
  const bulb = useRef<MeshLambertMaterial>(null);
  const halo = useRef<MeshBasicMaterial>(null);
  const mode = useRef({ alarm, offline });
  mode.current = { alarm, offline };

  useFrame(() => {
    const { alarm: pulsing, offline: dim } = mode.current;
    const level = pulsing ? pulseAt(now()) : dim ? 0.35 : 1;
    if (bulb.current) bulb.current.emissiveIntensity = level;
    if (halo.current) halo.current.opacity = dim ? 0 : 0.4 * level;
  });

  const y = CABINET_TOP + 0.03;
  return (
    <group position={[FAN.x, y, 0]}>
      <mesh position={[0, 0.05, 0]} material={materials.dark}>
        <cylinderGeometry args={[0.09, 0.11, 0.1, 16]} />
      </mesh>
      <mesh position={[0, 0.18, 0]}>
        <sphereGeometry args={[0.1, 16, 12]} />
        <meshLambertMaterial ref={bulb} color={colour} emissive={colour} emissiveIntensity={1} toneMapped={false} />
      </mesh>
      <mesh position={[0, 0.18, 0]}>
        <sphereGeometry args={[0.24, 16, 12]} />
        <meshBasicMaterial ref={halo} color={colour} transparent opacity={0.4} blending={AdditiveBlending} depthWrite={false} toneMapped={false} />
      </mesh>
    </group>
  );
}
