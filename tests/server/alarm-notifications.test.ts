import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmNotificationLog, WebhookPayload } from '../../contract/alarm-notifications';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag } from '../../contract/enums';
import { loadSecretsKey, SecretBox } from '../../server/secrets/secret-box';
import { expectNoChange } from './db-snapshot';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';
import { startSmtpReceiver, startWebhookReceiver, verifySignature, waitFor } from './notification-receivers';
import { createDevice, createModel } from './telemetry-fixtures';

const SECRET = 'k3y-for-the-duty-desk-0001';
const SECRET_B = 'another-secret-of-16+chars';
const SMTP_USER = 'alarm-relay';
const SMTP_PASS = 'Relay-Pa55word!';
const BACKOFF = [300, 600];
const ESCALATE_MS = 1_500;
const TIMEOUT_MS = 1_000;

/** What the receiver answers, by path: `/ok`, `/down` (always 500), `/flaky` (500 on a delivery's first try), `/slow` (first try past the timeout). */
function behaviour({ path, seen }: { path: string; seen: number }) {
  if (path === '/down') return { status: 500 };
  if (path === '/flaky' && seen === 1) return { status: 503 };
  if (path === '/slow' && seen === 1) return { status: 200, delayMs: TIMEOUT_MS + 500 };
  return { status: 200 };
}

describe('alarm notifications: webhook, e-mail, back-off, escalation', () => {
  let server: TestServer;
  let admin: ApiClient;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let projectId: number;
  let modelId: number;
  let m: Record<string, number>;
  let devices = 0;

  beforeAll(async () => {
    const secrets = Object.fromEntries(['/ok', '/down', '/flaky', '/slow', '/esc0', '/esc1', '/esc2'].map((p) => [p, SECRET]));
    secrets['/b'] = SECRET_B;
    hooks = await startWebhookReceiver(secrets, behaviour);
    smtp = await startSmtpReceiver(SMTP_USER, SMTP_PASS);
    server = await startTestServer({
      notify: {
        timeoutMs: TIMEOUT_MS, backoffMs: BACKOFF, escalateAfterMs: ESCALATE_MS, pollMs: 50,
        // The receivers listen on this machine: the operator admits loopback (server/outbound/).
        webhookAllowNetworks: ['127.0.0.0/8'],
        smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: SMTP_USER, pass: SMTP_PASS, from: 'nv-alarm@example.com' },
      },
    });
    admin = await loginAs(server, 'admin');
    const db = server.database.db;
    projectId = (await db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
    ({ modelId, measureIds: m } = await createModel(db, 'NOTIFY', [
      { name: '阻力', unit: 'Pa', tag: MeasureTag.Resistance, rule: [ConditionType.Gt, 450, null, 2] },
      { name: '湿度', unit: '%RH', tag: MeasureTag.Humidity, rule: [ConditionType.Gt, 85, null, 0] },
    ]));
  });
  afterAll(async () => {
    await server?.dispose();
    await hooks?.close();
    await smtp?.close();
  });

  async function contact(name: string, fields: Record<string, unknown>): Promise<number> {
    const r = await admin.post('/api/t_contacts/save', { name, ...fields });
    expect(r.body.success, r.body.error).toBe(true);
    return r.body.data.id;
  }
  async function assign(contacts: { contactId: number; warnLevels?: number[]; escalationLevel?: number }[]) {
    const r = await admin.post('/api/t_project_contacts/save', { projectId, contacts });
    expect(r.body.success, r.body.error).toBe(true);
    return r.body.data;
  }
  /** Raises an alarm on a new device (two violating samples) and answers its history id. */
  async function raise(measure: '阻力' | '湿度', value: number, project = 'P-SH-01'): Promise<{ alarmId: number; deviceId: number; ts: number }> {
    const deviceId = await createDevice(server.database.db, modelId, `NTF-${++devices}`, project);
    const ts = Date.now() - 1_000;
    const r = await server.telemetry.ingest.ingest([
      { deviceId, measureId: m[measure], value, ts: ts - 1_000 }, { deviceId, measureId: m[measure], value, ts },
    ]);
    expect(r.rejected).toEqual([]);
    const row = await server.database.db.selectFrom('t_history_measure_warning').select('id').where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    return { alarmId: row.id, deviceId, ts };
  }
  const notifications = (alarmId: number) => server.database.db.selectFrom('t_alarm_notification').selectAll()
    .where('alarm_id', '=', alarmId).orderBy('id').execute();
  const settled = (alarmId: number, count: number) => waitFor(`${count} settled notifications of alarm ${alarmId}`, async () => {
    const rows = await notifications(alarmId);
    return rows.length === count && rows.every((r) => r.state === 'sent' || r.state === 'dead') ? rows : null;
  });
  const log = async (query: string) => {
    const r = await admin.get(`/api/t_alarm_notification?${query}`);
    expect(r.body.success, r.body.error).toBe(true);
    return AlarmNotificationLog.parse(r.body.data);
  };

  it('posts a signed JSON alarm to the webhook and mails it, to the contacts of the alarm\'s warn level only', async () => {
    const duty = await contact('值班台', { email: 'duty@example.com', webhookUrl: hooks.url('/ok'), webhookSecret: SECRET });
    const quiet = await contact('只收提示', { email: 'hints@example.com', webhookUrl: hooks.url('/b'), webhookSecret: SECRET_B });
    await assign([{ contactId: duty, warnLevels: [1, 2] }, { contactId: quiet, warnLevels: [0] }]);
    const { alarmId, deviceId, ts } = await raise('阻力', 500);

    const rows = await settled(alarmId, 2);
    expect(rows.map((r) => [r.contact_id, r.channel, r.state, r.attempts, r.escalation_level])).toEqual([
      [duty, 'webhook', 'sent', 1, 0], [duty, 'email', 'sent', 1, 0],
    ]);
    const webhook = rows.find((r) => r.channel === 'webhook')!;
    const hits = hooks.hits.filter((h) => h.headers['x-nv-delivery'] === webhook.delivery_id);
    expect(hits).toHaveLength(1);
    const hit = hits[0];
    expect(hit.path).toBe('/ok');
    expect(hit.signatureOk).toBe(true);
    expect(hit.headers['content-type']).toMatch(/^application\/json/);
    const signedAt = Number(hit.headers['x-nv-timestamp']) * 1000;
    expect(Math.abs(signedAt - hit.at)).toBeLessThan(5_000);
    const payload = WebhookPayload.parse(JSON.parse(hit.body));
    expect(payload).toMatchObject({
      deliveryId: webhook.delivery_id, event: 'alarm.raised', escalationLevel: 0, attempt: 1,
      contact: { id: duty, name: '值班台' },
      alarm: {
        id: alarmId, projectId, deviceId, deviceCode: `NTF-${devices}`, measureId: m['阻力'], measureName: '阻力', unit: 'Pa',
        conditionType: ConditionType.Gt, conditionVal1: 450, sampleValue: 500, warnLevel: 2, warnLevelName: '重要',
        content: '阻力当前值500Pa，大于设定值450Pa', raisedAt: ts, raisedAtIso: new Date(ts).toISOString(),
      },
    });
    // A body changed on the way, another timestamp or another secret no longer matches the signature.
    const signature = hit.headers['x-nv-signature'] as string;
    const stamp = String(hit.headers['x-nv-timestamp']);
    expect(verifySignature(SECRET, stamp, hit.body.replace('500', '501'), signature)).toBe(false);
    expect(verifySignature(SECRET, String(Number(stamp) + 1), hit.body, signature)).toBe(false);
    expect(verifySignature(SECRET_B, stamp, hit.body, signature)).toBe(false);
    expect(hooks.hits.some((h) => h.path === '/b')).toBe(false);

    const email = rows.find((r) => r.channel === 'email')!;
    const mail = await waitFor('the mail', () => smtp.mails.find((x) => x.headers.get('x-nv-delivery') === email.delivery_id));
    expect(mail).toMatchObject({ from: 'nv-alarm@example.com', to: ['duty@example.com'], user: SMTP_USER });
    expect(mail.headers.get('message-id')).toBe(`<${email.delivery_id}@nv-console.alarm>`);
    expect(mail.subject).toContain('【重要告警】');
    expect(mail.subject).toContain('阻力当前值500Pa，大于设定值450Pa');
    expect(mail.text).toContain('告警内容：阻力当前值500Pa，大于设定值450Pa');
    expect(mail.text).toContain(`设备：测试设备 NTF-${devices}（NTF-${devices}）`);
    expect(mail.text).toContain(`投递编号：${email.delivery_id}`);
    expect(smtp.mails.some((x) => x.to.includes('hints@example.com'))).toBe(false);

    // The delivery log, by the history id and by the real-time alarm's id.
    const byHistory = await log(`alarmId=${alarmId}`);
    expect(byHistory.list.map((n) => ({ ...n, tries: n.tries.length }))).toEqual(rows.map((r) => expect.objectContaining({
      id: r.id, alarmId, deliveryId: r.delivery_id, channel: r.channel, escalationLevel: 0, contactId: duty, contactName: '值班台',
      state: 'sent', attempts: 1, nextAttemptAt: null, lastError: '', sentAt: Number(r.sent_at), tries: 1,
      target: r.channel === 'email' ? 'duty@example.com' : hooks.url('/ok'),
    })));
    expect(byHistory.list[0].tries[0]).toMatchObject({ attempt: 1, ok: true, error: '' });
    expect(byHistory.escalation).toMatchObject({ level: 0, finished: '' });
    const real = await server.database.db.selectFrom('t_real_measure_warning').select('id').where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    expect(await log(`realAlarmId=${real.id}`)).toEqual(byHistory);
  });

  it('retries a failed or timed-out call with back-off under the same delivery id, and gives up after the last wait', async () => {
    const down = await contact('坏掉的接收端', { webhookUrl: hooks.url('/down'), webhookSecret: SECRET });
    const flaky = await contact('偶尔失败', { webhookUrl: hooks.url('/flaky'), webhookSecret: SECRET });
    const slow = await contact('很慢', { webhookUrl: hooks.url('/slow'), webhookSecret: SECRET });
    await assign([{ contactId: down }, { contactId: flaky }, { contactId: slow }]);
    const { alarmId } = await raise('阻力', 520);
    const rows = await settled(alarmId, 3);
    const byContact = new Map(rows.map((r) => [r.contact_id, r]));
    const tries = async (id: number) => (await log(`alarmId=${alarmId}`)).list.find((n) => n.id === id)!.tries;

    const gaveUp = byContact.get(down)!;
    expect(gaveUp).toMatchObject({ state: 'dead', attempts: BACKOFF.length + 1 });
    // The status only: a receiver's answer text never reaches the delivery log (issue 32).
    expect(gaveUp.last_error).toBe('HTTP 500');
    const downTries = await tries(gaveUp.id);
    expect(downTries.map((t) => t.ok)).toEqual([false, false, false]);
    for (const [i, wait] of BACKOFF.entries()) {
      const gap = downTries[i + 1].startedAt - downTries[i].finishedAt!;
      expect(gap).toBeGreaterThanOrEqual(wait);
      expect(gap).toBeLessThan(wait + 1_000);
    }
    const downHits = hooks.hits.filter((h) => h.headers['x-nv-delivery'] === gaveUp.delivery_id);
    expect(downHits.map((h) => JSON.parse(h.body).attempt)).toEqual([1, 2, 3]);
    expect(downHits.every((h) => h.signatureOk)).toBe(true);

    const recovered = byContact.get(flaky)!;
    expect(recovered).toMatchObject({ state: 'sent', attempts: 2, last_error: '' });
    expect((await tries(recovered.id)).map((t) => [t.ok, t.error])).toEqual([[false, 'HTTP 503'], [true, '']]);
    expect(hooks.accepted().get(recovered.delivery_id)).toHaveLength(1);

    const late = byContact.get(slow)!;
    expect(late).toMatchObject({ state: 'sent', attempts: 2 });
    const slowTries = await tries(late.id);
    expect(slowTries[0]).toMatchObject({ ok: false, error: `timeout after ${TIMEOUT_MS} ms` });
    expect(slowTries[0].finishedAt! - slowTries[0].startedAt).toBeLessThan(TIMEOUT_MS + 500);
  });

  it('escalates an unacknowledged alarm level by level, and stops once it is acknowledged or cleared', async () => {
    const [first, second, third] = [
      await contact('一线', { webhookUrl: hooks.url('/esc0'), webhookSecret: SECRET }),
      await contact('主管', { webhookUrl: hooks.url('/esc1'), webhookSecret: SECRET }),
      await contact('经理', { webhookUrl: hooks.url('/esc2'), webhookSecret: SECRET }),
    ];
    const listed = await assign([
      { contactId: third, escalationLevel: 2, warnLevels: [0, 1, 2] }, { contactId: first }, { contactId: second, escalationLevel: 1 },
    ]);
    expect(listed.map((c: { id: number; escalationLevel: number; warnLevels: number[] }) => [c.id, c.escalationLevel, c.warnLevels]))
      .toEqual([[first, 0, [0, 1, 2]], [second, 1, [0, 1, 2]], [third, 2, [0, 1, 2]]]);

    // Left alone: the first line at once, the second after the wait, the third a wait later, then no one.
    const ignored = await raise('湿度', 90);
    const all = await waitFor('three levels told', async () => {
      const rows = await notifications(ignored.alarmId);
      return rows.length === 3 && rows.every((r) => r.state === 'sent') ? rows : null;
    }, 10_000);
    expect(all.map((r) => [r.contact_id, r.escalation_level])).toEqual([[first, 0], [second, 1], [third, 2]]);
    expect(all[1].created_at - all[0].created_at).toBeGreaterThanOrEqual(ESCALATE_MS);
    expect(all[2].created_at - all[1].created_at).toBeGreaterThanOrEqual(ESCALATE_MS);
    const levels = all.map((r) => JSON.parse(hooks.hits.find((h) => h.headers['x-nv-delivery'] === r.delivery_id)!.body).escalationLevel);
    expect(levels).toEqual([0, 1, 2]);
    await waitFor('the escalation to end', async () => (await log(`alarmId=${ignored.alarmId}`)).escalation?.finished === 'exhausted');

    // Acknowledged (dealt with) after the second level: the third is never told.
    const acknowledged = await raise('湿度', 91);
    await waitFor('the second level', async () => (await notifications(acknowledged.alarmId)).some((r) => r.escalation_level === 1 && r.state === 'sent'));
    expect((await admin.post('/api/t_history_measure_warning/deal', { ids: [acknowledged.alarmId], remark: '已处理' })).body.success).toBe(true);
    await waitFor('the escalation to stop', async () => (await log(`alarmId=${acknowledged.alarmId}`)).escalation?.finished === 'acknowledged', 5_000);
    expect((await notifications(acknowledged.alarmId)).map((r) => r.escalation_level)).toEqual([0, 1]);

    // Cleared before the wait: only the first line was told.
    const cleared = await raise('湿度', 92);
    const t = Date.now();
    expect((await server.telemetry.ingest.ingest([
      { deviceId: cleared.deviceId, measureId: m['湿度'], value: 40, ts: t - 500 }, { deviceId: cleared.deviceId, measureId: m['湿度'], value: 40, ts: t },
    ])).rejected).toEqual([]);
    await waitFor('the escalation to stop', async () => (await log(`alarmId=${cleared.alarmId}`)).escalation?.finished === 'cleared', 5_000);
    expect((await notifications(cleared.alarmId)).map((r) => r.escalation_level)).toEqual([0]);
  });

  it('keeps the webhook secret write-only and checks what a contact and its project settings may hold', async () => {
    const db = server.database.db;
    const id = await contact('密钥测试', { webhookUrl: hooks.url('/ok'), webhookSecret: SECRET });
    const answers = [
      await admin.get(`/api/t_contacts/${id}`), await admin.get('/api/t_contacts?Page=1&Size=200'), await admin.get('/api/t_contacts/all'),
      await admin.post('/api/t_project_contacts/save', { projectId, contacts: [{ contactId: id }] }),
      await admin.get(`/api/t_project_contacts?projectId=${projectId}`), await admin.get('/api/t_history_log?Page=1&Size=50'),
    ];
    for (const a of answers) {
      expect(a.body.success, a.body.error).toBe(true);
      expect(JSON.stringify(a.body)).not.toContain(SECRET);
    }
    expect(answers[0].body.data).toMatchObject({ webhookUrl: hooks.url('/ok'), webhookSecretSet: true });
    expect(JSON.stringify(await db.selectFrom('t_history_log').select('detail').execute())).not.toContain(SECRET);

    // A change without a secret keeps it; taking the address away takes the secret too.
    const row = answers[0].body.data;
    const kept = await admin.post('/api/t_contacts/save', { id, version: row.version, name: '密钥测试', webhookUrl: hooks.url('/ok2') });
    expect(kept.body.data).toMatchObject({ webhookUrl: hooks.url('/ok2'), webhookSecretSet: true });
    // Kept as stored: sealed (server/secrets/), opening to the secret given first.
    const stored = (await db.selectFrom('t_contacts').select('webhook_secret').where('id', '=', id).executeTakeFirstOrThrow()).webhook_secret;
    expect(stored).toMatch(/^enc:v1:/);
    expect(new SecretBox(loadSecretsKey(server.config.secretsKey, server.config.dataDir)).open(stored)).toBe(SECRET);
    const removed = await admin.post('/api/t_contacts/save', { id, version: kept.body.data.version, name: '密钥测试', phone: '021-5555 0000', webhookUrl: '' });
    expect(removed.body.data).toMatchObject({ webhookUrl: '', webhookSecretSet: false });

    const bad: [Record<string, unknown>, string][] = [
      [{ webhookUrl: hooks.url('/x') }, 'body.webhookSecret: '],
      [{ webhookUrl: 'ftp://example.com/hook', webhookSecret: SECRET }, 'body.webhookUrl: '],
      [{ webhookUrl: 'javascript:alert(1)', webhookSecret: SECRET }, 'body.webhookUrl: '],
      [{ webhookUrl: 'https://user:pw@example.com/hook', webhookSecret: SECRET }, 'body.webhookUrl: '],
      [{ webhookUrl: `https://example.com/${'a'.repeat(520)}`, webhookSecret: SECRET }, 'body.webhookUrl: '],
      [{ webhookUrl: 'https://example.com/hook', webhookSecret: 'short' }, 'body.webhookSecret: '],
      [{ webhookUrl: 'https://example.com/hook', webhookSecret: 'has spaces in the secret' }, 'body.webhookSecret: '],
    ];
    for (const [fields, error] of bad) {
      const r = await expectNoChange(server, () => admin.post('/api/t_contacts/save', { name: '坏输入', ...fields }));
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.error).toMatch(new RegExp(`^${error.replace(/\./g, '\\.')}`));
    }
    const badAssign: [unknown, string][] = [
      [{ projectId, contacts: [{ contactId: id, warnLevels: [] }] }, 'body.contacts.0.warnLevels: '],
      [{ projectId, contacts: [{ contactId: id, warnLevels: [3] }] }, 'body.contacts.0.warnLevels.0: '],
      [{ projectId, contacts: [{ contactId: id, escalationLevel: 9 }] }, 'body.contacts.0.escalationLevel: '],
      [{ projectId, contacts: [{ contactId: id }, { contactId: id, escalationLevel: 1 }] }, 'body.contacts.1.contactId: '],
      [{ projectId, contacts: [{ contactId: id, extra: 1 }] }, 'body.contacts.0: '],
      [{ projectId, contactIds: [id], contacts: [] }, 'body.contacts: '],
    ];
    for (const [body, error] of badAssign) {
      const r = await expectNoChange(server, () => admin.post('/api/t_project_contacts/save', body));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((r.body.error ?? '').startsWith(error), r.body.error).toBe(true);
    }
    // The older form still works: every level, first line.
    const legacy = await admin.post('/api/t_project_contacts/save', { projectId, contactIds: [id] });
    expect(legacy.body.data).toEqual([expect.objectContaining({ id, warnLevels: [0, 1, 2], escalationLevel: 0 })]);
  });

  it('answers the delivery log only for alarms the caller may see', async () => {
    const { alarmId } = await raise('阻力', 530);
    const foreign = await raise('阻力', 530, 'P-BJ-01');
    const operator = await loginAs(server, 'operator');
    // The operator (OWN-EAST) sees its own Shanghai project, not the Beijing one of another owner.
    expect((await operator.get(`/api/t_alarm_notification?alarmId=${alarmId}`)).body.data.alarmId).toBe(alarmId);
    const refused = await operator.get(`/api/t_alarm_notification?alarmId=${foreign.alarmId}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toContain('告警');
    const real = await server.database.db.selectFrom('t_real_measure_warning').select('id').where('device_id', '=', foreign.deviceId).executeTakeFirstOrThrow();
    expect((await operator.get(`/api/t_alarm_notification?realAlarmId=${real.id}`)).status).toBe(404);
    expect((await admin.get(`/api/t_alarm_notification?realAlarmId=${real.id}`)).body.data.alarmId).toBe(foreign.alarmId);
    expect((await admin.get('/api/t_alarm_notification?alarmId=99999999')).status).toBe(404);
    expect((await admin.get('/api/t_alarm_notification?realAlarmId=99999999')).status).toBe(404);
    const none = await admin.get('/api/t_alarm_notification');
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/^query\.alarmId: /);
    expect((await admin.get('/api/t_alarm_notification?alarmId=1&realAlarmId=1')).status).toBe(400);
    expect((await admin.get('/api/t_alarm_notification?alarmId=abc')).status).toBe(400);
  });
});
