import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/http/log-redaction';
import { expectNoChange } from './db-snapshot';
import { ENDPOINTS, md5, sendCase, type MatrixContext } from './endpoint-table';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';
import { fileForm, makePng } from './png';

const login = (api: ApiClient, user: string, password: string) =>
  api.post('/api/user/login', { user, password, orgBZ: '', tokenExpired: 30 });

describe('account lock after repeated failures', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ lockThreshold: 3, lockMinutes: 15 }); });
  afterAll(async () => { await server?.dispose(); });

  it('locks at the threshold, refuses the right password while locked, and unlocks by an admin', async () => {
    const anon = new ApiClient(server.url);
    const admin = await loginAs(server, 'admin');
    const lockedFlag = async () => ((await admin.get('/api/user-manage?Page=1&Size=50&keyword=operator')).body.data.list
      .find((u: { username: string }) => u.username === 'operator') as { locked: boolean }).locked;

    // A success in between resets the count.
    for (const password of ['wrong-1', 'wrong-2', 'Operator@2026', 'wrong-3', 'wrong-4']) await login(anon, 'operator', password);
    expect(await lockedFlag()).toBe(false);

    expect((await login(anon, 'operator', 'wrong-5')).body).toEqual({ success: false, error: '密码错误次数过多，账号已锁定15分钟' });
    expect(await lockedFlag()).toBe(true);
    const refused = await expectNoChange(server, () => login(anon, 'operator', 'Operator@2026'));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, error: '账号已锁定，请15分钟后再试或联系管理员解锁' });

    // Other accounts are not affected.
    expect((await login(anon, 'admin', 'Admin@2026')).body.success).toBe(true);

    const unlocked = await admin.post('/api/user-manage/unlock', { id: (await userId(server, 'operator')) });
    expect(unlocked.body).toEqual({ success: true, data: true });
    expect(await lockedFlag()).toBe(false);
    expect((await login(anon, 'operator', 'Operator@2026')).body.success).toBe(true);
  });

  it('checks the password md5 in login-test, upper or lower case', async () => {
    const operator = await loginAs(server, 'operator');
    const right = md5('Operator@2026');
    expect((await operator.post(`/api/user/login-test?password=${right}`)).body).toEqual({ success: true, data: true });
    expect((await operator.post(`/api/user/login-test?password=${right.toUpperCase()}`)).body).toEqual({ success: true, data: true });
    const wrong = await expectNoChange(server, () => operator.post(`/api/user/login-test?password=${md5('Operator@2025')}`));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, error: '密码错误' });
    // The admin's md5 is no good for the operator.
    expect((await operator.post(`/api/user/login-test?password=${md5('Admin@2026')}`)).body.success).toBe(false);
  });
});

async function userId(server: TestServer, username: string): Promise<number> {
  return (await server.database.db.selectFrom('t_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

describe('rate limit on login', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ loginRateLimit: 3 }); });
  afterAll(async () => { await server?.dispose(); });

  it('answers 429 with the envelope once a client exceeds the limit, and a forged X-Forwarded-For does not help', async () => {
    const anon = new ApiClient(server.url);
    expect((await login(anon, 'admin', 'Admin@2026')).body.success).toBe(true);
    expect((await login(anon, 'operator', 'bad')).status).toBe(400);
    expect((await login(anon, 'operator', 'bad')).status).toBe(400);

    const limited = await expectNoChange(server, () => login(anon, 'admin', 'Admin@2026'));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: expect.stringMatching(/^请求过于频繁，请\d+秒后再试$/) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const forged = await anon.request('POST', '/api/user/login', { user: 'admin', password: 'Admin@2026' }, { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.status).toBe(429);
    // The limit is on login, not on the rest of the API.
    expect((await anon.get('/api/sys/info')).status).toBe(200);
  });
});

describe('locks per account and client address, so nobody can lock the administrator out at will', () => {
  let server: TestServer;
  // Behind a trusted proxy, each request names its client address.
  beforeAll(async () => { server = await startTestServer({ trustProxy: true, lockThreshold: 3, lockAccountThreshold: 7, lockMinutes: 15 }); });
  afterAll(async () => { await server?.dispose(); });

  const from = (ip: string, user: string, password: string) => new ApiClient(server.url)
    .request('POST', '/api/user/login', { user, password, tokenExpired: 30 }, { 'x-forwarded-for': ip });

  it('an attacker\'s failures lock the account for the attacker\'s address only, until the account-wide threshold', async () => {
    for (let i = 0; i < 2; i++) expect((await from('203.0.113.7', 'admin', 'wrong')).body.error).toBe('用户名或密码错误');
    expect((await from('203.0.113.7', 'admin', 'wrong')).body.error).toBe('密码错误次数过多，账号已锁定15分钟');
    // Locked there, even with the right password…
    expect((await from('203.0.113.7', 'admin', 'Admin@2026')).body.error).toBe('账号已锁定，请15分钟后再试或联系管理员解锁');
    // …while the administrator signs in from their own desk.
    expect((await from('198.51.100.2', 'admin', 'Admin@2026')).body.success).toBe(true);
    // The desk's success started the account's count again; failures from many addresses add up to the higher threshold.
    for (const ip of ['203.0.113.20', '203.0.113.20', '203.0.113.21', '203.0.113.21', '203.0.113.22', '203.0.113.22']) {
      expect((await from(ip, 'admin', 'wrong')).body.error).toBe('用户名或密码错误');
    }
    expect((await from('203.0.113.23', 'admin', 'wrong')).body.error).toBe('密码错误次数过多，账号已锁定15分钟');
    expect((await from('198.51.100.2', 'admin', 'Admin@2026')).body.error).toBe('账号已锁定，请15分钟后再试或联系管理员解锁');
  });

  it('the user list shows an address lock, and 解锁 ends every lock of the account', async () => {
    const superadmin = await loginAs(server, 'superadmin');
    for (let i = 0; i < 3; i++) await from('203.0.113.50', 'operator', 'wrong');
    const operatorRow = async () => ((await superadmin.get('/api/user-manage?Page=1&Size=50&keyword=operator')).body.data.list
      .find((u: { username: string }) => u.username === 'operator') as { id: number; locked: boolean });
    expect((await operatorRow()).locked).toBe(true);
    expect((await from('203.0.113.50', 'operator', 'Operator@2026')).body.success).toBe(false);
    expect((await superadmin.post('/api/user-manage/unlock', { id: (await operatorRow()).id })).body.data).toBe(true);
    expect((await operatorRow()).locked).toBe(false);
    expect((await from('203.0.113.50', 'operator', 'Operator@2026')).body.success).toBe(true);
    const admin = (await superadmin.get('/api/user-manage?Page=1&Size=50&keyword=admin')).body.data.list
      .find((u: { username: string }) => u.username === 'admin') as { id: number };
    await superadmin.post('/api/user-manage/unlock', { id: admin.id });
    expect((await from('198.51.100.2', 'admin', 'Admin@2026')).body.success).toBe(true);
  });
});

describe('secrets stay secret', () => {
  let server: TestServer;
  let log = '';
  beforeAll(async () => {
    const stream = new Writable({ write(chunk, _enc, done) { log += chunk; done(); } });
    // Request lines are at debug (RequestLogController): the most talkative level a site may set.
    const logger = { level: 'debug', stream };
    server = await startTestServer({}, { logger });
  });
  afterAll(async () => { await server?.dispose(); });

  it('writes no token or password to the log', async () => {
    const anon = new ApiClient(server.url);
    await login(anon, 'operator', 'Wrong@Password1');
    const admin = await loginAs(server, 'admin');
    const token = admin.token!;
    const viaQuery = new ApiClient(server.url);
    expect((await viaQuery.get(`/api/user/ping?token=${token}`)).body.data).toBe('pong');
    await admin.get('/api/user/info');
    await admin.post(`/api/user/login-test?password=${md5('Admin@2026')}`);
    await admin.post('/api/user/change-password', { oldPassword: 'Admin@2026', newPassword: 'Admin@2026x9' });
    await admin.post('/api/user/change-password', { oldPassword: 'Admin@2026x9', newPassword: 'Admin@2026' });
    await new Promise((r) => setTimeout(r, 50));

    // The log is there and names the requests, so its silence about secrets means something.
    expect(log).toContain('/api/user/ping?token=[redacted]');
    expect(log).toContain('/api/user/login-test?password=[redacted]');
    for (const secret of [token, md5('Admin@2026'), 'Admin@2026', 'Admin@2026x9', 'Wrong@Password1', 'scrypt$']) {
      expect(log).not.toContain(secret);
    }
    expect(log.toLowerCase()).not.toContain('authorization');
  });

  it('names each request by an id it answers with, a plain proxy id kept', async () => {
    const anon = new ApiClient(server.url);
    const own = await fetch(`${server.url}/api/sys/info`);
    const id = own.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(`${server.url}/api/sys/info`, { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const forged = await fetch(`${server.url}/api/sys/info`, { headers: { 'X-Request-Id': `${'x'.repeat(80)} {"level":60}` } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await anon.get('/api/sys/info');
    await new Promise((r) => setTimeout(r, 50));
    expect(log).toContain(`"reqId":"${id}"`);
    expect(log).toContain('"reqId":"lb-7f3a.42"');
  });

  it('redacts every secret query parameter', () => {
    expect(redactUrl('/api/x?token=abc&Page=1&access_token=def&password=ghi&id_token=jkl#frag'))
      .toBe('/api/x?token=[redacted]&Page=1&access_token=[redacted]&password=[redacted]&id_token=[redacted]#frag');
    expect(redactUrl('/api/x?tokenExpired=30')).toBe('/api/x?tokenExpired=30');
  });

  it('never sends a password or its hash in any response', async () => {
    const hashes = (await server.database.db.selectFrom('t_user').select('password_hash').execute()).map((r) => r.password_hash);
    const admin = new ApiClient(server.url);
    const signedIn = await login(admin, 'superadmin', 'Super@2026');
    admin.token = signedIn.body.data.token;
    const upload = await admin.post('/api/file?category=avatar', fileForm(makePng(), 'a.png', 'image/png'));
    const ctx: MatrixContext = {
      server, ids: { admin: await userId(server, 'admin'), operator: await userId(server, 'operator') }, uploadedPath: upload.body.data.path,
      caller: { name: 'superadmin', api: admin, password: 'Super@2026', userId: await userId(server, 'superadmin') },
    };
    const texts = [JSON.stringify(signedIn.body)];
    for (const e of ENDPOINTS.filter((x) => !x.raw)) {
      await e.prepare?.(ctx);
      const r = await sendCase(ctx, await e.call(ctx), e.method);
      expect({ route: e.route, success: r.body.success }).toEqual({ route: e.route, success: true });
      texts.push(JSON.stringify(r.body));
      await e.undo?.(ctx);
    }
    for (const text of texts) {
      expect(text).not.toMatch(/"password(_hash|Hash)?"\s*:/i);
      expect(text).not.toContain('scrypt$');
      expect(text).not.toContain('Super@2026');
      for (const hash of hashes) expect(text).not.toContain(hash.split('$')[2]);
    }
  });
});

describe('security headers and CORS', () => {
  let closed: TestServer;
  let open: TestServer;
  beforeAll(async () => {
    closed = await startTestServer();
    open = await startTestServer({ amapKey: 'test-amap-key', corsOrigins: ['https://wall.example'] });
  });
  afterAll(async () => { await closed?.dispose(); await open?.dispose(); });

  const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';

  it('sends a content security policy, with AMap\'s hosts only when a key is configured', async () => {
    const res = await fetch(`${closed.url}/api/sys/info`);
    expect(csp(res)).toContain("default-src 'self'");
    expect(csp(res)).toContain("object-src 'none'");
    expect(csp(res)).toContain("frame-ancestors 'self'");
    expect(csp(res)).not.toMatch(/amap|autonavi/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Error answers carry the headers too.
    expect(csp(await fetch(`${closed.url}/api/nothing`))).toContain("default-src 'self'");

    const withKey = csp(await fetch(`${open.url}/api/sys/info`));
    expect(withKey).toMatch(/script-src [^;]*https:\/\/\*\.amap\.com/);
    expect(withKey).toMatch(/connect-src [^;]*https:\/\/\*\.amap\.com/);
    expect(withKey).toMatch(/img-src [^;]*https:\/\/\*\.autonavi\.com/);
  });

  it('keeps CORS closed unless an origin is configured', async () => {
    const foreign = { origin: 'https://evil.example' };
    const preflight = { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' };
    for (const server of [closed, open]) {
      const get = await fetch(`${server.url}/api/sys/info`, { headers: foreign });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
      const options = await fetch(`${server.url}/api/user/info`, { method: 'OPTIONS', headers: { ...foreign, ...preflight } });
      expect(options.headers.get('access-control-allow-origin')).toBeNull();
    }
    const allowed = { origin: 'https://wall.example' };
    const get = await fetch(`${open.url}/api/sys/info`, { headers: allowed });
    expect(get.headers.get('access-control-allow-origin')).toBe('https://wall.example');
    const options = await fetch(`${open.url}/api/user/info`, { method: 'OPTIONS', headers: { ...allowed, ...preflight } });
    expect(options.status).toBeLessThan(300);
    expect(options.headers.get('access-control-allow-origin')).toBe('https://wall.example');
    expect((options.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('authorization');
  });
});

describe('request lines', () => {
  it('are at debug: an info log holds none for a plain request', async () => {
    let log = '';
    const stream = new Writable({ write(chunk, _enc, done) { log += chunk; done(); } });
    const logger = { level: 'info', stream };
    const server = await startTestServer({}, { logger });
    try {
      expect((await fetch(`${server.url}/api/sys/info`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(log).not.toContain('/api/sys/info');
      expect(log).not.toContain('request completed');
    } finally {
      await server.dispose();
    }
  });
});
