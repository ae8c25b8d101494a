/** Delay between the session-timeout toast and the reload (SPEC §9). */
export const SESSION_TIMEOUT_RELOAD_MS = 200;

export interface SessionExpiryDeps {
  toast: () => void;
  clearToken: () => void;
  reload: () => void;
  delayMs?: number;
}

/**
 * The reaction to the first response flagged `requireLogin` (SPEC §4, §8): one toast, then after
 * 200 ms the token (not the app id) is cleared and the page reloads. Later flagged responses,
 * typically the other calls that were in flight, do nothing.
 */
export function createSessionExpiryHandler(deps: SessionExpiryDeps): () => void {
  let fired = false;
  return () => {
    if (fired) return;
    fired = true;
    deps.toast();
    setTimeout(() => {
      deps.clearToken();
      deps.reload();
    }, deps.delayMs ?? SESSION_TIMEOUT_RELOAD_MS);
  };
}
