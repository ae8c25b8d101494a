import { dataVersionAt, dataVersionStart } from '../../../../contract/wall/rotation-schedule';
import type { ParamValue, ReadInfo, ScreenDataClient } from '../../../../screens/runtime/types';
import type { ServerClock } from './serverClock';

/** A wall tile's screen client: {@link ScreenDataClient} plus what its health report says of the data. */
export interface SyncedScreenClient extends ScreenDataClient {
  /** Stops the release timers; held answers and pushes are dropped. */
  dispose(): void;
  /** The data version of the last answer released for the shortest-interval source; null before any. */
  dataVersion(): number | null;
  /** How old (ms) the oldest data among the REST sources still being read is; null when none is. */
  dataAgeMs(): number | null;
}

export interface SyncedClientOptions {
  /** Pushes are applied on server-clock ticks this far apart. */
  tickMs?: number;
  /** A push is applied at the first tick more than this after it was sent (time for it to reach every tile). */
  pushLagMs?: number;
  /**
   * A version's read starts this long before its boundary (at most a quarter of the interval) and
   * its answer is held until the boundary, so every tile shows it at the same instant.
   */
  leadMs?: number;
  /** The query parameter carrying the data version (the server caches a display principal's GET by it). */
  versionParam?: string;
}

export const SYNC_TICK_MS = 1_000;
export const PUSH_LAG_MS = 250;
export const READ_LEAD_MS = 1_500;
/** A source not read for its interval plus this long is no longer on the screen (its age is not reported). */
const FORGET_AFTER_MS = 15_000;

interface Tracked {
  refreshMs: number;
  /** Server ms of the last read asked. */
  askedAt: number;
  /** Server ms when its last good answer was shown; null before one (then its age counts from the first ask). */
  shownAt: number | null;
  /** Server ms of the first read asked. */
  since: number;
  /** The data version of the answer shown last. */
  version: number | null;
}

interface Subscription {
  handler: (data: unknown, sentAt?: number) => void;
  active: boolean;
}

interface Held {
  sub: Subscription;
  data: unknown;
  sentAt: number;
}

const abortError = () => new DOMException('The read was aborted.', 'AbortError');

function keyOf(endpoint: string, params: Record<string, ParamValue>): string {
  return `${endpoint}?${Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&')}`;
}

/**
 * Wraps a tile's screen client so every tile of a wall shows the same data at the same instant
 * (DESIGN "Video walls", data version): a REST read of a source refreshing every `I` ms asks for
 * `_v = ⌊serverNow / I⌋` of the version it is for (the server answers every tile of the wall the
 * same cached body), starts `leadMs` before that version's boundary, and its answer is held until
 * the boundary on the server clock (an answer late for it is shown at once: the tile catches up,
 * nobody waits); {@link ScreenDataClient.nextReadIn} puts the next read on the next boundary. Hub
 * pushes are held and handed on at 1 s server-clock ticks: those sent (`sentAt`) more than
 * `pushLagMs` before the tick, so every tile applies the same set at the same tick.
 */
export function createSyncedScreenClient(inner: ScreenDataClient, clock: ServerClock, options: SyncedClientOptions = {}): SyncedScreenClient {
  const { tickMs = SYNC_TICK_MS, pushLagMs = PUSH_LAG_MS, leadMs = READ_LEAD_MS, versionParam = '_v' } = options;
  const leadOf = (refreshMs: number) => Math.min(leadMs, refreshMs / 4);
  /**
   * The version a read started now is for: the one beginning within lead + half a lead. The slack
   * keeps a read that fires a little early (a timer's whole-ms rounding, an offset corrected since
   * it was set) on the version it was scheduled for: asking for the one before would show that
   * version for a whole interval longer than the other tiles.
   */
  const versionFor = (now: number, refreshMs: number) => dataVersionAt(now + leadOf(refreshMs) * 1.5, refreshMs);
  const tracked = new Map<string, Tracked>();
  const releases = new Set<() => void>();
  let held: Held[] = [];
  let tickTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const tick = (at: number): void => {
    tickTimer = undefined;
    const cutoff = at - pushLagMs;
    const due: Held[] = [];
    const kept: Held[] = [];
    for (const h of held) {
      if (!h.sub.active) continue;
      (h.sentAt < cutoff ? due : kept).push(h);
    }
    held = kept;
    for (const h of due) {
      // A handler unsubscribed by an earlier one in this batch gets nothing more.
      if (h.sub.active) h.sub.handler(h.data, h.sentAt);
    }
    scheduleTick();
  };

  function scheduleTick(): void {
    if (disposed || tickTimer !== undefined || !held.length) return;
    const at = (Math.floor(clock.now() / tickMs) + 1) * tickMs;
    tickTimer = setTimeout(() => tick(at), Math.max(0, Math.ceil(clock.delayUntil(at))));
  }

  const shown = (key: string, version: number) => {
    const t = tracked.get(key);
    if (!t) return;
    t.shownAt = clock.now();
    t.version = version;
  };

  /** The sources still read (a source no longer asked for is forgotten here). */
  const live = (): Tracked[] => {
    const now = clock.now();
    for (const [key, t] of tracked) if (now - t.askedAt > t.refreshMs + FORGET_AFTER_MS) tracked.delete(key);
    return [...tracked.values()];
  };

  const syncedGet = (endpoint: string, params: Record<string, ParamValue>, signal: AbortSignal, read: ReadInfo): Promise<unknown> => {
    const { refreshMs } = read;
    const now = clock.now();
    const version = versionFor(now, refreshMs);
    const releaseAt = dataVersionStart(version, refreshMs);
    const key = keyOf(endpoint, params);
    const t = tracked.get(key);
    if (t) {
      t.refreshMs = refreshMs;
      t.askedAt = now;
    } else {
      tracked.set(key, { refreshMs, askedAt: now, shownAt: null, since: now, version: null });
    }
    return inner.get(endpoint, { ...params, [versionParam]: version }, signal, read).then((data) => new Promise<unknown>((resolve, reject) => {
      if (disposed || signal.aborted) {
        reject(abortError());
        return;
      }
      const wait = Math.ceil(clock.delayUntil(releaseAt));
      if (wait <= 0) {
        shown(key, version);
        resolve(data);
        return;
      }
      const timer = setTimeout(() => {
        releases.delete(drop);
        signal.removeEventListener('abort', drop);
        shown(key, version);
        resolve(data);
      }, wait);
      function drop(): void {
        clearTimeout(timer);
        releases.delete(drop);
        signal.removeEventListener('abort', drop);
        reject(abortError());
      }
      releases.add(drop);
      signal.addEventListener('abort', drop, { once: true });
    }));
  };

  return {
    answered: inner.answered ? (endpoint, params) => inner.answered!(endpoint, params) : undefined,
    get(endpoint, params, signal, read) {
      if (!read || !(read.refreshMs > 0)) return inner.get(endpoint, params, signal, read);
      return syncedGet(endpoint, params, signal, read);
    },
    nextReadIn(refreshMs) {
      const now = clock.now();
      const lead = leadOf(refreshMs);
      const nextBoundary = dataVersionStart(versionFor(now, refreshMs) + 1, refreshMs);
      // Whole ms up: a timer never fires before its boundary minus the lead.
      return Math.max(0, Math.ceil(nextBoundary - lead - now));
    },
    subscribe: (topic) => inner.subscribe(topic),
    on(event, handler) {
      const sub: Subscription = { handler, active: true };
      const off = inner.on(event, (data, sentAt) => {
        if (disposed || !sub.active) return;
        held.push({ sub, data, sentAt: typeof sentAt === 'number' && Number.isFinite(sentAt) ? sentAt : clock.now() });
        scheduleTick();
      });
      return () => {
        sub.active = false;
        off();
      };
    },
    onResync: (handler) => inner.onResync(handler),
    hubHealth: () => inner.hubHealth(),
    onHubHealth: (handler) => inner.onHubHealth(handler),
    dataVersion() {
      let best: Tracked | null = null;
      for (const t of live()) {
        if (t.version === null) continue;
        if (!best || t.refreshMs < best.refreshMs || (t.refreshMs === best.refreshMs && t.version > best.version!)) best = t;
      }
      return best?.version ?? null;
    },
    dataAgeMs() {
      const now = clock.now();
      let oldest: number | null = null;
      for (const t of live()) {
        const age = now - (t.shownAt ?? t.since);
        if (oldest === null || age > oldest) oldest = age;
      }
      return oldest === null ? null : Math.max(0, Math.round(oldest));
    },
    dispose() {
      disposed = true;
      clearTimeout(tickTimer);
      tickTimer = undefined;
      held = [];
      for (const drop of [...releases]) drop();
    },
  };
}
