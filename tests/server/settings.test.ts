import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { loadSettings } from '../../server/settings/settings-repository';
import { loginAs, startTestServer, type ApiClient, type TestServer } from './harness';

describe('system settings (GET /api/sys_setting/get, POST /api/sys_setting/save)', () => {
  let t: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await loginAs(t, 'admin');
    operator = await loginAs(t, 'operator');
  });
  afterAll(async () => { await t?.dispose(); });

  it('answers the defaults to any signed-in user, and never the hub secret', async () => {
    const r = await operator.request('GET', '/api/sys_setting/get');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(DEFAULT_SETTINGS);
    const secret = await t.database.db.selectFrom('sys_setting').select('value').where('key', '=', 'hub.secret').executeTakeFirst();
    if (secret) expect(JSON.stringify(r.body)).not.toContain(secret.value);
  });

  it('saves a part, keeps the rest, and logs the change', async () => {
    const r = await admin.request('POST', '/api/sys_setting/save', { electricityPrice: 1.25, retention: { rawDays: 14 } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ ...DEFAULT_SETTINGS, electricityPrice: 1.25, retention: { ...DEFAULT_SETTINGS.retention, rawDays: 14 } });
    expect((await operator.request('GET', '/api/sys_setting/get')).body.data).toEqual(r.body.data);
    // The retention job reads the migration 002 key (existing installations keep their value).
    const raw = await t.database.db.selectFrom('sys_setting').select('value').where('key', '=', 'retention.raw.days').executeTakeFirstOrThrow();
    expect(raw.value).toBe('14');
    const line = await t.database.db.selectFrom('t_history_log').selectAll().where('target', '=', 'sys_setting')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(line).toMatchObject({ username: 'admin', action: 'edit' });
    expect(JSON.parse(line.detail)).toEqual({
      electricityPrice: { before: 0.8, after: 1.25 }, 'retention.rawDays': { before: 7, after: 14 },
    });
  });

  it('refuses a bad value with 400 naming the field, and stores nothing', async () => {
    const before = await loadSettings(t.database.db);
    for (const [body, field] of [
      [{ electricityPrice: -1, retention: { rawDays: 30 } }, 'body.electricityPrice'],
      [{ retention: { rawDays: 0 } }, 'body.retention.rawDays'],
      [{ retention: { logDays: 2.5 } }, 'body.retention.logDays'],
      [{ aqiStandard: 'HJ633-1999' }, 'body.aqiStandard'],
      [{ dialogs: { warning: 'yes' } }, 'body.dialogs.warning'],
      [{ notifications: { escalateMinutes: 5000 } }, 'body.notifications.escalateMinutes'],
      [{ retention: { rawdays: 3 } }, 'body.retention'],
      [{ hub: { secret: 'x' } }, 'body'],
    ] as const) {
      const r = await admin.request('POST', '/api/sys_setting/save', body);
      expect({ status: r.status, field: r.body.error?.split(':')[0] }).toEqual({ status: 400, field });
    }
    expect(await loadSettings(t.database.db)).toEqual(before);
  });

  it('needs settings-edit to save', async () => {
    const r = await operator.request('POST', '/api/sys_setting/save', { electricityPrice: 2 });
    expect(r.status).toBe(403);
    expect((await loadSettings(t.database.db)).electricityPrice).toBe(1.25);
  });

  it('reads an unreadable stored value as its default', async () => {
    await t.database.db.updateTable('sys_setting').set({ value: 'not json' }).where('key', '=', 'energy.electricity_price').execute();
    expect((await operator.request('GET', '/api/sys_setting/get')).body.data.electricityPrice).toBe(DEFAULT_SETTINGS.electricityPrice);
  });

  it('the alarm notifier follows the saved channel switches and escalation period', async () => {
    const notifier = t.notifier;
    await notifier.refreshSettings();
    expect(notifier.escalateAfterMs).toBe(t.config.notify.escalateAfterMs);
    await admin.request('POST', '/api/sys_setting/save', { notifications: { escalateMinutes: 0, webhook: false } });
    await notifier.refreshSettings();
    expect(notifier.escalateAfterMs).toBe(0);
  });
});
