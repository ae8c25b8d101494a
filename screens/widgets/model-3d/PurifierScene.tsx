import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Vector3, type Group, type PerspectiveCamera } from 'three';
import { useWallColors } from '../shared/wallTheme';
import { AirflowParticles } from './AirflowParticles';
import { FilterStage } from './FilterStage';
import { FLOOR_RADIUS, FloorPlate } from './FloorPlate';
import type { Model3dView } from './model3dModel';
import { PurifierFan } from './PurifierFan';
import { PurifierHousing } from './PurifierHousing';
import { CABINET_MID_Y, FILTER_STAGES, fitCamera, turntableAngle, type SceneMotion } from './purifierLayout';
import { StateLight } from './StateLight';
import { usePurifierMaterials } from './usePurifierMaterials';

/** Three-quarter view: a little from the intake side, looking down 22°. */
const ELEVATION = (22 * Math.PI) / 180;
const AZIMUTH = (-38 * Math.PI) / 180;
const VIEW_DIR = new Vector3(Math.sin(AZIMUTH) * Math.cos(ELEVATION), Math.sin(ELEVATION), Math.cos(AZIMUTH) * Math.cos(ELEVATION));
const TARGET = new Vector3(0, CABINET_MID_Y * 0.8, 0);
/** The turning model and its floor plate as the camera sees them, either side of the target. */
const HALF_WIDTH = FLOOR_RADIUS + 0.05;
const HALF_HEIGHT = 1.45;

/** Where the DOM overlay covers the canvas (design px), so the camera frames the model between. */
export interface SceneInsets {
  top: number;
  bottom: number;
}

function CameraRig({ insets }: { insets: SceneInsets }) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const width = useThree((s) => s.size.width);
  const height = useThree((s) => s.size.height);
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    const fit = fitCamera(width, height, insets.top, insets.bottom, camera.fov, HALF_WIDTH, HALF_HEIGHT);
    camera.position.copy(VIEW_DIR).multiplyScalar(fit.distance).add(TARGET);
    camera.lookAt(TARGET);
    camera.near = fit.distance / 10;
    camera.far = fit.distance * 4;
    camera.setViewOffset(width, height, 0, fit.offsetY, width, height);
    camera.updateProjectionMatrix();
    invalidate();
  }, [camera, width, height, insets.top, insets.bottom, invalidate]);
  return null;
}

/**
 * The purifier unit: housing, three filter stages, fan, airflow and state light on a floor
 * plate, turning slowly when `autoRotate`. Everything that moves is driven by refs in frame
 * callbacks, at the phase of the screen's clock `now` (turntable angle, fan, airflow, beacon: the
 * same on every tile of a video wall); `motion` tells the frame driver whether any part still moves.
 */
export function PurifierScene({ view, autoRotate, insets, motion, fanRps, now }: {
  view: Model3dView;
  autoRotate: boolean;
  insets: SceneInsets;
  motion: SceneMotion;
  /** The fan speed to draw: the view's target, adjusted to the frame rate. */
  fanRps: number;
  /** The screen's clock (epoch ms): the wall's on a video wall tile. */
  now: () => number;
}) {
  const materials = usePurifierMaterials();
  const theme = useWallColors();
  const turntable = useRef<Group>(null);
  const invalidate = useThree((s) => s.invalidate);
  const base = useRef({ autoRotate, alarm: view.alarm });
  base.current = { autoRotate, alarm: view.alarm };

  // A new answer may start something moving while the driver is idle: draw once to find out.
  useEffect(() => {
    motion.base = autoRotate || view.alarm;
    invalidate();
  }, [view, autoRotate, motion, invalidate]);

  useFrame(() => {
    const { autoRotate: rotating, alarm } = base.current;
    motion.base = rotating || alarm;
    if (rotating && turntable.current) turntable.current.rotation.y = turntableAngle(now());
  });

  return (
    <>
      <hemisphereLight args={['#d4ecff', '#0c1d33', 1.3]} />
      <directionalLight position={[4, 7, 5]} intensity={1.7} />
      <directionalLight position={[-5, 3, -4]} intensity={0.7} color={theme.accent} />
      <CameraRig insets={insets} />
      <FloorPlate colour={view.alarm ? theme.state.alarm : theme.accent} />
      <group ref={turntable}>
        <PurifierHousing materials={materials} />
        {FILTER_STAGES.map((spec) => (
          <FilterStage key={spec.key} spec={spec} colour={view.filterColour} />
        ))}
        <PurifierFan rpsTarget={fanRps} materials={materials} motion={motion} now={now} />
        <AirflowParticles on={view.particlesOn} flow={view.flow} motion={motion} now={now} />
        <StateLight colour={view.stateColour} alarm={view.alarm} offline={view.stateKey === 'offline'} materials={materials} now={now} />
      </group>
    </>
  );
}
