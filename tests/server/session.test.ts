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
});
