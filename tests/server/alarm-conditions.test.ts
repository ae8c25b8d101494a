import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealAlarmPage } from '../../contract/alarms';
import { CONDITION_NAMES, ConditionType } from '../../contract/conditions';
import { MessageType } from '../../contract/enums';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';
import { FakeClock, createDevice, createModel, fakeClockTelemetry, type TestMeasure } from './telemetry-fixtures';

const FAULTS = JSON.stringify({ 0: '风机过载', 1: '滤网堵塞', 3: '电源异常' });

/**
 * Every condition type: samples that raise it (after the debounce), the content text of SPEC §5
 * word for word, and samples that clear it (past the 2 % hysteresis band).
 */
const CASES: { type: number; rule: [number | null, number | null]; unit: string; raise: number[]; content: string; clear: number[] }[] = [
  { type: ConditionType.ChangeGte, rule: [5, null], unit: 'ppm', raise: [10, 15], content: '测点当前值15ppm，变化大于等于设定值5ppm', clear: [15.5, 16] },
  { type: ConditionType.ChangeGt, rule: [5, null], unit: 'ppm', raise: [10, 15, 21], content: '测点当前值21ppm，变化大于设定值5ppm', clear: [21, 22] },
  { type: ConditionType.Lt, rule: [-105, null], unit: 'dBm', raise: [-110, -112], content: '测点当前值-112dBm，小于设定值-105dBm', clear: [-90, -90] },
  { type: ConditionType.Eq, rule: [1, null], unit: '', raise: [1, 1], content: '测点当前值1，等于设定值1', clear: [0, 0] },
  { type: ConditionType.Gt, rule: [450, null], unit: 'Pa', raise: [460, 512.34], content: '测点当前值512.3Pa，大于设定值450Pa', clear: [400, 400] },
  { type: ConditionType.LtOrGt, rule: [10, 35], unit: '℃', raise: [38.5, 38.5], content: '测点当前值38.5℃，小于10℃或大于35℃', clear: [25, 25] },
  { type: ConditionType.GtAndLt, rule: [10, 20], unit: '', raise: [15, 15], content: '测点当前值15，大于10且小于20', clear: [25, 25] },
  { type: ConditionType.Lte, rule: [10, null], unit: '', raise: [10, 10], content: '测点当前值10，小于等于设定值10', clear: [12, 12] },
  { type: ConditionType.Gte, rule: [75, null], unit: 'μg/m³', raise: [75, 80.25], content: '测点当前值80.3μg/m³，大于等于设定值75μg/m³', clear: [30, 30] },
  { type: ConditionType.LteOrGte, rule: [20, 80], unit: '%RH', raise: [80, 80], content: '测点当前值80%RH，小于等于20%RH或大于等于80%RH', clear: [50, 50] },
  { type: ConditionType.GteAndLte, rule: [40, 60], unit: '', raise: [50, 50], content: '测点当前值50，大于等于40且小于等于60', clear: [70, 70] },
  { type: ConditionType.LtOrGte, rule: [10, 35], unit: '', raise: [35, 35], content: '测点当前值35，小于10或大于等于35', clear: [20, 20] },
  { type: ConditionType.LteOrGt, rule: [10, 35], unit: '', raise: [10, 10], content: '测点当前值10，小于等于10或大于35', clear: [20, 20] },
  { type: ConditionType.GteAndLt, rule: [40, 60], unit: '', raise: [40, 40], content: '测点当前值40，大于等于40且小于60', clear: [65, 65] },
  { type: ConditionType.GtAndLte, rule: [40, 60], unit: '', raise: [60, 60], content: '测点当前值60，大于40且小于等于60', clear: [38, 38] },
  { type: ConditionType.Bitwise, rule: [null, null], unit: '', raise: [0b1011, 0b1011], content: '测点按位上报：风机过载、滤网堵塞、电源异常', clear: [0b0100, 0] },
];

describe('alarm engine: every condition type raises, words and clears its alarm', () => {
  let server: TestServer;
  let admin: ApiClient;
  const clock = new FakeClock();
  let t: ReturnType<typeof fakeClockTelemetry>;
  const models = new Map<number, { modelId: number; measureId: number }>();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    t = fakeClockTelemetry(server, clock);
    for (const c of CASES) {
      const m: TestMeasure = { name: '测点', unit: c.unit, rule: [c.type, c.rule[0], c.rule[1], 2], printf: c.type === 15 ? FAULTS : '' };
      const { modelId, measureIds } = await createModel(server.database.db, `COND-${c.type}`, [m]);
      models.set(c.type, { modelId, measureId: measureIds['测点'] });
    }
  });
  afterAll(async () => { await server?.dispose(); });

  it.each(CASES.map((c) => [c.type, CONDITION_NAMES[c.type as ConditionType], c] as const))('%i %s', async (type, condition, c) => {
    const db = server.database.db;
    const { modelId, measureId } = models.get(type)!;
    const deviceId = await createDevice(db, modelId, `DEV-COND-${type}`);
    t.recorder.clear();
    const send = async (value: number) => {
      const r = await t.telemetry.ingest.ingest([{ deviceId, measureId, value, ts: clock.advance(5_000) }]);
      expect(r).toEqual({ accepted: 1, stale: 0, duplicates: 0, rejected: [] });
    };
    const open = () => db.selectFrom('t_real_measure_warning').selectAll().where('device_id', '=', deviceId).execute();
    const state = async () => (await db.selectFrom('t_device').select('state').where('id', '=', deviceId).executeTakeFirstOrThrow()).state;

    for (const [i, v] of c.raise.entries()) {
      await send(v);
      // Nothing is raised before the last raising sample (the debounce).
      if (i < c.raise.length - 1) expect(await open()).toEqual([]);
    }
    const raisedAt = clock.t;
    const [alarm] = await open();
    expect(alarm).toMatchObject({ content: c.content, condition_type: type, condition_val1: c.rule[0], condition_val2: c.rule[1], warn_level: 2, raised_at: raisedAt });
    expect(await state()).toBe(2);
    const listed = RealAlarmPage.parse((await admin.get('/api/t_real_measure_warning?Page=1&Size=500')).body.data).list
      .find((a) => a.deviceId === deviceId)!;
    expect(listed).toMatchObject({ alarmContent: c.content, condition, deviceState: 2, measureName: '测点' });
    const message = await db.selectFrom('t_history_message as h').innerJoin('t_user as u', 'u.id', 'h.user_id')
      .select(['h.type', 'h.content', 'h.data']).where('u.username', '=', 'admin').where('h.content', '=', c.content).executeTakeFirstOrThrow();
    expect(message.type).toBe(type === 15 ? MessageType.DeviceFault : MessageType.SystemAlarm);
    expect(JSON.parse(message.data)).toMatchObject({ projectName: '上海张江洁净厂房', deviceName: `测试设备 DEV-COND-${type}`, measureName: '测点' });

    for (const v of c.clear) await send(v);
    expect(await open()).toEqual([]);
    expect(await state()).toBe(1);
    const history = await db.selectFrom('t_history_measure_warning').selectAll().where('device_id', '=', deviceId).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ content: c.content, raised_at: raisedAt, cleared_at: clock.t });
    const online = await db.selectFrom('t_history_online').select('state').where('device_id', '=', deviceId).orderBy('id').execute();
    expect(online.map((o) => o.state)).toEqual([1, 2, 1]);

    const warnings = t.recorder.seen.measureWarning;
    expect(warnings.map((w) => w.action)).toEqual(['raise', 'clear']);
    expect(warnings[0].alarm).toMatchObject({ alarmContent: c.content, condition, deviceState: 2, clearedAt: null, raisedAt });
    expect(warnings[1].alarm).toMatchObject({ alarmContent: c.content, deviceState: 1, clearedAt: clock.t });
    expect(t.recorder.seen.deviceState.map((s) => s.state)).toEqual([1, 2, 1]);
    expect(t.recorder.seen.message).toHaveLength(1);
    expect(t.recorder.seen.message[0].userIds.length).toBeGreaterThan(0);
  });
});
