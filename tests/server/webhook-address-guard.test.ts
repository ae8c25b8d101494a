import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmNotificationLog } from '../../contract/alarm-notifications';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag } from '../../contract/enums';
import { readConfig } from '../../server/config';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';
import { startWebhookReceiver, waitFor } from './notification-receivers';
import { createDevice, createModel } from './telemetry-fixtures';

const SECRET = 'guarded-webhook-secret-0001';
const REFUSED = 'body.webhookUrl: Webhook 地址不能指向内网、本机或保留地址';

/**
 * Issue 32, finding 2: a tenant's webhook may not make the server call inside its own network. A
 * real receiver listens on 127.0.0.1; without WEBHOOK_ALLOW_NETWORKS it can be neither saved nor
 * called (a row from before the guard included), with 127.0.0.0/8 allowed it is both.
 */
describe('webhook addresses: no calls to loopback, private or reserved addresses', () => {
  let server: TestServer;
  let admin: ApiClient;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let projectId: number;
  let modelId: number;
  let measureId: number;
  let devices = 0;
  const notify = { ...readConfig({}).notify, timeoutMs: 1_000, backoffMs: [100], escalateAfterMs: 0, pollMs: 50 };

  beforeAll(async () => {
    hooks = await startWebhookReceiver({ '/inside': SECRET, '/allowed': SECRET });
    server = await startTestServer({ notify });
    admin = await loginAs(server, 'admin');
    const db = server.database.db;
    projectId = (await db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
    ({ modelId, measureIds: { 阻力: measureId } } = await createModel(db, 'GUARD', [
      { name: '阻力', unit: 'Pa', tag: MeasureTag.Resistance, rule: [ConditionType.Gt, 450, null, 2] },
    ]));
  });
  afterAll(async () => {
    await server?.dispose();
    await hooks?.close();
  });

  const save = (name: string, webhookUrl: string) => admin.post('/api/t_contacts/save', { name, webhookUrl, webhookSecret: SECRET });
  async function assignOnly(contactId: number) {
    const r = await admin.post('/api/t_project_contacts/save', { projectId, contacts: [{ contactId }] });
    expect(r.body.success, r.body.error).toBe(true);
  }
  /** Raises an alarm on a new device and answers its notifications once all are settled. */
  async function raiseAndSettle() {
    const deviceId = await createDevice(server.database.db, modelId, `GUARD-${++devices}`);
    const ts = Date.now() - 1_000;
    const r = await server.telemetry.ingest.ingest([{ deviceId, measureId, value: 500, ts: ts - 1_000 }, { deviceId, measureId, value: 500, ts }]);
    expect(r.rejected).toEqual([]);
    const alarm = await server.database.db.selectFrom('t_history_measure_warning').select('id').where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    const rows = await waitFor('the settled notification', async () => {
      const all = await server.database.db.selectFrom('t_alarm_notification').selectAll().where('alarm_id', '=', alarm.id).execute();
      return all.length === 1 && (all[0].state === 'sent' || all[0].state === 'dead') ? all : null;
    });
    return { alarmId: alarm.id, notification: rows[0] };
  }

  it('refuses to save a webhook on this machine, in every spelling, naming the field', async () => {
    const port = new URL(hooks.url('/')).port;
    const cases: [string, string][] = [
      [hooks.url('/inside'), '127.0.0.1：loopback'],
      [`http://localhost:${port}/inside`, '：loopback'],
      [`http://2130706433:${port}/inside`, '127.0.0.1：loopback'],
      [`http://127.1:${port}/inside`, '127.0.0.1：loopback'],
      [`http://[::ffff:127.0.0.1]:${port}/inside`, '::ffff:7f00:1：loopback'],
      [`http://[::1]:${port}/inside`, '::1：loopback'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254：link-local'],
      ['https://10.0.0.5/hook', '10.0.0.5：private'],
    ];
    const before = await server.database.db.selectFrom('t_contacts').select('id').execute();
    for (const [url, why] of cases) {
      const r = await save('内网接收端', url);
      expect(r.status, url).toBe(400);
      expect(r.body.error, url).toMatch(new RegExp(`^${REFUSED}（.*${why.replace(/[.[\]]/g, '\\$&')}）$`));
    }
    expect(await server.database.db.selectFrom('t_contacts').select('id').execute()).toEqual(before);
    expect(hooks.hits).toEqual([]);
  });

  it('never calls a loopback address saved before the guard: the try fails with the reason, not the receiver\'s answer', async () => {
    // A public address saves (it is never called here); the row is then pointed at this machine
    // directly, as rows saved before issue 32 may be.
    const r = await save('旧联系人', 'http://93.184.215.14/hook');
    expect(r.body.success, r.body.error).toBe(true);
    const contactId: number = r.body.data.id;
    await server.database.db.updateTable('t_contacts').set({ webhook_url: hooks.url('/inside') }).where('id', '=', contactId).execute();
    await assignOnly(contactId);

    const { alarmId, notification } = await raiseAndSettle();
    expect(notification).toMatchObject({ contact_id: contactId, channel: 'webhook', state: 'dead', attempts: 2, last_error: 'address not allowed: 127.0.0.1 (loopback)' });
    const log = await admin.get(`/api/t_alarm_notification?alarmId=${alarmId}`);
    expect(log.body.success, log.body.error).toBe(true);
    const [entry] = AlarmNotificationLog.parse(log.body.data).list;
    expect(entry.lastError).toBe('address not allowed: 127.0.0.1 (loopback)');
    expect(entry.tries.map((t) => t.error)).toEqual(['address not allowed: 127.0.0.1 (loopback)', 'address not allowed: 127.0.0.1 (loopback)']);
    expect(hooks.hits).toEqual([]);
  });

  it('reads WEBHOOK_ALLOW_NETWORKS at start, and refuses to start on an entry that is not a network, naming it', () => {
    expect(readConfig({ WEBHOOK_ALLOW_NETWORKS: ' 127.0.0.0/8, fd00:1::/64 ' }).notify.webhookAllowNetworks).toEqual(['127.0.0.0/8', 'fd00:1::/64']);
    expect(readConfig({}).notify.webhookAllowNetworks).toEqual([]);
    expect(() => readConfig({ WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8,10.0.0.0/33' })).toThrow('WEBHOOK_ALLOW_NETWORKS: "10.0.0.0/33" is not a network');
  });

  it('saves and calls the same receiver once the operator allows 127.0.0.0/8', async () => {
    server = await server.restart({ notify: { ...notify, webhookAllowNetworks: ['127.0.0.0/8'] } });
    admin = await loginAs(server, 'admin');
    const r = await save('本机接收端', hooks.url('/allowed'));
    expect(r.body.success, r.body.error).toBe(true);
    await assignOnly(r.body.data.id);

    const { notification } = await raiseAndSettle();
    expect(notification).toMatchObject({ channel: 'webhook', state: 'sent', attempts: 1, last_error: '' });
    const hits = hooks.hits.filter((h) => h.headers['x-nv-delivery'] === notification.delivery_id);
    expect(hits.map((h) => [h.path, h.signatureOk])).toEqual([['/allowed', true]]);
  });
});
