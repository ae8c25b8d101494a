/**
 * A wall's rotation as a pure function of the server clock (issue 23, "Synchronised"): item k of
 * the list shows from epoch + slot·rotateMs for rotateMs, slot = ⌊(now − epoch)/rotateMs⌋,
 * k = slot mod itemCount. Every tile computes the same answer from the same server time, so no
 * tile talks to another. Before the epoch (a wall just saved: its epoch is WALL_PREPARE_MS ahead,
 * so every tile prepares the first item and all start together) the first slot is the one due:
 * a tile that loads then shows the first item and keeps it through the epoch. Zod-free.
 */

export interface RotationSlot {
  /** The item showing now (0-based). */
  index: number;
  /** Slots since the epoch (0 before it); a new slot is a switch even when the item repeats. */
  slot: number;
  /** Server ms when the current item started (the epoch, still to come, before the epoch). */
  startsAt: number;
  /** Server ms when it ends; +Infinity for a one-item rotation (nothing ever switches). */
  endsAt: number;
  /** The item that follows (the same index for one item). */
  nextIndex: number;
  /** Server ms when the next item starts (= endsAt). */
  nextStartsAt: number;
}

/** Where the rotation stands at `serverNow`. Throws a RangeError for no items or a non-positive period. */
export function rotationAt(serverNow: number, epoch: number, itemCount: number, rotateMs: number): RotationSlot {
  if (!Number.isInteger(itemCount) || itemCount < 1) throw new RangeError(`a rotation needs at least one item (got ${itemCount})`);
  if (!(rotateMs > 0) || !Number.isFinite(rotateMs)) throw new RangeError(`rotateMs must be positive (got ${rotateMs})`);
  if (!Number.isFinite(serverNow) || !Number.isFinite(epoch)) throw new RangeError('serverNow and epoch must be finite');
  if (itemCount === 1) {
    return { index: 0, slot: 0, startsAt: epoch, endsAt: Infinity, nextIndex: 0, nextStartsAt: Infinity };
  }
  const slot = Math.max(0, Math.floor((serverNow - epoch) / rotateMs));
  const index = ((slot % itemCount) + itemCount) % itemCount;
  const startsAt = epoch + slot * rotateMs;
  const endsAt = startsAt + rotateMs;
  return { index, slot, startsAt, endsAt, nextIndex: (index + 1) % itemCount, nextStartsAt: endsAt };
}

/** The data version at `serverNow` for sources refreshing every `intervalMs`: ⌊serverNow / intervalMs⌋. */
export function dataVersionAt(serverNow: number, intervalMs: number): number {
  if (!(intervalMs > 0) || !Number.isFinite(intervalMs)) throw new RangeError(`intervalMs must be positive (got ${intervalMs})`);
  return Math.floor(serverNow / intervalMs);
}

/** Server ms when data version `version` begins (the boundary a tile refreshes at). */
export function dataVersionStart(version: number, intervalMs: number): number {
  return version * intervalMs;
}

/** The longest delay setTimeout honours (a longer one fires at once). */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * A setTimeout delay (local ms) for reaching server time `targetServerMs` when the server clock
 * reads `serverNow`: never negative, capped at {@link MAX_TIMER_MS} (an Infinity target waits the
 * cap; re-check on firing).
 */
export function timerDelay(targetServerMs: number, serverNow: number): number {
  const d = targetServerMs - serverNow;
  if (Number.isNaN(d)) return MAX_TIMER_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, d));
}
