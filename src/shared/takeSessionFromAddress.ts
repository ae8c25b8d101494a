import { setAppId, setToken } from './session';

export interface AddressSession {
  token?: string;
  appId?: number;
  /** The address without the two parameters, or undefined when there was nothing to take. */
  cleanUrl?: string;
}

const TOKEN_PARAMS = ['token'];
const APP_ID_PARAMS = ['appId', 'appid'];

/** Takes the token and app id out of `params`; whether either was there. */
function takeParams(params: URLSearchParams, into: { token?: string; appId?: number }): boolean {
  let found = false;
  for (const name of TOKEN_PARAMS) {
    const value = params.get(name);
    if (value === null) continue;
    found = true;
    if (value && value !== 'null' && value !== 'undefined') into.token = value;
    params.delete(name);
  }
  for (const name of APP_ID_PARAMS) {
    const value = params.get(name);
    if (value === null) continue;
    found = true;
    const n = Number(value);
    if (Number.isInteger(n) && n > 0) into.appId = n;
    params.delete(name);
  }
  return found;
}

/**
 * Finds a token and an app id in an address's query and returns the address without them. A hash
 * route at the root (`/#/nv_project_monitor/nv_project_monitor?appId=1&token=…`, the address the
 * console opens project monitoring with, SPEC §2) becomes the path it names, its query without
 * the two parameters: the console routes by path, and the token must not stay in the address.
 */
export function readAddressSession(href: string): AddressSession {
  const url = new URL(href);
  const taken: { token?: string; appId?: number } = {};
  let found = takeParams(url.searchParams, taken);
  let path = url.pathname;
  let hash = url.hash;
  const hashRoute = /^#(\/[^?#]*)(?:\?([^#]*))?$/.exec(url.hash);
  if (hashRoute && (url.pathname === '/' || url.pathname.endsWith('/index.html'))) {
    found = true;
    path = hashRoute[1];
    hash = '';
    const hashQuery = new URLSearchParams(hashRoute[2] ?? '');
    takeParams(hashQuery, taken);
    for (const [name, value] of hashQuery) url.searchParams.append(name, value);
  }
  if (!found) return {};
  return { token: taken.token, appId: taken.appId, cleanUrl: `${path}${url.search}${hash}` };
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
