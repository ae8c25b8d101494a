import { describe, expect, it } from 'vitest';
import { tileWindowPlacement } from './tilePlacer';

/** The demo wall: 2×2 screens of 1920×1080 with 12 px bezels (virtual wall 3852×2172). */
const WALL = { rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, bezelX: 12, bezelY: 12 };
const CANVAS = { width: 1920, height: 1080, scaleMode: 'stretch' as const };

describe('tileWindowPlacement', () => {
  it('in a window of the screen size, places the canvas on the whole wall shifted by the tile offset', () => {
    const p = tileWindowPlacement(CANVAS, WALL, [1, 1], { width: 1920, height: 1080 });
    expect(p.scaleX).toBeCloseTo(3852 / 1920);
    expect(p.scaleY).toBeCloseTo(2172 / 1080);
    expect(p.left).toBe(-1932);
    expect(p.top).toBe(-1092);
  });

  it('a design point on a tile edge lands on the window edge of both neighbours', () => {
    const left = tileWindowPlacement(CANVAS, WALL, [0, 0], { width: 1920, height: 1080 });
    const right = tileWindowPlacement(CANVAS, WALL, [0, 1], { width: 1920, height: 1080 });
    // The design x where the left screen ends, and the one where the right screen starts (12 px of bezel later).
    const endLeft = (1920 - left.left) / left.scaleX;
    const startRight = (0 - right.left) / right.scaleX;
    expect((startRight - endLeft) * left.scaleX).toBeCloseTo(12);
  });

  it('scales to a window that is not the screen size (a 4K screen at 200 %, or a test page at 960×540)', () => {
    const full = tileWindowPlacement(CANVAS, WALL, [0, 1], { width: 1920, height: 1080 });
    const half = tileWindowPlacement(CANVAS, WALL, [0, 1], { width: 960, height: 540 });
    expect(half.scaleX).toBeCloseTo(full.scaleX / 2);
    expect(half.scaleY).toBeCloseTo(full.scaleY / 2);
    expect(half.left).toBeCloseTo(full.left / 2);
    expect(half.top).toBeCloseTo(full.top / 2);
  });

  it('a fit canvas keeps its aspect on the wall', () => {
    const p = tileWindowPlacement({ width: 1920, height: 1080, scaleMode: 'fit' }, WALL, [0, 0], { width: 1920, height: 1080 });
    expect(p.scaleX).toBe(p.scaleY);
  });
});
