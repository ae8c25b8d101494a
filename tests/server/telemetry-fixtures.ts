import type { Kysely } from 'kysely';
import { DeviceTypeId } from '../../contract/enums';
import type { DB } from '../../server/db/schema';
import type { RunningServer } from '../../server/server';
import { Telemetry } from '../../server/telemetry/telemetry';
import { TelemetryEvents, type TelemetryEventMap, type TelemetryEventType } from '../../server/telemetry/telemetry-events';

/** A measure of the test model: name, unit, tag, rule, printf. */
export interface TestMeasure {
  name: string;
  unit?: string;
  tag?: number;
  decimals?: number;
  rule?: [condition: number, val1: number | null, val2: number | null, warnLevel?: number];
  printf?: string;
}

/** A device model of our own with the given measures, its ids by measure name. */
export async function createModel(db: Kysely<DB>, code: string, measures: TestMeasure[]): Promise<{ modelId: number; measureIds: Record<string, number> }> {
  const now = Date.now();
  const modelId = (await db.insertInto('t_device_model').values({
    name: `测试型号 ${code}`, code, device_type_id: DeviceTypeId.Sensor, created_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const measureIds: Record<string, number> = {};
  let order = 0;
  for (const m of measures) {
    measureIds[m.name] = (await db.insertInto('t_measure').values({
      device_model_id: modelId, name: m.name, unit: m.unit ?? '', tag_id: m.tag ?? null, decimals: m.decimals ?? 1,
      condition_type: m.rule?.[0] ?? null, condition_val1: m.rule?.[1] ?? null, condition_val2: m.rule?.[2] ?? null,
      warn_level: m.rule?.[3] ?? 1, alarm_enabled: m.rule ? 1 : 0, printf: m.printf ?? '', sort_order: order++,
    }).returning('id').executeTakeFirstOrThrow()).id;
  }
  return { modelId, measureIds };
}

/** A new device of `modelId` in the project with code `projectCode` (offline, never seen). */
export async function createDevice(db: Kysely<DB>, modelId: number, code: string, projectCode = 'P-SH-01'): Promise<number> {
  const project = await db.selectFrom('t_project').select('id').where('code', '=', projectCode).executeTakeFirstOrThrow();
  return (await db.insertInto('t_device').values({
    name: `测试设备 ${code}`, code, project_id: project.id, device_model_id: modelId, device_type_id: DeviceTypeId.Sensor,
    state: 0, created_at: Date.now(),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

const DAY = 86_400_000;

/**
 * A settable clock. It starts at 10:00 China time on the day after today, so it lies after
 * everything the demo seed wrote and every run sees the same time of day.
 */
export class FakeClock {
  constructor(public t = Math.ceil(Date.now() / DAY) * DAY + 2 * 3_600_000) {}
  now = () => this.t;
  advance(ms: number): number {
    this.t += ms;
    return this.t;
  }
}

/** Telemetry of our own over a test server's database, on a fake clock, recording its events. */
export function fakeClockTelemetry(server: RunningServer, clock: FakeClock, offlineAfterS = 300) {
  const events = new TelemetryEvents((err) => { throw err; });
  const telemetry = new Telemetry({
    db: server.database.db, dialect: server.database.dialect, events, offlineAfterS, now: clock.now,
  });
  return { telemetry, recorder: record(events) };
}

/** Collects the events of a bus, by type. */
export function record(events: TelemetryEvents) {
  const seen: { [K in TelemetryEventType]: TelemetryEventMap[K][] } = { measureValues: [], deviceState: [], measureWarning: [], message: [] };
  const offs = (Object.keys(seen) as TelemetryEventType[]).map((type) => events.on(type, (p) => (seen[type] as unknown[]).push(p)));
  return {
    seen,
    clear() { for (const list of Object.values(seen)) list.length = 0; },
    stop() { for (const off of offs) off(); },
  };
}
