import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubHealth, ParamValue, ReadInfo, ScreenDataClient } from '../../../../screens/runtime/types';
import type { ServerClock } from './serverClock';
import { createSyncedScreenClient } from './syncedScreenClient';

/** A clock `offset` ms ahead of (fake) local time. */
function fakeClock(offset: number): ServerClock {
  return {
    now: () => Date.now() + offset,
    delayUntil: (t) => t - (Date.now() + offset),
    offsetMs: offset,
    rttMs: 2,
    synced: true,
    ready: Promise.resolve(),
    resync: () => Promise.resolve(),
    subscribe: () => () => undefined,
    start: () => undefined,
    stop: () => undefined,
    dispose: () => undefined,
  };
}

interface Read { endpoint: string; params: Record<string, ParamValue>; read?: ReadInfo; answer(data: unknown): void; fail(e: Error): void }

function fakeInner() {
  const reads: Read[] = [];
  const handlers = new Map<string, Set<(data: unknown, sentAt?: number) => void>>();
  const inner: ScreenDataClient = {
    get: (endpoint, params, _signal, read) => new Promise((resolve, reject) => {
      reads.push({ endpoint, params, read, answer: resolve, fail: reject });
    }),
    subscribe: vi.fn(() => () => undefined),
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => { set.delete(handler); };
    },
    onResync: vi.fn(() => () => undefined),
    hubHealth: (): HubHealth => 'connected',
    onHubHealth: vi.fn(() => () => undefined),
  };
  const push = (event: string, data: unknown, sentAt?: number) => { for (const h of handlers.get(event) ?? []) h(data, sentAt); };
  return { inner, reads, push, handlers };
}

// Local time 10:00:00.000; the server is 3 700 ms ahead: server time 10:00:03.700.
const T0 = Date.UTC(2025, 0, 1, 10, 0, 0);
const OFFSET = 3_700;
const serverNow = () => Date.now() + OFFSET;

describe('createSyncedScreenClient: REST reads', () => {
  beforeEach(() => { vi.useFakeTimers({ now: T0 }); });
  afterEach(() => { vi.useRealTimers(); });

  it('asks for the data version of its interval and shows an answer at once when that version has begun', async () => {
    const { inner, reads } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const got = vi.fn();
    void client.get('/api/s/x', { projectId: 3 }, new AbortController().signal, { refreshMs: 30_000 }).then(got);
    expect(reads).toHaveLength(1);
    expect(reads[0].params).toEqual({ projectId: 3, _v: Math.floor(serverNow() / 30_000) });
    reads[0].answer({ a: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(got).toHaveBeenCalledWith({ a: 1 });
    expect(client.dataVersion()).toBe(Math.floor(serverNow() / 30_000));
  });

  it('reads the next version lead ms before its boundary and holds the answer until the boundary (server clock)', async () => {
    const { inner, reads } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const interval = 10_000;
    const delay = client.nextReadIn!(interval);
    const boundary = (Math.floor(serverNow() / interval) + 1) * interval;
    expect(delay).toBe(boundary - 1_500 - serverNow());
    await vi.advanceTimersByTimeAsync(delay);
    const got = vi.fn();
    void client.get('/api/s/x', {}, new AbortController().signal, { refreshMs: interval }).then(got);
    expect(reads[0].params._v).toBe(boundary / interval);
    await vi.advanceTimersByTimeAsync(40);
    reads[0].answer('v-next');
    await vi.advanceTimersByTimeAsync(1_459);
    expect(got).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toHaveBeenCalledWith('v-next');
    expect(serverNow()).toBe(boundary);
    // Right after the release the next read is one interval on.
    expect(client.nextReadIn!(interval)).toBe(interval - 1_500);
  });

  it('a read that fires a little early still asks for the version it was scheduled for', async () => {
    const { inner, reads } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const interval = 10_000;
    const boundary = (Math.floor(serverNow() / interval) + 1) * interval;
    // 300 ms before the read's time (an offset corrected since the timer was set).
    await vi.advanceTimersByTimeAsync(client.nextReadIn!(interval) - 300);
    const got = vi.fn();
    void client.get('/api/s/x', {}, new AbortController().signal, { refreshMs: interval }).then(got);
    expect(reads[0].params._v).toBe(boundary / interval);
    reads[0].answer('next');
    await vi.advanceTimersByTimeAsync(1_799);
    expect(got).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toHaveBeenCalledWith('next');
    expect(client.nextReadIn!(interval)).toBe(interval - 1_500);
  });

  it('rounds its waits up to whole ms, so a timer never fires before the boundary', () => {
    const { inner } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET + 0.4));
    expect(Number.isInteger(client.nextReadIn!(10_000))).toBe(true);
    expect(client.nextReadIn!(10_000)).toBe(Math.ceil((Math.floor((serverNow() + 0.4) / 10_000) + 1) * 10_000 - 1_500 - (serverNow() + 0.4)));
  });

  it('a late answer is shown at once (catch-up)', async () => {
    const { inner, reads } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const interval = 10_000;
    await vi.advanceTimersByTimeAsync(client.nextReadIn!(interval));
    const got = vi.fn();
    void client.get('/api/s/x', {}, new AbortController().signal, { refreshMs: interval }).then(got);
    await vi.advanceTimersByTimeAsync(2_500);
    reads[0].answer('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(got).toHaveBeenCalledWith('late');
  });

  it('a short interval reads a quarter of it ahead at most', () => {
    const { inner } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const d = client.nextReadIn!(5_000);
    const boundary = (Math.floor((serverNow() + 1_875) / 5_000) + 1) * 5_000;
    expect(d).toBe(boundary - 1_250 - serverNow());
  });

  it('two tiles with different clock offsets release the same version at the same server instant', async () => {
    const shownAt: number[] = [];
    const interval = 15_000;
    // Tile A's local clock reads 3 700 ms behind the server, tile B's 250 ms ahead of it.
    for (const offset of [OFFSET, -250]) {
      const { inner, reads } = fakeInner();
      const client = createSyncedScreenClient(inner, fakeClock(offset));
      const start = Date.now();
      await vi.advanceTimersByTimeAsync(client.nextReadIn!(interval));
      const version = Math.floor((Date.now() + offset + 1_500) / interval);
      void client.get('/api/s/x', {}, new AbortController().signal, { refreshMs: interval }).then(() => shownAt.push(Date.now() + offset));
      expect(reads[0].params._v).toBe(version);
      reads[0].answer('body');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(shownAt.at(-1)! % interval).toBe(0);
      vi.setSystemTime(start);
    }
  });

  it('an abort while held rejects with AbortError and leaves no timer', async () => {
    const { inner, reads } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    await vi.advanceTimersByTimeAsync(client.nextReadIn!(10_000));
    const abort = new AbortController();
    const result = client.get('/api/s/x', {}, abort.signal, { refreshMs: 10_000 }).then(() => 'shown', (e: Error) => e.name);
    reads[0].answer('x');
    await vi.advanceTimersByTimeAsync(10);
    expect(vi.getTimerCount()).toBe(1);
    abort.abort();
    expect(await result).toBe('AbortError');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failure through, and a read without its interval untouched', async () => {
    const { inner, reads } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const failed = client.get('/api/a', {}, new AbortController().signal, { refreshMs: 10_000 }).catch((e: Error) => e.message);
    reads[0].fail(new Error('HTTP 500'));
    expect(await failed).toBe('HTTP 500');
    void client.get('/api/b', { q: 1 }, new AbortController().signal);
    expect(reads[1].params).toEqual({ q: 1 });
  });

  it('reports the age of the oldest data still read, and forgets a source no longer read', async () => {
    const { inner, reads } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    expect(client.dataAgeMs()).toBeNull();
    const signal = new AbortController().signal;
    void client.get('/api/fast', {}, signal, { refreshMs: 5_000 });
    void client.get('/api/slow', {}, signal, { refreshMs: 60_000 });
    reads[0].answer(1);
    reads[1].answer(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.dataAgeMs()).toBe(0);
    await vi.advanceTimersByTimeAsync(4_000);
    void client.get('/api/fast', {}, signal, { refreshMs: 5_000 }).catch(() => undefined);
    reads[2].fail(new Error('down'));
    await vi.advanceTimersByTimeAsync(10_000);
    // /api/fast last shown 14 s ago (its re-read failed); /api/slow 14 s ago too.
    expect(client.dataAgeMs()).toBe(14_000);
    // /api/fast is not read any more (its screen went): forgotten after its interval + 15 s.
    await vi.advanceTimersByTimeAsync(11_000);
    void client.get('/api/slow', {}, signal, { refreshMs: 60_000 });
    reads[3].answer(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.dataAgeMs()).toBe(0);
    expect(client.dataVersion()).toBe(Math.floor(serverNow() / 60_000));
  });
});

describe('createSyncedScreenClient: hub pushes', () => {
  beforeEach(() => { vi.useFakeTimers({ now: T0 }); });
  afterEach(() => { vi.useRealTimers(); });

  it('holds pushes and hands them on at the first server-second tick more than 250 ms after they were sent', async () => {
    const { inner, push } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const seen: [unknown, number][] = [];
    client.on('measureValues', (data) => seen.push([data, serverNow()]));
    // Server time is x.700: sent 100 ms ago, arrives now; the tick at x+1.000 is 400 ms after sending.
    push('measureValues', 'a', serverNow() - 100);
    // At x.800, sent just now: only 200 ms before the tick at x+1.000 → waits for the tick after.
    await vi.advanceTimersByTimeAsync(100);
    push('measureValues', 'b', serverNow());
    await vi.advanceTimersByTimeAsync(199);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([['a', T0 + OFFSET + 300]]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual([['a', T0 + OFFSET + 300], ['b', T0 + OFFSET + 1_300]]);
    // Nothing held: no tick timer runs.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('two tiles apply the same pushes at the same server tick whatever their arrival times', async () => {
    // One server clock (each tile's measured offset turns its own local clock into it); the hub
    // delivers each notice to tile A after 30 ms and to tile B after 180 ms.
    const applied: Record<string, [unknown, number][]> = { A: [], B: [] };
    const tiles = (['A', 'B'] as const).map((name) => {
      const { inner, push } = fakeInner();
      const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
      client.on('deviceState', (data) => applied[name].push([data, serverNow()]));
      return push;
    });
    const s1 = serverNow() + 10;
    const s2 = s1 + 400;
    const deliveries = [
      { at: s1 + 30, tile: 0, data: 1, sentAt: s1 }, { at: s1 + 180, tile: 1, data: 1, sentAt: s1 },
      { at: s2 + 30, tile: 0, data: 2, sentAt: s2 }, { at: s2 + 180, tile: 1, data: 2, sentAt: s2 },
    ].sort((x, y) => x.at - y.at);
    for (const d of deliveries) {
      await vi.advanceTimersByTimeAsync(d.at - serverNow());
      tiles[d.tile]('deviceState', d.data, d.sentAt);
    }
    await vi.advanceTimersByTimeAsync(3_000);
    expect(applied.A).toEqual(applied.B);
    expect(applied.A.map(([d]) => d)).toEqual([1, 2]);
    for (const [, at] of applied.A) expect(at % 1_000).toBe(0);
  });

  it('a push that reached the tile late (sent long before) is applied at its next tick', async () => {
    const { inner, push } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const seen: number[] = [];
    client.on('deviceState', () => seen.push(serverNow()));
    const sentAt = serverNow() - 900;
    push('deviceState', 1, sentAt);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual([T0 + OFFSET + 300]);
  });

  it('a push without sentAt counts from its arrival; an unsubscribed handler gets nothing held; dispose drops all', async () => {
    const { inner, push } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(OFFSET));
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = client.on('measureWarning', first);
    client.on('measureWarning', second);
    push('measureWarning', 'x');
    offFirst();
    await vi.advanceTimersByTimeAsync(300);
    expect(second).toHaveBeenCalledWith('x', T0 + OFFSET);
    expect(first).not.toHaveBeenCalled();
    push('measureWarning', 'y', serverNow());
    client.dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(second).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    push('measureWarning', 'z', serverNow());
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes subscriptions, resync and hub health through', () => {
    const { inner } = fakeInner();
    const client = createSyncedScreenClient(inner, fakeClock(0));
    client.subscribe('project:3');
    expect(inner.subscribe).toHaveBeenCalledWith('project:3');
    const h = () => undefined;
    client.onResync(h);
    expect(inner.onResync).toHaveBeenCalledWith(h);
    expect(client.hubHealth()).toBe('connected');
  });
});
