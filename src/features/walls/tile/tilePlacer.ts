import type { CanvasPlacement } from '../../../../contract/screen-scale';
import { tilePlacement, type WallGeometry } from '../../../../contract/wall/tile-geometry';
import type { CanvasPlacer } from '../../../../screens/runtime/ScreenCanvas';

/**
 * Tile (r, c)'s placement of a template's canvas in a browser window of `viewport` CSS px: the
 * tile's window of the whole-wall placement (contract/wall/tile-geometry.ts), scaled from the
 * screen's device px to the window (a window the screen's size in CSS px is scaled by 1; a 4K
 * screen at 200 % shows the same in half the CSS px). Per axis, so the tile's window always fills.
 */
export function tileWindowPlacement(
  canvas: Parameters<typeof tilePlacement>[0],
  def: WallGeometry,
  tile: readonly [number, number],
  viewport: { width: number; height: number },
): CanvasPlacement {
  const p = tilePlacement(canvas, def, tile[0], tile[1]);
  const kx = viewport.width / def.screenWidth;
  const ky = viewport.height / def.screenHeight;
  return { scaleX: p.scaleX * kx, scaleY: p.scaleY * ky, left: p.left * kx, top: p.top * ky };
}

/** {@link tileWindowPlacement} as the screen runtime takes it. */
export function tilePlacer(def: WallGeometry, tile: readonly [number, number]): CanvasPlacer {
  return (canvas, viewport) => tileWindowPlacement(canvas, def, tile, viewport);
}
