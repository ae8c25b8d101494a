import type { DataSource } from '../../contract/screen-template';
import type { HubHealth, LiveEvent, ScreenDataClient } from './types';

/** What a widget knows of one source. Replaced (never mutated) on every change. */
export interface SourceSnapshot {
  /** The last good answer of a REST source; always undefined for a hub source. */
  data: unknown;
  /** Epoch ms of the last good answer (REST) or push (hub); null before the first. */
  updatedAt: number | null;
  /** Why the last read failed; null after a good one. */
  error: string | null;
  /** Older than expected, failing, or (hub) the connection is down: the widget shows its stale marker. */
  stale: boolean;
  /**
   * When the read that answered `data` was sent (epoch ms); null when unknown (an answer handed over
   * at start). Pushes received since may be missing from it: widgets fold them in again.
   */
  requestedAt?: number | null;
}

export interface SourceStoreOptions {
  now?: () => number;
  /** How often staleness is re-checked. */
  checkEveryMs?: number;
}

/** Waits after a failed read, by consecutive failures; never longer than the source's own interval. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];
/** A REST source is stale when its data is older than twice its interval plus this grace. */
export const STALE_GRACE_MS = 10_000;
/** Pushes can ask for a re-read; reads of one source are at least this far apart. */
export const MIN_REFETCH_GAP_MS = 2_000;

type RestSource = Extract<DataSource, { kind: 'rest' }>;
type HubSource = Extract<DataSource, { kind: 'hub' }>;

interface RestState {
  source: RestSource;
  timer?: ReturnType<typeof setTimeout>;
  abort?: AbortController;
  inFlight: boolean;
  failures: number;
  lastStartedAt: number;
  /** When the answer handed over at construction came in; the next read is one interval later. */
  answeredAt?: number;
}

const EMPTY: SourceSnapshot = { data: undefined, updatedAt: null, error: null, stale: false };

function topicFilter(topic: string): (live: LiveEvent) => LiveEvent | null {
  const m = /^(project|device):(\d+)$/.exec(topic);
  if (!m) return (live) => live;
  const id = Number(m[2]);
  const key = m[1] === 'project' ? 'projectId' : 'deviceId';
  return (live) => {
    if (live.event === 'measureValues') {
      const items = live.data.items.filter((v) => v[key] === id);
      return items.length ? { event: 'measureValues', data: { items } } : null;
    }
    const owner = live.event === 'measureWarning' ? live.data.alarm : live.data;
    return owner[key] === id ? live : null;
  };
}

/**
 * The data layer of one screen: each source is read or subscribed once however many widgets use
 * it. REST sources are re-read on their interval, after a failure with backoff, after every hub
 * reconnect, and when a push asks; hub sources pass their topic's pushes on. Staleness is worked
 * out for each. Everything it starts — timers, reads, subscriptions — `start` starts and
 * `dispose` stops.
 */
export class SourceStore {
  private readonly snapshots = new Map<string, SourceSnapshot>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly liveListeners = new Map<string, Set<(live: LiveEvent) => void>>();
  private readonly rest = new Map<string, RestState>();
  private readonly hub: HubSource[] = [];
  private readonly offs: (() => void)[] = [];
  private checkTimer?: ReturnType<typeof setInterval>;
  private health: HubHealth;
  private startedAt = 0;
  private running = false;
  private readonly now: () => number;
  private readonly checkEveryMs: number;

  constructor(sources: DataSource[], private readonly client: ScreenDataClient, options: SourceStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.checkEveryMs = options.checkEveryMs ?? 5_000;
    this.health = client.hubHealth();
    for (const s of sources) {
      this.snapshots.set(s.id, EMPTY);
      if (s.kind === 'hub') {
        this.hub.push(s);
        continue;
      }
      const state: RestState = { source: s, inFlight: false, failures: 0, lastStartedAt: 0 };
      this.rest.set(s.id, state);
      // An answer in hand is the first snapshot: the first render already shows it.
      const answer = client.answered?.(s.endpoint, s.params);
      if (answer) {
        state.answeredAt = this.now();
        this.snapshots.set(s.id, { data: answer.data, updatedAt: state.answeredAt, error: null, stale: false, requestedAt: null });
      }
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = this.now();
    for (const [id, state] of this.rest) {
      if (state.answeredAt === undefined) this.read(id);
      else this.schedule(state, this.client.nextReadIn?.(state.source.refreshSeconds * 1000)
        ?? state.answeredAt + state.source.refreshSeconds * 1000 - this.now());
      state.answeredAt = undefined;
    }
    for (const source of this.hub) {
      const filter = topicFilter(source.topic);
      this.offs.push(this.client.subscribe(source.topic));
      this.offs.push(this.client.on(source.event, (data) => {
        const live = filter({ event: source.event, data } as LiveEvent);
        if (!live) return;
        this.update(source.id, { updatedAt: this.now() });
        for (const l of this.liveListeners.get(source.id) ?? []) l(live);
      }));
    }
    this.offs.push(this.client.onResync(() => { for (const id of this.rest.keys()) this.refresh(id); }));
    this.offs.push(this.client.onHubHealth((health) => {
      this.health = health;
      this.recheck();
    }));
    this.checkTimer = setInterval(() => this.recheck(), this.checkEveryMs);
    this.recheck();
  }

  dispose(): void {
    this.running = false;
    clearInterval(this.checkTimer);
    for (const off of this.offs.splice(0)) off();
    for (const state of this.rest.values()) {
      clearTimeout(state.timer);
      state.abort?.abort();
    }
    this.listeners.clear();
    this.liveListeners.clear();
  }

  /** The store's clock (epoch ms): what `requestedAt` is measured with. */
  time(): number {
    return this.now();
  }

  snapshot(id: string): SourceSnapshot {
    return this.snapshots.get(id) ?? EMPTY;
  }

  /** Calls `listener` when the source's snapshot changes. */
  subscribe(id: string, listener: () => void): () => void {
    return this.add(this.listeners, id, listener);
  }

  /** Calls `listener` with each push of a hub source (already filtered to its topic). */
  onLive(id: string, listener: (live: LiveEvent) => void): () => void {
    return this.add(this.liveListeners, id, listener);
  }

  /** Re-reads a REST source soon: at once, or when {@link MIN_REFETCH_GAP_MS} has passed since the last read. */
  refresh(id: string): void {
    const state = this.rest.get(id);
    if (!state || !this.running || state.inFlight) return;
    const wait = state.lastStartedAt + MIN_REFETCH_GAP_MS - this.now();
    clearTimeout(state.timer);
    if (wait <= 0) this.read(id);
    else state.timer = setTimeout(() => this.read(id), wait);
  }

  private add<T>(map: Map<string, Set<T>>, id: string, item: T): () => void {
    let set = map.get(id);
    if (!set) map.set(id, (set = new Set()));
    set.add(item);
    return () => { set.delete(item); };
  }

  private read(id: string): void {
    const state = this.rest.get(id)!;
    clearTimeout(state.timer);
    state.timer = undefined;
    state.inFlight = true;
    state.lastStartedAt = this.now();
    const abort = new AbortController();
    state.abort = abort;
    const { source } = state;
    const requestedAt = state.lastStartedAt;
    const refreshMs = source.refreshSeconds * 1000;
    this.client.get(source.endpoint, source.params, abort.signal, { refreshMs }).then(
      (data) => {
        if (!this.running || abort.signal.aborted) return;
        state.failures = 0;
        this.update(id, { data, updatedAt: this.now(), error: null, requestedAt });
        this.schedule(state, this.client.nextReadIn?.(refreshMs) ?? refreshMs);
      },
      (error: unknown) => {
        if (!this.running || abort.signal.aborted) return;
        const delay = Math.min(RETRY_DELAYS_MS[Math.min(state.failures, RETRY_DELAYS_MS.length - 1)], refreshMs);
        state.failures++;
        this.update(id, { error: error instanceof Error ? error.message : String(error) });
        this.schedule(state, delay);
      },
    );
  }

  private schedule(state: RestState, delayMs: number): void {
    state.inFlight = false;
    state.abort = undefined;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => this.read(state.source.id), delayMs);
  }

  private staleOf(id: string, snap: SourceSnapshot): boolean {
    const state = this.rest.get(id);
    if (!state) return this.health !== 'connected';
    const expectedMs = state.source.refreshSeconds * 2000 + STALE_GRACE_MS;
    if (snap.error !== null) return true;
    const since = snap.updatedAt ?? this.startedAt;
    return this.now() - since > expectedMs;
  }

  private update(id: string, patch: Partial<SourceSnapshot>): void {
    const previous = this.snapshot(id);
    const next = { ...previous, ...patch };
    next.stale = this.staleOf(id, next);
    this.snapshots.set(id, next);
    for (const l of this.listeners.get(id) ?? []) l();
  }

  private recheck(): void {
    for (const [id, snap] of this.snapshots) {
      if (this.staleOf(id, snap) !== snap.stale) this.update(id, {});
    }
  }
}
