import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupEntry, BackupJob, BackupList } from '../../contract/backup';
import { HubNoticeType } from '../../contract/hub';
import { nextRunAt } from '../../server/backup/backup-service';
import { BackupFiles } from '../../server/backup/backup-files';
import { pgToolsMissing } from '../../server/backup/pg-engine';
import { Notices, hubClient } from '../hub/hub-client';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, onPostgres, startTestServer, type TestServer } from './harness';
import { fileForm } from './png';
import { createDevice, createModel } from './telemetry-fixtures';

// On PostgreSQL the backups are pg_dump's: without the client tools there is nothing to test.
const pgMissing = onPostgres ? pgToolsMissing() : null;
const describeBackups = pgMissing ? describe.skip : describe;
if (pgMissing) console.warn(`db-backup: skipped on PostgreSQL — ${pgMissing}`);

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

describeBackups('database backup and restore', () => {
  let server: TestServer;
  let admin: ApiClient;
  let deviceId: number;
  let measureId: number;
  const dir = () => path.join(server.config.dataDir, 'backups');
  const history = async () => (await server.database.db.selectFrom('t_history_measure').select(['ts', 'value'])
    .where('device_id', '=', deviceId).orderBy('ts').execute()).map((r) => `${r.ts}:${r.value}`);
  const list = async () => BackupList.parse((await admin.get('/srv/db/list')).body.data);
  const backup = async () => {
    const r = await admin.post('/srv/db/backup');
    expect(r.body.error).toBeUndefined();
    return BackupEntry.parse(r.body.data);
  };
  let clock = Date.now() - 3_600_000;
  /** A batch of `n` samples, each a millisecond after the last (values tell batches apart). */
  const batch = (n: number, value: number) => Array.from({ length: n }, () => ({ deviceId, measureId, value, ts: ++clock }));
  const ingest = async (items: unknown[]) => {
    const r = await admin.post('/api/ingest', { items });
    expect(r.status).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    const model = await createModel(server.database.db, 'BACKUP', [{ name: '压差', unit: 'Pa' }]);
    measureId = model.measureIds['压差'];
    deviceId = await createDevice(server.database.db, model.modelId, 'BK-01');
  });
  afterAll(async () => { await server?.dispose(); });

  it('backs up while telemetry is ingested; a restore gives back every row committed before the backup, in a database that passes the integrity check', async () => {
    await ingest(batch(200, 1));
    const before = await history();
    expect(before).toHaveLength(200);

    // Ingest keeps going while the backup runs.
    let stop = false;
    let during = 0;
    const writer = (async () => {
      while (!stop) {
        await ingest(batch(20, 2));
        during++;
      }
    })();
    await new Promise((r) => setTimeout(r, 20));
    const entry = await backup();
    stop = true;
    await writer;
    expect(during).toBeGreaterThan(0);
    const job = BackupJob.parse((await admin.get('/srv/db/result')).body.data);
    expect(job).toMatchObject({ kind: 'backup', state: 'done', progress: 1, fileName: entry.fileName, error: null, by: 'admin' });

    // Listed with time, size and checksum; the manifest matches the file.
    const file = fs.readFileSync(path.join(dir(), entry.fileName));
    expect(entry).toMatchObject({ origin: 'manual', by: 'admin', size: file.length, sha256: sha256(file), dialect: onPostgres ? 'postgres' : 'sqlite' });
    expect((await list()).items.map((e) => e.fileName)).toContain(entry.fileName);
    if (!onPostgres) {
      const copy = new SQLite(path.join(dir(), entry.fileName), { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      copy.close();
    }

    // Rows committed after the backup, and a change to an old one.
    await ingest(batch(30, 3));
    await server.database.db.updateTable('t_device').set({ name: '备份后改名' }).where('id', '=', deviceId).execute();

    const backupLine = await server.database.db.selectFrom('t_history_log').select(['action', 'username', 'detail'])
      .where('target', '=', `backup#${entry.fileName}`).executeTakeFirstOrThrow();
    expect(backupLine).toMatchObject({ action: 'backup', username: 'admin' });
    expect(JSON.parse(backupLine.detail)).toMatchObject({ origin: 'manual', sha256: entry.sha256 });

    // A console connected to the hub hears the restore begin and end.
    const operator = await loginAs(server, 'operator');
    const hub = hubClient(server.url, () => operator.token);
    const notices = new Notices(hub);
    await hub.start();
    try {
      const r = await admin.post(`/srv/db/restore?fileName=${entry.fileName}`);
      expect(r.body.error).toBeUndefined();
      expect(r.body.data).toMatchObject({ fileName: entry.fileName, safetyBackup: expect.stringMatching(/^nv-pre-restore-/) });
      const started = await notices.next(HubNoticeType.Maintenance);
      const done = await notices.next(HubNoticeType.Maintenance);
      expect(started.data).toMatchObject({ action: 'restore', phase: 'started', fileName: entry.fileName, by: 'admin' });
      expect(done.data).toMatchObject({ action: 'restore', phase: 'done', fileName: entry.fileName });
    } finally {
      await hub.stop();
    }

    const after = await history();
    for (const row of before) expect(after).toContain(row);
    expect(after.filter((r) => r.endsWith(':3'))).toEqual([]);
    expect(after.length).toBeLessThanOrEqual(200 + during * 20);
    const device = await server.database.db.selectFrom('t_device').select('name').where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device.name).toBe('测试设备 BK-01');
    if (!onPostgres) expect(server.database.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');

    // The server goes on: new telemetry lands in the restored database.
    await ingest(batch(5, 4));
    expect((await history()).filter((r) => r.endsWith(':4'))).toHaveLength(5);

    // The safety backup holds the state the restore replaced; the restored database's operation
    // log (as it stood at the backup) gains the restore, naming that safety backup.
    const items = (await list()).items;
    const safety = items.find((e) => e.origin === 'pre-restore');
    expect(safety).toBeDefined();
    const logs = await server.database.db.selectFrom('t_history_log').select(['action', 'target', 'username', 'detail'])
      .where('target', '=', `backup#${entry.fileName}`).orderBy('id').execute();
    expect(logs.map((l) => [l.action, l.username])).toEqual([['restore', 'admin']]);
    expect(JSON.parse(logs[0].detail)).toMatchObject({ safetyBackup: safety!.fileName, sha256: entry.sha256 });
  });

  it('refuses a truncated or damaged file and changes nothing', async () => {
    const entry = await backup();
    const full = fs.readFileSync(path.join(dir(), entry.fileName));
    const half = full.subarray(0, Math.floor(full.length / 2));
    const countBefore = (await list()).items.length;

    // A listed backup damaged on disk: its checksum no longer matches.
    fs.writeFileSync(path.join(dir(), entry.fileName), half);
    let r = await expectNoChange(server, () => admin.post(`/srv/db/restore?fileName=${entry.fileName}`));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^fileName: 校验和不符/);
    expect(BackupJob.parse((await admin.get('/srv/db/result')).body.data)).toMatchObject({ state: 'failed', kind: 'restore' });

    // Even with a manifest rewritten to match, the truncated file itself is refused.
    const manifest = path.join(dir(), `${entry.fileName}.json`);
    fs.writeFileSync(manifest, JSON.stringify({ ...entry, size: half.length, sha256: sha256(half) }));
    r = await expectNoChange(server, () => admin.post(`/srv/db/restore?fileName=${entry.fileName}`));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(onPostgres ? /^fileName: 备份文件不完整或已损坏/ : /^fileName: 备份文件不完整/);
    // No safety backup was taken for a refused restore.
    expect((await list()).items.length).toBe(countBefore);

    // Uploads: truncated, not a backup, empty — each refused, nothing listed.
    for (const [content, error] of [
      [half, onPostgres ? /^file: 备份文件不完整或已损坏/ : /^file: 备份文件不完整/],
      [Buffer.from('hello, not a database'), /^file: 不是本系统的备份文件/],
      [Buffer.alloc(0), /^file: 备份文件为空/],
    ] as const) {
      const up = await expectNoChange(server, () => admin.post('/srv/db/upload', fileForm(content, 'x.db', 'application/octet-stream')));
      expect(up.status).toBe(400);
      expect(up.body.error).toMatch(error);
    }
    expect((await list()).items.length).toBe(countBefore);
    expect(fs.readdirSync(path.join(dir(), '.work'))).toEqual([]);
  });

  it('refuses a backup of another schema version', async () => {
    if (onPostgres) return; // the same check reads nv_migration out of the dump; the SQLite copy is simply easier to alter
    const entry = await backup();
    const altered = path.join(server.config.dataDir, 'altered.db');
    fs.copyFileSync(path.join(dir(), entry.fileName), altered);
    const db = new SQLite(altered);
    db.prepare('insert into nv_migration (name, applied_at) values (?, ?)').run('999-from-the-future', Date.now());
    db.close();
    const up = await expectNoChange(server, () => admin.post('/srv/db/upload', fileForm(fs.readFileSync(altered), 'future.db', 'application/octet-stream')));
    expect(up.status).toBe(400);
    expect(up.body.error).toMatch(/^file: 备份的数据库结构版本（999-from-the-future）与当前服务器（.+）不同/);
  });

  it('takes an upload of a good backup, downloads it whole, and deletes it', async () => {
    const entry = await backup();
    const dl = await fetch(`${server.url}/srv/db/download?fileName=${entry.fileName}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="${entry.fileName}"`);
    expect(dl.headers.get('x-checksum-sha256')).toBe(entry.sha256);
    const bytes = Buffer.from(await dl.arrayBuffer());
    expect(sha256(bytes)).toBe(entry.sha256);

    const up = await admin.post('/srv/db/upload', fileForm(bytes, '../../etc/我的备份.db', 'application/octet-stream'));
    expect(up.body.error).toBeUndefined();
    const uploaded = BackupEntry.parse(up.body.data);
    expect(uploaded).toMatchObject({ origin: 'upload', by: 'admin', originalName: '我的备份.db', sha256: entry.sha256, size: entry.size });
    expect(uploaded.fileName).toMatch(/^nv-upload-/);
    expect(fs.existsSync(path.join(dir(), uploaded.fileName))).toBe(true);

    const del = await admin.post(`/srv/db/del?fileName=${uploaded.fileName}`);
    expect(del.body.data).toBe(true);
    expect(fs.existsSync(path.join(dir(), uploaded.fileName))).toBe(false);
    expect(fs.existsSync(path.join(dir(), `${uploaded.fileName}.json`))).toBe(false);
    expect((await admin.post(`/srv/db/del?fileName=${uploaded.fileName}`)).status).toBe(404);
  });

  it('refuses a path instead of a backup name, before the disk is read', async () => {
    for (const name of ['../nv-console.db', '..%2Fnv-console.db', 'nv-../../nv-console.db', '/etc/passwd', 'nv-a/../../b.db', 'nv-x.db%00.png', 'nv-..db', 'backups.db']) {
      for (const [method, url] of [['POST', '/srv/db/restore'], ['GET', '/srv/db/download'], ['POST', '/srv/db/del']] as const) {
        const r = await expectNoChange(server, () => admin.request(method, `${url}?fileName=${name}`));
        expect({ name, url, status: r.status }).toEqual({ name, url, status: 400 });
        expect(r.body.error).toMatch(/^query\.fileName: /);
      }
    }
    expect((await admin.post('/srv/db/restore?fileName=nv-manual-none.db')).status).toBe(404);
    expect((await admin.get('/srv/db/download?fileName=nv-manual-none.db')).status).toBe(404);
  });

  it('needs the right backup for every call', async () => {
    const operator = await loginAs(server, 'operator');
    const anonymous = new ApiClient(server.url);
    const name = (await list()).items[0].fileName;
    const calls: [string, string, unknown?][] = [
      ['GET', '/srv/db/list'], ['GET', '/srv/db/result'], ['POST', '/srv/db/backup'], ['POST', `/srv/db/restore?fileName=${name}`],
      ['GET', `/srv/db/download?fileName=${name}`], ['POST', `/srv/db/del?fileName=${name}`], ['GET', '/srv/db/schedule'],
      ['POST', '/srv/db/schedule', { enabled: false, time: '01:00', keep: 2 }],
      ['POST', '/srv/db/upload', fileForm(Buffer.from('x'), 'x.db', 'application/octet-stream')],
    ];
    for (const [method, url, body] of calls) {
      const r = await expectNoChange(server, () => operator.request(method, url, body));
      expect({ url, status: r.status, error: r.body.error }).toEqual({ url, status: 403, error: '没有权限：backup' });
      const a = await expectNoChange(server, () => anonymous.request(method, url, body));
      expect({ url, status: a.status }).toEqual({ url, status: 401 });
    }
    expect(fs.existsSync(path.join(dir(), name))).toBe(true);
  });

  it('keeps a daily schedule with a retention count', async () => {
    const bad = await admin.post('/srv/db/schedule', { enabled: true, time: '25:00', keep: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^body\.time: /);
    expect((await admin.post('/srv/db/schedule', { enabled: true, time: '02:00', keep: 0 })).body.error).toMatch(/^body\.keep: /);
    const saved = await admin.post('/srv/db/schedule', { enabled: true, time: '03:15', keep: 2 });
    expect(saved.body.data).toEqual({ enabled: true, time: '03:15', keep: 2 });
    const l = await list();
    expect(l.schedule).toEqual({ enabled: true, time: '03:15', keep: 2 });
    const next = new Date(l.nextRunAt!);
    expect([next.getHours(), next.getMinutes()]).toEqual([3, 15]);
    expect(l.nextRunAt! - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect((await admin.post('/srv/db/schedule', { enabled: false, time: '03:15', keep: 2 })).body.data.enabled).toBe(false);
    expect((await list()).nextRunAt).toBeNull();
    // The log names the change.
    const line = await server.database.db.selectFrom('t_history_log').select('detail').where('target', '=', 'backup#schedule.json')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(line.detail)).toMatchObject({ schedule: { enabled: false } });
  });

  it('answers 409 while another operation runs', async () => {
    const [a, b] = await Promise.all([admin.post('/srv/db/backup'), admin.post('/srv/db/backup')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error).toBe('已有备份或恢复正在进行，请稍后再试');
  });
});

describe('backup schedule and folder', () => {
  it('runs next at the time of day given, today or tomorrow', () => {
    const now = new Date(2026, 4, 1, 10, 0, 0).getTime();
    expect(nextRunAt({ enabled: true, time: '11:30', keep: 1 }, now)).toBe(new Date(2026, 4, 1, 11, 30).getTime());
    expect(nextRunAt({ enabled: true, time: '09:00', keep: 1 }, now)).toBe(new Date(2026, 4, 2, 9, 0).getTime());
    expect(nextRunAt({ enabled: true, time: '10:00', keep: 1 }, now)).toBe(new Date(2026, 4, 2, 10, 0).getTime());
    expect(nextRunAt({ enabled: false, time: '11:30', keep: 1 }, now)).toBeNull();
  });

  it('keeps the newest N of an origin and leaves the others alone', async () => {
    const root = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'nv-bk-'));
    try {
      const files = new BackupFiles(root);
      await files.prepare();
      const names: string[] = [];
      for (let i = 0; i < 5; i++) {
        const origin = i === 2 ? 'manual' : 'scheduled';
        const work = files.workPath('t');
        fs.writeFileSync(work, `backup ${i}`);
        const fileName = files.newName(origin, 1_700_000_000_000 + i * 1000, 'db');
        await files.admit(work, { fileName, createdAt: 1_700_000_000_000 + i * 1000, size: 8, sha256: 'x', dialect: 'sqlite', origin, by: '', schemaVersion: '1' });
        names.push(fileName);
      }
      expect(await files.prune('scheduled', 2)).toEqual([names[1], names[0]]);
      expect((await files.list()).map((e) => e.fileName)).toEqual([names[4], names[3], names[2]]);
      expect(() => files.pathOf('../x.db')).toThrow();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
