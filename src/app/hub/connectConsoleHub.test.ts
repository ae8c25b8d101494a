import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubConnectionOwner, type HubConnectionLike } from '../../shared/hub/HubConnectionOwner';
import { connectConsoleHub } from './connectConsoleHub';

/** Just enough of a HubConnection: the test pushes `Notify` and drops and restores the link. */
class FakeConnection implements HubConnectionLike {
  readonly invoked: unknown[][] = [];
  private notify?: (payload: unknown) => void;
  private reconnecting?: () => void;
  private reconnected?: () => void;
  async start() {}
  async stop() {}
  on(_method: string, handler: (payload: unknown) => void) { this.notify = handler; }
  onclose() {}
  onreconnecting(cb: () => void) { this.reconnecting = cb; }
  onreconnected(cb: () => void) { this.reconnected = cb; }
  async invoke(...args: unknown[]) { this.invoked.push(args); return args[1]; }
  push(type: string, data: object = {}) { this.notify?.(JSON.stringify({ type, data })); }
  drop() { this.reconnecting?.(); }
  back() { this.reconnected?.(); }
}

describe('connectConsoleHub', () => {
  let connection: FakeConnection;
  let owner: HubConnectionOwner;
  let calls: string[];
  let detach: () => void;

  beforeEach(async () => {
    vi.useFakeTimers();
    calls = [];
    owner = new HubConnectionOwner({
      store: createStore(),
      hubUrl: '/chatHub',
      getToken: () => 'token',
      getTokenTime: () => Date.now(),
      refreshToken: async () => undefined,
      createConnection: () => (connection = new FakeConnection()),
    });
    detach = connectConsoleHub(owner, {
      refreshAlarms: () => calls.push('alarms'),
      recountUnread: () => calls.push('unread'),
      forceLogout: (reason) => calls.push(`logout:${reason}`),
    });
    void owner.setUserId(7);
    await vi.advanceTimersByTimeAsync(5_000);
    // Connecting re-fetches both bells: what was pushed before the hub was up is not lost.
    expect(calls).toEqual(['alarms', 'unread']);
    await vi.advanceTimersByTimeAsync(1_000);
    calls.length = 0;
  });

  afterEach(async () => {
    detach();
    await owner.dispose();
    vi.useRealTimers();
  });

  it('receives the alarms topic', () => {
    expect(connection.invoked).toEqual([['Subscribe', 'alarms']]);
  });

  it('refreshes the alarm bell on measureWarning; every push recounts unread messages', () => {
    connection.push('measureWarning', { action: 'raise' });
    expect(calls.sort()).toEqual(['alarms', 'unread']);
    calls.length = 0;
    vi.advanceTimersByTime(1_000);

    connection.push('message', { type: 6, content: '设备告警' });
    expect(calls).toEqual(['unread']);
    vi.advanceTimersByTime(1_000);
    connection.push('deviceState', { deviceId: 1, state: 0 });
    vi.advanceTimersByTime(1_000);
    connection.push('measureValues', { items: [] });
    expect(calls).toEqual(['unread', 'unread', 'unread']);
  });

  it('folds a burst of pushes into one refetch at once and one at the end of the second', () => {
    for (let i = 0; i < 20; i++) connection.push('measureWarning', { action: i % 2 ? 'raise' : 'clear' });
    expect(calls.sort()).toEqual(['alarms', 'unread']);
    vi.advanceTimersByTime(999);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(calls.sort()).toEqual(['alarms', 'alarms', 'unread', 'unread']);
    vi.advanceTimersByTime(5_000);
    expect(calls).toHaveLength(4);
  });

  it('starts the forced logout on a logout push, with its reason (a login elsewhere when it gives none)', () => {
    connection.push('logout', { reason: 'disabled' });
    expect(calls).toContain('logout:disabled');
    connection.push('logout');
    expect(calls).toContain('logout:loginElsewhere');
  });

  it('re-fetches both bells after a reconnect', () => {
    connection.drop();
    expect(calls).toEqual([]);
    connection.back();
    expect(calls).toEqual(['alarms', 'unread']);
    expect(connection.invoked).toEqual([['Subscribe', 'alarms'], ['Subscribe', 'alarms']]);
  });

  it('detached, it reacts to nothing, leaves the topic and drops a pending refetch', () => {
    connection.push('measureWarning');
    connection.push('measureWarning');
    calls.length = 0;
    detach();
    expect(connection.invoked).toContainEqual(['Unsubscribe', 'alarms']);
    vi.advanceTimersByTime(5_000);
    connection.push('measureWarning');
    connection.push('logout');
    connection.drop();
    connection.back();
    expect(calls).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
