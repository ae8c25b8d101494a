/**
 * The devices of a batch that follows gateway commands — a product sync, an upgrade task — counted
 * by state. `waiting` (for an audit) and `cancelled` (by a rejection) exist only where the batch
 * has them; such devices never reach a gateway and count in neither part of the bar.
 */
export interface BatchCounts {
  total: number;
  queued: number;
  sent: number;
  succeeded: number;
  failed: number;
  expired: number;
  waiting?: number;
  cancelled?: number;
}

/** Devices still waiting for their gateway: queued, or taken without an answer yet. */
export const pendingOf = (c: BatchCounts) => c.queued + c.sent;
/** Devices the command did not reach or did not succeed on: failed, or timed out. */
export const failedOf = (c: BatchCounts) => c.failed + c.expired;

/** A batch with work in flight: the server says running, or some device still waits. */
export const isBatchRunning = (b: { state: string; counts: BatchCounts }) => b.state === 'running' || pendingOf(b.counts) > 0;

/**
 * Percentages of the progress bar over the devices sent to a gateway: the succeeded part and the
 * failed (with timed-out) part, each rounded down so the bar never overflows; once nothing waits
 * the two fill it exactly.
 */
export function progressOf(c: BatchCounts): { succeeded: number; failed: number } {
  const sent = c.total - (c.waiting ?? 0) - (c.cancelled ?? 0);
  if (sent <= 0) return { succeeded: 0, failed: 0 };
  const succeeded = Math.floor((c.succeeded / sent) * 100);
  const failed = pendingOf(c) === 0 ? 100 - succeeded : Math.floor((failedOf(c) / sent) * 100);
  return { succeeded, failed };
}
