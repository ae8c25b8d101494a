/**
 * The telemetry module's domain events: a small typed in-process bus, so ingest, the alarm engine
 * and the device-state sweep know nothing of who listens (the realtime hub bridges them to
 * `Notify`). Events are emitted after the transaction that caused them has committed, in order.
 */

/** One value of a `measureValues` batch. `ts`: epoch milliseconds of the sample. */
export interface MeasureValueItem {
  deviceId: number;
  measureId: number;
  projectId: number | null;
  value: number;
  ts: number;
}

/** A device's state changed (0 offline, 1 online, 2 alarm; SPEC §3). */
export interface DeviceStateEvent {
  deviceId: number;
  projectId: number | null;
  state: number;
  /** Epoch ms of the change. */
  ts: number;
}

/** An alarm as the real-time alarm list shows it (contract/alarms.ts `RealAlarm`), plus its clearing time. */
export interface AlarmSnapshot {
  /** Id of the real alarm (t_real_measure_warning) while it was open. */
  id: number;
  projectId: number | null;
  projectName: string;
  deviceId: number;
  deviceName: string;
  deviceState: number;
  measureId: number;
  measureName: string;
  conditionType: number;
  condition: string;
  conditionVal1: number | null;
  conditionVal2: number | null;
  sampleValue: number | null;
  printf: string;
  alarmContent: string;
  warnLevel: number;
  raisedAt: number;
  /** Set on `clear`. */
  clearedAt: number | null;
}

export interface MeasureWarningEvent {
  /** raise: a new real alarm; update: an open alarm's content changed (bitwise); clear: it ended. */
  action: 'raise' | 'update' | 'clear';
  alarm: AlarmSnapshot;
}

/** A message written to t_history_message for each of `userIds` (one row per user). */
export interface MessageEvent {
  userIds: number[];
  message: { type: number; content: string; data: string; createdAt: number };
}

export interface TelemetryEventMap {
  measureValues: { items: MeasureValueItem[] };
  deviceState: DeviceStateEvent;
  measureWarning: MeasureWarningEvent;
  message: MessageEvent;
}
export type TelemetryEventType = keyof TelemetryEventMap;
export type TelemetryListener<K extends TelemetryEventType> = (payload: TelemetryEventMap[K]) => void;

/**
 * The bus. Listeners run synchronously in `emit`; one that throws is reported to `onError` and
 * does not stop the others or the emitter. `on` returns the function that unsubscribes.
 */
export class TelemetryEvents {
  private readonly listeners: { [K in TelemetryEventType]: Set<TelemetryListener<K>> } = {
    measureValues: new Set(), deviceState: new Set(), measureWarning: new Set(), message: new Set(),
  };

  constructor(private readonly onError: (err: unknown, type: TelemetryEventType) => void = () => undefined) {}

  on<K extends TelemetryEventType>(type: K, listener: TelemetryListener<K>): () => void {
    this.listeners[type].add(listener);
    return () => this.off(type, listener);
  }

  off<K extends TelemetryEventType>(type: K, listener: TelemetryListener<K>): void {
    this.listeners[type].delete(listener);
  }

  emit<K extends TelemetryEventType>(type: K, payload: TelemetryEventMap[K]): void {
    for (const listener of [...this.listeners[type]]) {
      try {
        listener(payload);
      } catch (err) {
        this.onError(err, type);
      }
    }
  }

  listenerCount(type: TelemetryEventType): number {
    return this.listeners[type].size;
  }

  /** Drops every listener (server shutdown). */
  clear(): void {
    for (const set of Object.values(this.listeners)) set.clear();
  }
}
