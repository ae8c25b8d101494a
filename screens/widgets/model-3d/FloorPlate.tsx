import { useEffect, useMemo } from 'react';
import { AdditiveBlending, PolarGridHelper } from 'three';

export const FLOOR_RADIUS = 2.1;

/**
 * The plate the unit stands on: a dark disc, a faint grid and two glowing rings in the accent
 * colour. The polar grid is built here (not from JSX), so it is disposed here.
 */
export function FloorPlate({ colour }: { colour: string }) {
  const grid = useMemo(() => {
    const g = new PolarGridHelper(FLOOR_RADIUS, 12, 6, 48, '#2a6f93', '#1a4566');
    g.position.y = 0.004;
    const m = g.material as { transparent: boolean; opacity: number };
    m.transparent = true;
    m.opacity = 0.55;
    return g;
  }, []);
  useEffect(() => () => grid.dispose(), [grid]);

  return (
    <group>
      <mesh rotation={[-Math.PI / 2, 0, 0]}>
        <circleGeometry args={[FLOOR_RADIUS, 48]} />
        <meshBasicMaterial color="#0b2445" transparent opacity={0.7} depthWrite={false} />
      </mesh>
      <primitive object={grid} />
      <mesh rotation={[-Math.PI / 2, 0, 0]} position={[0, 0.01, 0]}>
        <ringGeometry args={[FLOOR_RADIUS - 0.06, FLOOR_RADIUS, 64]} />
        <meshBasicMaterial color={colour} transparent opacity={0.7} blending={AdditiveBlending} depthWrite={false} toneMapped={false} />
      </mesh>
      <mesh rotation={[-Math.PI / 2, 0, 0]} position={[0, 0.01, 0]}>
        <ringGeometry args={[FLOOR_RADIUS * 0.78, FLOOR_RADIUS * 0.78 + 0.025, 64]} />
        <meshBasicMaterial color={colour} transparent opacity={0.35} blending={AdditiveBlending} depthWrite={false} toneMapped={false} />
      </mesh>
    </group>
  );
}
