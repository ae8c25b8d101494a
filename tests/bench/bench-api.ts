import type { Browser, BrowserContext } from 'playwright-core';

/**
 * One API call of a bench against its own server at `base`: GET without a body, POST with one;
 * resolves with the envelope's `data`, throws naming the path when `success` is false.
 */
export async function benchApi<T>(base: string, token: string | null, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json() as { success: boolean; data: T; error?: string };
  if (!envelope.success) throw new Error(`${pathname}: ${envelope.error}`);
  return envelope.data;
}

/** Signs `account` in on the bench's server; resolves with the token. */
export async function benchLogin(base: string, account: { username: string; password: string }, tokenExpired = 30): Promise<string> {
  const login = await benchApi<{ token: string }>(base, null, '/user/login',
    { user: account.username, password: account.password, orgBZ: '', tokenExpired });
  return login.token;
}

/** A fresh 1920×1080 browser context signed in with `token` (the console's session cookies). */
export async function signedInContext(browser: Browser, base: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addCookies([
    { name: 'nv_token', value: token, url: base },
    { name: 'nv_token_time', value: String(Date.now()), url: base },
  ]);
  return context;
}
