import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from '../../contract/screen-template';
import { SourceStore } from './SourceStore';
import type { HubHealth, LiveEvent, ParamValue, ScreenDataClient } from './types';

/** A host driven by the test: it answers reads as told and delivers pushes on demand. */
class TestClient implements ScreenDataClient {
  reads: { endpoint: string; params: Record<string, ParamValue> }[] = [];
  answered?: (endpoint: string) => { data: unknown } | null;
  answer: (endpoint: string) => Promise<unknown> = async () => ({ n: this.reads.length });
  topics = new Map<string, number>();
  handlers = new Map<string, Set<(data: unknown) => void>>();
  resyncs = new Set<() => void>();
  healthHandlers = new Set<(h: HubHealth) => void>();
  health: HubHealth = 'connected';

  get(endpoint: string, params: Record<string, ParamValue>): Promise<unknown> {
    this.reads.push({ endpoint, params });
    return this.answer(endpoint);
  }
  subscribe(topic: string) {
    this.topics.set(topic, (this.topics.get(topic) ?? 0) + 1);
    return () => { this.topics.set(topic, this.topics.get(topic)! - 1); };
  }
  on(event: string, handler: (data: unknown) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return () => { this.handlers.get(event)!.delete(handler); };
  }
  onResync(handler: () => void) {
    this.resyncs.add(handler);
    return () => { this.resyncs.delete(handler); };
  }
  hubHealth() { return this.health; }
  onHubHealth(handler: (h: HubHealth) => void) {
    this.healthHandlers.add(handler);
    return () => { this.healthHandlers.delete(handler); };
  }
  push(event: string, data: unknown) { for (const h of this.handlers.get(event) ?? []) h(data); }
  setHealth(h: HubHealth) {
    this.health = h;
    for (const l of this.healthHandlers) l(h);
  }
  listenerCount() {
    return [...this.handlers.values()].reduce((n, s) => n + s.size, 0) + this.resyncs.size + this.healthHandlers.size;
  }
}

const SOURCES: DataSource[] = [
  { id: 'stats', kind: 'rest', endpoint: '/api/s/device', params: { Size: 5 }, refreshSeconds: 30 },
  { id: 'live', kind: 'hub', topic: 'project:3', event: 'measureValues' },
  { id: 'alarms', kind: 'hub', topic: 'alarms', event: 'measureWarning' },
];

describe('SourceStore', () => {
  let client: TestClient;
  let store: SourceStore;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    client = new TestClient();
    store = new SourceStore(SOURCES, client);
  });
  afterEach(() => {
    store.dispose();
    vi.useRealTimers();
  });

  it('reads each REST source once at start and again on its interval, sharing the answer', async () => {
    const seen: unknown[] = [];
    store.subscribe('stats', () => seen.push(store.snapshot('stats').data));
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.reads).toEqual([{ endpoint: '/api/s/device', params: { Size: 5 } }]);
    expect(store.snapshot('stats')).toMatchObject({ data: { n: 1 }, error: null, stale: false, updatedAt: 1_000_000 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(client.reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.reads).toHaveLength(2);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('starts with an answer the host already has: shown from the first snapshot, read again one interval later', async () => {
    const handed: string[] = [];
    client.answered = (endpoint: string) => {
      handed.push(endpoint);
      return { data: { early: true } };
    };
    const early = new SourceStore(SOURCES, client);
    expect(handed).toEqual(['/api/s/device']);
    expect(early.snapshot('stats')).toMatchObject({ data: { early: true }, error: null, stale: false, updatedAt: 1_000_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    early.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.reads).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(client.reads).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.reads).toHaveLength(1);
    expect(early.snapshot('stats').data).toEqual({ n: 1 });
    early.dispose();
  });

  it('keeps the last good data on failure, marks it stale, retries with backoff and clears when the server answers', async () => {
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    client.answer = async () => { throw new Error('network'); };
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.snapshot('stats')).toMatchObject({ data: { n: 1 }, error: 'network', stale: true });
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(client.reads).toHaveLength(4);
    client.answer = async () => ({ back: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.snapshot('stats')).toMatchObject({ data: { back: true }, error: null, stale: false });
  });

  it('marks data stale when no answer comes within twice the interval plus grace', async () => {
    client.answer = () => new Promise(() => undefined);
    store.start();
    await vi.advanceTimersByTimeAsync(69_999);
    expect(store.snapshot('stats').stale).toBe(false);
    await vi.advanceTimersByTimeAsync(5_001);
    expect(store.snapshot('stats').stale).toBe(true);
  });

  it('passes on only the pushes of its topic, and marks hub sources stale while the hub is down', async () => {
    const values: LiveEvent[] = [];
    const alarms: LiveEvent[] = [];
    store.onLive('live', (e) => values.push(e));
    store.onLive('alarms', (e) => alarms.push(e));
    store.start();
    expect(Object.fromEntries(client.topics)).toEqual({ 'project:3': 1, alarms: 1 });
    client.push('measureValues', { items: [
      { deviceId: 1, measureId: 2, projectId: 3, value: 10, ts: 1 },
      { deviceId: 9, measureId: 2, projectId: 4, value: 99, ts: 1 },
    ] });
    client.push('measureValues', { items: [{ deviceId: 9, measureId: 2, projectId: 4, value: 99, ts: 1 }] });
    client.push('measureWarning', { action: 'raise', alarm: { projectId: 8, deviceId: 1 } });
    expect(values).toEqual([{ event: 'measureValues', data: { items: [{ deviceId: 1, measureId: 2, projectId: 3, value: 10, ts: 1 }] } }]);
    expect(alarms).toHaveLength(1);
    expect(store.snapshot('live').updatedAt).toBe(1_000_000);

    client.setHealth('down');
    expect(store.snapshot('live').stale).toBe(true);
    expect(store.snapshot('alarms').stale).toBe(true);
    client.setHealth('connected');
    expect(store.snapshot('live').stale).toBe(false);
  });

  it('re-reads every REST source after a hub reconnect, and spaces re-reads asked for by pushes', async () => {
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const r of client.resyncs) r();
    expect(client.reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.reads).toHaveLength(2);
    store.refresh('stats');
    store.refresh('stats');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(client.reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.reads).toHaveLength(3);
  });

  it('stops every timer, read and subscription on dispose', async () => {
    let aborted = false;
    client.get = (endpoint: string, params: Record<string, ParamValue>, signal?: AbortSignal) => {
      client.reads.push({ endpoint, params });
      signal?.addEventListener('abort', () => { aborted = true; });
      return new Promise(() => undefined);
    };
    store.start();
    expect(client.listenerCount()).toBeGreaterThan(0);
    store.dispose();
    expect(aborted).toBe(true);
    expect(client.listenerCount()).toBe(0);
    expect(Object.fromEntries(client.topics)).toEqual({ 'project:3': 0, alarms: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells the client each read\'s interval and re-reads when the client says (a wall tile aligns reads on the server clock)', async () => {
    const infos: unknown[] = [];
    const aligned = Object.assign(new TestClient(), { nextReadIn: vi.fn(() => 12_345) });
    const get = aligned.get.bind(aligned);
    aligned.get = (endpoint, params, _signal?: AbortSignal, read?: unknown) => {
      infos.push(read);
      return get(endpoint, params);
    };
    const own = new SourceStore(SOURCES, aligned);
    own.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(infos).toEqual([{ refreshMs: 30_000 }]);
    expect(aligned.nextReadIn).toHaveBeenCalledWith(30_000);
    await vi.advanceTimersByTimeAsync(12_344);
    expect(aligned.reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(aligned.reads).toHaveLength(2);
    own.dispose();
  });
});
