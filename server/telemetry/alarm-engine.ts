import { ConditionType } from '../../contract/conditions';
import { isChangeCondition, reportedBits, violates, type AlarmRule } from './conditions';

/** How an alarm is raised and cleared (DESIGN: a noisy value must not flap). */
export interface AlarmSettings {
  /** Consecutive violating samples that raise an alarm (change conditions raise on the first). */
  raiseAfter: number;
  /** Consecutive normal samples that clear it. */
  clearAfter: number;
  /** Hysteresis: to count as normal again, a value must be back by this fraction of the set value. */
  hysteresis: number;
}

export const DEFAULT_ALARM_SETTINGS: AlarmSettings = { raiseAfter: 2, clearAfter: 2, hysteresis: 0.02 };

/** What one sample does to a point's alarm. */
export type AlarmDecision = 'raise' | 'update' | 'clear' | null;

interface Counters { bad: number; good: number }
const ZERO: Counters = { bad: 0, good: 0 };

export interface SampleInput {
  /** The rule after device overrides; null when the point has no enabled, complete rule. */
  rule: AlarmRule | null;
  value: number;
  previous: number | null;
  /** The open alarm's sample value, or undefined when no alarm is open on the point. */
  openSample: number | null | undefined;
}

/**
 * The debounce counters of every point (device, measure), and the decision one sample makes.
 * Counters live in memory: after a restart a point needs `raiseAfter` samples again, while alarms
 * already open stay open (they are in the database). Work on a batch happens in a `Staging`,
 * committed only once the batch's transaction has committed.
 */
export class AlarmEngine {
  private readonly counters = new Map<string, Counters>();
  private readonly stats = { evaluations: 0 };

  constructor(readonly settings: AlarmSettings = DEFAULT_ALARM_SETTINGS) {}

  begin(): AlarmStaging {
    return new AlarmStaging(this.counters, this.settings, this.stats);
  }

  /** Samples assessed since start (GET /metrics). */
  get evaluations(): number {
    return this.stats.evaluations;
  }

  /** Points with a count in progress (for tests and diagnostics). */
  get trackedPoints(): number {
    return this.counters.size;
  }

  forgetDevice(deviceId: number): void {
    for (const key of this.counters.keys()) if (key.startsWith(`${deviceId}:`)) this.counters.delete(key);
  }
}

export class AlarmStaging {
  private readonly staged = new Map<string, Counters>();

  constructor(
    private readonly committed: Map<string, Counters>,
    private readonly settings: AlarmSettings,
    private readonly stats: { evaluations: number } = { evaluations: 0 },
  ) {}

  /** The decision for one sample of point `key`, in time order. */
  assess(key: string, s: SampleInput): AlarmDecision {
    this.stats.evaluations++;
    const open = s.openSample !== undefined;
    if (!s.rule) {
      this.set(key, ZERO);
      return open ? 'clear' : null;
    }
    const c = this.staged.get(key) ?? this.committed.get(key) ?? ZERO;
    if (!open) {
      if (!violates(s.rule, s.value, s.previous)) {
        this.set(key, ZERO);
        return null;
      }
      const bad = c.bad + 1;
      const needed = isChangeCondition(s.rule.conditionType) ? 1 : this.settings.raiseAfter;
      this.set(key, bad >= needed ? ZERO : { bad, good: 0 });
      return bad >= needed ? 'raise' : null;
    }
    if (violates(s.rule, s.value, s.previous, this.settings.hysteresis)) {
      this.set(key, ZERO);
      const bitwise = s.rule.conditionType === ConditionType.Bitwise;
      const openSample = s.openSample ?? null;
      const changed = bitwise && (openSample === null || reportedBits(s.value, s.rule.printf) !== reportedBits(openSample, s.rule.printf));
      return changed && violates(s.rule, s.value, s.previous) ? 'update' : null;
    }
    const good = c.good + 1;
    this.set(key, good >= this.settings.clearAfter ? ZERO : { bad: 0, good });
    return good >= this.settings.clearAfter ? 'clear' : null;
  }

  commit(): void {
    for (const [key, c] of this.staged) {
      if (c.bad === 0 && c.good === 0) this.committed.delete(key);
      else this.committed.set(key, c);
    }
  }

  private set(key: string, c: Counters): void {
    this.staged.set(key, c);
  }
}

/** The key of a point in the engine's maps. */
export const pointKey = (deviceId: number, measureId: number) => `${deviceId}:${measureId}`;
