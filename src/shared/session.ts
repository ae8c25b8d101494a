import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '../../contract/constants';

/** The token cookie's name is fixed (SPEC §9) so the kiosk, sibling apps and the server can find it. */
export { TOKEN_COOKIE };
/** When the token was stored, in epoch ms; the refresh timer works from this (SPEC §4). */
export const TOKEN_TIME_COOKIE = 'nv_token_time';
/** Where the pages were opened from: 0 for internal organisation users, 2 otherwise (SPEC §6). */
export const PAGE_SOURCE_COOKIE = 'nv_page_src';
/** The app id handed over in the address; it survives a session timeout (SPEC §4). */
export const APP_ID_COOKIE = 'nv_app_id';

const attributes: Cookies.CookieAttributes = { path: '/', sameSite: 'lax' };

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string, now = Date.now()): void {
  Cookies.set(TOKEN_COOKIE, token, attributes);
  Cookies.set(TOKEN_TIME_COOKIE, String(now), attributes);
}

/** Epoch ms of the last stored token, or undefined. */
export function getTokenTime(): number | undefined {
  const value = Number(Cookies.get(TOKEN_TIME_COOKIE));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Removes the token and its time; the app id stays. */
export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, attributes);
  Cookies.remove(TOKEN_TIME_COOKIE, attributes);
}

/** The app id taken from the address, if one was handed over. */
export function getAppId(): number | undefined {
  const value = Number(Cookies.get(APP_ID_COOKIE));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function setAppId(appId: number): void {
  Cookies.set(APP_ID_COOKIE, String(appId), attributes);
}

/** Records the page source of SPEC §6 for the signed-in user's organisation type (0 = internal). */
export function setPageSource(orgType: number): void {
  Cookies.set(PAGE_SOURCE_COOKIE, orgType === 0 ? '0' : '2', attributes);
}
