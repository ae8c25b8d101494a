import { TOKEN_EXPIRED_MINUTES } from '../contract/constants';
import { TokenResult } from '../contract/session';

/** The console's token cookies (SPEC §9: the name is fixed so the kiosk can set it). */
export const TOKEN_COOKIE = 'nv_token';
export const TOKEN_TIME_COOKIE = 'nv_token_time';
/** The console's login route: a page that lands here has lost its session. */
export const LOGIN_PATH = '/passport/login';

/** The server answered and said no (wrong password, locked account, guest mode off). */
export class SignInRefused extends Error {
  override name = 'SignInRefused';
}

/** The server could not be reached or answered with something that is not the API. */
export class ServerUnreachable extends Error {
  override name = 'ServerUnreachable';
}

/** Who the launcher signs in as; the password lives only in this object, in memory. */
export type SignInCredentials = { kind: 'guest' } | { kind: 'account'; name: string; password: string };

/**
 * A video wall's display token (`nvd_…`): read-only, not ended by anyone's login and never
 * refreshed. It goes into the console's token cookie as it is; no sign-in call.
 */
export interface DisplayCredentials {
  kind: 'display';
  token: string;
  wallId: number;
}

export type Credentials = SignInCredentials | DisplayCredentials;

const REQUEST_TIMEOUT_MS = 15_000;

async function callApi(url: string, init: RequestInit): Promise<{ success: boolean; data?: unknown; error?: string }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    throw new ServerUnreachable(`${new URL(url).origin}: ${(err as Error).cause ? String((err as { cause: unknown }).cause) : (err as Error).message}`);
  }
  const text = await response.text();
  try {
    return JSON.parse(text) as { success: boolean; data?: unknown; error?: string };
  } catch {
    throw new ServerUnreachable(`${new URL(url).pathname}: HTTP ${response.status}, not an API answer`);
  }
}

/**
 * Signs in over HTTP: POST /api/user/login (the server checks the password itself) or POST
 * /api/user-manage/guest. Resolves with the token; throws {@link SignInRefused} when the server
 * says no and {@link ServerUnreachable} when it cannot be asked.
 */
export async function signIn(baseUrl: string, credentials: SignInCredentials): Promise<TokenResult> {
  const headers = { 'Content-Type': 'application/json' };
  const envelope = credentials.kind === 'guest'
    ? await callApi(`${baseUrl}/api/user-manage/guest`, { method: 'POST', headers, body: JSON.stringify({ tokenExpired: TOKEN_EXPIRED_MINUTES }) })
    : await callApi(`${baseUrl}/api/user/login`, {
      method: 'POST', headers,
      body: JSON.stringify({ user: credentials.name, password: credentials.password, orgBZ: '', tokenExpired: TOKEN_EXPIRED_MINUTES }),
    });
  if (!envelope.success) throw new SignInRefused(envelope.error ?? 'sign-in refused');
  const parsed = TokenResult.safeParse(envelope.data);
  if (!parsed.success) throw new ServerUnreachable('sign-in answer is not a token');
  return parsed.data;
}

/** True when the server still accepts `token` (GET /api/user/info answers success). */
export async function sessionValid(baseUrl: string, token: string): Promise<boolean> {
  const envelope = await callApi(`${baseUrl}/api/user/info`, { headers: { Authorization: `Bearer ${token}` } });
  return envelope.success === true;
}

/** True when the page at `href` is the console's login page: the session is gone. */
export function onLoginPage(href: string): boolean {
  try {
    const url = new URL(href);
    return url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`);
  } catch {
    return false;
  }
}

/** True when the server answers HTTP at all (any status): the network and the server are there. */
export async function serverAnswers(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}
