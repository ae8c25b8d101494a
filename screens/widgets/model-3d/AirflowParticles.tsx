import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { AdditiveBlending, BufferAttribute, BufferGeometry, CanvasTexture, type PointsMaterial } from 'three';
import { airSpeed, easeToward, flowParticles, MAX_FRAME_DT, seededRandom, seedParticles, steppedFlow, stepParticles, type SceneMotion } from './purifierLayout';

/** Enough to read as a stream, few enough for a software renderer. */
export const PARTICLE_COUNT = 420;
const OPACITY = 0.9;

/** A soft round dot, so points are not drawn as squares. */
function dotTexture(): CanvasTexture | null {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 32;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const g = ctx.createRadialGradient(16, 16, 0, 16, 16, 16);
  g.addColorStop(0, 'rgba(255,255,255,1)');
  g.addColorStop(0.45, 'rgba(255,255,255,0.6)');
  g.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 32, 32);
  return new CanvasTexture(canvas);
}

/**
 * Air drawn as a cloud of points moving from the intake through the filters and out past the
 * fan, dusty before the HEPA stage and clean after it. The cloud fades in when the unit runs and
 * out when it stops. Where each particle is comes from the screen's clock `now` (flowParticles),
 * so every tile of a wall draws the same cloud. Its geometry and texture are created here, so they
 * are disposed here.
 */
export function AirflowParticles({ on, flow, motion, now }: { on: boolean; flow: number; motion: SceneMotion; now: () => number }) {
  const material = useRef<PointsMaterial>(null);
  const { geometry, seedX } = useMemo(() => {
    const g = new BufferGeometry();
    const positions = new Float32Array(PARTICLE_COUNT * 3);
    seedParticles(positions, seededRandom(7));
    const seeds = new Float32Array(PARTICLE_COUNT);
    for (let p = 0; p < PARTICLE_COUNT; p++) seeds[p] = positions[p * 3];
    const colours = new Float32Array(PARTICLE_COUNT * 3);
    stepParticles(positions, colours, 0, 0);
    g.setAttribute('position', new BufferAttribute(positions, 3));
    g.setAttribute('color', new BufferAttribute(colours, 3));
    g.computeBoundingSphere();
    return { geometry: g, seedX: seeds };
  }, []);
  const texture = useMemo(dotTexture, []);
  useEffect(() => () => {
    geometry.dispose();
    texture?.dispose();
  }, [geometry, texture]);

  // `placed`: whether the particles stand where the clock has them (not while the cloud is invisible).
  const state = useRef({ on, flow, opacity: 0, placed: false });
  state.current.on = on;
  state.current.flow = flow;

  useFrame((_, delta) => {
    const dt = Math.min(delta, MAX_FRAME_DT);
    const s = state.current;
    s.opacity = easeToward(s.opacity, s.on ? OPACITY : 0, dt, 0.6);
    motion.particles = s.opacity > 0;
    if (material.current) {
      material.current.opacity = s.opacity;
      material.current.visible = s.opacity > 0.01;
    }
    if (s.opacity <= 0.01) {
      s.placed = false;
      return;
    }
    const position = geometry.getAttribute('position') as BufferAttribute;
    const colour = geometry.getAttribute('color') as BufferAttribute;
    // The cloud appearing is put where the clock has it at once; after that it is pulled there.
    flowParticles(position.array as Float32Array, colour.array as Float32Array, seedX, airSpeed(Math.max(steppedFlow(s.flow), 0.15)), s.placed ? dt : 0, now());
    s.placed = true;
    position.needsUpdate = true;
    colour.needsUpdate = true;
  });

  return (
    <points geometry={geometry} frustumCulled={false}>
      <pointsMaterial
        ref={material}
        size={0.11}
        sizeAttenuation
        vertexColors
        map={texture}
        transparent
        opacity={0}
        visible={false}
        depthWrite={false}
        blending={AdditiveBlending}
      />
    </points>
  );
}
