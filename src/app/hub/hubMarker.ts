import type { HubStatus } from '../../shared/hub/hubAtoms';

/**
 * How long the first connection may take before the navbar says so: the hub connects 5 s after
 * the user is known (SPEC §4), so `connecting` is normal for a while after start-up.
 */
export const CONNECT_GRACE_MS = 10_000;

/** What the navbar marker says; null: nothing to show. */
export type HubMarker = 'connecting' | 'reconnecting' | null;

/**
 * The stale-data marker for a hub status: a lost connection at once, a first connection only once
 * it is `overdue` (connecting for longer than {@link CONNECT_GRACE_MS}); `disconnected` means no
 * user, so nothing is expected.
 */
export function hubMarker(status: HubStatus, overdue: boolean): HubMarker {
  if (status === 'reconnecting') return 'reconnecting';
  if (status === 'connecting' && overdue) return 'connecting';
  return null;
}
