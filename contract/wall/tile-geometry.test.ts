import { describe, expect, it } from 'vitest';
import { computeScale } from '../screen-scale';
import { formatTile, isTileOf, parseTile, tilePlacement, tileRect, wallSize } from './tile-geometry';

const wall2x2 = { rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, bezelX: 12, bezelY: 10 };

describe('wall geometry', () => {
  it('sizes the virtual wall with the bezels between screens (none outside)', () => {
    expect(wallSize(wall2x2)).toEqual({ width: 2 * 1920 + 12, height: 2 * 1080 + 10 });
    expect(wallSize({ ...wall2x2, rows: 1, cols: 1 })).toEqual({ width: 1920, height: 1080 });
    expect(wallSize({ rows: 3, cols: 4, screenWidth: 3840, screenHeight: 2160, bezelX: 0, bezelY: 0 })).toEqual({ width: 15360, height: 6480 });
  });

  it('places each tile one screen plus one bezel from its neighbour', () => {
    expect(tileRect(wall2x2, 0, 0)).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(tileRect(wall2x2, 0, 1)).toEqual({ x: 1932, y: 0, width: 1920, height: 1080 });
    expect(tileRect(wall2x2, 1, 0)).toEqual({ x: 0, y: 1090, width: 1920, height: 1080 });
    expect(tileRect(wall2x2, 1, 1)).toEqual({ x: 1932, y: 1090, width: 1920, height: 1080 });
    // The last tile ends exactly at the wall's edge.
    const last = tileRect(wall2x2, 1, 1);
    expect(last.x + last.width).toBe(wallSize(wall2x2).width);
    expect(last.y + last.height).toBe(wallSize(wall2x2).height);
  });

  it('refuses a tile that is not on the wall', () => {
    expect(() => tileRect(wall2x2, 2, 0)).toThrow(RangeError);
    expect(() => tileRect(wall2x2, 0, -1)).toThrow(RangeError);
    expect(() => tileRect(wall2x2, 0.5, 0)).toThrow(RangeError);
    expect(isTileOf(wall2x2, [1, 1])).toBe(true);
    expect(isTileOf(wall2x2, [1, 2])).toBe(false);
  });

  it('gives every tile the whole-wall scale, shifted by its own offset', () => {
    const canvas = { width: 3852, height: 2170, scaleMode: 'fit' as const };
    // A canvas of the wall's own size: scale 1, each tile shows its window.
    expect(tilePlacement(canvas, wall2x2, 0, 0)).toEqual({ scaleX: 1, scaleY: 1, left: 0, top: 0 });
    expect(tilePlacement(canvas, wall2x2, 1, 1)).toEqual({ scaleX: 1, scaleY: 1, left: -1932, top: -1090 });
  });

  it('maps one design point to the same wall point from every tile (a line across a bezel stays straight)', () => {
    const canvas = { width: 1920, height: 1080, scaleMode: 'fit' as const };
    const whole = computeScale('fit', 1920, 1080, wallSize(wall2x2).width, wallSize(wall2x2).height);
    const point = { x: 960, y: 540 }; // the canvas centre, on the bezel cross
    for (const [r, c] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
      const p = tilePlacement(canvas, wall2x2, r, c);
      const rect = tileRect(wall2x2, r, c);
      // Tile-local position + the tile's origin = the wall position.
      expect(p.left + point.x * p.scaleX + rect.x).toBeCloseTo(whole.left + point.x * whole.scaleX);
      expect(p.top + point.y * p.scaleY + rect.y).toBeCloseTo(whole.top + point.y * whole.scaleY);
      expect(p.scaleX).toBe(whole.scaleX);
    }
  });

  it('letterboxes on the whole wall, not per tile', () => {
    // A 16:9 canvas on a 3×1 wall of 16:9 screens: pillarboxed on the wall, so the middle tile is covered
    // and the outer tiles show the bars at their outer edges only.
    const wide = { rows: 1, cols: 3, screenWidth: 1920, screenHeight: 1080, bezelX: 0, bezelY: 0 };
    const canvas = { width: 1920, height: 1080, scaleMode: 'fit' as const };
    const left = tilePlacement(canvas, wide, 0, 0);
    expect(left.scaleX).toBe(1);
    expect(left.left).toBe(1920);
    expect(tilePlacement(canvas, wide, 0, 1).left).toBe(0);
    expect(tilePlacement(canvas, wide, 0, 2).left).toBe(-1920);
    // Stretch fills the wall on both axes.
    const s = tilePlacement({ ...canvas, scaleMode: 'stretch' }, wide, 0, 2);
    expect(s).toEqual({ scaleX: 3, scaleY: 1, left: -3840, top: 0 });
  });

  it('reads and writes "r,c"', () => {
    expect(parseTile('1,0')).toEqual([1, 0]);
    expect(parseTile(' 0,7 ')).toEqual([0, 7]);
    expect(parseTile(formatTile([3, 12]))).toEqual([3, 12]);
    for (const bad of ['', '1', '1,', ',1', '1,2,3', '-1,0', '01,0', '1.5,0', 'a,b', '1 ,0', '100,0']) {
      expect(parseTile(bad)).toBeNull();
    }
    expect(formatTile([0, 1])).toBe('0,1');
  });
});
