import { useLayoutEffect, useMemo, useRef } from 'react';
import { Color, Object3D, type InstancedMesh } from 'three';
import { CABINET_MID_Y, FILTER_FRAME, pleatLayout, type FilterStageSpec } from './purifierLayout';

const SHEET = 0.014;

/**
 * The pleats of one filter slab across the airflow (its steel frame belongs to the housing): a
 * zig-zag of sheets as one instanced mesh, one draw call, tinted by the remaining filter life.
 */
export function FilterStage({ spec, colour }: { spec: FilterStageSpec; colour: string }) {
  const pleatsRef = useRef<InstancedMesh>(null);
  const pleats = useMemo(() => pleatLayout(spec.pleats, spec.thickness, FILTER_FRAME.depth), [spec]);
  const tint = useMemo(() => new Color(colour).multiplyScalar(spec.shade), [colour, spec.shade]);

  useLayoutEffect(() => {
    const mesh = pleatsRef.current;
    if (!mesh) return;
    const dummy = new Object3D();
    pleats.forEach((p, i) => {
      dummy.position.set(p.x, 0, p.z);
      dummy.rotation.set(0, p.rotY, 0);
      dummy.updateMatrix();
      mesh.setMatrixAt(i, dummy.matrix);
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }, [pleats]);

  return (
    <instancedMesh ref={pleatsRef} args={[undefined, undefined, pleats.length]} position={[spec.x, CABINET_MID_Y, 0]}>
      <boxGeometry args={[SHEET, FILTER_FRAME.height - FILTER_FRAME.rim, pleats[0].width]} />
      <meshLambertMaterial color={tint} emissive={tint} emissiveIntensity={0.22} />
    </instancedMesh>
  );
}
