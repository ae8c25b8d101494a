import type { IRetryPolicy } from '@microsoft/signalr';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubNoticeType, HubTopic, type HubNotice } from '../../../contract/hub';
import { hubConnectedAtAtom, hubStatusAtom } from './hubAtoms';
import { HubConnectionOwner, type HubConnectionLike } from './HubConnectionOwner';

/** A HubConnection driven by the test: it decides when starts fail and when the network drops. */
class FakeConnection implements HubConnectionLike {
  started = 0;
  stopped = 0;
  failNextStarts = 0;
  readonly invoked: [string, ...unknown[]][] = [];
  private readonly handlers = new Map<string, (payload: unknown) => void>();
  private closed?: (error?: Error) => void;
  private reconnecting?: (error?: Error) => void;
  private reconnected?: (id?: string) => void;

  constructor(readonly url: string, readonly token: () => string, readonly policy: IRetryPolicy) {}

  async start() {
    this.started++;
    if (this.failNextStarts > 0) {
      this.failNextStarts--;
      throw new Error('Failed to complete negotiation with the server');
    }
  }
  async stop() { this.stopped++; }
  on(method: string, handler: (payload: unknown) => void) { this.handlers.set(method, handler); }
  onclose(cb: (error?: Error) => void) { this.closed = cb; }
  onreconnecting(cb: (error?: Error) => void) { this.reconnecting = cb; }
  onreconnected(cb: (id?: string) => void) { this.reconnected = cb; }
  async invoke(method: string, ...args: unknown[]) {
    this.invoked.push([method, ...args]);
    return args[0];
  }

  notify(payload: unknown) { this.handlers.get('Notify')?.(payload); }
  drop() { this.reconnecting?.(new Error('WebSocket closed with status code: 1006')); }
  back() { this.reconnected?.('new-id'); }
  closeFinally() { this.closed?.(new Error('Server returned an error on close')); }
}

const notice = (type: string, data: object = {}) => JSON.stringify({ type, data });

describe('HubConnectionOwner', () => {
  let store: ReturnType<typeof createStore>;
  let connections: FakeConnection[];
  let refreshToken: ReturnType<typeof vi.fn<() => Promise<void>>>;
  let tokenTime: number | undefined;
  let errors: string[];
  let owner: HubConnectionOwner;
  const conn = () => connections[connections.length - 1];

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000_000 });
    store = createStore();
    connections = [];
    errors = [];
    tokenTime = Date.now();
    refreshToken = vi.fn(async () => undefined);
    owner = new HubConnectionOwner({
      store,
      hubUrl: 'http://wall.local/chatHub',
      getToken: () => 'token-1',
      getTokenTime: () => tokenTime,
      refreshToken,
      createConnection: (url, token, policy) => {
        const c = new FakeConnection(url, token, policy);
        connections.push(c);
        return c;
      },
      onError: (message) => { errors.push(message); },
    });
  });
  afterEach(async () => {
    await owner.dispose();
    vi.useRealTimers();
  });

  it('connects 5 s after a user id exists, with userId, pageSrc=4 and the token of the moment', async () => {
    expect(store.get(hubStatusAtom)).toBe('disconnected');
    void owner.setUserId(42);
    expect(store.get(hubStatusAtom)).toBe('connecting');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(connections).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(conn().url).toBe('http://wall.local/chatHub?userId=42&pageSrc=4');
    expect(conn().token()).toBe('token-1');
    expect(conn().started).toBe(1);
    expect(store.get(hubStatusAtom)).toBe('connected');
    expect(store.get(hubConnectedAtAtom)).toBe(Date.now());
  });

  it('hands the forever policy to the client for its automatic reconnect', async () => {
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(5_000);
    const delays = [0, 1, 2, 3, 4, 500].map((previousRetryCount) =>
      conn().policy.nextRetryDelayInMilliseconds({ previousRetryCount, elapsedMilliseconds: 0, retryReason: new Error() }));
    expect(delays).toEqual([0, 2_000, 5_000, 10_000, 30_000, 30_000]);
  });

  it('keeps trying a first start that fails, with the same backoff, for ever', async () => {
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(4_999);
    await vi.advanceTimersByTimeAsync(1);
    const c = conn();
    expect(c.started).toBe(1);
    c.failNextStarts = 7;
    // The first start already ran and succeeded; make the server refuse from now on and drop it.
    c.closeFinally();
    const startsAfter = [0, 2_000, 5_000, 10_000, 30_000, 30_000, 30_000];
    let expected = 1;
    for (const delay of startsAfter) {
      if (delay > 0) {
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(c.started).toBe(expected);
        await vi.advanceTimersByTimeAsync(1);
      } else {
        await vi.advanceTimersByTimeAsync(0);
      }
      expect(c.started).toBe(++expected);
      expect(store.get(hubStatusAtom)).toBe('reconnecting');
    }
    // The eighth attempt (30 s later) gets through.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(c.started).toBe(9);
    expect(store.get(hubStatusAtom)).toBe('connected');
    expect(connections).toHaveLength(1);
  });

  it('says connecting, not reconnecting, while the very first start keeps failing', async () => {
    owner = new HubConnectionOwner({
      store, hubUrl: '/chatHub', getToken: () => 't', getTokenTime: () => tokenTime, refreshToken, connectDelayMs: 0,
      createConnection: (url, token, policy) => {
        const c = new FakeConnection(url, token, policy);
        c.failNextStarts = 2;
        connections.push(c);
        return c;
      },
      onError: () => undefined,
    });
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(hubStatusAtom)).toBe('connecting');
    // Retries at 0 and 2 s; the third start gets through.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(conn().started).toBe(2);
    expect(store.get(hubStatusAtom)).toBe('connecting');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(conn().started).toBe(3);
    expect(store.get(hubStatusAtom)).toBe('connected');
  });

  it('dispatches Notify by type, to every handler, and survives bad payloads and bad handlers', async () => {
    const seen: HubNotice[] = [];
    const logout = vi.fn();
    const stopWarnings = owner.on(HubNoticeType.MeasureWarning, (n) => { seen.push(n); });
    owner.on(HubNoticeType.Logout, () => { throw new Error('handler bug'); });
    owner.on(HubNoticeType.Logout, logout);
    const any = vi.fn();
    owner.on('*', any);
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(5_000);

    conn().notify(notice('measureWarning', { action: 'raise' }));
    conn().notify(notice('logout', { reason: 'loginElsewhere' }));
    conn().notify(JSON.stringify(notice('message', { content: 'twice encoded' })));
    conn().notify('{not json');
    conn().notify('{"data":1}');
    expect(seen).toEqual([{ type: 'measureWarning', data: { action: 'raise' } }]);
    expect(logout).toHaveBeenCalledWith({ type: 'logout', data: { reason: 'loginElsewhere' } });
    expect(any.mock.calls.map(([n]) => n.type)).toEqual(['measureWarning', 'logout', 'message']);
    expect(errors).toEqual(['a logout handler failed', 'Notify carried malformed JSON', 'Notify without a type']);

    stopWarnings();
    conn().notify(notice('measureWarning'));
    expect(seen).toHaveLength(1);
  });

  it('subscribes its topics on connect and again after every reconnect, and re-fetches snapshots', async () => {
    const refetch = vi.fn();
    owner.onResync(refetch);
    const leaveAlarms = owner.subscribe(HubTopic.alarms);
    const leaveProjectA = owner.subscribe(HubTopic.project(3));
    const leaveProjectB = owner.subscribe(HubTopic.project(3));
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(conn().invoked).toEqual([['Subscribe', 'alarms'], ['Subscribe', 'project:3']]);
    expect(refetch).toHaveBeenCalledTimes(1);

    conn().drop();
    expect(store.get(hubStatusAtom)).toBe('reconnecting');
    conn().back();
    expect(store.get(hubStatusAtom)).toBe('connected');
    expect(conn().invoked.slice(2)).toEqual([['Subscribe', 'alarms'], ['Subscribe', 'project:3']]);
    expect(refetch).toHaveBeenCalledTimes(2);

    // Counted: the topic stays until its last subscriber leaves; leaving twice counts once.
    leaveProjectA();
    leaveProjectA();
    expect(conn().invoked).toHaveLength(4);
    leaveProjectB();
    leaveAlarms();
    owner.subscribe(HubTopic.device(9));
    expect(conn().invoked.slice(4)).toEqual([['Unsubscribe', 'project:3'], ['Unsubscribe', 'alarms'], ['Subscribe', 'device:9']]);
    conn().drop();
    conn().back();
    expect(conn().invoked.slice(7)).toEqual([['Subscribe', 'device:9']]);
  });

  it('starts again after a final close, since walls must never give up', async () => {
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(5_000);
    conn().closeFinally();
    expect(store.get(hubStatusAtom)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(conn().started).toBe(2);
    expect(store.get(hubStatusAtom)).toBe('connected');
  });

  it('refreshes the token at once when the connection opens with a token 15 minutes old or more', async () => {
    tokenTime = Date.now() - 14 * 60_000 - 5_000;
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refreshToken).not.toHaveBeenCalled();
    conn().drop();
    await vi.advanceTimersByTimeAsync(60_000);
    conn().back();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    tokenTime = Date.now();
    conn().drop();
    conn().back();
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('call invokes a method with its result on the open connection, and refuses at once while not connected', async () => {
    await expect(owner.call('WallClock')).rejects.toThrow(/not connected/);
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await owner.call<number>('WallReport', 42)).toBe(42);
    expect(conn().invoked).toContainEqual(['WallReport', 42]);
    conn().drop();
    await expect(owner.call('WallClock')).rejects.toThrow(/not connected/);
  });

  it('dispose stops the connection and every timer; nothing is dispatched afterwards', async () => {
    const any = vi.fn();
    owner.on('*', any);
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(5_000);
    const c = conn();
    await owner.dispose();
    expect(c.stopped).toBe(1);
    expect(store.get(hubStatusAtom)).toBe('disconnected');
    c.notify(notice('logout'));
    c.closeFinally();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(any).not.toHaveBeenCalled();
    expect(c.started).toBe(1);
    expect(connections).toHaveLength(1);
    void owner.setUserId(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connections).toHaveLength(1);
  });

  it('stops when the user id goes away and starts afresh for the next user', async () => {
    void owner.setUserId(1);
    await vi.advanceTimersByTimeAsync(2_000);
    void owner.setUserId(null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(connections).toHaveLength(0);
    void owner.setUserId(7);
    await vi.advanceTimersByTimeAsync(5_000);
    void owner.setUserId(8);
    expect(connections[0].stopped).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connections.map((c) => c.url)).toEqual(['http://wall.local/chatHub?userId=7&pageSrc=4', 'http://wall.local/chatHub?userId=8&pageSrc=4']);
  });
});
