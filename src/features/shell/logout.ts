import { buildUrl } from '../../shared/http';
import { clearToken, getToken } from '../../shared/session';

/** How long logging out waits for the server before it ends the session locally anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * Log out (SPEC §2): the server ends the session (POST /api/user/logout, so the token is dead
 * wherever it was copied), the stored token is cleared and the page reloads, which lands on login.
 * An unreachable or slow server never keeps the user signed in on this screen.
 */
export async function logout(): Promise<void> {
  const token = getToken();
  if (token) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), LOGOUT_WAIT_MS);
    try {
      await fetch(buildUrl('api', '/user/logout', undefined), {
        method: 'POST', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, signal: abort.signal,
      });
    } catch {
      // Offline or too slow: the session still ends here; the server's own expiry ends it there.
    } finally {
      clearTimeout(timer);
    }
  }
  clearToken();
  window.location.reload();
}
