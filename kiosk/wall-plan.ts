import path from 'node:path';
import type { WallDefinition } from '../contract/walls';
import type { TileRequest } from './options';

/** What the launcher needs of a wall's definition. */
export type WallGeometry = Pick<WallDefinition, 'id' | 'name' | 'rows' | 'cols' | 'screenWidth' | 'screenHeight'>;

/** One tile's window: what it shows, where it goes, and its own Chromium profile. */
export interface TilePlan {
  tile: [number, number];
  /** `r,c`, as in the address and the log. */
  key: string;
  /** `<url>/monitor?wall=<id>&tile=r,c`: no credential in it. */
  target: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
  /** `<profile base>/tile-r-c`: two Chromiums cannot share a profile. */
  profileDir: string;
}

/** A tile request the wall cannot satisfy (a tile outside the wall, two windows on top of each other). */
export class WallPlanError extends Error {
  override name = 'WallPlanError';
}

/** The page a tile shows. */
export function tileTarget(url: string, wallId: number, tile: readonly [number, number]): string {
  return `${url}/monitor?wall=${wallId}&tile=${tile[0]},${tile[1]}`;
}

/**
 * Plans one window per requested tile from the wall's definition. Pure.
 *
 * Each window is one screen of the wall (screenWidth × screenHeight). A tile given `@x,y` goes
 * there; the others are laid out as the wall is, from the top-left tile this launcher drives:
 * x = (c − first column)·screenWidth, y = (r − first row)·screenHeight. So one PC driving the whole
 * wall puts tile (r,c) at c·screenWidth, r·screenHeight, and a PC driving only the right half
 * (or one tile) starts at 0,0 of its own desktop. Throws {@link WallPlanError} naming the tile when
 * a tile is outside the wall or two windows would overlap.
 */
export function planWall(wall: WallGeometry, url: string, tiles: readonly TileRequest[], profileBase: string): TilePlan[] {
  for (const { tile: [r, c] } of tiles) {
    if (r >= wall.rows || c >= wall.cols) {
      throw new WallPlanError(`--tile ${r},${c}: wall ${wall.id} 「${wall.name}」 has ${wall.rows} row(s) and ${wall.cols} column(s); tiles are 0,0 to ${wall.rows - 1},${wall.cols - 1}`);
    }
  }
  const firstRow = Math.min(...tiles.map((t) => t.tile[0]));
  const firstCol = Math.min(...tiles.map((t) => t.tile[1]));
  const size = { width: wall.screenWidth, height: wall.screenHeight };
  const plans = tiles.map(({ tile, position }): TilePlan => ({
    tile: [tile[0], tile[1]],
    key: `${tile[0]},${tile[1]}`,
    target: tileTarget(url, wall.id, tile),
    position: position ?? { x: (tile[1] - firstCol) * size.width, y: (tile[0] - firstRow) * size.height },
    size,
    profileDir: path.join(profileBase, `tile-${tile[0]}-${tile[1]}`),
  }));
  for (let i = 0; i < plans.length; i++) {
    for (let j = i + 1; j < plans.length; j++) {
      const a = plans[i].position;
      const b = plans[j].position;
      if (Math.abs(a.x - b.x) < size.width && Math.abs(a.y - b.y) < size.height) {
        throw new WallPlanError(`--tile ${plans[i].key} at ${a.x},${a.y} and --tile ${plans[j].key} at ${b.x},${b.y} would overlap (each window is ${size.width}×${size.height}): give each its own @x,y`);
      }
    }
  }
  return plans;
}
