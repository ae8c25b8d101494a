import { HttpTransportType, HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubMethod, HubNoticeType, HubTopic, type HubNotice } from '../../contract/hub';
import { ApiClient, loginAs, startTestServer, type TestServer } from '../server/harness';
import { eventually, hubClient, Notices, RawHubClient, RS, upgradeStatus } from './hub-client';

const state = (deviceId: number, projectId: number | null = null): HubNotice =>
  ({ type: HubNoticeType.DeviceState, data: { deviceId, projectId, state: 1, ts: Date.now() } });

describe('hub with the real @microsoft/signalr client', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  let ids: { admin: number; operator: number };
  let projects: { own: number; other: number };
  let devices: { own: number; other: number };
  const open: HubConnection[] = [];

  /** A started client; stopped after the test. */
  async function connect(api: ApiClient, transport?: HttpTransportType): Promise<{ hub: HubConnection; notices: Notices }> {
    const hub = hubClient(server.url, () => api.token, { transport });
    const notices = new Notices(hub);
    await hub.start();
    open.push(hub);
    return { hub, notices };
  }

  beforeAll(async () => {
    server = await startTestServer();
    [admin, operator] = await Promise.all([loginAs(server, 'admin'), loginAs(server, 'operator')]);
    ids = { admin: (await admin.get('/api/user/info')).body.data.userId, operator: (await operator.get('/api/user/info')).body.data.userId };
    const idsOf = async (api: ApiClient, family: string) => ((await api.get(`/api/${family}/names`)).body.data as { id: number }[]).map((r) => r.id);
    const [opProjects, allProjects, opDevices, allDevices] = await Promise.all([
      idsOf(operator, 't_project'), idsOf(admin, 't_project'), idsOf(operator, 't_device'), idsOf(admin, 't_device'),
    ]);
    projects = { own: opProjects[0], other: allProjects.find((id) => !opProjects.includes(id))! };
    devices = { own: opDevices[0], other: allDevices.find((id) => !opDevices.includes(id))! };
  });
  afterEach(async () => { await Promise.all(open.splice(0).map((h) => h.stop())); });
  afterAll(async () => { await server?.dispose(); });

  it('connects with a bearer token; the connection knows its user', async () => {
    const { hub } = await connect(admin);
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(hub.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await hub.invoke(HubMethod.Topics)).toEqual([HubTopic.user(ids.admin)]);
    expect(server.app.hub.get(hub.connectionId!)?.user).toMatchObject({ id: ids.admin, username: 'admin' });
  });

  it('refuses to connect without a valid token, and no connection is left behind', async () => {
    await eventually(() => server.app.hub.connectionCount === 0, 5_000, 'earlier connections closed');
    await expect(hubClient(server.url, () => null).start()).rejects.toThrow(/401/);
    await expect(hubClient(server.url, () => 'x'.repeat(43)).start()).rejects.toThrow(/401/);
    const negotiate = (headers: Record<string, string>) =>
      fetch(`${server.url}/chatHub/negotiate?negotiateVersion=1`, { method: 'POST', headers }).then((r) => r.status);
    expect(await negotiate({})).toBe(401);
    expect(await negotiate({ authorization: 'Bearer nonsense' })).toBe(401);
    // A WebSocket straight to the hub needs the token too; a connection token that was never issued is unknown.
    expect(await upgradeStatus(server.url, '/chatHub')).toBe(401);
    expect(await upgradeStatus(server.url, `/chatHub?access_token=${'y'.repeat(43)}`)).toBe(401);
    expect(await upgradeStatus(server.url, `/chatHub?id=forged.token&access_token=${admin.token}`)).toBe(404);
    expect(await upgradeStatus(server.url, `/elsewhere?access_token=${admin.token}`)).toBe(404);
    expect((await fetch(`${server.url}/chatHub?id=forged.token`)).status).toBe(404);
    expect((await fetch(`${server.url}/chatHub`)).status).toBe(400);
    expect(server.app.hub.connectionCount).toBe(0);
  });

  it('answers negotiate with a connection token and both transports', async () => {
    const r = await fetch(`${server.url}/chatHub/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` } });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toMatchObject({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.stringContaining('.'),
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text'] },
      ],
    });
    // The browser client passes the token as `access_token` on the WebSocket.
    const raw = await RawHubClient.connect(server.url, { id: body.connectionToken, access_token: admin.token! });
    expect(server.app.hub.get(body.connectionId)?.user.id).toBe(ids.admin);
    // One transport per connection token (TransportProtocols.md: 409).
    expect(await upgradeStatus(server.url, `/chatHub?id=${body.connectionToken}&access_token=${admin.token}`)).toBe(409);
    raw.ws.close();
  });

  it('subscribes by invocation and receives Notify for its topics only', async () => {
    const { hub, notices } = await connect(admin);
    expect(await hub.invoke(HubMethod.Subscribe, HubTopic.alarms)).toBe(HubTopic.alarms);
    await server.app.hub.publish(HubTopic.statistics, state(1));
    await server.app.hub.publish(HubTopic.alarms, state(2));
    expect((await notices.next(HubNoticeType.DeviceState)).data.deviceId).toBe(2);
    await server.app.hub.publishToUser(ids.admin, state(3));
    await notices.next(HubNoticeType.DeviceState);
    expect(notices.ofType(HubNoticeType.DeviceState).map((n) => n.data.deviceId)).toEqual([2, 3]);
  });

  it('takes fire-and-forget sends and answers invocations with results or errors', async () => {
    const { hub } = await connect(admin);
    await hub.send(HubMethod.Subscribe, HubTopic.statistics);
    await eventually(async () => ((await hub.invoke(HubMethod.Topics)) as string[]).includes(HubTopic.statistics));
    expect(await hub.invoke(HubMethod.Topics)).toEqual([HubTopic.statistics, HubTopic.user(ids.admin)]);
    expect(await hub.invoke(HubMethod.Unsubscribe, HubTopic.statistics)).toBe(true);
    expect(await hub.invoke(HubMethod.Unsubscribe, HubTopic.statistics)).toBe(false);
    // The user's own topic carries logout and messages: it stays.
    expect(await hub.invoke(HubMethod.Unsubscribe, HubTopic.user(ids.admin))).toBe(false);
    await expect(hub.invoke('DropTables')).rejects.toThrow("Unknown hub method 'DropTables'.");
    await expect(hub.invoke(HubMethod.Subscribe, 'org:1')).rejects.toThrow("Unknown topic 'org:1'.");
    await expect(hub.invoke(HubMethod.Subscribe)).rejects.toThrow('Expected one argument: the topic name.');
    await expect(hub.invoke(HubMethod.Subscribe, 42)).rejects.toThrow('Expected one argument');
    // A refused invocation leaves the connection working.
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(await hub.invoke(HubMethod.Topics)).toEqual([HubTopic.user(ids.admin)]);
  });

  it('refuses a subscription outside the data scope: the operator and another organisation\'s project', async () => {
    const { hub } = await connect(operator);
    await expect(hub.invoke(HubMethod.Subscribe, HubTopic.project(projects.other)))
      .rejects.toThrow(`Not allowed to subscribe to 'project:${projects.other}'.`);
    await expect(hub.invoke(HubMethod.Subscribe, HubTopic.device(devices.other))).rejects.toThrow('Not allowed');
    await expect(hub.invoke(HubMethod.Subscribe, HubTopic.user(ids.admin))).rejects.toThrow('Not allowed');
    await expect(hub.invoke(HubMethod.Subscribe, HubTopic.project(2_000_000_000))).rejects.toThrow('Not allowed');
    expect(await hub.invoke(HubMethod.Subscribe, HubTopic.project(projects.own))).toBe(HubTopic.project(projects.own));
    expect(await hub.invoke(HubMethod.Subscribe, HubTopic.device(devices.own))).toBe(HubTopic.device(devices.own));
    expect(((await hub.invoke(HubMethod.Topics)) as string[]).sort()).toEqual(
      [HubTopic.device(devices.own), HubTopic.project(projects.own), HubTopic.user(ids.operator)].sort());
    // The admin sees everything.
    const { hub: adminHub } = await connect(admin);
    expect(await adminHub.invoke(HubMethod.Subscribe, HubTopic.project(projects.other))).toBe(HubTopic.project(projects.other));
  });

  it('delivers a project-bound push on an open topic only to users who may see the project', async () => {
    const [op, ad] = [await connect(operator), await connect(admin)];
    await Promise.all([op.hub.invoke(HubMethod.Subscribe, HubTopic.alarms), ad.hub.invoke(HubMethod.Subscribe, HubTopic.alarms)]);
    await server.app.hub.publish(HubTopic.alarms, state(100, projects.other), { projectId: projects.other });
    await server.app.hub.publish(HubTopic.alarms, state(101, projects.own), { projectId: projects.own });
    await eventually(() => ad.notices.all.length === 2 && op.notices.all.length === 1, 5_000, 'deliveries');
    expect(op.notices.ofType(HubNoticeType.DeviceState).map((n) => n.data.deviceId)).toEqual([101]);
    expect(ad.notices.ofType(HubNoticeType.DeviceState).map((n) => n.data.deviceId)).toEqual([100, 101]);
  });

  it('pushes a saved message to each recipient: the operator hears of it, the sender does not', async () => {
    const [op, ad] = [await connect(operator), await connect(admin)];
    const saved = await admin.post('/api/t_history_message/save', { type: 0, content: '巡检提醒', data: '{"a":1}', userIds: [ids.operator] });
    expect(saved.body).toMatchObject({ success: true, data: 1 });
    const notice = await op.notices.next(HubNoticeType.Message);
    expect(notice.data).toMatchObject({ type: 0, content: '巡检提醒', data: '{"a":1}', createdAt: expect.any(Number) });
    expect(ad.notices.all).toEqual([]);
  });

  it('falls back to long polling: invocations, sends and pushes over GET/POST, closed by DELETE', async () => {
    const { hub, notices } = await connect(admin, HttpTransportType.LongPolling);
    const id = hub.connectionId!;
    expect(server.app.hub.get(id)?.transport.name).toBe('LongPolling');
    expect(await hub.invoke(HubMethod.Subscribe, HubTopic.alarms)).toBe(HubTopic.alarms);
    await hub.send(HubMethod.Subscribe, HubTopic.statistics);
    await server.app.hub.publish(HubTopic.alarms, state(7));
    expect((await notices.next(HubNoticeType.DeviceState)).data.deviceId).toBe(7);
    expect(await hub.invoke(HubMethod.Topics)).toEqual([HubTopic.alarms, HubTopic.statistics, HubTopic.user(ids.admin)]);
    await hub.stop();
    expect(server.app.hub.get(id)).toBeUndefined();
  });

  it('closes only the connection that sent a malformed frame, with an error', async () => {
    const good = await connect(admin);
    await good.hub.invoke(HubMethod.Subscribe, HubTopic.alarms);
    const bad = await RawHubClient.connect(server.url, { access_token: admin.token! });
    bad.sendText(`{"type":1,"target":"Subscribe","arguments":["alarms"]${RS}`);
    expect(await bad.message((m) => m.type === 7)).toEqual({ type: 7, error: 'Connection closed with an error: Message is not valid JSON.' });
    expect((await bad.closed).code).toBe(1000);

    const wrongProtocol = await RawHubClient.connect(server.url, { access_token: admin.token! }, false);
    wrongProtocol.sendText(`{"protocol":"messagepack","version":1}${RS}`);
    expect(JSON.parse(await wrongProtocol.frame(() => true))).toEqual({ error: "Requested protocol 'messagepack' is not available." });
    await wrongProtocol.closed;

    const binary = await RawHubClient.connect(server.url, { access_token: admin.token! });
    binary.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await binary.message((m) => m.type === 7)).toMatchObject({ error: expect.stringContaining('Binary messages') });

    // The well-behaved client did not notice.
    expect(good.hub.state).toBe(HubConnectionState.Connected);
    await server.app.hub.publish(HubTopic.alarms, state(9));
    expect((await good.notices.next(HubNoticeType.DeviceState)).data.deviceId).toBe(9);
  });

  it('bounds message size: an oversized invocation closes that connection (WebSockets and long polling)', async () => {
    const bystander = await connect(admin);
    for (const transport of [HttpTransportType.WebSockets, HttpTransportType.LongPolling]) {
      const big = await connect(admin, transport);
      const closed = new Promise<Error | undefined>((resolve) => big.hub.onclose(resolve));
      big.hub.invoke(HubMethod.Subscribe, 'x'.repeat(70 * 1024)).catch(() => undefined);
      const error = await closed;
      expect(big.hub.state).toBe(HubConnectionState.Disconnected);
      if (transport === HttpTransportType.WebSockets) expect(String(error)).toContain('Message exceeds the limit of 65536 bytes.');
      expect(server.app.hub.get(big.hub.connectionId ?? '')).toBeUndefined();
    }
    expect(await bystander.hub.invoke(HubMethod.Topics)).toEqual([HubTopic.user(ids.admin)]);
  });
});
