import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag } from '../../contract/enums';
import { openDatabase, type Database } from '../../server/db/database';
import { INTERRUPTED } from '../../server/notifications/notification-repository';
import { startSmtpReceiver, startWebhookReceiver, waitFor } from './notification-receivers';
import { createDevice, createModel } from './telemetry-fixtures';
import { call, killServer, scratchData, spawnServer, type ServerProcess } from './child-server';

/**
 * The alarm notification queue survives a crash: a real server process, killed with SIGKILL while
 * it raises alarms and sends their webhooks and e-mails, restarted on the same data. Every alarm
 * raised before the crash is notified (nothing lost), no alarm is queued twice for a contact and
 * channel, and a notification the receiver had before the crash is only sent again when it was
 * in flight at the crash (then under the same delivery id, which the receiver dedupes on).
 * With TEST_DATABASE_URL the process runs on a new PostgreSQL database, else on SQLite.
 */

const SECRET_A = 'process-test-secret-aaaa';
const SECRET_B = 'process-test-secret-bbbb';
const SMTP_USER = 'relay';
const SMTP_PASS = 'Smtp-Pa55-never-logged';
const DEVICES = 36;
const PER_BATCH = 3;

describe('alarm notifications across a crash (kill -9)', () => {
  let scratch: Awaited<ReturnType<typeof scratchData>> | undefined;
  let dataDir = '';
  let databaseUrl: string | undefined;
  let server: ServerProcess | undefined;
  let database: Database | undefined;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    scratch = await scratchData('nv-notify-');
    ({ dataDir, databaseUrl } = scratch);
    // Each call is answered after 120 ms (so some are in flight at the crash); a quarter of the
    // deliveries are refused on their first try (so some wait for a retry at the crash).
    hooks = await startWebhookReceiver({ '/a': SECRET_A, '/b': SECRET_B }, ({ deliveryId, seen }) => (
      seen === 1 && deliveryId.charCodeAt(0) % 4 === 0 ? { status: 500, delayMs: 20 } : { status: 200, delayMs: 120 }));
    smtp = await startSmtpReceiver(SMTP_USER, SMTP_PASS);
  });
  afterAll(async () => {
    await killServer(server);
    await database?.close();
    await hooks?.close();
    await smtp?.close();
    await scratch?.dispose();
  });

  it('loses no notification, queues none twice, and sends again only what was in flight', async () => {
    const env = {
      ...scratch!.env,
      NOTIFY_TIMEOUT_S: '1', NOTIFY_BACKOFF_S: '0.3,0.6,1.2,2.4,4.8', ALARM_ESCALATE_MINUTES: '0',
      // The receiver listens on this machine: the operator admits loopback (server/outbound/).
      WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8',
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER, SMTP_PASS, SMTP_FROM: 'alarm@example.com',
    };
    server = await spawnServer(env, 'debug');
    const login = await call(`${server.url}/api/user/login`, 'POST', { user: 'admin', password: 'Admin@2026', tokenExpired: 30 });
    const auth = { authorization: `Bearer ${login.data.token}` };
    database = openDatabase({ dataDir, databaseUrl });
    const db = database.db;
    const project = await db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow();
    const a = await call(`${server.url}/api/t_contacts/save`, 'POST', { name: '甲', email: 'a@example.com', webhookUrl: hooks.url('/a'), webhookSecret: SECRET_A }, auth);
    const b = await call(`${server.url}/api/t_contacts/save`, 'POST', { name: '乙', webhookUrl: hooks.url('/b'), webhookSecret: SECRET_B }, auth);
    expect([a.success, b.success]).toEqual([true, true]);
    const assigned = await call(`${server.url}/api/t_project_contacts/save`, 'POST', {
      projectId: project.id, contacts: [{ contactId: a.data.id }, { contactId: b.data.id, warnLevels: [1, 2] }],
    }, auth);
    expect(assigned.success, assigned.error).toBe(true);
    const { modelId, measureIds } = await createModel(db, 'CRASH', [
      { name: '阻力', unit: 'Pa', tag: MeasureTag.Resistance, rule: [ConditionType.Gt, 450, null, 2] },
    ]);
    const deviceIds: number[] = [];
    for (let i = 0; i < DEVICES; i++) deviceIds.push(await createDevice(db, modelId, `CRASH-${i}`));
    const ingest = (url: string, ids: number[]) => {
      const ts = Date.now();
      return call(`${url}/api/ingest`, 'POST', {
        items: ids.flatMap((deviceId) => [
          { deviceId, measureId: measureIds['阻力'], value: 480, ts: ts - 1_000 }, { deviceId, measureId: measureIds['阻力'], value: 481, ts },
        ]),
      }, auth);
    };
    const notifications = () => db.selectFrom('t_alarm_notification').selectAll().orderBy('id').execute();

    // Alarms are raised batch by batch while the server sends; the crash comes with sends in
    // flight and a batch on the wire.
    const confirmed: number[] = [];
    let next = 0;
    const url = server.url;
    let crashed = false;
    const raising = (async () => {
      while (!crashed && next < DEVICES) {
        // Half the devices raise, then the rest wait for 8 sends, so the crash below always finds
        // devices still to raise, however slow the machine sends.
        while (!crashed && next >= DEVICES / 2 && (await notifications()).filter((r) => r.state === 'sent').length < 8) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        if (crashed) break;
        const batch = deviceIds.slice(next, next + PER_BATCH);
        next += PER_BATCH;
        const r = await ingest(url, batch).catch(() => null);
        if (r?.success) confirmed.push(...batch);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    // In flight for sure: a webhook try begun under 40 ms ago whose answer takes 120 ms (the kill
    // follows at once; a row merely seen 'sending' may have been answered by then).
    const surelyInFlight = (r: Awaited<ReturnType<typeof notifications>>[number]) => r.state === 'sending' && r.channel === 'webhook'
      && (r.delivery_id.charCodeAt(0) % 4 !== 0 || r.attempts > 1) && Date.now() - (r.last_attempt_at ?? 0) < 40;
    await waitFor('sends in flight after some were sent', async () => {
      const rows = await notifications();
      return rows.filter((r) => r.state === 'sent').length >= 8 && rows.some(surelyInFlight) && next < DEVICES - PER_BATCH;
    }, 30_000, 5);
    const firstLog = server.output();
    server.child.kill('SIGKILL');
    crashed = true;
    expect(await server.exited).toBe('SIGKILL');
    await raising;

    const atCrash = await notifications();
    const alarms = await db.selectFrom('t_history_measure_warning').select(['id', 'device_id']).where('device_id', 'in', deviceIds).execute();
    // Every batch the server confirmed raised its alarms, and every alarm raised has its notifications.
    for (const id of confirmed) expect(alarms.some((x) => x.device_id === id), `device ${id}`).toBe(true);
    const expectedPerAlarm = (alarmId: number) => [
      `${alarmId}:${a.data.id}:webhook`, `${alarmId}:${a.data.id}:email`, `${alarmId}:${b.data.id}:webhook`,
    ];
    const keys = (rows: typeof atCrash) => rows.map((r) => `${r.alarm_id}:${r.contact_id}:${r.channel}`).sort();
    expect(keys(atCrash)).toEqual(alarms.flatMap((x) => expectedPerAlarm(x.id)).sort());
    const inFlight = new Set(atCrash.filter((r) => r.state === 'sending').map((r) => r.delivery_id));
    const sentBefore = new Set(atCrash.filter((r) => r.state === 'sent').map((r) => r.delivery_id));
    expect(inFlight.size).toBeGreaterThan(0);
    const receivedAtCrash = deliveries();

    // Restarted on the same data: what is left is sent; the devices not raised yet raise now.
    server = await spawnServer(env, 'debug');
    const rest = deviceIds.filter((id) => !alarms.some((x) => x.device_id === id));
    for (let i = 0; i < rest.length; i += PER_BATCH) expect((await ingest(server.url, rest.slice(i, i + PER_BATCH))).success).toBe(true);
    const end = await waitFor('every notification sent', async () => {
      const rows = await notifications();
      return rows.length === DEVICES * 3 && rows.every((r) => r.state === 'sent') ? rows : null;
    }, 60_000, 100);

    // No alarm was queued twice for a contact and channel; none is missing.
    const allAlarms = await db.selectFrom('t_history_measure_warning').select('id').where('device_id', 'in', deviceIds).execute();
    expect(allAlarms).toHaveLength(DEVICES);
    expect(keys(end)).toEqual(allAlarms.flatMap((x) => expectedPerAlarm(x.id)).sort());
    for (const before of atCrash) expect(end.find((r) => r.id === before.id)!.delivery_id).toBe(before.delivery_id);

    // The receivers hold every delivery; twice only what was in flight at the crash; nothing else.
    const received = deliveries();
    const ids = new Set(end.map((r) => r.delivery_id));
    expect([...received.keys()].sort()).toEqual([...ids].sort());
    // Besides the crash, only a try whose outcome the sender could not know (it timed out: the
    // receiver may have taken it) may have been sent again; a busy machine makes a few of those.
    const unknownOutcome = new Set((await db.selectFrom('t_alarm_notification_attempt as t')
      .innerJoin('t_alarm_notification as n', 'n.id', 't.notification_id')
      .select('n.delivery_id').where('t.error', 'like', 'timeout%').execute()).map((r) => r.delivery_id));
    for (const [id, count] of received) {
      if (count > 1) expect(inFlight.has(id) || unknownOutcome.has(id), `delivery ${id} received ${count} times`).toBe(true);
      if (sentBefore.has(id)) expect(count).toBe(1);
    }
    for (const id of sentBefore) expect(receivedAtCrash.get(id)).toBe(1);
    expect(hooks.hits.every((h) => h.signatureOk)).toBe(true);
    // A try cut off by the crash shows so in the log, and was tried again.
    const cut = await db.selectFrom('t_alarm_notification_attempt').select(['notification_id', 'attempt', 'finished_at', 'error'])
      .where('error', '=', INTERRUPTED).execute();
    expect(cut.length).toBe([...inFlight].length);
    for (const t of cut) expect(t.finished_at).toBeNull();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The contacts were saved with their secrets through the logged API; no log line holds one, nor the SMTP password.
    expect(firstLog).toContain('/api/t_contacts/save');
    for (const log of [firstLog, server.output()]) {
      for (const secret of [SECRET_A, SECRET_B, SMTP_PASS]) expect(log).not.toContain(secret);
    }
  }, 150_000);

  /** Deliveries taken in with a 2xx answer meant, webhook and mail, by delivery id. */
  function deliveries(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [id, hits] of hooks.accepted()) out.set(id, hits.length);
    for (const mail of smtp.mails) {
      const id = mail.headers.get('x-nv-delivery') ?? '';
      out.set(id, (out.get(id) ?? 0) + 1);
    }
    return out;
  }
});
