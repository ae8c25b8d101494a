import { rotationAt } from '../../../../contract/wall/rotation-schedule';

/** One item of a wall's rotation as the schedule sees it: `key` changes whenever what it shows changes. */
export interface PlanItem<T> {
  key: string;
  value: T;
}

/** A wall's rotation: its items in order, each shown `rotateMs` from the server-ms `epoch` on. */
export interface TilePlan<T> {
  epoch: number;
  rotateMs: number;
  items: readonly PlanItem<T>[];
}

/**
 * One occurrence of an item on screen. Its `key` names the mount: equal keys are the same
 * mounted screen (kept as it is), a new key is a fresh mount (prepared out of sight first).
 */
export interface Slot<T> {
  key: string;
  index: number;
  /** The rotation's epoch: a slot of another epoch belongs to a rotation that was restarted. */
  epoch: number;
  /** Server ms when the slot's item is due on screen. */
  startsAt: number;
  value: T;
}

/**
 * The slot on screen at `serverNow` and the one after it (null when nothing ever follows: a
 * one-item rotation). `resets` counts the idle resets of a slot, by its startsAt: a reset slot gets
 * a new key, so its item is mounted afresh. Every tile of a wall computes the same keys.
 */
export function slotsAt<T>(plan: TilePlan<T>, serverNow: number, resets?: { startsAt: number; count: number } | null): { current: Slot<T>; next: Slot<T> | null } {
  const n = plan.items.length;
  const r = rotationAt(serverNow, plan.epoch, n, plan.rotateMs);
  const slot = (index: number, startsAt: number): Slot<T> => {
    const reset = resets && resets.startsAt === startsAt && resets.count > 0 ? `#${resets.count}` : '';
    return { key: `${plan.epoch}/${startsAt}/${index}/${plan.items[index].key}${reset}`, index, epoch: plan.epoch, startsAt, value: plan.items[index].value };
  };
  return {
    current: slot(r.index, r.startsAt),
    next: Number.isFinite(r.nextStartsAt) ? slot(r.nextIndex, r.nextStartsAt) : null,
  };
}
