import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Account } from './accounts';

/** Signs in over the API (a second session beside the browser's) and returns the token; `baseURL` picks another server. */
export async function apiLogin(request: APIRequestContext, account: Pick<Account, 'username' | 'password'>, baseURL = ''): Promise<string> {
  const response = await request.post(`${baseURL}/api/user/login`, {
    data: { user: account.username, password: account.password, orgBZ: '', tokenExpired: 30 },
  });
  const body = await response.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data.token as string;
}

/**
 * Signs the browser in as `account` without the login form: the token of an API sign-in goes into
 * the console's session cookies. Returns the token for API calls beside the browser.
 */
export async function browserSignIn(page: Page, request: APIRequestContext, account: Pick<Account, 'username' | 'password'>, baseURL: string): Promise<string> {
  const token = await apiLogin(request, account, baseURL);
  await page.context().addCookies([
    { name: 'nv_token', value: token, url: baseURL },
    { name: 'nv_token_time', value: String(Date.now()), url: baseURL },
  ]);
  return token;
}

/** GET on the API with a bearer token; resolves with `data`. */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.success, `${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data as T;
}

/** POST on the API with a bearer token; resolves with the whole envelope. */
export async function apiPost(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const response = await request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  return response.json();
}

/** The token the browser holds (the nv_token cookie). */
export async function browserToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'nv_token');
  expect(cookie, 'the browser is signed in').toBeDefined();
  return cookie!.value;
}
