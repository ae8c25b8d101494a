import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubMethod } from '../../contract/hub';
import { DEFAULT_HUB_OPTIONS } from '../../server/hub/hub-server';
import { loginAs, startTestServer, type ApiClient, type TestServer } from '../server/harness';
import { hubClient, RawHubClient, RS, sleep } from './hub-client';

/**
 * Keep-alive on a clock 20 times faster than the real one: the server pings every 15 s / 20, the
 * client gives up on a server silent for 30 s / 20, and the idle period is 40 s / 20.
 */
const SCALE = 20;
const KEEP_ALIVE_MS = 15_000 / SCALE;
const CLIENT_SERVER_TIMEOUT_MS = 30_000 / SCALE;
const IDLE_MS = 40_000 / SCALE;

describe('hub keep-alive and timeouts', () => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({}, {
      logger: false,
      hub: { keepAliveMs: KEEP_ALIVE_MS, clientTimeoutMs: 30_000 / SCALE, handshakeTimeoutMs: 15_000 / SCALE },
    });
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => { await server?.dispose(); });

  it('pings at least every 15 s and gives clients 30 s by default', () => {
    expect(DEFAULT_HUB_OPTIONS.keepAliveMs).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_HUB_OPTIONS.clientTimeoutMs).toBe(30_000);
  });

  it('keeps an idle client connected past its server timeout: the pings arrive in time', async () => {
    const hub = hubClient(server.url, () => admin.token, { serverTimeoutMs: CLIENT_SERVER_TIMEOUT_MS, keepAliveMs: KEEP_ALIVE_MS });
    const trouble: string[] = [];
    hub.onclose((e) => trouble.push(`close ${e}`));
    hub.onreconnecting((e) => trouble.push(`reconnecting ${e}`));
    await hub.start();
    const id = hub.connectionId;
    // A raw client beside it counts the server's pings (it pings the server itself to stay welcome).
    const raw = await RawHubClient.connect(server.url, { access_token: admin.token! });
    const rawPinger = setInterval(() => raw.sendText(`{"type":6}${RS}`), KEEP_ALIVE_MS / 2);
    await sleep(IDLE_MS);
    clearInterval(rawPinger);
    expect(trouble).toEqual([]);
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(hub.connectionId).toBe(id);
    expect(await hub.invoke(HubMethod.Topics)).toHaveLength(1);
    const pings = raw.frames.filter((f) => f === '{"type":6}').length;
    expect(pings).toBeGreaterThanOrEqual(Math.floor(IDLE_MS / KEEP_ALIVE_MS));
    raw.ws.close();
    await hub.stop();
  });

  it('control: without the server\'s pings the same client times out', async () => {
    const quiet = await startTestServer({}, { logger: false, hub: { keepAliveMs: 3_600_000, clientTimeoutMs: 3_600_000 } });
    try {
      const api = await loginAs(quiet, 'admin');
      const hub = hubClient(quiet.url, () => api.token, { serverTimeoutMs: CLIENT_SERVER_TIMEOUT_MS, keepAliveMs: KEEP_ALIVE_MS });
      const closed = new Promise<Error | undefined>((resolve) => hub.onclose(resolve));
      await hub.start();
      const error = await Promise.race([closed, sleep(IDLE_MS).then(() => new Error('still connected'))]);
      expect(String(error)).toContain('Server timeout elapsed without receiving a message from the server.');
    } finally {
      await quiet.dispose();
    }
  });

  it('closes a client silent past the client timeout, and one that never completes the handshake', async () => {
    const silent = await RawHubClient.connect(server.url, { access_token: admin.token! });
    const mute = await RawHubClient.connect(server.url, { access_token: admin.token! }, false);
    const t0 = Date.now();
    expect(await silent.message((m) => m.type === 7, IDLE_MS * 2)).toEqual({
      type: 7, error: 'Server timeout elapsed without receiving a message from the client.', allowReconnect: true,
    });
    await silent.closed;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(30_000 / SCALE - 100);
    await mute.closed;
    expect(mute.frames).toEqual([]);
  });
});
