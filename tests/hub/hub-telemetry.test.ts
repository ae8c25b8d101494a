import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag } from '../../contract/enums';
import { HubMethod, HubNoticeType, HubTopic } from '../../contract/hub';
import { loginAs, startTestServer, type TestServer } from '../server/harness';
import { createDevice, createModel } from '../server/telemetry-fixtures';
import { eventually, hubClient, Notices, sleep } from './hub-client';

describe('telemetry events reach the hub (the alarm bell without reload)', () => {
  let server: TestServer;
  let modelId: number;
  let resistance: number;
  const clients: HubConnection[] = [];

  async function subscriber(who: 'admin' | 'operator', topics: string[]): Promise<Notices> {
    const api = await loginAs(server, who);
    const hub = hubClient(server.url, () => api.token);
    const notices = new Notices(hub);
    await hub.start();
    for (const t of topics) await hub.invoke(HubMethod.Subscribe, t);
    clients.push(hub);
    return notices;
  }

  beforeAll(async () => {
    server = await startTestServer();
    ({ modelId, measureIds: { 阻力: resistance } } = await createModel(server.database.db, 'HUB', [
      { name: '阻力', unit: 'Pa', tag: MeasureTag.Resistance, rule: [ConditionType.Gt, 450, null, 2] },
    ]));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await server?.dispose();
  });

  it('pushes an alarm raised by ingest to the bell of those who see the project, with values and state on the way', async () => {
    const db = server.database.db;
    const own = await createDevice(db, modelId, 'HUB-SH', 'P-SH-01');
    const other = await createDevice(db, modelId, 'HUB-BJ', 'P-BJ-01');
    const ownProject = (await db.selectFrom('t_device').select('project_id').where('id', '=', own).executeTakeFirstOrThrow()).project_id!;
    const operator = await subscriber('operator', [HubTopic.alarms, HubTopic.statistics, HubTopic.device(own), HubTopic.project(ownProject)]);
    const admin = await subscriber('admin', [HubTopic.alarms]);

    const ts = Date.now() - 60_000;
    for (const [i, value] of [460, 470].entries()) {
      const r = await server.telemetry.ingest.ingest([
        { deviceId: own, measureId: resistance, value, ts: ts + i * 5_000 },
        { deviceId: other, measureId: resistance, value, ts: ts + i * 5_000 },
      ]);
      expect(r.rejected).toEqual([]);
    }
    const warning = await operator.next(HubNoticeType.MeasureWarning);
    expect(warning.data).toMatchObject({ action: 'raise', alarm: { deviceId: own, projectId: ownProject, measureName: '阻力', sampleValue: 470 } });
    expect(warning.data.alarm.alarmContent).toContain('阻力');
    await eventually(() => admin.ofType(HubNoticeType.MeasureWarning).length === 2, 5_000, 'admin sees both alarms');
    expect(admin.ofType(HubNoticeType.MeasureWarning).map((n) => n.data.alarm.deviceId).sort()).toEqual([own, other].sort());

    // The operator's device and project topics carry the values, batched, and the state changes.
    await eventually(() => operator.ofType(HubNoticeType.MeasureValues).length >= 4, 5_000, 'values on device and project');
    const values = operator.ofType(HubNoticeType.MeasureValues).flatMap((n) => n.data.items);
    expect(values.every((v) => v.deviceId === own && v.measureId === resistance)).toBe(true);
    expect(values.map((v) => v.value)).toContain(470);
    await eventually(() => operator.ofType(HubNoticeType.DeviceState).some((n) => n.data.state === 2), 5_000, 'alarm state');
    expect(operator.ofType(HubNoticeType.DeviceState).every((n) => n.data.deviceId === own)).toBe(true);
    await sleep(100);
    expect(operator.ofType(HubNoticeType.MeasureWarning)).toHaveLength(1);
  });

  it('shows an alarm of a device without project only to those who see everything', async () => {
    const operator = await subscriber('operator', [HubTopic.alarms]);
    const admin = await subscriber('admin', [HubTopic.alarms]);
    server.telemetry.events.emit('measureWarning', {
      action: 'raise',
      alarm: {
        id: 1, projectId: null, projectName: '', deviceId: 999, deviceName: '库存设备', deviceState: 2, measureId: resistance,
        measureName: '阻力', conditionType: ConditionType.Gt, condition: '大于', conditionVal1: 450, conditionVal2: null,
        sampleValue: 470, printf: '', alarmContent: '阻力当前值470Pa，大于设定值450Pa', warnLevel: 2, raisedAt: Date.now(), clearedAt: null,
      },
    });
    expect((await admin.next(HubNoticeType.MeasureWarning)).data.alarm.deviceId).toBe(999);
    await sleep(100);
    expect(operator.all).toEqual([]);
  });

  it('pushes alarm messages to their recipients', async () => {
    const operator = await subscriber('operator', []);
    const operatorId = (await server.database.db.selectFrom('t_user').select('id').where('username', '=', 'operator').executeTakeFirstOrThrow()).id;
    server.telemetry.events.emit('message', { userIds: [operatorId], message: { type: 8, content: '滤网寿命告警', data: '{}', createdAt: Date.now() } });
    expect((await operator.next(HubNoticeType.Message)).data).toMatchObject({ type: 8, content: '滤网寿命告警' });
  });
});
