import { useLayoutEffect, useRef } from 'react';
import { Object3D, type InstancedMesh, type Material } from 'three';

type Vec3 = readonly [number, number, number];

/** One box: centre, size, and an optional rotation (radians, XYZ). */
export interface BoxSpec {
  p: Vec3;
  s: Vec3;
  r?: Vec3;
}

/**
 * Many static boxes of one material as a single instanced mesh of a unit cube: one draw call
 * instead of one per box, which is what a software renderer pays for most.
 */
export function BoxInstances({ boxes, material }: { boxes: readonly BoxSpec[]; material: Material }) {
  const ref = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const dummy = new Object3D();
    boxes.forEach((b, i) => {
      dummy.position.set(...b.p);
      dummy.scale.set(...b.s);
      dummy.rotation.set(...(b.r ?? [0, 0, 0]));
      dummy.updateMatrix();
      mesh.setMatrixAt(i, dummy.matrix);
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }, [boxes]);
  return (
    <instancedMesh ref={ref} args={[undefined, undefined, boxes.length]} material={material}>
      <boxGeometry />
    </instancedMesh>
  );
}
