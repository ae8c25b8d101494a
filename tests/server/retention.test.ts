import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';
import { saveSettings } from '../../server/settings/settings-repository';
import { pruneHistory, retentionCutoffs } from '../../server/telemetry/retention';
import { startTestServer, type TestServer } from './harness';

const DAY = 86_400_000;
const RETENTION = { rawDays: 1, minuteDays: 2, hourDays: 3, messageDays: 4, logDays: 5, alarmDays: 6 };

/** Rows older than `cutoff` and rows at or after it, of one table by its time column. */
async function split(db: Kysely<DB>, table: keyof DB, column: string, cutoff: number, extra?: (q: any) => any) {
  const count = async (op: '<' | '>=') => {
    let q = (db as any).selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).where(column, op, cutoff);
    if (extra) q = extra(q);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return { older: await count('<'), kept: await count('>=') };
}

describe('retention (server/telemetry/retention.ts)', () => {
  let t: TestServer;
  let db: Kysely<DB>;
  let onlineDevices: number[] = [];
  const now = Date.now();
  const cut = retentionCutoffs(RETENTION, now);

  beforeAll(async () => {
    t = await startTestServer();
    db = t.database.db;
    await saveSettings(db, { retention: RETENTION });
    const point = await db.selectFrom('t_real_measure as r').innerJoin('t_device as d', 'd.id', 'r.device_id')
      .select(['r.device_id', 'r.measure_id', 'd.project_id']).orderBy('r.device_id').orderBy('r.measure_id').executeTakeFirstOrThrow();
    const admin = await db.selectFrom('t_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const at = (c: number) => [c - 1, c, c + 1];
    // Each table gets a row just before, exactly at and just after its cut-off, plus older bulk to prune in batches.
    const p = { device_id: point.device_id, measure_id: point.measure_id };
    const bulk = (c: number) => Array.from({ length: 25 }, (_, i) => c - 10_000 - i * 1_000);
    await db.insertInto('t_history_measure').values([...at(cut.raw), ...bulk(cut.raw)].map((ts) => ({ ...p, ts, value: 1 })))
      .onConflict((oc) => oc.doNothing()).execute();
    for (const [table, c] of [['t_history_measure_1m', cut.minute], ['t_history_measure_1h', cut.hour]] as const) {
      await db.insertInto(table).values([...at(c), ...bulk(c)].map((bucket) => ({ ...p, bucket, min_value: 1, max_value: 1, sum_value: 1, sample_count: 1 })))
        .onConflict((oc) => oc.doNothing()).execute();
    }
    await db.insertInto('t_history_message').values([...at(cut.messages), ...bulk(cut.messages)].map((created_at) => ({
      user_id: admin.id, type: 1, content: 'retention test', created_at,
    }))).execute();
    await db.insertInto('t_history_log').values([...at(cut.logs), ...bulk(cut.logs)].map((created_at) => ({
      user_id: admin.id, username: 'admin', action: 'edit', target: 'retention-test', created_at,
    }))).execute();
    const alarm = (raised_at: number, cleared_at: number | null) => ({
      device_id: point.device_id, measure_id: point.measure_id, project_id: point.project_id, warn_level: 1, condition_type: 0,
      condition_val1: 1, condition_val2: null, sample_value: 2, content: 'retention test', raised_at, cleared_at,
    });
    const alarms = await db.insertInto('t_history_measure_warning').values([
      ...[...at(cut.alarms), ...bulk(cut.alarms)].map((ts) => alarm(ts, ts + 1)),
      // Raised long ago and still active: never removed.
      alarm(cut.alarms - 30 * DAY, null),
    ]).returning(['id', 'raised_at']).execute();
    // A delivery log on a pruned alarm goes with it.
    const old = alarms.find((a) => a.raised_at === cut.alarms - 1)!;
    // Online changes of two devices, theirs alone: the first has changes before, and one after,
    // the cut-off; the second one exactly at it.
    const [first, second] = await db.selectFrom('t_device').select('id').orderBy('id').limit(2).execute();
    onlineDevices = [first.id, second.id];
    await db.deleteFrom('t_history_online').where('device_id', 'in', onlineDevices).execute();
    await db.insertInto('t_history_online').values([
      ...[[-5_000, 0], [-4_000, 1], [-3_000, 0], [1, 1]].map(([d, state]) => ({ device_id: first.id, state, ts: cut.hour + d })),
      ...[[-2_000, 0], [0, 1]].map(([d, state]) => ({ device_id: second.id, state, ts: cut.hour + d })),
    ]).execute();
    await db.insertInto('t_alarm_notification').values({
      alarm_id: old.id, contact_id: 1, contact_name: 'x', channel: 'webhook', delivery_id: 'retention-test', state: 'sent',
      next_attempt_at: now, created_at: now,
    }).execute();
  });
  afterAll(async () => { await t?.dispose(); });

  it('removes exactly what is older than each setting, in batches, and keeps rows at the boundary', async () => {
    const tables = [
      { field: 'raw', table: 't_history_measure', column: 'ts', cutoff: cut.raw },
      { field: 'minute', table: 't_history_measure_1m', column: 'bucket', cutoff: cut.minute },
      { field: 'hour', table: 't_history_measure_1h', column: 'bucket', cutoff: cut.hour },
      { field: 'messages', table: 't_history_message', column: 'created_at', cutoff: cut.messages },
      { field: 'logs', table: 't_history_log', column: 'created_at', cutoff: cut.logs },
    ] as const;
    const cleared = (q: any) => q.where('cleared_at', 'is not', null);
    const before = Object.fromEntries(await Promise.all(tables.map(async (x) => [x.field, await split(db, x.table, x.column, x.cutoff)] as const)));
    const alarmsBefore = await split(db, 't_history_measure_warning', 'raised_at', cut.alarms, cleared);
    for (const x of tables) expect(before[x.field].older, x.table).toBeGreaterThanOrEqual(26);

    // Online changes replaced by a later one before the cut-off (every device's; the demo's too).
    const online = await db.selectFrom('t_history_online').select(['device_id', 'ts']).execute();
    const replaced = online.filter((o) => o.ts < cut.hour && online.some((n) => n.device_id === o.device_id && n.ts > o.ts && n.ts <= cut.hour)).length;

    let pauses = 0;
    const result = await pruneHistory(db, now, { batch: 7, pause: async () => { pauses++; } });
    expect(result).toEqual({
      raw: before.raw.older, minute: before.minute.older, hour: before.hour.older,
      messages: before.messages.older, logs: before.logs.older, alarms: alarmsBefore.older, online: replaced,
    });
    // Each device keeps the change that says its state at the cut-off, and what came after.
    const kept = await db.selectFrom('t_history_online').select(['device_id', 'ts', 'state']).where('device_id', 'in', onlineDevices)
      .orderBy('device_id').orderBy('ts').execute();
    expect(kept).toEqual([
      { device_id: onlineDevices[0], ts: cut.hour - 3_000, state: 0 },
      { device_id: onlineDevices[0], ts: cut.hour + 1, state: 1 },
      { device_id: onlineDevices[1], ts: cut.hour, state: 1 },
    ]);
    // Batches of 7: the 26 old rows of each table take at least four statements, each followed by a pause.
    expect(pauses).toBeGreaterThanOrEqual(tables.length * 4 + 4);

    for (const x of tables) {
      expect(await split(db, x.table, x.column, x.cutoff), x.table).toEqual({ older: 0, kept: before[x.field].kept });
    }
    expect(await split(db, 't_history_measure_warning', 'raised_at', cut.alarms, cleared)).toEqual({ older: 0, kept: alarmsBefore.kept });
    // The boundary rows: one at the cut-off and one after it survive in every table.
    const [hist, log, alarmRows] = await Promise.all([
      db.selectFrom('t_history_measure').select('ts').where('ts', 'in', [cut.raw - 1, cut.raw, cut.raw + 1]).execute(),
      db.selectFrom('t_history_log').select('created_at').where('target', '=', 'retention-test').orderBy('created_at').execute(),
      db.selectFrom('t_history_measure_warning').select(['raised_at', 'cleared_at']).where('content', '=', 'retention test').orderBy('raised_at').execute(),
    ]);
    expect(hist.map((r) => r.ts).sort()).toEqual([cut.raw, cut.raw + 1]);
    expect(log.map((r) => r.created_at)).toEqual([cut.logs, cut.logs + 1]);
    expect(alarmRows).toEqual([
      { raised_at: cut.alarms - 30 * DAY, cleared_at: null },
      { raised_at: cut.alarms, cleared_at: cut.alarms + 1 },
      { raised_at: cut.alarms + 1, cleared_at: cut.alarms + 2 },
    ]);
    expect(await db.selectFrom('t_alarm_notification').select('id').where('delivery_id', '=', 'retention-test').execute()).toEqual([]);

    // A second pass finds nothing more.
    expect(await pruneHistory(db, now)).toEqual({ raw: 0, minute: 0, hour: 0, messages: 0, logs: 0, alarms: 0, online: 0 });
  });

  it('stops between batches when the server closes', async () => {
    await db.insertInto('t_history_log').values(Array.from({ length: 30 }, (_, i) => ({
      user_id: null, username: 'x', action: 'edit', target: 'retention-stop', created_at: cut.logs - 1 - i,
    }))).execute();
    let batches = 0;
    const result = await pruneHistory(db, now, { batch: 5, pause: async () => { batches++; }, shouldStop: () => batches >= 2 });
    expect(result.logs).toBe(10);
    expect(await db.selectFrom('t_history_log').select('id').where('target', '=', 'retention-stop').execute()).toHaveLength(20);
    await pruneHistory(db, now);
  });
});
