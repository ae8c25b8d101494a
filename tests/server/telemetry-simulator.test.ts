import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulator } from '../../server/simulator/simulator';
import { startTestServer, type TestServer } from './harness';
import { FakeClock, fakeClockTelemetry } from './telemetry-fixtures';

describe('device simulator', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.dispose(); });

  it('drives every device through ingest and raises alarms of several condition types within minutes, on a calm platform', async () => {
    const db = server.database.db;
    const clock = new FakeClock();
    const start = clock.t;
    const { telemetry, recorder } = fakeClockTelemetry(server, clock);
    // Ten simulated minutes in 10 s rounds (incident rates are per simulated time, not per round).
    const sim = new Simulator({ db, ingest: telemetry.ingest, seed: 7, now: clock.now, tickMs: 10_000 });
    const minutes = 10;
    for (let t = 0; t <= minutes * 60_000; t += sim.tickMs) {
      const r = await sim.tick();
      expect(r?.rejected).toEqual([]);
      clock.advance(sim.tickMs);
    }
    const raised = await db.selectFrom('t_history_measure_warning').select(['condition_type', 'content'])
      .where('raised_at', '>=', start).execute();
    // New alarms within minutes, and with those the seed opened, the ticker shows several kinds.
    expect(raised.length).toBeGreaterThanOrEqual(2);
    expect(new Set(raised.map((r) => r.condition_type)).size).toBeGreaterThanOrEqual(2);
    const open = await db.selectFrom('t_real_measure_warning').select(['project_id', 'condition_type']).execute();
    expect(new Set([...raised, ...open].map((r) => r.condition_type)).size).toBeGreaterThanOrEqual(4);
    expect(recorder.seen.measureWarning.filter((w) => w.action === 'raise').length).toBe(raised.length);

    // Values of every reporting device, batched one event per round; seeded-offline devices stay silent a while.
    const devices = await db.selectFrom('t_device').select(['id', 'state', 'last_seen_at']).execute();
    const reporting = devices.filter((d) => d.last_seen_at !== null && d.last_seen_at >= start);
    expect(reporting.length).toBeGreaterThan(devices.length * 0.8);
    expect(recorder.seen.measureValues.length).toBe((minutes * 60_000) / sim.tickMs + 1);
    const real = await db.selectFrom('t_real_measure').select(['device_id', 'ts']).where('ts', '>=', start).execute();
    expect(new Set(real.map((r) => r.device_id)).size).toBe(reporting.length);

    // Like a real platform: a handful of alarms open, on a few of the eight projects, the rest normal.
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(open.length).toBeLessThanOrEqual(15);
    expect(new Set(open.map((a) => a.project_id)).size).toBeLessThanOrEqual(4);
    expect(raised.length).toBeLessThanOrEqual(3 * minutes);

    // Believable numbers: resistance within the model's range, PM10 above PM2.5 on sensors.
    const values = await db.selectFrom('t_real_measure as r').innerJoin('t_measure as m', 'm.id', 'r.measure_id')
      .select(['m.name', 'r.value', 'r.device_id']).where('r.ts', '>=', start).execute();
    for (const v of values.filter((x) => x.name === '阻力')) expect(v.value).toBeGreaterThanOrEqual(0);
    // A purifier unit moves 8,000–20,000 m³/h while its fan runs, and nothing at all when it stops.
    const units = values.filter((x) => x.name === '送风量');
    expect(units.length).toBeGreaterThan(0);
    for (const v of units) expect(v.value === 0 || (v.value! >= 8000 && v.value! <= 20000)).toBe(true);
    const energy = () => db.selectFrom('t_real_measure as r').innerJoin('t_measure as m', 'm.id', 'r.measure_id')
      .select(['r.device_id', 'r.value']).where('m.tag_id', '=', 6).orderBy('r.device_id').execute();
    const before = await energy();
    expect(before.length).toBeGreaterThan(0);

    // A restarted simulator goes on from the stored values: energy counters never run backwards.
    const again = new Simulator({ db, ingest: telemetry.ingest, seed: 8, now: clock.now, tickMs: 5_000 });
    await again.tick();
    const after = await energy();
    for (const b of before) {
      const a = after.find((x) => x.device_id === b.device_id);
      if (a) expect(a.value!).toBeGreaterThanOrEqual(b.value!);
    }
    for (const v of values.filter((x) => x.name === 'PM10')) {
      const pm25 = values.find((x) => x.device_id === v.device_id && x.name === 'PM2.5')!;
      expect(v.value!).toBeGreaterThan(pm25.value!);
    }
  });
});
