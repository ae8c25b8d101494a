import { HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubMethod, HubNoticeType, HubTopic, type HubNotice } from '../../contract/hub';
import { hubStatusAtom } from '../../src/shared/hub/hubAtoms';
import { HubConnectionOwner } from '../../src/shared/hub/HubConnectionOwner';
import { loginAs, startTestServer, type ApiClient, type TestServer } from '../server/harness';
import { eventually, hubClient, Notices } from './hub-client';

const alarm = (deviceId: number): HubNotice => ({ type: HubNoticeType.DeviceState, data: { deviceId, projectId: null, state: 2, ts: Date.now() } });

describe('reconnect after the server restarts', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it('the real client reconnects on its own when the server comes back on the same port', async () => {
    const hub = hubClient(server.url, () => admin.token, { reconnectDelays: [0, 200, 500, 1_000] });
    const notices = new Notices(hub);
    const reconnecting: string[] = [];
    hub.onreconnecting((e) => reconnecting.push(String(e)));
    await hub.start();
    const before = hub.connectionId;
    await hub.invoke(HubMethod.Subscribe, HubTopic.alarms);

    server = await server.restart();
    await eventually(() => hub.state === HubConnectionState.Connected && hub.connectionId !== before, 15_000, 'reconnected');
    // The server said goodbye with a Close message that allows reconnecting.
    expect(reconnecting).toEqual(['Error: Server returned an error on close: Server is shutting down.']);
    // Subscriptions are per connection: the new one starts with its user topic only.
    expect(await hub.invoke(HubMethod.Topics)).toHaveLength(1);
    await hub.invoke(HubMethod.Subscribe, HubTopic.alarms);
    await server.app.hub.publish(HubTopic.alarms, alarm(5));
    expect((await notices.next(HubNoticeType.DeviceState)).data.deviceId).toBe(5);
    await hub.stop();
  });

  it('the console\'s connection owner re-subscribes and re-fetches by itself after a restart', async () => {
    const store = createStore();
    const owner = new HubConnectionOwner({
      store,
      hubUrl: `${server.url}/chatHub`,
      getToken: () => admin.token ?? undefined,
      getTokenTime: () => Date.now(),
      refreshToken: async () => undefined,
      connectDelayMs: 0,
      retryPolicy: { nextRetryDelayInMilliseconds: (c) => [0, 200, 500][c.previousRetryCount] ?? 1_000 },
      onError: () => undefined,
      // The owner's own builder, without the client's console logging.
      createConnection: (url, accessTokenFactory, retryPolicy) => new HubConnectionBuilder()
        .withUrl(url, { accessTokenFactory }).withAutomaticReconnect(retryPolicy).configureLogging(LogLevel.None).build(),
    });
    const received: number[] = [];
    let refetches = 0;
    owner.on(HubNoticeType.DeviceState, (n) => { received.push(n.data.deviceId); });
    owner.onResync(() => { refetches++; });
    owner.subscribe(HubTopic.alarms);
    try {
      void owner.setUserId(1);
      await eventually(() => store.get(hubStatusAtom) === 'connected' && server.app.hub.connectionCount === 1, 10_000, 'connected');
      await eventually(async () => { await server.app.hub.publish(HubTopic.alarms, alarm(1)); return received.includes(1); }, 5_000, 'first push');
      expect(refetches).toBe(1);

      const states: string[] = [];
      const unsubscribe = store.sub(hubStatusAtom, () => states.push(store.get(hubStatusAtom)));
      server = await server.restart();
      await eventually(() => store.get(hubStatusAtom) === 'connected', 15_000, 'reconnected');
      unsubscribe();
      expect(states[0]).toBe('reconnecting');
      expect(refetches).toBe(2);
      // Subscribed again without being asked: a push on the new server process arrives.
      await eventually(async () => { await server.app.hub.publish(HubTopic.alarms, alarm(2)); return received.includes(2); }, 5_000, 'push after restart');
    } finally {
      await owner.dispose();
    }
    expect(store.get(hubStatusAtom)).toBe('disconnected');
    await eventually(() => server.app.hub.connectionCount === 0, 5_000, 'owner disconnected');
  });
});
