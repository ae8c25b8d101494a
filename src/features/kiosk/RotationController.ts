import { failureBackoffMs, nextCandidate, type RotationEntry } from './rotationPlan';

/** One mounted item: `id` is new for every mount, so reports of a mount already gone are ignored. */
export interface Mount {
  id: number;
  index: number;
  key: string;
  ready: boolean;
  /** Part of its data is on screen: at the deadline it is shown rather than skipped. */
  showable: boolean;
}

/** What the player renders: the item on screen, the one being prepared out of sight, and the clock. */
export interface RotationState {
  entries: RotationEntry[];
  current: Mount | null;
  next: Mount | null;
  /** Scaled duration of the current item, and how much of it has played before `runningSince`. */
  durationMs: number;
  elapsedMs: number;
  /** When the clock last started running (Date.now()); null while paused. */
  runningSince: number | null;
  paused: boolean;
  /** The current item's time is up but the next is not ready yet: it stays a little longer. */
  holding: boolean;
  /** Switches from one item to another since the player started. */
  rotations: number;
}

export interface RotationOptions {
  onChange(state: RotationState): void;
  log(line: string): void;
  /** How long before its turn the next item is mounted (real ms; the whole item when shorter). */
  preloadLeadMs?: number;
  /** How long past its time the current item waits for a next that is not ready, before that one is given up. */
  holdCapMs?: number;
  /** First wait before a failed item is tried again (doubling to a minute). */
  retryMs?: number;
}

/**
 * The rotation clock of the kiosk player, free of React: which entry is shown, which is being
 * prepared, when to switch. The next entry is mounted `preloadLeadMs` before its turn; the switch
 * happens when the current one's time is up and the next reports ready. A next that is not ready
 * keeps the current one on screen up to `holdCapMs` longer; then it is shown if part of its data is
 * there, else given up for a while and the one after it is prepared; a failed entry is left out with a growing backoff. Pausing freezes the
 * current entry's remaining time. Timers are the global ones, so tests drive it with fake timers.
 */
export class RotationController {
  private state: RotationState = {
    entries: [], current: null, next: null, durationMs: 0, elapsedMs: 0, runningSince: null, paused: false, holding: false, rotations: 0,
  };
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextDeadline: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly failures = new Map<string, { count: number; until: number }>();
  private readonly lead: number;
  private readonly cap: number;
  private readonly retry: number;
  private disposed = false;

  constructor(private readonly options: RotationOptions) {
    this.lead = options.preloadLeadMs ?? 15_000;
    this.cap = options.holdCapMs ?? 20_000;
    this.retry = options.retryMs ?? 5_000;
  }

  get snapshot(): RotationState {
    return this.state;
  }

  /** A new or re-read playlist: the current item stays on screen if it is still listed (else until its time is up). */
  setEntries(entries: RotationEntry[]): void {
    const { current, next } = this.state;
    const keys = entries.map((e) => e.key);
    for (const key of this.failures.keys()) if (!keys.includes(key)) this.failures.delete(key);
    if (!entries.length) {
      this.clearTimers();
      this.update({ entries, current: null, next: null, holding: false, elapsedMs: 0, runningSince: null });
      return;
    }
    const relocate = (m: Mount | null): Mount | null => (m ? { ...m, index: keys.indexOf(m.key) } : null);
    const moved = relocate(current);
    const durationMs = moved && moved.index >= 0 ? entries[moved.index].durationMs : this.state.durationMs;
    let movedNext = relocate(next);
    if (movedNext) {
      const expected = nextCandidate(entries.length, moved?.index ?? -1, (i) => this.blocked(entries[i].key));
      if (expected !== movedNext.index) movedNext = null;
    }
    this.update({ entries, current: moved, next: movedNext, durationMs });
    this.evaluate();
  }

  /** The mount `id` has its data on screen. */
  reportReady(id: number): void {
    const { next } = this.state;
    if (next?.id !== id || next.ready) return;
    this.update({ next: { ...next, ready: true } });
    this.evaluate();
  }

  /** The mount `id` shows part of its data (some widget still loading): good enough once the deadline comes. */
  reportShowable(id: number): void {
    const { next } = this.state;
    if (next?.id !== id || next.showable || next.ready) return;
    this.update({ next: { ...next, showable: true } });
  }

  /** The mount `id` cannot show its item (gone, error, not ready in time): it is skipped. */
  reportFailed(id: number, reason: string): void {
    const { next, current, entries } = this.state;
    const mount = next?.id === id ? next : current?.id === id ? current : null;
    if (!mount) return;
    const count = (this.failures.get(mount.key)?.count ?? 0) + 1;
    const backoff = failureBackoffMs(count, this.retry);
    this.failures.set(mount.key, { count, until: Date.now() + backoff });
    const title = mount.index >= 0 ? entries[mount.index]?.title : mount.key;
    this.options.log(`kiosk: skipped "${title}" (${mount.key}): ${reason}; tried again in ${backoff / 1000} s at the earliest`);
    if (mount === next) {
      clearTimeout(this.nextDeadline);
      this.update({ next: null });
    } else {
      // The item on screen broke: its time is up now, the next one takes over as soon as it is ready.
      this.update({ elapsedMs: this.state.durationMs, runningSince: this.state.paused ? null : Date.now() });
    }
    this.evaluate();
  }

  pause(): void {
    if (this.state.paused) return;
    const { runningSince, elapsedMs } = this.state;
    this.update({ paused: true, runningSince: null, elapsedMs: elapsedMs + (runningSince === null ? 0 : Date.now() - runningSince) });
    clearTimeout(this.timer);
  }

  resume(): void {
    if (!this.state.paused) return;
    this.update({ paused: false, runningSince: Date.now() });
    this.evaluate();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimers();
  }

  private blocked(key: string): boolean {
    return (this.failures.get(key)?.until ?? 0) > Date.now();
  }

  private remainingMs(): number {
    const { durationMs, elapsedMs, runningSince } = this.state;
    return durationMs - elapsedMs - (runningSince === null ? 0 : Date.now() - runningSince);
  }

  /** Decides what happens now and sets the one timer for the next decision. */
  private evaluate(): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    const { entries, current, next, paused } = this.state;
    if (!entries.length) return;
    if (!current) {
      if (next?.ready) this.switchToNext();
      else if (!next) this.prepare(-1, 0);
      return;
    }
    const remaining = this.remainingMs();
    if (!next && remaining <= this.lead) this.prepare(current.index, remaining);
    if (paused) return;
    if (remaining <= 0) {
      if (this.state.next?.ready) {
        this.switchToNext();
        return;
      }
      if (!this.state.next && !this.alternativeExists()) {
        // The only playable item: it simply starts over.
        this.update({ elapsedMs: 0, runningSince: Date.now(), holding: false });
        this.evaluate();
        return;
      }
      if (!this.state.holding) this.update({ holding: true });
      return;
    }
    const until = this.state.next ? remaining : remaining - this.lead;
    this.timer = setTimeout(() => this.evaluate(), Math.max(0, until));
  }

  private alternativeExists(): boolean {
    const { entries, current } = this.state;
    return entries.some((_entry, i) => i !== current?.index);
  }

  /** Mounts the entry after `from` out of sight, with a deadline to become ready. */
  private prepare(from: number, remainingMs: number): void {
    const { entries } = this.state;
    const index = nextCandidate(entries.length, from, (i) => this.blocked(entries[i].key));
    if (index === null) {
      // A single playable item has nothing to prepare; otherwise every other one is failing for now.
      if (!this.state.current || this.alternativeExists()) this.scheduleRetry();
      return;
    }
    const mount: Mount = { id: ++this.seq, index, key: entries[index].key, ready: false, showable: false };
    this.update({ next: mount });
    clearTimeout(this.nextDeadline);
    const budget = Math.max(0, Math.min(this.lead, remainingMs)) + this.cap;
    this.nextDeadline = setTimeout(() => {
      const late = this.state.next;
      if (late?.id !== mount.id || late.ready) return;
      const within = `within ${Math.round(budget / 1000)} s`;
      if (!late.showable) {
        this.reportFailed(mount.id, `nothing to show ${within}`);
        return;
      }
      // Most of it is there (a slow 3D part, say): better on screen than skipped for good.
      this.options.log(`kiosk: showing "${entries[index].title}" (${mount.key}) with part of its data: not all of it arrived ${within}`);
      this.update({ next: { ...late, ready: true } });
      this.evaluate();
    }, budget);
  }

  /** Every other item is failing (a server away): look again when the first backoff ends. */
  private scheduleRetry(): void {
    if (this.retryTimer !== undefined) return;
    const now = Date.now();
    const untils = [...this.failures.values()].map((f) => f.until).filter((u) => u > now);
    const wait = untils.length ? Math.min(...untils) - now : this.retry;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.evaluate();
    }, wait);
  }

  private switchToNext(): void {
    const { current, next, entries } = this.state;
    if (!next) return;
    clearTimeout(this.nextDeadline);
    this.failures.delete(next.key);
    this.update({
      current: next, next: null, durationMs: entries[next.index].durationMs, elapsedMs: 0,
      runningSince: this.state.paused ? null : Date.now(), holding: false, rotations: this.state.rotations + (current ? 1 : 0),
    });
    this.evaluate();
  }

  private update(patch: Partial<RotationState>): void {
    this.state = { ...this.state, ...patch };
    if (!this.disposed) this.options.onChange(this.state);
  }

  private clearTimers(): void {
    clearTimeout(this.timer);
    clearTimeout(this.nextDeadline);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
