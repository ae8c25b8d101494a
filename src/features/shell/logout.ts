import { clearToken } from '../../shared/session';

/** Log out (SPEC §2): the stored token is cleared and the page reloads, which lands on login. */
export function logout(): void {
  clearToken();
  window.location.reload();
}
