import type { HubConnection } from '@microsoft/signalr';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import type { HubServer } from '../../server/hub/hub-server';
import { ApiClient, loginAs, startTestServer, type TestServer } from '../server/harness';
import { eventually, hubClient } from './hub-client';

/** A started hub client and a promise of its close. */
async function connect(server: TestServer, api: ApiClient): Promise<{ hub: HubConnection; closed: Promise<void> }> {
  const hub = hubClient(server.url, () => api.token);
  const closed = new Promise<void>((resolve) => hub.onclose(() => resolve()));
  await hub.start();
  return { hub, closed };
}

describe('a hub connection does not outlive its session', () => {
  let server: TestServer;
  const hubOf = () => server.app.hub as unknown as HubServer;
  const sessionRow = (token: string) => server.database.db.selectFrom('t_session').selectAll().where('token_hash', '=', hashToken(token));

  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.dispose(); });

  it('closes the connections of a session logged out, and no one else\'s', async () => {
    const admin = await loginAs(server, 'admin');
    const bystander = await loginAs(server, 'operator');
    const mine = await connect(server, admin);
    const theirs = await connect(server, bystander);
    expect((await admin.post('/api/user/logout')).body.data).toBe(true);
    await hubOf().checkSessions();
    await mine.closed;
    expect(mine.hub.state).toBe(HubConnectionState.Disconnected);
    expect(theirs.hub.state).toBe(HubConnectionState.Connected);
    await theirs.hub.stop();
  });

  it('keeps a connection whose token was refreshed, past the old token\'s grace, until the refreshed session ends', async () => {
    const api = await loginAs(server, 'operator');
    const first = api.token!;
    const conn = await connect(server, api);
    const refreshed = await api.post('/api/user/refesh-token', { token: first, tokenExpired: 30 });
    api.token = refreshed.body.data.token;
    // The old token's grace is over; the connection it opened stands for the refreshed session.
    await server.database.db.updateTable('t_session').set({ revoked_at: Date.now() - 1 }).where('token_hash', '=', hashToken(first)).execute();
    expect((await sessionRow(first).executeTakeFirstOrThrow()).replaced_by).toBe((await sessionRow(api.token!).executeTakeFirstOrThrow()).id);
    await hubOf().checkSessions();
    expect(conn.hub.state).toBe(HubConnectionState.Connected);
    // The connection now stands for the refreshed session: a chain of refreshes never grows long.
    expect(hubOf().get(conn.hub.connectionId!)!.user.sessionId).toBe((await sessionRow(api.token!).executeTakeFirstOrThrow()).id);
    await api.post('/api/user/logout');
    await hubOf().checkSessions();
    await conn.closed;
  });

  it('closes on expiry, on a disabled account and on a password change', async () => {
    const expiring = await loginAs(server, 'operator');
    const a = await connect(server, expiring);
    await server.database.db.updateTable('t_session').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', hashToken(expiring.token!)).execute();
    await hubOf().checkSessions();
    await a.closed;

    const operator = await loginAs(server, 'operator');
    const b = await connect(server, operator);
    await server.database.db.updateTable('t_user').set({ disabled: 1 }).where('username', '=', 'operator').execute();
    try {
      await hubOf().checkSessions();
      await b.closed;
    } finally {
      await server.database.db.updateTable('t_user').set({ disabled: 0 }).where('username', '=', 'operator').execute();
    }

    const tab = await loginAs(server, 'operator');
    const other = await loginAs(server, 'operator');
    const c = await connect(server, tab);
    const d = await connect(server, other);
    expect((await other.post('/api/user/change-password', { oldPassword: 'Operator@2026', newPassword: 'Operator@2027' })).body.success).toBe(true);
    await other.post('/api/user/change-password', { oldPassword: 'Operator@2027', newPassword: 'Operator@2026' });
    await hubOf().checkSessions();
    await c.closed;
    // The session that changed the password keeps its connection.
    expect(d.hub.state).toBe(HubConnectionState.Connected);
    await d.hub.stop();
  });
});

describe('the hub checks sessions on its own timer', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({}, { logger: false, hub: { sessionCheckMs: 50 } }); });
  afterAll(async () => { await server?.dispose(); });

  it('closes a logged-out session\'s connection without being asked', async () => {
    const api = await loginAs(server, 'admin');
    const conn = await connect(server, api);
    await api.post('/api/user/logout');
    await conn.closed;
    await eventually(() => (server.app.hub as unknown as HubServer).connectionCount === 0, 5_000, 'the server dropped the connection');
  });
});
