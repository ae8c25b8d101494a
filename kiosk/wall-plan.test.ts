import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planWall, tileTarget, WallPlanError, type WallGeometry } from './wall-plan';

const LOBBY: WallGeometry = { id: 3, name: '大厅 2×2 视频墙', rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080 };
const URL = 'http://nv:8080';
const BASE = '/var/lib/nv-kiosk/wall3';

function refused(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(WallPlanError);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('planning a wall launcher\'s windows', () => {
  it('lays the whole wall out as it hangs: tile r,c at c·width, r·height, one profile each', () => {
    const plans = planWall(LOBBY, URL, [{ tile: [0, 0] }, { tile: [0, 1] }, { tile: [1, 0] }, { tile: [1, 1] }], BASE);
    expect(plans).toEqual([
      { tile: [0, 0], key: '0,0', target: `${URL}/monitor?wall=3&tile=0,0`, position: { x: 0, y: 0 }, size: { width: 1920, height: 1080 }, profileDir: path.join(BASE, 'tile-0-0') },
      { tile: [0, 1], key: '0,1', target: `${URL}/monitor?wall=3&tile=0,1`, position: { x: 1920, y: 0 }, size: { width: 1920, height: 1080 }, profileDir: path.join(BASE, 'tile-0-1') },
      { tile: [1, 0], key: '1,0', target: `${URL}/monitor?wall=3&tile=1,0`, position: { x: 0, y: 1080 }, size: { width: 1920, height: 1080 }, profileDir: path.join(BASE, 'tile-1-0') },
      { tile: [1, 1], key: '1,1', target: `${URL}/monitor?wall=3&tile=1,1`, position: { x: 1920, y: 1080 }, size: { width: 1920, height: 1080 }, profileDir: path.join(BASE, 'tile-1-1') },
    ]);
  });

  it('starts at 0,0 of its own desktop when a PC drives part of the wall', () => {
    const big: WallGeometry = { id: 9, name: 'NOC', rows: 3, cols: 4, screenWidth: 3840, screenHeight: 2160 };
    const rightHalfOfRow2 = planWall(big, URL, [{ tile: [2, 3] }, { tile: [2, 2] }], BASE);
    expect(rightHalfOfRow2.map((p) => [p.key, p.position])).toEqual([['2,3', { x: 3840, y: 0 }], ['2,2', { x: 0, y: 0 }]]);
    expect(rightHalfOfRow2[0].size).toEqual({ width: 3840, height: 2160 });
    expect(planWall(big, URL, [{ tile: [1, 2] }], BASE)[0].position).toEqual({ x: 0, y: 0 });
  });

  it('puts a tile given @x,y where it says, and the others from the first tile', () => {
    const plans = planWall(LOBBY, URL, [{ tile: [0, 0], position: { x: -1920, y: 0 } }, { tile: [0, 1] }, { tile: [1, 1], position: { x: 5000, y: 200 } }], BASE);
    expect(plans.map((p) => p.position)).toEqual([{ x: -1920, y: 0 }, { x: 1920, y: 0 }, { x: 5000, y: 200 }]);
  });

  it('never puts a credential into the address', () => {
    expect(tileTarget('https://nv.example', 12, [1, 0])).toBe('https://nv.example/monitor?wall=12&tile=1,0');
    for (const plan of planWall(LOBBY, URL, [{ tile: [1, 1] }], BASE)) expect(plan.target).not.toMatch(/token|nvd_/);
  });

  it('refuses a tile outside the wall, naming it and the wall\'s size', () => {
    expect(refused(() => planWall(LOBBY, URL, [{ tile: [0, 0] }, { tile: [2, 0] }], BASE)))
      .toBe('--tile 2,0: wall 3 「大厅 2×2 视频墙」 has 2 row(s) and 2 column(s); tiles are 0,0 to 1,1');
    expect(refused(() => planWall(LOBBY, URL, [{ tile: [0, 2] }], BASE))).toMatch(/^--tile 0,2:/);
  });

  it('refuses two windows on top of each other', () => {
    expect(refused(() => planWall(LOBBY, URL, [{ tile: [0, 0] }, { tile: [1, 1], position: { x: 100, y: 100 } }], BASE)))
      .toBe('--tile 0,0 at 0,0 and --tile 1,1 at 100,100 would overlap (each window is 1920×1080): give each its own @x,y');
    // Touching edges is fine.
    expect(planWall(LOBBY, URL, [{ tile: [0, 0] }, { tile: [1, 1], position: { x: 1920, y: 0 } }], BASE)).toHaveLength(2);
  });
});
