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

/**
 * A new PM2.5 sensor (NV-S200) in the demo's 上海张江洁净厂房, through the API, for benches that
 * raise and clear its alarm by ingest; resolves with its id and code.
 */
export async function addBenchSensor(base: string, token: string, name: string, codePrefix: string): Promise<{ id: number; code: string }> {
  const projects = await benchApi<{ id: number; name: string }[]>(base, token, '/t_project/names');
  const models = await benchApi<{ id: number; name: string }[]>(base, token, '/t_device_model/names');
  const projectId = projects.find((p) => p.name === '上海张江洁净厂房')!.id;
  const deviceModelId = models.find((m) => m.name.startsWith('NV-S200'))!.id;
  const code = `${codePrefix}-${Date.now() % 100_000}`;
  const { id } = await benchApi<{ id: number }>(base, token, '/t_device/save', { name, code, projectId, deviceModelId });
  return { id, code };
}
