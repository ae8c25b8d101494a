export const LOGIN_PATH = '/passport/login';

/**
 * The in-app path to go to after login. Only same-origin absolute paths are honoured, so a
 * crafted link cannot send a freshly signed-in user to another site.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw === LOGIN_PATH || raw.startsWith(`${LOGIN_PATH}?`) || raw === '/login' || raw.startsWith('/login?')) return '/';
  return raw;
}

/** The login address that brings the user back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  return path === '/' ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`;
}
