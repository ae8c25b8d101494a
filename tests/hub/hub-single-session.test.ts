import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubNoticeType } from '../../contract/hub';
import { hashToken } from '../../server/auth/tokens';
import { SINGLE_SESSION_GRACE_MS } from '../../server/routes/user/sign-in';
import { ApiClient, loginAs, startTestServer, type TestServer } from '../server/harness';
import { hubClient, Notices, sleep } from './hub-client';

const revokedAt = async (server: TestServer, token: string) => (await server.database.db.selectFrom('t_session')
  .select('revoked_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).revoked_at;

describe('single session: a new login of the same account logs the old one out', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ singleSession: true }); });
  afterAll(async () => { await server?.dispose(); });

  it('pushes logout to every connection of the earlier sessions, and only of that account', async () => {
    const first = await loginAs(server, 'admin');
    const operator = await loginAs(server, 'operator');
    const tabs = [hubClient(server.url, () => first.token), hubClient(server.url, () => first.token)];
    const bystander = hubClient(server.url, () => operator.token);
    const [tabA, tabB, other] = [new Notices(tabs[0]), new Notices(tabs[1]), new Notices(bystander)];
    await Promise.all([...tabs, bystander].map((h) => h.start()));

    const loginAt = Date.now();
    const second = await loginAs(server, 'admin');
    for (const tab of [tabA, tabB]) {
      expect(await tab.next(HubNoticeType.Logout)).toEqual({ type: 'logout', data: { reason: 'loginElsewhere' }, sentAt: expect.any(Number) });
    }
    // The old page may still call the server while it shows 下线提示 (SPEC §4: 5 s), then not.
    expect((await first.get('/api/user/ping')).body.data).toBe('pong');
    const ends = await revokedAt(server, first.token!);
    expect(ends).toBeGreaterThanOrEqual(loginAt + SINGLE_SESSION_GRACE_MS);
    expect(ends).toBeLessThanOrEqual(Date.now() + SINGLE_SESSION_GRACE_MS);
    expect(SINGLE_SESSION_GRACE_MS).toBeGreaterThan(5_000);
    expect(await revokedAt(server, second.token!)).toBeNull();
    expect(await revokedAt(server, operator.token!)).toBeNull();
    await sleep(100);
    expect(other.all).toEqual([]);

    // The new session is the one that stays: a third login ends it in turn.
    const newTab = hubClient(server.url, () => second.token);
    const newNotices = new Notices(newTab);
    await newTab.start();
    await loginAs(server, 'admin');
    await newNotices.next(HubNoticeType.Logout);
    await Promise.all([...tabs, bystander, newTab].map((h) => h.stop()));
  });

  it('leaves out the connections of the excepted session when publishing to a user', async () => {
    const a = await new ApiClient(server.url).login('operator', 'Operator@2026');
    const hub = hubClient(server.url, () => a.token);
    const notices = new Notices(hub);
    await hub.start();
    const user = server.app.hub.get(hub.connectionId!)!.user;
    await server.app.hub.publishToUser(user.id, { type: HubNoticeType.Logout, data: { reason: 'loginElsewhere' } }, { exceptSessionId: user.sessionId });
    await server.app.hub.publishToUser(user.id, { type: HubNoticeType.Logout, data: { reason: 'loginElsewhere' } });
    await notices.next(HubNoticeType.Logout);
    expect(notices.all).toHaveLength(1);
    await hub.stop();
  });

  it('never logs a guest account out: guests share it by design', async () => {
    // Guest mode is on in the demo: every 游客访问 signs in to the same account.
    const guest = async () => {
      const r = await new ApiClient(server.url).post('/api/user-manage/guest', { tokenExpired: 30 });
      expect(r.body.success).toBe(true);
      return r.body.data as { token: string; userId: number };
    };
    const one = await guest();
    const two = await guest();
    expect(two.userId).toBe(one.userId);
    expect(await revokedAt(server, one.token)).toBeNull();
    expect(await revokedAt(server, two.token)).toBeNull();
  });
});

describe('single session off (SINGLE_SESSION=0)', () => {
  it('keeps every session of an account', async () => {
    const server = await startTestServer({ singleSession: false });
    try {
      const first = await loginAs(server, 'admin');
      const hub = hubClient(server.url, () => first.token);
      const notices = new Notices(hub);
      await hub.start();
      await loginAs(server, 'admin');
      await sleep(200);
      expect(notices.all).toEqual([]);
      expect(await revokedAt(server, first.token!)).toBeNull();
      await hub.stop();
    } finally {
      await server.dispose();
    }
  });
});
