import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from './harness';

describe('user list', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server.dispose(); });

  it('pages the users and searches names ignoring case on every database', async () => {
    const admin = await loginAs(server, 'admin');
    const page = await admin.get('/api/user-manage?Page=1&Size=2');
    // The four demo accounts, two staff and the guest account (guest mode is on in the demo).
    expect(page.body.data.count).toBe(7);
    expect(page.body.data.list).toHaveLength(2);
    const found = await admin.get('/api/user-manage?keyword=ADMIN');
    expect(found.body.data.list.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'superadmin']);
    const byNick = await admin.get(`/api/user-manage?keyword=${encodeURIComponent('运维')}`);
    expect(byNick.body.data.list.map((u: { username: string }) => u.username)).toEqual(['operator']);
  });
});
