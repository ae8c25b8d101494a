import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_ERR_NOT_SYNCED, CardLoginAnswer } from '../../contract/cards';
import { hashPassword } from '../../server/auth/passwords';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const DAY = 86_400_000;

describe('IoT card platform', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const db = () => server.database.db;
  const orgId = async (code: string) => (await db().selectFrom('t_org').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const login = async (api: ApiClient) => {
    const r = await api.post('/api/t_card/login');
    expect(r.status, r.body.error).toBe(200);
    expect(typeof r.body.data).toBe('string');
    return CardLoginAnswer.parse(JSON.parse(r.body.data as string));
  };
  const home = (token: string) => new ApiClient(server.url).request('GET', '/srv/card-home/cards', undefined, { 'x-card-token': token });
  const count = async (table: 't_card' | 't_history_log' | 't_card_user' | 't_card_token') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server?.dispose(); });

  it('seeds a card for every demo 4G DTU, bound by ICCID, and stock cards of the other statuses', async () => {
    const r = await admin.get('/api/t_card?Page=1&Size=200');
    expect(r.status, r.body.error).toBe(200);
    const cards = r.body.data.list as { iccid: string; status: number; deviceName: string; deviceId: number | null }[];
    const dtus = await db().selectFrom('t_device').select(['id', 'iccid', 'name']).where('iccid', '<>', '').execute();
    expect(dtus.length).toBeGreaterThan(0);
    for (const d of dtus) expect(cards.find((c) => c.iccid === d.iccid)).toMatchObject({ deviceId: d.id, deviceName: d.name });
    expect(new Set(cards.map((c) => c.status))).toEqual(new Set([1, 2, 4, 6, 7, 8]));
    expect(r.body.data.count).toBe(cards.length);
    const unbound = (await admin.get('/api/t_card?Page=1&Size=200&bound=0')).body.data.list as { deviceId: number | null; status: number }[];
    expect(unbound.length).toBeGreaterThan(0);
    expect(unbound.every((c) => c.deviceId === null)).toBe(true);
  });

  it('lists only the cards of organisations in the caller\'s scope, and answers 404 for others', async () => {
    const own = await orgId('OWN-EAST');
    const sz = await orgId('OWN-EAST-SZ');
    const r = await operator.get('/api/t_card?Page=1&Size=200');
    const list = r.body.data.list as { id: number; orgId: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.orgId === own || c.orgId === sz)).toBe(true);
    const hqCard = await db().selectFrom('t_card').select('id').where('org_id', '=', await orgId('NV-HQ')).executeTakeFirstOrThrow();
    expect((await operator.get(`/api/t_card/${hqCard.id}`)).status).toBe(404);
    expect((await admin.get(`/api/t_card/${hqCard.id}`)).status).toBe(200);
    expect((await admin.get('/api/t_card/99999999')).status).toBe(404);
  });

  it('finds cards by ICCID, MSISDN or device and filters by status', async () => {
    const card = await db().selectFrom('t_card').select(['iccid', 'msisdn']).where('status', '=', 2).orderBy('id').executeTakeFirstOrThrow();
    const byIccid = (await admin.get(`/api/t_card?keyword=${card.iccid.slice(-6)}`)).body.data.list as { iccid: string }[];
    expect(byIccid.map((c) => c.iccid)).toContain(card.iccid);
    const byMsisdn = (await admin.get(`/api/t_card?keyword=${card.msisdn}`)).body.data.list as { iccid: string }[];
    expect(byMsisdn.map((c) => c.iccid)).toEqual([card.iccid]);
    const stock = (await admin.get('/api/t_card?status=7&Size=100')).body.data.list as { status: number }[];
    expect(stock.length).toBe(6);
    expect((await admin.get('/api/t_card?status=3')).status).toBe(400);
  });

  it('warns of cards near their data limit and of those expiring within the horizon or expired, never of stock cards', async () => {
    const r = await admin.get('/api/t_card/warnings?days=30');
    expect(r.status, r.body.error).toBe(200);
    const list = r.body.data as { reasons: string[]; usageRatio: number; daysLeft: number | null; status: number }[];
    expect(list.some((w) => w.reasons.includes('usage'))).toBe(true);
    expect(list.some((w) => w.reasons.includes('expiry'))).toBe(true);
    expect(list[0].reasons).toContain('expired');
    for (const w of list) {
      expect([7, 8]).not.toContain(w.status);
      if (w.reasons.includes('usage')) expect(w.usageRatio).toBeGreaterThanOrEqual(0.9);
      if (w.reasons.includes('expiry')) expect(w.daysLeft).toBeLessThanOrEqual(30);
    }
    const shorter = (await admin.get('/api/t_card/warnings?days=1')).body.data as unknown[];
    expect(shorter.length).toBeLessThan(list.length);
    expect((await admin.get('/api/t_card/warnings?days=0')).status).toBe(400);
  });

  it('registers, changes and removes a card with its log lines; bad input and stale versions change nothing', async () => {
    const own = await orgId('OWN-EAST');
    const now = Date.now();
    const body = { iccid: '8986000000000000999', msisdn: '14400000999', orgId: own, status: 1, carrier: '中国移动', planName: '1GB', dataLimitMb: 1024, activatedAt: null, expiresAt: now + 10 * DAY };
    const logs = await count('t_history_log');
    const created = await admin.post('/api/t_card/save', body);
    expect(created.status, created.body.error).toBe(200);
    expect(created.body.data).toMatchObject({ iccid: body.iccid, status: 1, orgId: own, version: 1, deviceId: null });
    const id = created.body.data.id as number;
    expect(await count('t_history_log')).toBe(logs + 1);

    const before = await count('t_card');
    for (const [bad, field] of [
      [{ ...body, iccid: '8986' }, 'body.iccid'], [{ ...body, status: 3 }, 'body.status'], [{ ...body, msisdn: 'x' }, 'body.msisdn'],
      [{ ...body, dataLimitMb: -1 }, 'body.dataLimitMb'], [{ ...body, activatedAt: now, expiresAt: now - DAY }, 'body.expiresAt'],
      [{ ...body, extra: 1 }, 'body'],
    ] as const) {
      const r = await admin.post('/api/t_card/save', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error).toContain(field);
    }
    const dup = await admin.post('/api/t_card/save', body);
    expect(dup.status).toBe(400);
    expect(dup.body.error).toMatch(/^body\.iccid: .*已登记/);
    expect((await admin.post('/api/t_card/save', { ...body, iccid: '8986000000000000998', orgId: 99999999 })).status).toBe(404);
    expect(await count('t_card')).toBe(before);

    // Binding follows the device's ICCID.
    const device = await db().selectFrom('t_device').select(['id', 'iccid']).where('iccid', '=', '').orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('t_device').set({ iccid: body.iccid }).where('id', '=', device.id).execute();
    const bound = await admin.get(`/api/t_card/${id}`);
    expect(bound.body.data.deviceId).toBe(device.id);
    await db().updateTable('t_device').set({ iccid: '' }).where('id', '=', device.id).execute();

    const changed = await admin.post('/api/t_card/save', { ...body, id, version: 1, status: 2, activatedAt: now });
    expect(changed.status, changed.body.error).toBe(200);
    expect(changed.body.data).toMatchObject({ status: 2, version: 2, activatedAt: now });
    const stale = await admin.post('/api/t_card/save', { ...body, id, version: 1, status: 4 });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/t_card/${id}`)).body.data.status).toBe(2);

    // The operator may read the card of its organisation but not change it (card-edit).
    expect((await operator.get(`/api/t_card/${id}`)).status).toBe(200);
    expect((await operator.post('/api/t_card/save', { ...body, id, version: 2, status: 4 })).status).toBe(403);
    expect((await operator.post(`/api/t_card/del/${id}`)).status).toBe(403);

    expect((await admin.post(`/api/t_card/del/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/t_card/${id}`)).status).toBe(404);
    expect((await admin.post(`/api/t_card/del/${id}`)).status).toBe(404);
  });

  it('logs in to the card platform: errCode 0 with a short-lived token that opens only the card home', async () => {
    const answer = await login(operator);
    expect(answer.errCode).toBe(0);
    const token = answer.result!.token;
    expect(answer.result!.expiresIn).toBe(600);
    // Stored hashed only.
    expect(await db().selectFrom('t_card_token').select('id').where('token_hash', '=', token).executeTakeFirst()).toBeUndefined();

    const r = await home(token);
    expect(r.status, r.body.error).toBe(200);
    const own = await orgId('OWN-EAST');
    const sz = await orgId('OWN-EAST-SZ');
    expect(r.body.data.org).toEqual({ id: own, name: '华东洁净制造集团' });
    expect(r.body.data.user.username).toBe('operator');
    const cards = r.body.data.cards as { orgId: number }[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.orgId === own || c.orgId === sz)).toBe(true);
    expect(r.headers.get('cache-control')).toBe('no-store');

    // The card token is no console session: every console endpoint refuses it.
    const asConsole = new ApiClient(server.url);
    asConsole.token = token;
    for (const url of ['/api/user/info', '/api/t_card?Page=1', '/api/t_device?Page=1']) {
      const refused = await asConsole.get(url);
      expect(refused.status, url).toBe(401);
    }
    expect((await new ApiClient(server.url).get(`/api/user/info?token=${encodeURIComponent(token)}`)).status).toBe(401);
    // …and a console token is no card token.
    expect((await home(operator.token!)).status).toBe(401);
    expect((await home('')).status).toBe(401);
    expect((await home('card.unknown')).status).toBe(401);
    // Not in the address either: the header is the only way in.
    expect((await new ApiClient(server.url).get(`/srv/card-home/cards?token=${encodeURIComponent(token)}`)).status).toBe(401);

    // Short-lived: past its expiry it opens nothing.
    await db().updateTable('t_card_token').set({ expires_at: Date.now() - 1 }).execute();
    const expired = await home(token);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('物联网卡平台令牌无效或已过期');
  });

  it('answers errCode 40001 (token null for the console) to a user without a card platform account, until sync-user', async () => {
    const own = await orgId('OWN-EAST');
    const role = await db().selectFrom('t_user_role as ur').innerJoin('t_user as u', 'u.id', 'ur.user_id')
      .select('ur.role_id').where('u.username', '=', 'operator').executeTakeFirstOrThrow();
    const uid = (await db().insertInto('t_user').values({
      username: 'card.newcomer', nick_name: '新同事', password_hash: await hashPassword('Newcomer@2026'), org_id: own, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: uid, role_id: role.role_id }).execute();
    const newcomer = await new ApiClient(server.url).login('card.newcomer', 'Newcomer@2026');

    const tokens = await count('t_card_token');
    const first = await login(newcomer);
    expect(first).toMatchObject({ errCode: CARD_ERR_NOT_SYNCED, result: null });
    expect(first.errMsg).toContain('同步');
    expect(await count('t_card_token')).toBe(tokens);

    // The operator may not sync users (card-edit); the admin does.
    expect((await operator.post('/api/t_card/sync-user', { orgId: own })).status).toBe(403);
    const synced = await admin.post('/api/t_card/sync-user', { orgId: own });
    expect(synced.status, synced.body.error).toBe(200);
    expect(synced.body.data).toEqual({ added: 1, kept: 1, disabled: 0 });
    expect((await login(newcomer)).errCode).toBe(0);
    const users = (await admin.get(`/api/t_card/users?orgId=${own}`)).body.data.list as { username: string; enabled: boolean }[];
    expect(users.map((u) => u.username).sort()).toEqual(['card.newcomer', 'operator']);

    // A second sync adds nothing; a user who loses the right is switched off, and its tokens end.
    expect((await admin.post('/api/t_card/sync-user', { orgId: own })).body.data).toEqual({ added: 0, kept: 2, disabled: 0 });
    const token = (await login(newcomer)).result!.token;
    await db().updateTable('t_user').set({ disabled: 1 }).where('id', '=', uid).execute();
    expect((await admin.post('/api/t_card/sync-user', { orgId: own })).body.data).toEqual({ added: 0, kept: 1, disabled: 1 });
    expect((await home(token)).status).toBe(401);

    expect((await admin.post('/api/t_card/sync-user', { orgId: 99999999 })).status).toBe(404);
    expect((await operator.post('/api/t_card/sync-user', { orgId: await orgId('NV-HQ') })).status).toBe(403);
    expect((await admin.post('/api/t_card/sync-user', {})).status).toBe(400);
  });

  it('refuses a switched-off account outright: success false with the server\'s error, and no token', async () => {
    const info = (await operator.get('/api/user/info')).body.data as { userId: number };
    const token = (await login(operator)).result!.token;
    const off = await admin.post('/api/t_card/user-state', { userId: info.userId, enabled: false });
    expect(off.status, off.body.error).toBe(200);
    // Its card home sessions end at once.
    expect((await home(token)).status).toBe(401);
    const tokens = await count('t_card_token');
    const r = await operator.post('/api/t_card/login');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, error: '物联网卡平台账号已停用，请联系管理员' });
    expect(await count('t_card_token')).toBe(tokens);
    // sync-user leaves an account switched off by hand as it is.
    expect((await admin.post('/api/t_card/sync-user', { orgId: await orgId('OWN-EAST') })).body.data.added).toBe(0);
    expect((await operator.post('/api/t_card/login')).status).toBe(403);

    expect((await admin.post('/api/t_card/user-state', { userId: info.userId, enabled: true })).status).toBe(200);
    expect((await login(operator)).errCode).toBe(0);
    expect((await admin.post('/api/t_card/user-state', { userId: 99999999, enabled: true })).status).toBe(404);
  });

  it('serves the card home page with its script and style, scripts from its own origin only', async () => {
    const page = await fetch(`${server.url}/srv/card-home?token=null`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<script src="/srv/card-home/app.js" defer></script>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const js = await (await fetch(`${server.url}/srv/card-home/app.js`)).text();
    expect(js).toContain("'X-Card-Token': token");
    expect(js).not.toMatch(/innerHTML|eval\(|new Function/);
  });
});
