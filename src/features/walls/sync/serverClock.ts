import { estimateOffset, type ClockSample } from '../../../../contract/wall/clock-sync';

/**
 * The server's clock as a wall tile sees it: local time plus the offset measured over the hub
 * (NTP-style, DESIGN "Video walls"). Every tile of a wall computes its rotation and data versions
 * from `now()`, so they agree without talking to each other.
 */
export interface ServerClock {
  /** Server epoch ms now (local time until the first measurement: offset 0). */
  now(): number;
  /** Milliseconds until server time `serverMs` (negative when past): what a local timer waits. */
  delayUntil(serverMs: number): number;
  /** serverTime − localTime, ms. */
  readonly offsetMs: number;
  /** Round trip of the samples the offset comes from; null before the first. */
  readonly rttMs: number | null;
  /** Whether an offset has been measured. */
  readonly synced: boolean;
  /** Settles once an offset has been measured (never rejects; pending while the hub is away). */
  readonly ready: Promise<void>;
  /** Takes a burst of samples now (after a reconnect: maybe another server process). */
  resync(): Promise<void>;
  /** Calls `listener` after every new estimate. */
  subscribe(listener: () => void): () => void;
  /** Starts measuring (done by {@link createServerClock} unless `autoStart: false`); again after {@link stop}. */
  start(): void;
  /** Stops the periodic re-sync and any retry; `now()` keeps its last offset. */
  stop(): void;
  /** {@link stop}, and forgets the listeners. */
  dispose(): void;
}

export interface ServerClockOptions {
  /** Samples at start and at every {@link resync}. */
  initialSamples?: number;
  /** Samples every {@link resyncMs}. */
  periodicSamples?: number;
  resyncMs?: number;
  /**
   * While the estimate rests on round trips longer than {@link goodRttMs} (the page was busy
   * starting up, the network was loaded), the next burst comes after this instead of resyncMs.
   */
  quickResyncMs?: number;
  goodRttMs?: number;
  /** Wait before trying again when no sample could be taken (hub not connected yet). */
  retryMs?: number;
  /** Samples kept for the estimate (the newest). */
  keepSamples?: number;
  /** Samples older than this are dropped (the local clock drifts). */
  maxSampleAgeMs?: number;
  /** The local clock (default: monotonic, `performance.timeOrigin + performance.now()`). */
  localNow?: () => number;
  /** Start measuring at once (default true); a React hook starts it in its effect instead. */
  autoStart?: boolean;
}

/** Monotonic local time in epoch ms: not moved when the OS adjusts its clock. */
export const monotonicNow = (): number => performance.timeOrigin + performance.now();

/**
 * Measures the offset with `invoke` (the hub's WallClock: resolves with the server's Date.now()):
 * `initialSamples` one after another at start, `periodicSamples` every `resyncMs` (every
 * `quickResyncMs` while the best round trips are slow). Samples are
 * taken sequentially (parallel calls would queue behind each other and inflate the round trip);
 * the estimate keeps the lowest-round-trip ones (contract/wall/clock-sync.ts).
 */
export function createServerClock(invoke: () => Promise<number>, options: ServerClockOptions = {}): ServerClock {
  const {
    initialSamples = 8, periodicSamples = 4, resyncMs = 60_000, quickResyncMs = 10_000, goodRttMs = 50, retryMs = 2_000,
    keepSamples = 16, maxSampleAgeMs = 10 * 60_000, localNow = monotonicNow, autoStart = true,
  } = options;
  let samples: ClockSample[] = [];
  let offsetMs = 0;
  let rttMs: number | null = null;
  let synced = false;
  let stopped = true;
  /** Bumped by stop(): a burst of an earlier run adds nothing after it. */
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The burst under way, of the run (generation) it belongs to. */
  let running: { gen: number; done: Promise<void> } | null = null;
  let settleReady!: () => void;
  const ready = new Promise<void>((resolve) => { settleReady = resolve; });
  const listeners = new Set<() => void>();

  const burst = async (count: number, gen: number): Promise<void> => {
    for (let i = 0; i < count && gen === generation; i++) {
      const t0 = localNow();
      let server: number;
      try {
        server = await invoke();
      } catch {
        return; // Not connected: the caller schedules a retry.
      }
      const t2 = localNow();
      if (gen !== generation || typeof server !== 'number' || !Number.isFinite(server) || t2 < t0) continue;
      samples.push({ t0, server, t2 });
    }
  };

  const estimate = (): void => {
    const newest = localNow();
    samples = samples.filter((s) => newest - s.t2 <= maxSampleAgeMs).slice(-keepSamples);
    const e = estimateOffset(samples);
    if (!e) return;
    offsetMs = e.offsetMs;
    rttMs = e.rttMs;
    if (!synced) {
      synced = true;
      settleReady();
    }
    for (const l of [...listeners]) l();
  };

  const schedule = (delay: number): void => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => { void run(synced ? periodicSamples : initialSamples); }, delay);
  };

  const run = (count: number): Promise<void> => {
    // One burst at a time: a resync asked during a periodic one waits for it.
    if (running?.gen === generation) return running.done;
    const gen = generation;
    const done = (async () => {
      const before = samples.length;
      await burst(count, gen);
      if (running?.gen === gen) running = null;
      if (gen !== generation) return;
      if (samples.length > before) estimate();
      if (!(samples.length > before && synced)) schedule(retryMs);
      else schedule(rttMs !== null && rttMs > goodRttMs ? quickResyncMs : resyncMs);
    })();
    running = { gen, done };
    return done;
  };

  const stop = (): void => {
    stopped = true;
    generation++;
    clearTimeout(timer);
  };
  const start = (): void => {
    if (!stopped) return;
    stopped = false;
    void run(synced ? periodicSamples : initialSamples);
  };
  if (autoStart) start();

  return {
    now: () => localNow() + offsetMs,
    delayUntil: (serverMs) => serverMs - (localNow() + offsetMs),
    get offsetMs() { return offsetMs; },
    get rttMs() { return rttMs; },
    get synced() { return synced; },
    ready,
    resync: () => (stopped ? Promise.resolve() : (running?.done ?? Promise.resolve()).then(() => (stopped ? undefined : run(initialSamples)))),
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    start,
    stop,
    dispose() {
      stop();
      listeners.clear();
    },
  };
}
