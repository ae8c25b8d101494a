import type { SCALE_MODES } from './screen-template';

/**
 * Where a template's design canvas sits in a viewport (DESIGN "Screen runtime"): the one placement
 * rule of the screen runtime (screens/runtime/computeScale.ts re-exports it) and of video-wall tiles
 * (contract/wall/tile-geometry.ts places the canvas on the whole virtual wall with it). Zod-free.
 */

/** A template's `canvas.scaleMode`. */
export type ScaleMode = (typeof SCALE_MODES)[number];

/** How the design canvas sits in the viewport: scale per axis and offset of its top-left corner, in CSS px. */
export interface CanvasPlacement {
  scaleX: number;
  scaleY: number;
  left: number;
  top: number;
}

/**
 * Places a `width`×`height` design canvas in a viewport by the template's scale mode:
 * - fit: the whole canvas visible, aspect kept, letterboxed and centred;
 * - fillWidth / fillHeight: one axis fills, aspect kept (the other axis scrolls or is centred);
 * - stretch: both axes fill, aspect not kept.
 */
export function computeScale(mode: ScaleMode, width: number, height: number, viewportWidth: number, viewportHeight: number): CanvasPlacement {
  const sx = viewportWidth / width;
  const sy = viewportHeight / height;
  if (mode === 'stretch') return { scaleX: sx, scaleY: sy, left: 0, top: 0 };
  const s = mode === 'fit' ? Math.min(sx, sy) : mode === 'fillWidth' ? sx : sy;
  return {
    scaleX: s,
    scaleY: s,
    left: Math.max(0, (viewportWidth - width * s) / 2),
    top: Math.max(0, (viewportHeight - height * s) / 2),
  };
}

/** The factor charts multiply `devicePixelRatio` by, so they draw at the device's pixel size. */
export function renderScale(p: CanvasPlacement): number {
  return Math.max(p.scaleX, p.scaleY);
}
