import type { Kysely } from 'kysely';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';
import { AlarmEngine, DEFAULT_ALARM_SETTINGS, type AlarmSettings } from './alarm-engine';
import type { AlarmRaiseListener } from './alarm-store';
import { sweepOffline } from './device-states';
import { IngestService } from './ingest-service';
import { pruneHistory, type PruneOptions, type PruneResult } from './retention';
import type { DeviceStateEvent, TelemetryEvents } from './telemetry-events';

export interface TelemetryOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  events: TelemetryEvents;
  /** Seconds without data before a device counts as offline; 0 switches the sweep off. */
  offlineAfterS: number;
  alarm?: AlarmSettings;
  /** The clock (tests and the simulator's fast mode pass their own). */
  now?: () => number;
  /** Where background failures are reported. */
  onError?: (err: unknown, job: string) => void;
  /** Told of each alarm raised, in its transaction (the alarm notification queue). */
  onRaise?: AlarmRaiseListener;
}

const PRUNE_EVERY_MS = 3_600_000;
const FIRST_PRUNE_AFTER_MS = 60_000;

/**
 * The telemetry module: the ingest path with its alarm engine, plus the background jobs that
 * `start` schedules and `stop` ends (offline sweep, history pruning). One per server.
 */
export class Telemetry {
  readonly events: TelemetryEvents;
  readonly ingest: IngestService;
  readonly engine: AlarmEngine;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly o: TelemetryOptions) {
    this.events = o.events;
    this.engine = new AlarmEngine(o.alarm ?? DEFAULT_ALARM_SETTINGS);
    this.ingest = new IngestService({ db: o.db, dialect: o.dialect, events: o.events, engine: this.engine, now: o.now, onRaise: o.onRaise });
  }

  private get now(): number {
    return (this.o.now ?? Date.now)();
  }

  /** Marks silent devices offline now, and announces each change. */
  sweepOffline(): Promise<DeviceStateEvent[]> {
    const offlineAfterMs = this.o.offlineAfterS * 1000;
    return this.ingest.exclusive(async () => {
      const changes = await sweepOffline(this.o.db, this.now, offlineAfterMs);
      for (const c of changes) this.events.emit('deviceState', c);
      return changes;
    });
  }

  /** Deletes history, messages, logs and cleared alarms past the retention settings now (retention.ts). */
  pruneHistory(opts: PruneOptions = {}): Promise<PruneResult> {
    return pruneHistory(this.o.db, this.now, { shouldStop: () => this.stopped, ...opts });
  }

  /** Schedules the background jobs. Timers do not keep the process alive. */
  start(): void {
    if (this.o.offlineAfterS > 0) {
      const every = Math.min(30_000, Math.max(1_000, (this.o.offlineAfterS * 1000) / 5));
      this.every(every, 'offline sweep', () => this.sweepOffline());
    }
    this.schedulePrune(FIRST_PRUNE_AFTER_MS);
  }

  /** One timer for retention: the next pass is scheduled when the last one ends, so passes never overlap. */
  private schedulePrune(ms: number): void {
    const t = setTimeout(() => {
      const i = this.timers.indexOf(t);
      if (i >= 0) this.timers.splice(i, 1);
      if (this.stopped) return;
      const p = this.pruneHistory().catch((err) => this.o.onError?.(err, 'history prune')).finally(() => {
        this.running.delete(p);
        if (!this.stopped) this.schedulePrune(PRUNE_EVERY_MS);
      });
      this.running.add(p);
    }, ms);
    t.unref();
    this.timers.push(t);
  }

  /** Ends the jobs and waits for those in flight, then drops every listener. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
    await Promise.allSettled([...this.running]);
    await this.ingest.exclusive(async () => undefined);
  }

  private every(ms: number, name: string, work: () => Promise<unknown>): void {
    const t = setInterval(() => this.job(name, work), ms);
    t.unref();
    this.timers.push(t);
  }

  private job(name: string, work: () => Promise<unknown>): void {
    if (this.stopped) return;
    const p = work().catch((err) => this.o.onError?.(err, name)).finally(() => this.running.delete(p));
    this.running.add(p);
  }
}
