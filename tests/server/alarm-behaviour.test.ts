import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag, MessageType } from '../../contract/enums';
import { startTestServer, type TestServer } from './harness';
import { FakeClock, createDevice, createModel, fakeClockTelemetry } from './telemetry-fixtures';

const FAULTS = JSON.stringify({ 0: '风机过载', 1: '滤网堵塞', 3: '电源异常' });

describe('alarm behaviour through ingest', () => {
  let server: TestServer;
  const clock = new FakeClock();
  let t: ReturnType<typeof fakeClockTelemetry>;
  let modelId: number;
  let m: Record<string, number>;

  beforeAll(async () => {
    server = await startTestServer();
    t = fakeClockTelemetry(server, clock);
    ({ modelId, measureIds: m } = await createModel(server.database.db, 'BEHAVE', [
      { name: '阻力', unit: 'Pa', tag: MeasureTag.Resistance, rule: [ConditionType.Gt, 450, null, 2] },
      { name: '故障状态', decimals: 0, rule: [ConditionType.Bitwise, null, null, 2], printf: FAULTS },
      { name: '运行状态', decimals: 0, rule: [ConditionType.Bitwise, null, null, 0], printf: 'value & 4 ? "缺相" : value & 1 ? "过载" : "正常"' },
      { name: '湿度', unit: '%RH', tag: MeasureTag.Humidity, rule: [ConditionType.Gt, 85, null, 1] },
    ]));
  });
  afterAll(async () => { await server?.dispose(); });

  const sender = (deviceId: number, measureId: number) => async (...values: number[]) => {
    for (const value of values) {
      const r = await t.telemetry.ingest.ingest([{ deviceId, measureId, value, ts: clock.advance(5_000) }]);
      expect(r.rejected).toEqual([]);
    }
  };
  const openAlarms = (deviceId: number) => server.database.db.selectFrom('t_real_measure_warning').selectAll().where('device_id', '=', deviceId).execute();
  const history = (deviceId: number) => server.database.db.selectFrom('t_history_measure_warning').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();

  it('does not flap on a noisy value around the threshold, and clears past the hysteresis band', async () => {
    const deviceId = await createDevice(server.database.db, modelId, 'NOISY');
    const send = sender(deviceId, m['阻力']);
    await send(449.5, 450.5, 449.8, 450.2, 449.9);
    expect(await openAlarms(deviceId)).toEqual([]);
    await send(451, 452);
    expect(await openAlarms(deviceId)).toHaveLength(1);
    await send(448, 452, 446, 449, 443, 451, 442);
    expect(await openAlarms(deviceId)).toHaveLength(1);
    await send(440);
    expect(await openAlarms(deviceId)).toHaveLength(1);
    await send(439);
    expect(await openAlarms(deviceId)).toEqual([]);
    const h = await history(deviceId);
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ content: '阻力当前值452Pa，大于设定值450Pa', cleared_at: clock.t });
  });

  it('lists the labels of the set bits and rewrites them when they change', async () => {
    const deviceId = await createDevice(server.database.db, modelId, 'FAULTY');
    const send = sender(deviceId, m['故障状态']);
    t.recorder.clear();
    await send(0, 0b0100, 0b0100);
    expect(await openAlarms(deviceId)).toEqual([]);
    await send(0b0001, 0b0001);
    expect((await openAlarms(deviceId))[0].content).toBe('故障状态按位上报：风机过载');
    await send(0b1011);
    expect((await openAlarms(deviceId))[0]).toMatchObject({ content: '故障状态按位上报：风机过载、滤网堵塞、电源异常', sample_value: 0b1011 });
    expect((await history(deviceId))[0].content).toBe('故障状态按位上报：风机过载、滤网堵塞、电源异常');
    await send(0b0100, 0);
    expect(await openAlarms(deviceId)).toEqual([]);
    expect(t.recorder.seen.measureWarning.map((w) => [w.action, w.alarm.alarmContent])).toEqual([
      ['raise', '故障状态按位上报：风机过载'],
      ['update', '故障状态按位上报：风机过载、滤网堵塞、电源异常'],
      ['clear', '故障状态按位上报：风机过载、滤网堵塞、电源异常'],
    ]);
  });

  it('keeps a device in alarm while any of its alarms is open', async () => {
    const deviceId = await createDevice(server.database.db, modelId, 'TWO-ALARMS');
    await sender(deviceId, m['阻力'])(500, 500);
    await sender(deviceId, m['湿度'])(90, 90);
    t.recorder.clear();
    await sender(deviceId, m['阻力'])(100, 100);
    expect(t.recorder.seen.measureWarning.map((w) => [w.action, w.alarm.deviceState])).toEqual([['clear', 2]]);
    await sender(deviceId, m['湿度'])(50, 50);
    expect(t.recorder.seen.measureWarning.map((w) => [w.action, w.alarm.deviceState])).toEqual([['clear', 2], ['clear', 1]]);
    expect(t.recorder.seen.deviceState.map((e) => e.state)).toEqual([1]);
  });

  it('labels a printf script through the safe evaluator', async () => {
    const deviceId = await createDevice(server.database.db, modelId, 'SCRIPTED');
    const send = sender(deviceId, m['运行状态']);
    await send(5, 5);
    expect((await openAlarms(deviceId))[0].content).toBe('运行状态按位上报：缺相');
  });

  it('messages the users who see the project: fault 5, resistance 8, others 6', async () => {
    const db = server.database.db;
    const messagesOf = async (username: string, deviceName: string) => (await db.selectFrom('t_history_message as h')
      .innerJoin('t_user as u', 'u.id', 'h.user_id').select(['h.type', 'h.data']).where('u.username', '=', username).execute())
      .filter((r) => JSON.parse(r.data).deviceName === deviceName).map((r) => r.type).sort();
    const sh = await createDevice(db, modelId, 'MSG-SH', 'P-SH-01');
    const bj = await createDevice(db, modelId, 'MSG-BJ', 'P-BJ-01');
    for (const d of [sh, bj]) {
      await sender(d, m['阻力'])(500, 500);
      await sender(d, m['故障状态'])(1, 1);
      await sender(d, m['湿度'])(90, 90);
    }
    const all = [MessageType.DeviceFault, MessageType.SystemAlarm, MessageType.LifeAlarm].sort();
    expect(await messagesOf('admin', '测试设备 MSG-SH')).toEqual(all);
    expect(await messagesOf('admin', '测试设备 MSG-BJ')).toEqual(all);
    expect(await messagesOf('superadmin', '测试设备 MSG-BJ')).toEqual(all);
    // The operator (华东, VOrg) sees Shanghai, not Beijing; zhang.wei (北方医药) the other way round.
    expect(await messagesOf('operator', '测试设备 MSG-SH')).toEqual(all);
    expect(await messagesOf('operator', '测试设备 MSG-BJ')).toEqual([]);
    expect(await messagesOf('zhang.wei', '测试设备 MSG-BJ')).toEqual(all);
    expect(await messagesOf('zhang.wei', '测试设备 MSG-SH')).toEqual([]);
    const faults = await db.selectFrom('t_history_message').select('data').where('type', '=', MessageType.DeviceFault)
      .where('content', '=', '故障状态按位上报：风机过载').execute();
    expect(faults.map((f) => JSON.parse(f.data))).toContainEqual({
      projectName: '北京亦庄制药车间', deviceName: '测试设备 MSG-BJ', measureName: '故障状态', deviceId: bj, measureId: m['故障状态'],
      deviceModelName: '测试型号 BEHAVE', devices: { name: '测试设备 MSG-BJ' },
    });
  });

  it('takes the device\'s own set value and switch from t_device_measure', async () => {
    const db = server.database.db;
    const tuned = await createDevice(db, modelId, 'TUNED');
    const muted = await createDevice(db, modelId, 'MUTED');
    await db.insertInto('t_device_measure').values([
      { device_id: tuned, measure_id: m['阻力'], condition_val1: 300, alarm_enabled: null, condition_val2: null },
      { device_id: muted, measure_id: m['阻力'], alarm_enabled: 0, condition_val1: null, condition_val2: null },
    ]).execute();
    await sender(tuned, m['阻力'])(320, 320);
    await sender(muted, m['阻力'])(999, 999, 999);
    expect((await openAlarms(tuned))[0]).toMatchObject({ condition_val1: 300, content: '阻力当前值320Pa，大于设定值300Pa' });
    expect(await openAlarms(muted)).toEqual([]);
    // Switching the rule off clears the alarm at the next sample.
    await db.updateTable('t_device_measure').set({ alarm_enabled: 0 }).where('device_id', '=', tuned).execute();
    await sender(tuned, m['阻力'])(320);
    expect(await openAlarms(tuned)).toEqual([]);
  });

  it('does not let late samples drive alarms', async () => {
    const deviceId = await createDevice(server.database.db, modelId, 'LATE');
    const now = clock.advance(60_000);
    const r = await t.telemetry.ingest.ingest([
      { deviceId, measureId: m['阻力'], value: 200, ts: now },
      { deviceId, measureId: m['阻力'], value: 900, ts: now - 50_000 },
    ]);
    expect(r).toMatchObject({ accepted: 2, stale: 0 });
    const late = await t.telemetry.ingest.ingest([
      { deviceId, measureId: m['阻力'], value: 900, ts: now - 40_000 },
      { deviceId, measureId: m['阻力'], value: 900, ts: now - 30_000 },
      { deviceId, measureId: m['阻力'], value: 900, ts: now - 20_000 },
    ]);
    expect(late).toMatchObject({ accepted: 3, stale: 3 });
    expect(await openAlarms(deviceId)).toEqual([]);
  });
});
