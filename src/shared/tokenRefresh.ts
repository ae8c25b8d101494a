import type { TokenResult } from '../../contract/session';
import { TOKEN_EXPIRED_MINUTES, TOKEN_REFRESH_MS } from '../../contract/constants';
import { isDisplayToken } from '../../contract/display-token';
import { apiPost } from './http';
import { getToken, getTokenTime, setToken } from './session';

/** POST /api/user/refesh-token with the stored token; stores the new one and its time. */
export async function refreshToken(): Promise<void> {
  const token = getToken();
  // A video wall's display token is not a session: it lives until revoked and is never refreshed.
  if (!token || isDisplayToken(token)) return;
  const result = await apiPost<TokenResult>('/user/refesh-token', { token, tokenExpired: TOKEN_EXPIRED_MINUTES });
  // A logout in the meantime wins over a refresh that was in flight.
  if (getToken()) setToken(result.token);
}

/**
 * Refreshes the token at once when it is 15 minutes old or more; the realtime hub calls this when
 * its connection opens (SPEC §4). Resolves true when it refreshed.
 */
export async function refreshTokenIfStale(now = Date.now(), refresh: () => Promise<void> = refreshToken): Promise<boolean> {
  if (!getToken() || isDisplayToken(getToken()) || !isTokenStale(getTokenTime(), now)) return false;
  await refresh();
  return true;
}

/** A token is stale at 15 minutes of age, or when nobody knows its age. */
export function isTokenStale(storedAt: number | undefined, now: number): boolean {
  return storedAt === undefined || now - storedAt >= TOKEN_REFRESH_MS;
}

/** Refreshes the token every 15 minutes (SPEC §4, §9) until the returned stop function is called. */
export function startTokenRefresh(refresh: () => Promise<void> = refreshToken, intervalMs = TOKEN_REFRESH_MS): () => void {
  const timer = setInterval(() => {
    refresh().catch((err: unknown) => console.error('token refresh failed', err));
  }, intervalMs);
  return () => clearInterval(timer);
}
