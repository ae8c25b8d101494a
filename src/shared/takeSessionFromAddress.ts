import { setAppId, setToken } from './session';

export interface AddressSession {
  token?: string;
  appId?: number;
  /** The address without the two parameters, or undefined when there was nothing to take. */
  cleanUrl?: string;
}

const TOKEN_PARAMS = ['token'];
const APP_ID_PARAMS = ['appId', 'appid'];

/** Finds a token and an app id in an address's query and returns the address without them. */
export function readAddressSession(href: string): AddressSession {
  const url = new URL(href);
  let token: string | undefined;
  let appId: number | undefined;
  let found = false;
  for (const name of TOKEN_PARAMS) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    found = true;
    if (value && value !== 'null' && value !== 'undefined') token = value;
    url.searchParams.delete(name);
  }
  for (const name of APP_ID_PARAMS) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    found = true;
    const n = Number(value);
    if (Number.isInteger(n) && n > 0) appId = n;
    url.searchParams.delete(name);
  }
  if (!found) return {};
  return { token, appId, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * Start-up step of SPEC §2: a token or app id in the page address is stored and the address is
 * cleaned, so the token is neither bookmarked nor left in the history.
 */
export function takeSessionFromAddress(): void {
  const taken = readAddressSession(window.location.href);
  if (taken.token) setToken(taken.token);
  if (taken.appId) setAppId(taken.appId);
  if (taken.cleanUrl !== undefined) window.history.replaceState(window.history.state, '', taken.cleanUrl);
}
