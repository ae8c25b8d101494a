import { useEffect, useMemo } from 'react';
import { AdditiveBlending, DoubleSide, MeshBasicMaterial, MeshLambertMaterial } from 'three';

/** The materials many parts of the unit share; one set per mounted scene. */
export interface PurifierMaterials {
  frame: MeshLambertMaterial;
  steel: MeshLambertMaterial;
  dark: MeshLambertMaterial;
  glass: MeshLambertMaterial;
  glassTop: MeshLambertMaterial;
  blade: MeshLambertMaterial;
  glow: MeshBasicMaterial;
}

/**
 * Creates the shared materials once per mount and disposes them on unmount: r3f only disposes
 * what it creates from JSX, and these are created here. Lambert rather than PBR: the same look
 * for this flat-lit cabinet at about three quarters of the per-pixel cost when the CPU draws
 * (SwiftShader), and there is no environment map for metalness to reflect anyway.
 */
export function usePurifierMaterials(): PurifierMaterials {
  const materials = useMemo<PurifierMaterials>(() => ({
    frame: new MeshLambertMaterial({ color: '#a9bdd2' }),
    steel: new MeshLambertMaterial({ color: '#5d7188' }),
    dark: new MeshLambertMaterial({ color: '#1a2a40' }),
    glass: new MeshLambertMaterial({
      color: '#7cc8ff', transparent: true, opacity: 0.13, side: DoubleSide, depthWrite: false,
    }),
    glassTop: new MeshLambertMaterial({
      color: '#7cc8ff', transparent: true, opacity: 0.22, side: DoubleSide, depthWrite: false,
    }),
    blade: new MeshLambertMaterial({ color: '#d6e6f5' }),
    glow: new MeshBasicMaterial({ color: '#3eebff', transparent: true, opacity: 0.5, blending: AdditiveBlending, depthWrite: false }),
  }), []);
  useEffect(() => () => {
    for (const m of Object.values(materials)) m.dispose();
  }, [materials]);
  return materials;
}
