import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetModule, WidgetRendererProps } from '../../runtime/types';
import { WidgetNotice } from '../shared/WidgetNotice';
import { useWallColors } from '../shared/wallTheme';
import { applyModel3dLive, buildModel3dView, readFeaturedUnit, readModel3dProps, type FeaturedUnitData } from './model3dModel';
import { Model3dOverlay, OVERLAY_INSETS } from './Model3dOverlay';
import { probeWebgl, type WebglSupport } from '../shared/probeWebgl';
import type { PurifierCanvas as PurifierCanvasComponent } from './PurifierCanvas';

type Scene = typeof PurifierCanvasComponent;
let loadedScene: Scene | null = null;

/** The scene once it can be shown; `support` is null until WebGL has been probed. */
interface SceneState { scene: Scene | null; support: WebglSupport | null }

/**
 * The scene (three.js and react-three-fiber, the heaviest chunk of any screen) loads once the page
 * is idle after its first paint, and so does the WebGL probe (a throw-away context costs tens of
 * ms on a software renderer): the unit's name, state and readouts show with the other widgets,
 * the 3D picture joins them a moment later instead of holding every widget back.
 */
function useScene(): SceneState {
  const [state, setState] = useState<SceneState>(() => ({ scene: loadedScene, support: loadedScene ? probeWebgl() : null }));
  useEffect(() => {
    if (state.scene || (state.support && !state.support.available)) return undefined;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      // Probed once per mount: the throw-away context is released before the scene's own is made.
      const support = probeWebgl();
      if (!support.available) {
        if (alive) setState({ scene: null, support });
        return;
      }
      import('./PurifierCanvas').then(
        (m) => {
          loadedScene = m.PurifierCanvas;
          if (alive) setState({ scene: m.PurifierCanvas, support });
        },
        () => { if (alive) timer = setTimeout(start, 5_000); },
      );
    };
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 1_500 }) : undefined;
    if (idle === undefined) timer = setTimeout(start, 0);
    return () => {
      alive = false;
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [state]);
  return state;
}

/** In the band between the name and the readouts, which stay useful without the scene. */
function NoWebgl() {
  const { t } = useTranslation('screens');
  return (
    <div style={{ position: 'absolute', left: 0, right: 0, top: OVERLAY_INSETS.top, bottom: OVERLAY_INSETS.bottom }}>
      <WidgetNotice title={t('model-3d.noWebgl')} detail={t('model-3d.noWebglDetail')} />
    </div>
  );
}

function Model3dRenderer({ widget, data, scale, width, height }: WidgetRendererProps<FeaturedUnitData>) {
  const unit = useMemo(() => readFeaturedUnit(data), [data]);
  const theme = useWallColors();
  const view = useMemo(() => (unit ? buildModel3dView(unit, theme) : null), [unit, theme]);
  const { autoRotate } = readModel3dProps(widget.props);
  const { scene: PurifierCanvas, support } = useScene();
  if (!view) return null;
  return (
    <div style={{ position: 'relative', width, height, overflow: 'hidden' }} data-widget="model3d">
      {support && !support.available ? <NoWebgl /> : PurifierCanvas && support && (
        <PurifierCanvas view={view} autoRotate={autoRotate} scale={scale} insets={OVERLAY_INSETS} support={support} fallback={<NoWebgl />} />
      )}
      <Model3dOverlay view={view} width={width} />
    </div>
  );
}

/**
 * model3d: the featured purifier unit (GET /api/s/featured-unit) as a live 3D cabinet — filters
 * tinted by remaining life, a fan turning with the air volume, airflow while it runs, a state
 * beacon — with its name, state and three big readouts in HTML over it.
 */
export const model3dWidget: WidgetModule<FeaturedUnitData> = {
  Renderer: Model3dRenderer,
  applyLive: applyModel3dLive,
  hasData: (data) => readFeaturedUnit(data) !== null,
};
