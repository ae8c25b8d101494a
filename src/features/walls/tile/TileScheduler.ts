import { timerDelay } from '../../../../contract/wall/rotation-schedule';
import { WALL_PREPARE_MS } from '../../../../contract/walls';
import { slotsAt, type Slot, type TilePlan } from './tileSlots';

/** One mounted occurrence of an item: on screen, or being prepared out of sight. */
export interface WallMount<T> extends Slot<T> {
  /** Its widgets have left their loading state (or it failed for good: nothing more will come). */
  ready: boolean;
  /** Server ms it was mounted. */
  mountedAt: number;
}

/** What the tile renders and reports. */
export interface TileScheduleState<T> {
  /** On screen; null until the first item is ready. */
  shown: WallMount<T> | null;
  /** Mounted out of sight: the item due now when it is not on screen yet, and the one up next. */
  pending: WallMount<T>[];
  /** Server ms `shown` was put on screen. */
  switchedAt: number | null;
  /** How late the last scheduled switch (from one slot of the rotation to the next) came against its startsAt, ms (null before the first). */
  skewMs: number | null;
  /** Scheduled switches done. */
  switches: number;
  /** The item due is not ready yet: the previous one stays until it is (catch-up, nobody waits). */
  late: boolean;
}

export interface TileSchedulerOptions<T> {
  /** The server clock, ms. */
  now(): number;
  onChange(state: TileScheduleState<T>): void;
  /** How long before its start the next item is mounted. */
  prepareMs?: number;
  /** How long a due item that is still loading is waited for before it is shown anyway. */
  catchUpCapMs?: number;
  /** Runs `run` when the server clock reaches `serverMs`; returns a cancel. */
  at?(serverMs: number, run: () => void): () => void;
}

/** A due item still loading this long after its start is shown as it is (its widgets say they load). */
export const CATCH_UP_CAP_MS = 10_000;

/**
 * After a switch, the item up next is mounted this long later (at most a quarter of the
 * preparation time), not in the switch's own task: mounting a template takes the main thread
 * tens of ms, and in the switch's task it delayed the picture by as much, by a different amount on
 * every tile (when an item lasts no longer than the preparation time, each switch was one).
 */
export const SWITCH_SETTLE_MS = 100;

/**
 * A setTimeout-based wake-up at a server time. A timer that fires early (the clock's offset was
 * corrected meanwhile) is set again for the rest, so it never runs before its time.
 */
export function serverTimer(now: () => number) {
  return (serverMs: number, run: () => void): (() => void) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(() => {
        if (now() < serverMs) arm();
        else run();
      }, timerDelay(serverMs, now()));
    };
    arm();
    return () => clearTimeout(timer);
  };
}

/**
 * A wall tile's rotation, free of React (issue 23, "Synchronised"). What is due on screen is a
 * pure function of the server clock ({@link slotsAt}); this mounts the next item out of sight
 * `prepareMs` before its start, switches at its start when it is ready, and otherwise as soon as
 * it is (or after `catchUpCapMs`, loading or not): a late tile catches up, the others never wait.
 * A new plan (the wall saved, a template edited) may take effect at a later server time, so every
 * tile switches to it together. Timers are the global ones, so tests drive it with fake timers.
 */
export class TileScheduler<T> {
  private state: TileScheduleState<T> = { shown: null, pending: [], switchedAt: null, skewMs: null, switches: 0, late: false };
  private plan: TilePlan<T> | null = null;
  /** A plan that takes effect at `from` (server ms). */
  private upcomingPlan: { plan: TilePlan<T>; from: number } | null = null;
  private resets: { startsAt: number; count: number } | null = null;
  private cancelTimer: (() => void) | null = null;
  private disposed = false;
  private readonly prepareMs: number;
  private readonly capMs: number;
  private readonly settleMs: number;
  private readonly at: (serverMs: number, run: () => void) => () => void;

  constructor(private readonly options: TileSchedulerOptions<T>) {
    this.prepareMs = options.prepareMs ?? WALL_PREPARE_MS;
    this.capMs = options.catchUpCapMs ?? CATCH_UP_CAP_MS;
    this.settleMs = Math.min(SWITCH_SETTLE_MS, this.prepareMs / 4);
    this.at = options.at ?? serverTimer(options.now);
  }

  get snapshot(): TileScheduleState<T> {
    return this.state;
  }

  /**
   * The wall's rotation from server time `from` on (default: now). Until then the plan in force
   * stays, and the item the new plan shows at `from` is prepared out of sight before it. Null: no
   * plan (nothing to show).
   */
  setPlan(plan: TilePlan<T> | null, from?: number): void {
    const now = this.options.now();
    if (plan && this.plan && from !== undefined && from > now) this.upcomingPlan = { plan, from };
    else {
      this.plan = plan && plan.items.length ? plan : null;
      this.upcomingPlan = null;
    }
    this.evaluate();
  }

  /** The mount `key` shows its data (or failed for good). */
  reportReady(key: string): void {
    const mount = this.state.pending.find((m) => m.key === key);
    if (!mount || mount.ready) return;
    this.update({ pending: this.state.pending.map((m) => (m === mount ? { ...m, ready: true } : m)) });
    this.evaluate();
  }

  /**
   * Puts the item on screen back in its synchronised state (an operator left it rotated, zoomed
   * or with a tooltip open): a fresh mount of it is prepared out of sight and takes over when ready.
   */
  resetView(): void {
    const shown = this.state.shown;
    if (!shown || !this.plan) return;
    const count = this.resets?.startsAt === shown.startsAt ? this.resets.count + 1 : 1;
    this.resets = { startsAt: shown.startsAt, count };
    this.evaluate();
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** The plan in force at `t`, taking a pending one over once its time has come. */
  private planAt(t: number): TilePlan<T> | null {
    if (this.upcomingPlan && this.upcomingPlan.from <= t) {
      this.plan = this.upcomingPlan.plan.items.length ? this.upcomingPlan.plan : null;
      this.upcomingPlan = null;
    }
    return this.plan;
  }

  /** The next change of what is due on screen: the rotation's next slot, or a new plan's start. */
  private nextChange(next: Slot<T> | null): { at: number; slot: Slot<T> | null } | null {
    const upcoming = this.upcomingPlan;
    if (upcoming && (!next || upcoming.from <= next.startsAt)) {
      const slot = upcoming.plan.items.length ? slotsAt(upcoming.plan, upcoming.from, this.resets).current : null;
      return { at: upcoming.from, slot };
    }
    return next ? { at: next.startsAt, slot: next } : null;
  }

  /** Decides what is mounted and shown now, and sets the one timer for the next decision. */
  private evaluate(): void {
    if (this.disposed) return;
    this.cancelTimer?.();
    this.cancelTimer = null;
    const t = this.options.now();
    const plan = this.planAt(t);
    if (!plan) {
      if (this.state.shown || this.state.pending.length) this.update({ shown: null, pending: [], late: false });
      return;
    }
    const { current, next } = slotsAt(plan, t, this.resets);
    const change = this.nextChange(next);
    const prepareAt = change ? change.at - this.prepareMs : Infinity;
    const wanted = [current, ...(change?.slot && t >= prepareAt ? [change.slot] : [])];

    let { shown } = this.state;
    const kept = this.state.pending.filter((m) => wanted.some((w) => w.key === m.key) && m.key !== shown?.key);
    for (const w of wanted) {
      if (w.key !== shown?.key && !kept.some((m) => m.key === w.key)) kept.push({ ...w, ready: false, mountedAt: t });
    }
    let pending = kept;
    const patch: Partial<TileScheduleState<T>> = {};
    let waitUntil = Infinity;
    if (shown?.key !== current.key) {
      const due = pending.find((m) => m.key === current.key)!;
      const capAt = Math.max(current.startsAt, due.mountedAt) + this.capMs;
      if (due.ready || t >= capAt) {
        // A rotation's next slot; not a first show, a view reset, or a restart (the wall saved).
        const scheduled = shown !== null && shown.startsAt !== current.startsAt && shown.epoch === current.epoch;
        pending = pending.filter((m) => m !== due);
        shown = due;
        Object.assign(patch, { shown, switchedAt: t, ...(scheduled ? { skewMs: t - current.startsAt, switches: this.state.switches + 1 } : {}) });
      } else {
        waitUntil = capAt;
      }
    }
    let settleUntil = Infinity;
    if (patch.shown !== undefined && change?.slot && wanted.length > 1) {
      // Switched just now: the next item's fresh mount waits until the switch is on screen.
      const next = change.slot;
      const fresh = pending.find((m) => m.key === next.key && m.mountedAt === t && !this.state.pending.includes(m));
      if (fresh) {
        pending = pending.filter((m) => m !== fresh);
        settleUntil = t + this.settleMs;
      }
    }
    patch.late = shown?.key !== current.key;
    patch.pending = pending;
    if (pending.length !== this.state.pending.length || pending.some((m, i) => m !== this.state.pending[i])
      || patch.shown !== undefined || patch.late !== this.state.late) this.update(patch);

    const wake = Math.min(waitUntil, settleUntil, change ? (t < prepareAt ? prepareAt : change.at) : Infinity);
    if (Number.isFinite(wake)) this.cancelTimer = this.at(wake, () => this.evaluate());
  }

  private update(patch: Partial<TileScheduleState<T>>): void {
    this.state = { ...this.state, ...patch };
    if (!this.disposed) this.options.onChange(this.state);
  }
}
