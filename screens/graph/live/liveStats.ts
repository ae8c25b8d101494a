/**
 * Counters of the graph live views on this page, read by the bench and the e2e tests through
 * `window.__nvGraphStats`: how many frames applied pushes, how many cells they redrew, how many
 * pushes came. Plain numbers, only ever incremented.
 */
export const graphLiveStats = { frames: 0, cells: 0, pushes: 0, snapshots: 0 };

if (typeof window !== 'undefined') (window as unknown as { __nvGraphStats: typeof graphLiveStats }).__nvGraphStats = graphLiveStats;
