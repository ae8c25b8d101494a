import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

describe('session endpoints', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.dispose(); });

  it('logs the demo accounts in, trimming the user name', async () => {
    const api = new ApiClient(server.url);
    const r = await api.post('/api/user/login', { user: '  admin ', password: 'Admin@2026', orgBZ: '', tokenExpired: 30 });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    api.token = r.body.data.token;
    const info = await api.get('/api/user/info');
    expect(info.body.data).toMatchObject({ username: 'admin', orgType: 0 });
    expect(info.body.data.rights).toContain('notice-preview');
    expect(JSON.stringify(info.body)).not.toContain('password');
  });

  it('answers 401 without a token and requireLogin for a revoked one', async () => {
    const anon = new ApiClient(server.url);
    expect((await anon.get('/api/user/info')).status).toBe(401);
    const api = await loginAs(server, 'operator');
    const old = api.token!;
    const refreshed = await api.post('/api/user/refesh-token', { token: old, tokenExpired: 30 });
    expect(refreshed.body.success).toBe(true);
    expect(refreshed.body.data.token).not.toBe(old);
    api.token = refreshed.body.data.token;
    expect((await api.post('/api/user/change-password', { oldPassword: 'Operator@2026', newPassword: 'Operator@2027' })).body.success).toBe(true);
    const stale = new ApiClient(server.url);
    stale.token = old;
    const r = await stale.get('/api/user/info');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: false, requireLogin: true, error: '登录超时，请重新登录！' });
    expect((await api.get('/api/user/ping')).body.data).toBe('pong');
  });

  it('logging out ends the session on the server: the token is dead wherever it was copied', async () => {
    const api = await loginAs(server, 'admin');
    const copy = new ApiClient(server.url);
    copy.token = api.token;
    const other = await loginAs(server, 'admin');
    expect((await api.post('/api/user/logout')).body).toEqual({ success: true, data: true });
    expect((await copy.get('/api/user/info')).body).toMatchObject({ success: false, requireLogin: true });
    // A refresh cannot bring it back; the account's other sessions go on.
    expect((await copy.post('/api/user/refesh-token', { token: copy.token, tokenExpired: 30 })).body.success).toBe(false);
    expect((await other.get('/api/user/ping')).body.data).toBe('pong');
  });

  it('the shared guest account may log out too, ending only its own session', async () => {
    const anon = new ApiClient(server.url);
    const superadmin = await loginAs(server, 'superadmin');
    expect((await superadmin.post('/api/user-manage/enable-guest', { enabled: true })).body.success).toBe(true);
    const a = await anon.post('/api/user-manage/guest', { tokenExpired: 30 });
    const b = await anon.post('/api/user-manage/guest', { tokenExpired: 30 });
    expect(a.body.success && b.body.success).toBe(true);
    const guestA = new ApiClient(server.url);
    guestA.token = a.body.data.token;
    const guestB = new ApiClient(server.url);
    guestB.token = b.body.data.token;
    expect((await guestA.post('/api/user/logout')).body.data).toBe(true);
    expect((await guestA.get('/api/user/ping')).body.requireLogin).toBe(true);
    expect((await guestB.get('/api/user/ping')).body.data).toBe('pong');
    // Other POSTs stay refused to a guest.
    expect((await guestB.post('/api/user/customSet', { content: {} })).status).toBe(403);
    await superadmin.post('/api/user-manage/enable-guest', { enabled: false });
  });

  it('caps the session a login or refresh asks for at TOKEN_MAX_MINUTES', async () => {
    const capped = await server.restart({ tokenMaxMinutes: 60 });
    server = capped;
    const api = new ApiClient(capped.url);
    const before = Date.now();
    const r = await api.post('/api/user/login', { user: 'admin', password: 'Admin@2026', tokenExpired: 60 * 24 * 30 });
    expect(r.body.success).toBe(true);
    expect(r.body.data.expiresAt).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(r.body.data.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    const refreshed = await api.post('/api/user/refesh-token', { token: r.body.data.token, tokenExpired: 60 * 24 * 30 });
    expect(refreshed.body.data.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    // Shorter asks are kept.
    const short = await api.post('/api/user/login', { user: 'admin', password: 'Admin@2026', tokenExpired: 5 });
    expect(short.body.data.expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });
});
