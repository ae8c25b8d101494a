import type { WallDisplay, WallDisplayItem } from '../../../../contract/walls';
import type { TilePlan } from './tileSlots';

/** What a tile shows of one rotation item: the template as it was when its mount was made, and the wall's variables. */
export interface TileItem {
  index: number;
  template: WallDisplayItem;
  variables: Record<string, string>;
}

/** A template item's identity: another version of the template is another item (mounted afresh). */
const itemKey = (t: WallDisplayItem) => `${t.id}@${t.updatedAt}`;

/** Largest `&timeScale=` of a tile's address (tests and the soak bench speed a wall's rotation up). */
export const WALL_TIME_SCALE_MAX = 1000;

/** A tile address's `&timeScale=`: 1 unless an integer in 1…{@link WALL_TIME_SCALE_MAX}. */
export function timeScaleParam(value: string | null): number {
  const n = value && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return n >= 1 && n <= WALL_TIME_SCALE_MAX ? n : 1;
}

/** The rotation of a display, for the tile's scheduler; `timeScale` divides each item's time (tests, benches). */
export function displayPlan(display: WallDisplay, timeScale = 1): TilePlan<TileItem> {
  const { wall } = display;
  return {
    epoch: wall.epoch,
    rotateMs: (wall.rotateSeconds * 1000) / timeScale,
    items: display.items.map((template, index) => ({ key: itemKey(template), value: { index, template, variables: wall.variables } })),
  };
}

/** Whether `next` reads the wall as it was before the save `current` shows (saves only move forward). */
export function olderWall(next: WallDisplay, current: WallDisplay): boolean {
  return next.wall.updatedAt < current.wall.updatedAt;
}

/** Whether two reads of a display would show the same (a re-read that changes nothing is ignored). */
export function sameDisplay(a: WallDisplay, b: WallDisplay): boolean {
  return a.wall.epoch === b.wall.epoch && a.wall.updatedAt === b.wall.updatedAt
    && a.items.length === b.items.length && a.items.every((x, i) => itemKey(x) === itemKey(b.items[i]));
}

/** Changes of templates (not of the wall) take effect on boundaries of this many ms of the server clock. */
export const APPLY_GRID_MS = 10_000;
/** Time a new version gets to reach every tile and be prepared before it shows. */
export const APPLY_LEAD_MS = 6_000;

/**
 * Server ms from which a newly read display shows (undefined: at once). A wall saved with an epoch
 * still to come starts at its epoch; a wall saved with its epoch past (its rotation restarted)
 * starts at once; an edited template shows at the first {@link APPLY_GRID_MS} boundary at least
 * {@link APPLY_LEAD_MS} away, which every tile that read it within a few seconds of the others
 * computes alike, so they all switch to it together.
 */
export function applyFrom(previous: WallDisplay | null, next: WallDisplay, serverNow: number): number | undefined {
  if (!previous) return undefined;
  if (next.wall.epoch > serverNow) return next.wall.epoch;
  if (next.wall.epoch !== previous.wall.epoch) return undefined;
  return Math.ceil((serverNow + APPLY_LEAD_MS) / APPLY_GRID_MS) * APPLY_GRID_MS;
}
