import { computeScale, type CanvasPlacement, type ScaleMode } from '../screen-scale';
import type { WallDefinition } from '../walls';

/**
 * Where each tile of a video wall sits on the virtual wall (issue 23, "Tiling"). The virtual wall
 * is every screen plus the bezels between them: W = cols·screenWidth + (cols−1)·bezelX,
 * H = rows·screenHeight + (rows−1)·bezelY. The template's design canvas is placed on the whole
 * virtual wall by its scale mode; a tile shows its screen-sized window of it, so the bezel strips
 * are hidden and a line crossing a bezel stays straight. Zod-free.
 */

/** What the geometry reads of a wall. */
export type WallGeometry = Pick<WallDefinition, 'rows' | 'cols' | 'screenWidth' | 'screenHeight' | 'bezelX' | 'bezelY'>;

/** Type aliases, not interfaces: they pass as i18next interpolation values (which need an index signature). */
export type Size = {
  width: number;
  height: number;
};

export type Rect = Size & {
  x: number;
  y: number;
};

/** The virtual wall's size in px (screens and bezels). */
export function wallSize(def: WallGeometry): Size {
  return {
    width: def.cols * def.screenWidth + (def.cols - 1) * def.bezelX,
    height: def.rows * def.screenHeight + (def.rows - 1) * def.bezelY,
  };
}

/** Whether `tile` names a screen of the wall. */
export function isTileOf(def: Pick<WallGeometry, 'rows' | 'cols'>, tile: readonly [number, number]): boolean {
  const [r, c] = tile;
  return Number.isInteger(r) && Number.isInteger(c) && r >= 0 && c >= 0 && r < def.rows && c < def.cols;
}

function checkTile(def: WallGeometry, r: number, c: number): void {
  if (!isTileOf(def, [r, c])) throw new RangeError(`tile ${r},${c} is not on a ${def.rows}×${def.cols} wall`);
}

/** Tile (r, c)'s window on the virtual wall, in wall px. Throws a RangeError for a tile not on the wall. */
export function tileRect(def: WallGeometry, r: number, c: number): Rect {
  checkTile(def, r, c);
  return {
    x: c * (def.screenWidth + def.bezelX),
    y: r * (def.screenHeight + def.bezelY),
    width: def.screenWidth,
    height: def.screenHeight,
  };
}

/**
 * Where the design canvas sits in tile (r, c)'s own screenWidth×screenHeight viewport: its
 * placement on the whole virtual wall, shifted by the tile's offset. Scales are the whole wall's,
 * so widgets crossing a tile edge continue on the neighbour at the same size.
 */
export function tilePlacement(
  canvas: { width: number; height: number; scaleMode: ScaleMode },
  def: WallGeometry,
  r: number,
  c: number,
): CanvasPlacement {
  const rect = tileRect(def, r, c);
  const size = wallSize(def);
  const whole = computeScale(canvas.scaleMode, canvas.width, canvas.height, size.width, size.height);
  return { scaleX: whole.scaleX, scaleY: whole.scaleY, left: whole.left - rect.x, top: whole.top - rect.y };
}

/** Reads `"r,c"` (as in `?tile=1,0`); null for anything else. Whether it lies on a wall: {@link isTileOf}. */
export function parseTile(s: string): [number, number] | null {
  const m = /^(0|[1-9][0-9]?),(0|[1-9][0-9]?)$/.exec(s.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Writes a tile as `"r,c"`. */
export function formatTile(tile: readonly [number, number]): string {
  return `${tile[0]},${tile[1]}`;
}
