import type { Kysely, Transaction } from 'kysely';
import { DeviceState } from '../../contract/enums';
import { IngestItem, MAX_FUTURE_MS, type IngestResult } from '../../contract/telemetry';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';
import { AlarmEngine, pointKey } from './alarm-engine';
import { AlarmRecipients } from './alarm-recipients';
import { writeAlarms, type AlarmAction, type AlarmRaiseListener } from './alarm-store';
import { applyDeviceStates } from './device-states';
import { storedAlready, writeHistory, type Sample } from './history-writer';
import { findMeasure, loadContext, ruleOf, type DeviceFilter, type DeviceInfo, type MeasureInfo } from './ingest-context';
import type { MeasureValueItem, TelemetryEvents } from './telemetry-events';

interface Resolved { index: number; device: DeviceInfo; measure: MeasureInfo; value: number; ts: number }

export interface IngestServiceOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  events: TelemetryEvents;
  engine: AlarmEngine;
  now?: () => number;
  /** Told of each alarm raised, in the batch's transaction (the notification queue). */
  onRaise?: AlarmRaiseListener;
}

function itemError(item: unknown): string | null {
  const r = IngestItem.safeParse(item);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/**
 * The one write path for measure values: HTTP ingest and the simulator both call `ingest`.
 * A batch is validated item by item, then written in one transaction: raw history and rollups,
 * current values, device liveness and state, and alarms. Batches run one at a time, so the alarm
 * engine sees each point's samples in order; events go out after the commit.
 */
export class IngestService {
  private readonly db: Kysely<DB>;
  private readonly dialect: Dialect;
  private readonly events: TelemetryEvents;
  readonly engine: AlarmEngine;
  readonly recipients: AlarmRecipients;
  private readonly now: () => number;
  private readonly onRaise?: AlarmRaiseListener;
  private tail: Promise<unknown> = Promise.resolve();
  /** When each batch or job now queued or running was handed in (for `lagMs`). */
  private readonly waiting = new Set<{ since: number }>();

  constructor(o: IngestServiceOptions) {
    this.db = o.db;
    this.dialect = o.dialect;
    this.events = o.events;
    this.engine = o.engine;
    this.now = o.now ?? Date.now;
    this.onRaise = o.onRaise;
    this.recipients = new AlarmRecipients(this.now);
  }

  /** Stores a batch. `filter` limits the devices to one gateway's (X-Gateway-Key callers). */
  ingest(items: unknown[], filter: DeviceFilter = null): Promise<IngestResult> {
    return this.exclusive(() => this.run(items, filter));
  }

  /** Runs `work` when no batch is being written (the offline sweep changes device states too). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const entry = { since: Date.now() };
    this.waiting.add(entry);
    const run = this.tail.then(work).finally(() => this.waiting.delete(entry));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * How long the oldest batch still queued or being written has waited, in ms (0 when idle): the
   * ingest lag that GET /readyz bounds. Wall-clock time, whatever clock the service stores with.
   */
  lagMs(): number {
    let oldest = Infinity;
    for (const w of this.waiting) oldest = Math.min(oldest, w.since);
    return oldest === Infinity ? 0 : Date.now() - oldest;
  }

  private async run(items: unknown[], filter: DeviceFilter): Promise<IngestResult> {
    const now = this.now();
    const rejected: IngestResult['rejected'] = [];
    const parsed: { index: number; item: IngestItem }[] = [];
    items.forEach((item, index) => {
      const error = itemError(item);
      if (error) rejected.push({ index, error });
      else parsed.push({ index, item: item as IngestItem });
    });
    const ids = [...new Set(parsed.map((p) => p.item.deviceId).filter((id): id is number => id !== undefined))];
    const codes = [...new Set(parsed.map((p) => p.item.deviceCode).filter((c): c is string => c !== undefined))];
    const staging = this.engine.begin();

    const outcome = await this.db.transaction().execute(async (trx) => {
      const ctx = await loadContext(trx, ids, codes, filter);
      const byPoint = new Map<string, Resolved[]>();
      for (const { index, item } of parsed) {
        const device = item.deviceId !== undefined ? ctx.devicesById.get(item.deviceId) : ctx.devicesByCode.get(item.deviceCode!.trim());
        if (!device) { rejected.push({ index, error: 'unknown device' }); continue; }
        const measure = findMeasure(ctx, device, item.measureId, item.tag);
        if (!measure) { rejected.push({ index, error: 'unknown measure' }); continue; }
        const ts = item.ts ?? now;
        if (ts > now + MAX_FUTURE_MS) { rejected.push({ index, error: 'ts: more than 5 minutes in the future' }); continue; }
        const key = pointKey(device.id, measure.id);
        byPoint.set(key, [...(byPoint.get(key) ?? []), { index, device, measure, value: item.value, ts }]);
      }

      const fresh: Resolved[] = [];
      const olderThanCurrent: Resolved[] = [];
      let duplicates = 0;
      const actions: AlarmAction[] = [];
      const latest = new Map<string, Resolved>();
      // The engine's view of which points are open, following its own decisions within the batch.
      const openView = new Map([...ctx.open].map(([key, a]) => [key, a.sampleValue]));
      for (const [key, list] of byPoint) {
        list.sort((a, b) => a.ts - b.ts || a.index - b.index);
        let current = ctx.real.get(key);
        let lastTs = -1;
        for (const r of list) {
          if (r.ts === lastTs || (current && r.ts === current.ts)) { duplicates++; continue; }
          lastTs = r.ts;
          if (current && r.ts < current.ts) { olderThanCurrent.push(r); continue; }
          const rule = ruleOf(ctx, r.device, r.measure);
          const decision = staging.assess(key, {
            rule, value: r.value, previous: current?.value ?? null,
            openSample: openView.has(key) ? openView.get(key)! : undefined,
          });
          if (decision) actions.push({ decision, device: r.device, measure: r.measure, rule, value: r.value, ts: r.ts });
          if (decision === 'clear') openView.delete(key);
          else if (decision) openView.set(key, r.value);
          current = { value: r.value, ts: r.ts };
          fresh.push(r);
          latest.set(key, r);
        }
      }
      const toSample = (r: Resolved): Sample => ({ deviceId: r.device.id, measureId: r.measure.id, ts: r.ts, value: r.value });
      const known = olderThanCurrent.length ? await storedAlready(trx, olderThanCurrent.map(toSample)) : new Set<string>();
      const stale = olderThanCurrent.filter((r) => !known.has(`${r.device.id}:${r.measure.id}:${r.ts}`));
      duplicates += olderThanCurrent.length - stale.length;

      await writeHistory(trx, this.dialect, [...fresh, ...stale].map(toSample));
      await this.writeReal(trx, [...latest.values()]);
      const alarms = await writeAlarms(trx, ctx, actions, this.recipients, now, this.onRaise);
      const alive = new Map<number, DeviceInfo>();
      for (const r of [...fresh, ...stale]) alive.set(r.device.id, r.device);
      const states = await applyDeviceStates(trx, [...alive.values()], (id) => hasOpen(ctx.open, id), now);
      const stateAfter = new Map(alarms.warnings.map((w) => [w.alarm.deviceId, hasOpen(ctx.open, w.alarm.deviceId) ? DeviceState.Alarm : DeviceState.Online]));
      return { fresh, stale, duplicates, alarms, states, stateAfter };
    });
    staging.commit();

    const values: MeasureValueItem[] = outcome.fresh
      .map((r) => ({ deviceId: r.device.id, measureId: r.measure.id, projectId: r.device.projectId, value: r.value, ts: r.ts }))
      .sort((a, b) => a.ts - b.ts);
    for (const s of outcome.states) this.events.emit('deviceState', s);
    for (const w of outcome.alarms.warnings) {
      this.events.emit('measureWarning', { ...w, alarm: { ...w.alarm, deviceState: outcome.stateAfter.get(w.alarm.deviceId)! } });
    }
    for (const m of outcome.alarms.messages) this.events.emit('message', m);
    if (values.length) this.events.emit('measureValues', { items: values });
    rejected.sort((a, b) => a.index - b.index);
    return {
      accepted: outcome.fresh.length + outcome.stale.length, stale: outcome.stale.length, duplicates: outcome.duplicates, rejected,
    };
  }

  private async writeReal(trx: Transaction<DB>, latest: Resolved[]): Promise<void> {
    for (let i = 0; i < latest.length; i += 1000) {
      await trx.insertInto('t_real_measure')
        .values(latest.slice(i, i + 1000).map((r) => ({ device_id: r.device.id, measure_id: r.measure.id, value: r.value, text_value: null, ts: r.ts })))
        .onConflict((oc) => oc.columns(['device_id', 'measure_id']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'), text_value: null, ts: eb.ref('excluded.ts'),
        })))
        .execute();
    }
  }
}

function hasOpen(open: Map<string, unknown>, deviceId: number): boolean {
  const prefix = `${deviceId}:`;
  for (const key of open.keys()) if (key.startsWith(prefix)) return true;
  return false;
}
