import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupEntry } from '../../contract/backup';
import { ConditionType } from '../../contract/conditions';
import { MeasureTag } from '../../contract/enums';
import { pgToolsMissing } from '../../server/backup/pg-engine';
import { readConfig } from '../../server/config';
import { loadSecretsKey, SECRET_UNREADABLE, SecretBox } from '../../server/secrets/secret-box';
import { loginAs, onPostgres, startTestServer, type ApiClient, type TestServer } from './harness';
import { startWebhookReceiver, waitFor } from './notification-receivers';
import { createDevice, createModel } from './telemetry-fixtures';

/** Issue 32: webhook and hub secrets are sealed at rest, so neither the database nor a backup gives them away. */
const pgMissing = onPostgres ? pgToolsMissing() : null;

const SECRET = 'S3cret-of-the-duty-desk-9f2c';
const LEGACY_SECRET = 'legacy-plaintext-secret-77aa';
const OLD_BACKUP_SECRET = 'old-backup-plaintext-55bb01';

describe('secrets at rest', () => {
  let server: TestServer;
  let admin: ApiClient;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let projectId: number;
  let modelId: number;
  let measureId: number;
  let devices = 0;
  let contactId: number;
  const box = () => new SecretBox(loadSecretsKey(server.config.secretsKey, server.config.dataDir));

  /** Rows as the database itself holds them, read past the app (its own connection or the file). */
  async function stored<T>(query: string): Promise<T[]> {
    if (onPostgres) {
      const client = new pg.Client({ connectionString: server.config.databaseUrl });
      await client.connect();
      try {
        return (await client.query(query)).rows as T[];
      } finally {
        await client.end();
      }
    }
    const file = new SQLite(path.join(server.config.dataDir, 'nv-console.db'), { readonly: true });
    try {
      return file.prepare(query).all() as T[];
    } finally {
      file.close();
    }
  }
  const storedSecret = async (id: number) => (await stored<{ webhook_secret: string }>(`select webhook_secret from t_contacts where id = ${id}`))[0].webhook_secret;
  const storedHubSecret = async () => (await stored<{ value: string }>(`select value from sys_setting where key = 'hub.secret'`))[0].value;

  async function contact(name: string, fields: Record<string, unknown>): Promise<number> {
    const r = await admin.post('/api/t_contacts/save', { name, ...fields });
    expect(r.body.success, r.body.error).toBe(true);
    return r.body.data.id;
  }
  async function assign(...contactIds: number[]) {
    const r = await admin.post('/api/t_project_contacts/save', { projectId, contactIds });
    expect(r.body.success, r.body.error).toBe(true);
  }
  /** Raises an alarm on a new device and answers its notifications once all are settled. */
  async function raiseAndSettle(count: number) {
    const deviceId = await createDevice(server.database.db, modelId, `SEC-${++devices}`);
    const ts = Date.now() - 1_000;
    const r = await server.telemetry.ingest.ingest([{ deviceId, measureId, value: 500, ts: ts - 1_000 }, { deviceId, measureId, value: 500, ts }]);
    expect(r.rejected).toEqual([]);
    const alarm = await server.database.db.selectFrom('t_history_measure_warning').select('id').where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    return waitFor(`${count} settled notifications`, async () => {
      const rows = await server.database.db.selectFrom('t_alarm_notification').selectAll().where('alarm_id', '=', alarm.id).orderBy('id').execute();
      return rows.length === count && rows.every((n) => n.state === 'sent' || n.state === 'dead') ? rows : null;
    });
  }
  const hitsOf = (deliveryId: string) => hooks.hits.filter((h) => h.headers['x-nv-delivery'] === deliveryId);

  beforeAll(async () => {
    hooks = await startWebhookReceiver({ '/duty': SECRET, '/legacy': LEGACY_SECRET, '/broken': SECRET });
    // The receiver listens on this machine: a network webhooks may reach where the server limits them.
    const notify = readConfig({ WEBHOOK_ALLOW_NETWORKS: '127.0.0.0/8' }).notify;
    server = await startTestServer({ notify: { ...notify, timeoutMs: 2_000, backoffMs: [100], escalateAfterMs: 0, pollMs: 50 } });
    admin = await loginAs(server, 'admin');
    const db = server.database.db;
    projectId = (await db.selectFrom('t_project').select('id').where('code', '=', 'P-SH-01').executeTakeFirstOrThrow()).id;
    const model = await createModel(db, 'SECRETS', [{ name: '阻力', unit: 'Pa', tag: MeasureTag.Resistance, rule: [ConditionType.Gt, 450, null, 2] }]);
    modelId = model.modelId;
    measureId = model.measureIds['阻力'];
  });
  afterAll(async () => {
    await server?.dispose();
    await hooks?.close();
  });

  it('stores a saved webhook secret sealed, and still signs webhooks with it', async () => {
    contactId = await contact('值班台', { webhookUrl: hooks.url('/duty'), webhookSecret: SECRET });
    const sealed = await storedSecret(contactId);
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(box().open(sealed)).toBe(SECRET);
    if (!onPostgres) {
      // Not in the database file nor its write-ahead log, in any form SQLite stores text.
      for (const suffix of ['', '-wal']) {
        const file = path.join(server.config.dataDir, `nv-console.db${suffix}`);
        if (fs.existsSync(file)) expect(fs.readFileSync(file).includes(SECRET)).toBe(false);
      }
    }
    // The flag logic is unchanged: a set secret reads as set, and a save without one keeps it.
    const row = (await admin.get(`/api/t_contacts/${contactId}`)).body.data;
    expect(row).toMatchObject({ webhookSecretSet: true });
    const kept = await admin.post('/api/t_contacts/save', { id: contactId, version: row.version, name: '值班台 A', webhookUrl: hooks.url('/duty') });
    expect(kept.body.data).toMatchObject({ webhookSecretSet: true });
    expect(await storedSecret(contactId)).toBe(sealed);

    await assign(contactId);
    const [n] = await raiseAndSettle(1);
    expect(n).toMatchObject({ channel: 'webhook', state: 'sent' });
    expect(hitsOf(n.delivery_id).map((h) => h.signatureOk)).toEqual([true]);
  });

  it('keeps the hub secret sealed in sys_setting, the same one the hub signs with', async () => {
    const sealed = await storedHubSecret();
    expect(sealed).toMatch(/^enc:v1:/);
    expect(Buffer.from(box().open(sealed), 'base64').equals(server.app.hub.secret)).toBe(true);
  });

  it.skipIf(pgMissing)(`writes backups that hold the sealed secret, never the secret itself${pgMissing ? ` (skipped: ${pgMissing})` : ''}`, async () => {
    const r = await admin.post('/srv/db/backup');
    expect(r.body.error).toBeUndefined();
    const entry = BackupEntry.parse(r.body.data);
    const file = path.join(server.config.dataDir, 'backups', entry.fileName);
    // A pg_dump custom file compresses its data: read it as the restore does, through pg_restore.
    const content = onPostgres
      ? Buffer.from(spawnSync('pg_restore', ['--data-only', '--file=-', file], { maxBuffer: 512 * 1024 * 1024 }).stdout)
      : fs.readFileSync(file);
    expect(content.includes(await storedSecret(contactId))).toBe(true);
    expect(content.includes(await storedHubSecret())).toBe(true);
    expect(content.includes(SECRET)).toBe(false);
  });

  it('fails a notification whose secret another key sealed with a clear error, and goes on with the others', async () => {
    const broken = await contact('换了密钥', { webhookUrl: hooks.url('/broken'), webhookSecret: SECRET });
    const foreign = new SecretBox(randomBytes(32)).seal(SECRET);
    await server.database.db.updateTable('t_contacts').set({ webhook_secret: foreign }).where('id', '=', broken).execute();
    await assign(contactId, broken);
    const rows = await raiseAndSettle(2);
    const bad = rows.find((n) => n.contact_id === broken)!;
    const good = rows.find((n) => n.contact_id === contactId)!;
    // Tried like any failed call (retries included), then given up; nothing was posted.
    expect(bad).toMatchObject({ state: 'dead', attempts: 2, last_error: SECRET_UNREADABLE });
    expect(hitsOf(bad.delivery_id)).toEqual([]);
    expect(good).toMatchObject({ state: 'sent' });
    expect(hitsOf(good.delivery_id).map((h) => h.signatureOk)).toEqual([true]);
    const tries = await server.database.db.selectFrom('t_alarm_notification_attempt').select('error').where('notification_id', '=', bad.id).orderBy('attempt').execute();
    expect(tries.map((t) => t.error)).toEqual([SECRET_UNREADABLE, SECRET_UNREADABLE]);
    const log = await admin.get(`/api/t_alarm_notification?alarmId=${bad.alarm_id}`);
    expect(JSON.stringify(log.body)).toContain(SECRET_UNREADABLE);
    expect(JSON.stringify(log.body)).not.toContain(SECRET);
    await admin.post(`/api/t_contacts/del/${broken}`);
  });

  it('seals the plaintext rows of an older version at the next start, keeping the hub secret and webhook signatures', async () => {
    const legacy = await contact('老数据', { webhookUrl: hooks.url('/legacy'), webhookSecret: LEGACY_SECRET });
    const hubSecret = randomBytes(32);
    // As a database written before sealing existed holds them.
    await server.database.db.updateTable('t_contacts').set({ webhook_secret: LEGACY_SECRET }).where('id', '=', legacy).execute();
    await server.database.db.updateTable('sys_setting').set({ value: hubSecret.toString('base64') }).where('key', '=', 'hub.secret').execute();
    const version = (await server.database.db.selectFrom('t_contacts').select('version').where('id', '=', legacy).executeTakeFirstOrThrow()).version;

    server = await server.restart();
    expect(server.sealedSecrets).toBe(2);
    const sealed = await storedSecret(legacy);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(box().open(sealed)).toBe(LEGACY_SECRET);
    expect(box().open(await storedHubSecret())).toBe(hubSecret.toString('base64'));
    expect(server.app.hub.secret.equals(hubSecret)).toBe(true);
    // Sealing is no edit: an open form's version stays valid.
    expect((await server.database.db.selectFrom('t_contacts').select('version').where('id', '=', legacy).executeTakeFirstOrThrow()).version).toBe(version);

    // Idempotent: the next start finds nothing left to seal.
    server = await server.restart();
    expect(server.sealedSecrets).toBe(0);
    expect(await storedSecret(legacy)).toBe(sealed);

    await assign(legacy);
    const [n] = await raiseAndSettle(1);
    expect(n).toMatchObject({ state: 'sent' });
    expect(hitsOf(n.delivery_id).map((h) => h.signatureOk)).toEqual([true]);
  });

  it.skipIf(pgMissing)('seals the plaintext secrets an older backup brings back when it is restored', async () => {
    const old = await contact('旧备份', { webhookUrl: hooks.url('/legacy'), webhookSecret: OLD_BACKUP_SECRET });
    await server.database.db.updateTable('t_contacts').set({ webhook_secret: OLD_BACKUP_SECRET }).where('id', '=', old).execute();
    const r = await admin.post('/srv/db/backup');
    expect(r.body.error).toBeUndefined();
    const { fileName } = BackupEntry.parse(r.body.data);
    const restored = await admin.post(`/srv/db/restore?fileName=${fileName}`);
    expect(restored.body.error).toBeUndefined();
    const sealed = await storedSecret(old);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(box().open(sealed)).toBe(OLD_BACKUP_SECRET);
  });

  it('signs hub tokens with HUB_SECRET when it is set, leaving the stored one alone', async () => {
    const row = await storedHubSecret();
    server = await server.restart({ hubSecret: 'configured-hub-secret-0123456789' });
    expect(server.app.hub.secret.equals(Buffer.from('configured-hub-secret-0123456789'))).toBe(true);
    expect(await storedHubSecret()).toBe(row);
  });

  // Last: a start that fails removes the test server's data.
  it('refuses to start with another key than the one that sealed the hub secret, naming the key settings', async () => {
    await expect(server.restart({ hubSecret: undefined, secretsKey: randomBytes(32) })).rejects.toThrow(
      'sys_setting hub.secret: secret cannot be decrypted: the key differs from the one that sealed it (SECRETS_KEY / secrets.key)',
    );
  });
});
