import type { IRetryPolicy } from '@microsoft/signalr';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubMethod, HubNoticeType, HubTopic } from '../../../contract/hub';
import { hubStatusAtom } from '../hub/hubAtoms';
import { HubConnectionOwner, type HubConnectionLike } from '../hub/HubConnectionOwner';
import { hubOwnerAtom } from '../hub/hubOwnerAtom';
import { createScreenClient } from './createScreenClient';

/** A connection that opens at once and records what it was asked to invoke. */
class OpenConnection implements HubConnectionLike {
  readonly invoked: [string, ...unknown[]][] = [];
  private notify?: (payload: unknown) => void;
  async start() {}
  async stop() {}
  on(method: string, handler: (payload: unknown) => void) { if (method === 'Notify') this.notify = handler; }
  onclose() {}
  onreconnecting() {}
  onreconnected() {}
  async invoke(method: string, ...args: unknown[]) {
    this.invoked.push([method, ...args]);
    return args[0];
  }
  push(type: string, data: object, sentAt?: number) { this.notify?.(JSON.stringify({ type, data, sentAt })); }
}

describe('createScreenClient: one client for a screen, following the hub owner', () => {
  let store: ReturnType<typeof createStore>;
  const owners: { owner: HubConnectionOwner; connection: () => OpenConnection }[] = [];

  /** A real owner with its own connection, put in the store as the shell does, and connected. */
  async function startOwner(userId: number) {
    let connection: OpenConnection | undefined;
    const owner = new HubConnectionOwner({
      store,
      hubUrl: '/chatHub',
      getToken: () => 't',
      getTokenTime: () => Date.now(),
      refreshToken: async () => undefined,
      connectDelayMs: 0,
      createConnection: (_url: string, _token: () => string, _policy: IRetryPolicy) => (connection = new OpenConnection()),
    });
    // As the shell does: started, then published.
    void owner.setUserId(userId);
    store.set(hubOwnerAtom, owner);
    await vi.advanceTimersByTimeAsync(0);
    const entry = { owner, connection: () => connection! };
    owners.push(entry);
    return entry;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    store = createStore();
  });
  afterEach(async () => {
    for (const { owner } of owners.splice(0)) await owner.dispose();
    vi.useRealTimers();
  });

  it('subscribes a screen started before the shell had an owner once the owner comes, without re-creating anything', async () => {
    const client = createScreenClient(store);
    const warnings: unknown[] = [];
    let resyncs = 0;
    client.subscribe(HubTopic.alarms);
    client.on(HubNoticeType.MeasureWarning, (data) => warnings.push(data));
    client.onResync(() => { resyncs++; });
    expect(client.hubHealth()).toBe('connected');

    const first = await startOwner(7);
    expect(first.connection().invoked).toContainEqual([HubMethod.Subscribe, HubTopic.alarms]);
    expect(resyncs).toBe(1);
    first.connection().push(HubNoticeType.MeasureWarning, { action: 'raise' });
    expect(warnings).toEqual([{ action: 'raise' }]);
  });

  it('hands each push on with the time the server sent it (video walls apply pushes by it)', async () => {
    const client = createScreenClient(store);
    const seen: unknown[][] = [];
    client.on(HubNoticeType.DeviceState, (...args) => seen.push(args));
    const owner = await startOwner(7);
    owner.connection().push(HubNoticeType.DeviceState, { deviceId: 1 }, 1_700_000_000_123);
    owner.connection().push(HubNoticeType.DeviceState, { deviceId: 2 });
    expect(seen).toEqual([[{ deviceId: 1 }, 1_700_000_000_123], [{ deviceId: 2 }, undefined]]);
  });

  it('moves its subscriptions to a new owner (another user) and lets go of them all when the screen goes', async () => {
    const client = createScreenClient(store);
    const first = await startOwner(7);
    const unsubscribe = client.subscribe(HubTopic.project(3));
    const seen: unknown[] = [];
    const off = client.on(HubNoticeType.DeviceState, (data) => seen.push(data));
    expect(first.connection().invoked).toContainEqual([HubMethod.Subscribe, 'project:3']);

    const second = await startOwner(8);
    expect(first.connection().invoked).toContainEqual([HubMethod.Unsubscribe, 'project:3']);
    expect(second.connection().invoked).toContainEqual([HubMethod.Subscribe, 'project:3']);
    first.connection().push(HubNoticeType.DeviceState, { from: 'first' });
    second.connection().push(HubNoticeType.DeviceState, { from: 'second' });
    expect(seen).toEqual([{ from: 'second' }]);

    unsubscribe();
    off();
    expect(second.connection().invoked).toContainEqual([HubMethod.Unsubscribe, 'project:3']);
    // Nothing follows the store any more: a later owner gets nothing from this screen.
    const third = await startOwner(9);
    expect(third.connection().invoked.filter(([m]) => m === HubMethod.Subscribe)).toEqual([]);
  });

  it('reports the hub down while the owner of the moment is reconnecting, and connected without an owner', async () => {
    const client = createScreenClient(store);
    const health: string[] = [];
    const off = client.onHubHealth((h) => health.push(h));
    await startOwner(7);
    store.set(hubStatusAtom, 'reconnecting');
    expect(client.hubHealth()).toBe('down');
    store.set(hubStatusAtom, 'connected');
    store.set(hubOwnerAtom, null);
    store.set(hubStatusAtom, 'disconnected');
    expect(client.hubHealth()).toBe('connected');
    off();
    store.set(hubStatusAtom, 'reconnecting');
    expect(health).toEqual(['down', 'connected']);
  });
});
