import { Canvas, useThree } from '@react-three/fiber';
import { Component, useEffect, useInsertionEffect, useRef, type ReactNode } from 'react';
import { liveInstances } from '../shared/liveInstances';
import { useWallNow } from '../shared/useAnimationPhase';
import type { Model3dView } from './model3dModel';
import { drawnFanRps, FULL_FPS, type SceneMotion } from './purifierLayout';
import { PurifierScene, type SceneInsets } from './PurifierScene';
import { installThreeConsole } from './threeConsole';
import type { WebglSupport } from '../shared/probeWebgl';

// Each scene mounted makes three warn about its deprecated Clock: once per page is enough (threeConsole.ts).
installThreeConsole();

/**
 * Frame rate and drawing-scale caps. With a GPU: 30 fps (plenty for a turning model, half the
 * cost of 60) and sharp on a 4K wall. When the CPU draws (SwiftShader, llvmpipe) a frame of this
 * scene costs tens of milliseconds, so it draws half as often at no more than one pixel per design px.
 */
export const RENDER_PROFILE = {
  gpu: { fps: FULL_FPS, maxDpr: 2.5 },
  software: { fps: 15, maxDpr: 1 },
} as const;

/** Renderer and camera settings, made once: r3f re-applies settings that change between renders. */
const GL = {
  gpu: { antialias: true, powerPreference: 'low-power', alpha: true },
  // Multisampling costs a software renderer about 60 % more per frame.
  software: { antialias: false, powerPreference: 'low-power', alpha: true },
} as const;
const CAMERA = { fov: 30, near: 0.5, far: 60, position: [0, 3, 9] as [number, number, number] };

/** Asks for a frame every 1/fps s while something moves; one interval, cleared on unmount. */
function FrameDriver({ motion, fps }: { motion: SceneMotion; fps: number }) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    const id = setInterval(() => {
      if (motion.base || motion.fan || motion.particles) invalidate();
    }, 1000 / fps);
    return () => clearInterval(id);
  }, [invalidate, motion, fps]);
  return null;
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** A context that cannot be created (or is refused later) shows the message instead of breaking the screen. */
class SceneErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface PurifierCanvasProps {
  view: Model3dView;
  autoRotate: boolean;
  scale: number;
  insets: SceneInsets;
  support: WebglSupport;
  /** Shown if the renderer fails after the probe said WebGL works. */
  fallback: ReactNode;
}

/**
 * The r3f canvas of the purifier scene: sized by offset (design) px since the screen canvas is
 * CSS-scaled, drawn at devicePixelRatio × scale, on demand at the {@link RENDER_PROFILE}'s rate and
 * only while something moves. r3f disposes the renderer and forces the context loss when the canvas
 * unmounts; the scene is counted in liveInstances for exactly that lifetime.
 */
export function PurifierCanvas({ view, autoRotate, scale, insets, support, fallback }: PurifierCanvasProps) {
  const motion = useRef<SceneMotion>({ base: true, fan: false, particles: false }).current;
  const counted = useRef(false);
  // Insertion-effect cleanup runs when r3f releases its root (it uses the same hook), and not on
  // StrictMode's effect replay, so the count follows the real context.
  useInsertionEffect(() => () => {
    if (counted.current) liveInstances.scenes--;
    counted.current = false;
  }, []);

  // Read here, outside the r3f root: the scene gets the clock as a prop.
  const now = useWallNow();
  const profile = support.software ? RENDER_PROFILE.software : RENDER_PROFILE.gpu;
  const deviceRatio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const dpr = Math.min(deviceRatio * scale, profile.maxDpr);
  return (
    <SceneErrorBoundary fallback={fallback}>
      <Canvas
        resize={{ offsetSize: true }}
        dpr={dpr}
        flat
        frameloop="demand"
        gl={support.software ? GL.software : GL.gpu}
        camera={CAMERA}
        style={{ position: 'absolute', inset: 0 }}
        onCreated={() => {
          if (!counted.current) liveInstances.scenes++;
          counted.current = true;
        }}
      >
        <FrameDriver motion={motion} fps={profile.fps} />
        <PurifierScene view={view} autoRotate={autoRotate} insets={insets} motion={motion} fanRps={drawnFanRps(view.fanRpsTarget, profile.fps)} now={now} />
      </Canvas>
    </SceneErrorBoundary>
  );
}
