import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubMethod, HubNoticeType, HubTopic, type HubNotice } from '../../contract/hub';
import { loginAs, startTestServer, type ApiClient, type TestServer } from '../server/harness';
import { eventually, hubClient, Notices, RawHubClient, sleep } from './hub-client';
import { hasRedisServer, startRedis, type RedisProcess } from './redis-server';

const push = (deviceId: number): HubNotice => ({ type: HubNoticeType.DeviceState, data: { deviceId, projectId: null, state: 1, ts: Date.now() } });

describe.skipIf(!hasRedisServer)('scale-out: two server processes over Redis pub/sub (skipped only where redis-server is not installed)', () => {
  let redis: RedisProcess;
  let a: TestServer;
  let b: TestServer;
  let adminOnA: ApiClient;
  let adminOnB: ApiClient;
  let operatorOnA: ApiClient;

  beforeAll(async () => {
    redis = await startRedis();
    a = await startTestServer({ redisUrl: redis.url });
    // The second process shares the first one's database (the same SQLite file, or PostgreSQL database) and Redis.
    b = await startTestServer({ redisUrl: redis.url, dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl });
    [adminOnA, adminOnB, operatorOnA] = await Promise.all([loginAs(a, 'admin'), loginAs(b, 'admin'), loginAs(a, 'operator')]);
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
    await redis?.stop();
  });

  it('delivers a push published on either process to the subscribers of both', async () => {
    const onA = hubClient(a.url, () => adminOnA.token);
    const onB = hubClient(b.url, () => adminOnB.token);
    const [na, nb] = [new Notices(onA), new Notices(onB)];
    await Promise.all([onA.start(), onB.start()]);
    await Promise.all([onA.invoke(HubMethod.Subscribe, HubTopic.alarms), onB.invoke(HubMethod.Subscribe, HubTopic.alarms)]);
    expect(a.app.hub.connectionCount).toBe(1);
    expect(b.app.hub.connectionCount).toBe(1);

    await a.app.hub.publish(HubTopic.alarms, push(1));
    await b.app.hub.publish(HubTopic.alarms, push(2));
    await eventually(() => na.all.length === 2 && nb.all.length === 2, 5_000, 'both pushes on both processes');
    // Each process delivers its own pushes once: no echo from Redis.
    await sleep(100);
    expect(na.ofType(HubNoticeType.DeviceState).map((n) => n.data.deviceId).sort()).toEqual([1, 2]);
    expect(nb.ofType(HubNoticeType.DeviceState).map((n) => n.data.deviceId).sort()).toEqual([1, 2]);
    await Promise.all([onA.stop(), onB.stop()]);
  });

  it('pushes a message saved through process B to its recipient connected to process A', async () => {
    const operator = hubClient(a.url, () => operatorOnA.token);
    const notices = new Notices(operator);
    await operator.start();
    const operatorId = a.app.hub.get(operator.connectionId!)!.user.id;
    const saved = await adminOnB.post('/api/t_history_message/save', { type: 0, content: '跨进程通知', data: '{}', userIds: [operatorId] });
    expect(saved.body.success).toBe(true);
    expect((await notices.next(HubNoticeType.Message)).data.content).toBe('跨进程通知');
    await operator.stop();
  });

  it('accepts a connection token negotiated on one process at the other; refuses it to another user', async () => {
    expect(a.app.hub.secret.equals(b.app.hub.secret)).toBe(true);
    const negotiated = await fetch(`${a.url}/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST', headers: { authorization: `Bearer ${adminOnA.token}` },
    }).then((r) => r.json());
    await expect(RawHubClient.connect(b.url, { id: negotiated.connectionToken, access_token: operatorOnA.token! })).rejects.toThrow('401');
    const raw = await RawHubClient.connect(b.url, { id: negotiated.connectionToken, access_token: adminOnA.token! });
    expect(b.app.hub.get(negotiated.connectionId)?.user.username).toBe('admin');
    raw.send({ type: 1, invocationId: '1', target: HubMethod.Topics, arguments: [] });
    expect(await raw.message((m) => m.type === 3)).toMatchObject({ invocationId: '1', result: [expect.stringMatching(/^user:\d+$/)] });
    raw.ws.close();
  });

  it('keeps delivering on each process while Redis is down', async () => {
    const onA = hubClient(a.url, () => adminOnA.token);
    const notices = new Notices(onA);
    await onA.start();
    await onA.invoke(HubMethod.Subscribe, HubTopic.alarms);
    await redis.stop();
    await a.app.hub.publish(HubTopic.alarms, push(3));
    expect((await notices.next(HubNoticeType.DeviceState)).data.deviceId).toBe(3);
    await onA.stop();
  });
});
