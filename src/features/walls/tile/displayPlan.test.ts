import { describe, expect, it } from 'vitest';
import type { WallDisplay } from '../../../../contract/walls';
import { APPLY_GRID_MS, APPLY_LEAD_MS, applyFrom, displayPlan, olderWall, sameDisplay, timeScaleParam } from './displayPlan';

const T0 = 1_700_000_000_000;

function display(patch: { epoch?: number; updatedAt?: number; items?: [number, number][] } = {}): WallDisplay {
  return {
    wall: {
      id: 1, name: '大厅', rows: 2, cols: 2, screenWidth: 1920, screenHeight: 1080, bezelX: 12, bezelY: 12,
      templateIds: [], rotateSeconds: 30, idleSeconds: 60, variables: { projectId: '3' }, remark: '',
      epoch: patch.epoch ?? T0, updatedAt: patch.updatedAt ?? T0,
    },
    items: (patch.items ?? [[5, 100], [6, 200]]).map(([id, updatedAt]) => ({ id, name: `t${id}`, content: {}, updatedAt })),
    serverNow: T0,
  };
}

describe('displayPlan', () => {
  it('rotates the display items from the wall epoch, with the wall variables', () => {
    const plan = displayPlan(display());
    expect(plan.epoch).toBe(T0);
    expect(plan.rotateMs).toBe(30_000);
    expect(plan.items.map((i) => i.value.template.id)).toEqual([5, 6]);
    expect(plan.items[1].value).toMatchObject({ index: 1, variables: { projectId: '3' } });
  });

  it('a template saved again is another item (its mounts are made afresh)', () => {
    const a = displayPlan(display()).items[0].key;
    const b = displayPlan(display({ items: [[5, 101], [6, 200]] })).items[0].key;
    expect(a).not.toBe(b);
  });

  it('divides the rotation by the address\'s timeScale (tests and benches), 1 for anything else', () => {
    expect(displayPlan(display(), timeScaleParam('50')).rotateMs).toBe(600);
    for (const bad of [null, '', '0', '-2', '1.5', 'x', '100000']) expect(timeScaleParam(bad)).toBe(1);
  });
});

describe('sameDisplay', () => {
  it('is true for a re-read that changes nothing shown (the server time differs)', () => {
    expect(sameDisplay(display(), { ...display(), serverNow: T0 + 60_000 })).toBe(true);
  });

  it('is false when the wall was saved or a template changed', () => {
    expect(sameDisplay(display(), display({ epoch: T0 + 1, updatedAt: T0 + 1 }))).toBe(false);
    expect(sameDisplay(display(), display({ items: [[5, 100]] }))).toBe(false);
    expect(sameDisplay(display(), display({ items: [[5, 100], [6, 201]] }))).toBe(false);
  });
});

describe('olderWall', () => {
  it('is true only for a read of the wall from before the save shown (a kept answer, another process)', () => {
    const shown = display({ epoch: T0 + 5_000, updatedAt: T0 });
    expect(olderWall(display({ updatedAt: T0 - 60_000 }), shown)).toBe(true);
    expect(olderWall(display({ updatedAt: T0 }), shown)).toBe(false);
    expect(olderWall(display({ updatedAt: T0 + 1 }), shown)).toBe(false);
    // A template edit does not move the wall's save: the same wall, not older.
    expect(olderWall(display({ updatedAt: T0, items: [[5, 101], [6, 200]] }), shown)).toBe(false);
  });
});

describe('applyFrom', () => {
  it('the first display shows at once', () => {
    expect(applyFrom(null, display(), T0 + 5_000)).toBeUndefined();
  });

  it('a wall saved (new epoch, past) restarts at once', () => {
    expect(applyFrom(display(), display({ epoch: T0 + 50_000 }), T0 + 51_000)).toBeUndefined();
  });

  it('a wall saved with an epoch to come starts at its epoch', () => {
    expect(applyFrom(display(), display({ epoch: T0 + 55_000 }), T0 + 51_000)).toBe(T0 + 55_000);
  });

  it('an edited template shows on the grid, the same for tiles that read it a few seconds apart', () => {
    const boundary = Math.ceil(T0 / 60_000) * 60_000;
    const edited = display({ items: [[5, 101], [6, 200]] });
    const times = [boundary + 20, boundary + 900, boundary + 3_500].map((t) => applyFrom(display(), edited, t));
    expect(new Set(times).size).toBe(1);
    const at = times[0]!;
    expect(at % APPLY_GRID_MS).toBe(0);
    expect(at - (boundary + 3_500)).toBeGreaterThanOrEqual(APPLY_LEAD_MS - 3_500);
    expect(at).toBeGreaterThanOrEqual(boundary + APPLY_LEAD_MS);
  });
});
