import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import {
  BACKUP_UPLOAD_MAX_BYTES, type BackupEntry, type BackupJob, type BackupList, type BackupOrigin, type BackupSchedule, type RestoreResult,
} from '../../contract/backup';
import { HubNoticeType, HubTopic, type MaintenanceData } from '../../contract/hub';
import type { ServerConfig } from '../config';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../http/api-error';
import type { HubPublisher } from '../hub/publisher';
import { BackupFiles, resolveBackupDir, sha256File } from './backup-files';
import { BackupRepository, type BackupActor } from './backup-repository';
import { backupPostgres, inspectPostgresDump, pgToolsMissing, restorePostgres } from './pg-engine';
import {
  backupSqlite, BackupRefused, checkSqliteHeader, inspectSqliteFile, normaliseSqliteFile, restoreSqlite,
} from './sqlite-engine';

export const BUSY = '已有备份或恢复正在进行，请稍后再试';
export const NOT_FOUND_WHAT = '备份';
const SCHEDULER: BackupActor = { userId: null, username: 'system', ip: '' };
/** Safety backups a restore takes are pruned like scheduled ones, but never below this many. */
const MIN_SAFETY_KEEP = 3;
/** A scheduled backup that finds another operation running tries again after this long. */
const RETRY_MS = 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface BackupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupServiceOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The app's SQLite connection (SQLite only). */
  sqlite?: SQLite.Database;
  config: Pick<ServerConfig, 'dataDir' | 'staticDir' | 'backupDir' | 'backupUploadMaxBytes' | 'databaseUrl'>;
  hub: HubPublisher;
  log: BackupLog;
  /**
   * Runs once a restore has written the backup's data: seals the secrets an older backup kept in
   * plain text (server/secrets/), so the next backup does not carry them so.
   */
  afterRestore?: () => Promise<unknown>;
  now?: () => number;
}

/** When a daily schedule next runs after `now` (local time), or null when it is off. */
export function nextRunAt(schedule: BackupSchedule, now: number): number | null {
  if (!schedule.enabled) return null;
  const [h, m] = schedule.time.split(':').map(Number);
  const at = new Date(now);
  at.setHours(h, m, 0, 0);
  if (at.getTime() <= now) at.setDate(at.getDate() + 1);
  return at.getTime();
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Which kind of file this is, from its first bytes. */
async function fileKind(file: string): Promise<'sqlite' | 'postgres' | 'unknown'> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    const text = head.subarray(0, bytesRead).toString('latin1');
    if (text.startsWith('SQLite format 3')) return 'sqlite';
    if (text.startsWith('PGDMP')) return 'postgres';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/**
 * Backup and restore of the running database (server/backup/README.md): one operation at a time,
 * its progress in {@link job}; the backup folder's files; the daily schedule (a timer, disposed
 * by {@link close}).
 */
export class BackupService {
  readonly files: BackupFiles;
  private readonly repo: BackupRepository;
  private readonly now: () => number;
  private state: BackupJob = {
    id: 0, kind: null, state: 'idle', phase: '', progress: null, fileName: null, safetyBackup: null, error: null, by: '', startedAt: null, finishedAt: null,
  };
  private running: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private missingTools: string | null | undefined;
  private schedule: BackupSchedule | null = null;

  constructor(private readonly options: BackupServiceOptions) {
    this.files = new BackupFiles(resolveBackupDir(options.config));
    this.repo = new BackupRepository(options.db);
    this.now = options.now ?? Date.now;
  }

  get uploadMaxBytes(): number {
    return this.options.config.backupUploadMaxBytes ?? BACKUP_UPLOAD_MAX_BYTES;
  }

  /** Prepares the folder and arms the schedule. */
  async start(): Promise<void> {
    await this.files.prepare();
    this.schedule = await this.files.readSchedule();
    this.arm();
  }

  /** Stops the schedule and waits for an operation in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** The operation running now, or the last one. */
  job(): BackupJob {
    return { ...this.state };
  }

  /** Why backups cannot be taken on this server, or null. */
  unavailable(): string | null {
    if (this.options.dialect === 'sqlite') return this.options.sqlite ? null : '服务器未提供 SQLite 连接，无法备份';
    if (!this.options.config.databaseUrl) return '未配置 DATABASE_URL，无法备份';
    if (this.missingTools === undefined) this.missingTools = pgToolsMissing();
    return this.missingTools;
  }

  async list(): Promise<BackupList> {
    const schedule = await this.currentSchedule();
    const reason = this.unavailable();
    return {
      items: await this.files.list(),
      dialect: this.options.dialect,
      available: reason === null,
      ...(reason ? { unavailableReason: reason } : {}),
      schedule,
      nextRunAt: nextRunAt(schedule, this.now()),
      freeBytes: await this.files.freeBytes(),
      uploadMaxBytes: this.uploadMaxBytes,
    };
  }

  async currentSchedule(): Promise<BackupSchedule> {
    return this.schedule ??= await this.files.readSchedule();
  }

  async setSchedule(schedule: BackupSchedule, actor: BackupActor): Promise<BackupSchedule> {
    await this.files.writeSchedule(schedule);
    this.schedule = schedule;
    this.arm();
    await this.repo.log(actor, 'backup', 'schedule.json', { schedule });
    return schedule;
  }

  /** A listed backup, or 404. */
  async entry(fileName: string): Promise<{ entry: BackupEntry; path: string }> {
    const entry = await this.files.find(fileName);
    if (!entry) throw notFound(NOT_FOUND_WHAT);
    return { entry, path: this.files.pathOf(fileName) };
  }

  /** Takes a backup now (409 while another operation runs). */
  backup(origin: Extract<BackupOrigin, 'manual' | 'scheduled'>, actor: BackupActor): Promise<BackupEntry> {
    return this.exclusive('backup', actor, async () => {
      const entry = await this.take(origin, actor);
      this.update({ fileName: entry.fileName });
      if (origin === 'scheduled') {
        const removed = await this.files.prune('scheduled', (await this.currentSchedule()).keep);
        if (removed.length) this.options.log.info({ removed }, 'old scheduled backups removed');
      }
      return entry;
    });
  }

  /**
   * Restores a listed backup: validates it (checksum, file, schema), tells every console, takes a
   * backup of the current state, then replaces the data. A refused file changes nothing.
   */
  restore(fileName: string, actor: BackupActor): Promise<RestoreResult> {
    return this.exclusive('restore', actor, async () => {
      this.update({ fileName });
      const { entry, path: file } = await this.entry(fileName);
      const work = this.files.workPath('restore');
      let noticeSent: number[] | null = null;
      try {
        this.update({ phase: 'checksum', progress: 0 });
        const sha = await sha256File(file, (done) => this.update({ progress: entry.size ? done / entry.size : null }));
        if (sha !== entry.sha256) throw new BackupRefused('校验和不符：备份文件已损坏或被修改，不能恢复');
        this.update({ phase: 'validating', progress: null });
        await fs.promises.copyFile(file, work);
        await this.validate(work, entry.dialect);

        // Valid: every console is told now, before the safety backup, since what anyone saves
        // from here on is replaced by the backup's data.
        noticeSent = await this.repo.userIds();
        await this.notify(noticeSent, { action: 'restore', phase: 'started', fileName, by: actor.username, at: this.now() });
        this.update({ phase: 'safety-backup', progress: 0 });
        const safety = await this.take('pre-restore', actor);
        this.update({ safetyBackup: safety.fileName });

        this.update({ phase: 'restoring', progress: 0 });
        const onProgress = (progress: number) => this.update({ progress });
        if (this.options.dialect === 'sqlite') await restoreSqlite(this.options.db, this.options.sqlite!, work, onProgress);
        else await restorePostgres(this.options.config.databaseUrl!, work, onProgress);
        await this.options.afterRestore?.().catch((err) => this.options.log.error({ err }, 'after the restore: sealing stored secrets failed'));

        const restoredAt = this.now();
        // The log line goes into the restored database, so the restore stays on record.
        await this.repo.log(actor, 'restore', fileName, { safetyBackup: safety.fileName, sha256: entry.sha256 });
        const everyone = [...new Set([...noticeSent, ...await this.repo.userIds().catch(() => [])])];
        await this.notify(everyone, { action: 'restore', phase: 'done', fileName, by: actor.username, at: restoredAt });
        await this.files.prune('pre-restore', Math.max(MIN_SAFETY_KEEP, (await this.currentSchedule()).keep));
        return { fileName, safetyBackup: safety.fileName, restoredAt };
      } catch (err) {
        // A file refused by validation changes nothing, not even the operation log; a restore
        // that had begun and was rolled back is recorded.
        if (noticeSent) {
          await this.notify(noticeSent, { action: 'restore', phase: 'failed', fileName, by: actor.username, at: this.now() });
          await this.repo.log(actor, 'restore', fileName, { failed: (err as Error).message }).catch(() => undefined);
        } else {
          this.options.log.info({ fileName, by: actor.username, reason: (err as Error).message }, 'restore refused');
        }
        throw err;
      } finally {
        await fs.promises.rm(work, { force: true });
      }
    });
  }

  /**
   * Stores an uploaded backup: streamed to the work folder (refused past the size limit), then
   * validated as a restore would (file, integrity, schema) and listed under a name of ours.
   */
  async upload(source: NodeJS.ReadableStream, originalName: string, tooLarge: () => boolean, actor: BackupActor): Promise<BackupEntry> {
    const reason = this.unavailable();
    if (reason) throw new ApiError(503, reason);
    const work = this.files.workPath('upload');
    try {
      let size = 0;
      const count = new Transform({ transform(chunk: Buffer, _enc, done) { size += chunk.length; done(null, chunk); } });
      await pipeline(source, count, fs.createWriteStream(work));
      if (tooLarge()) throw new ApiError(413, `file: 备份文件超过 ${Math.round(this.uploadMaxBytes / 1024 / 1024)} MB 的上限`);
      if (size === 0) throw badRequest('file: 备份文件为空');
      const migrations = await this.validate(work, this.options.dialect).catch((err: unknown) => {
        throw err instanceof BackupRefused ? badRequest(`file: ${err.message}`) : err;
      });
      const at = this.now();
      const fileName = this.files.newName('upload', at, this.options.dialect === 'sqlite' ? 'db' : 'dump');
      const stat = await fs.promises.stat(work);
      const entry: BackupEntry = {
        fileName, createdAt: at, size: stat.size, sha256: await sha256File(work), dialect: this.options.dialect, origin: 'upload',
        by: actor.username, schemaVersion: migrations[migrations.length - 1] ?? '', originalName: originalName.slice(0, 200),
      };
      await this.files.admit(work, entry);
      await this.repo.log(actor, 'upload', fileName, { originalName: entry.originalName, size: entry.size, sha256: entry.sha256 });
      return entry;
    } finally {
      await fs.promises.rm(work, { force: true });
    }
  }

  async remove(fileName: string, actor: BackupActor): Promise<void> {
    if (this.state.state === 'running' && (this.state.fileName === fileName || this.state.safetyBackup === fileName)) throw conflict(BUSY);
    await this.entry(fileName);
    await this.files.remove(fileName);
    await this.repo.log(actor, 'delete', fileName, {});
  }

  /**
   * Validates a private copy of a backup for this server: the right kind of file, whole, intact,
   * with exactly the migrations the live database has. Returns those migrations.
   */
  private async validate(file: string, dialect: Dialect): Promise<string[]> {
    const kind = await fileKind(file);
    if (kind === 'unknown') throw new BackupRefused('不是本系统的备份文件（既不是 SQLite 数据库，也不是 pg_dump 备份）');
    if (kind !== this.options.dialect || dialect !== this.options.dialect) {
      throw new BackupRefused(this.options.dialect === 'sqlite'
        ? '这是 PostgreSQL 备份，本服务器使用 SQLite，不能恢复'
        : '这是 SQLite 备份，本服务器使用 PostgreSQL，不能恢复');
    }
    let migrations: string[];
    if (kind === 'sqlite') {
      await checkSqliteHeader(file);
      try {
        normaliseSqliteFile(file, Number(this.options.sqlite!.pragma('page_size', { simple: true })));
      } catch (err) {
        throw new BackupRefused(`无法读取备份文件：${(err as Error).message}`);
      }
      migrations = inspectSqliteFile(file);
    } else {
      const reason = this.unavailable();
      if (reason) throw new ApiError(503, reason);
      migrations = await inspectPostgresDump(file);
    }
    const live = await this.repo.appliedMigrations();
    if (!sameList(migrations, live)) {
      throw new BackupRefused(`备份的数据库结构版本（${migrations[migrations.length - 1] ?? '无'}）与当前服务器（${live[live.length - 1] ?? '无'}）不同，不能恢复`);
    }
    return migrations;
  }

  /** Takes one backup into the folder (inside an operation): copy, checksum, manifest, log line. */
  private async take(origin: BackupOrigin, actor: BackupActor): Promise<BackupEntry> {
    const reason = this.unavailable();
    if (reason) throw new ApiError(503, reason);
    const migrations = await this.repo.appliedMigrations();
    const at = this.now();
    const work = this.files.workPath('backup');
    const onProgress = (progress: number) => this.update({ progress });
    try {
      this.update({ phase: origin === 'pre-restore' ? 'safety-backup' : 'copying', progress: 0 });
      if (this.options.dialect === 'sqlite') {
        await backupSqlite(this.options.sqlite!.name, work, onProgress);
        normaliseSqliteFile(work);
      } else {
        await backupPostgres(this.options.config.databaseUrl!, work, await this.repo.postgresTableCount(), onProgress);
      }
      const { size } = await fs.promises.stat(work);
      if (origin !== 'pre-restore') this.update({ phase: 'checksum', progress: 0 });
      const sha256 = await sha256File(work, (done) => { if (origin !== 'pre-restore') this.update({ progress: size ? done / size : null }); });
      const entry: BackupEntry = {
        fileName: this.files.newName(origin, at, this.options.dialect === 'sqlite' ? 'db' : 'dump'),
        createdAt: at, size, sha256, dialect: this.options.dialect, origin, by: actor.userId === null ? '' : actor.username,
        schemaVersion: migrations[migrations.length - 1] ?? '',
      };
      await this.files.admit(work, entry);
      await this.repo.log(actor, 'backup', entry.fileName, { origin, size, sha256 });
      return entry;
    } finally {
      await fs.promises.rm(work, { force: true });
    }
  }

  /** Runs `fn` as the one operation, keeping {@link job} up to date; 409 while another runs. */
  private async exclusive<T>(kind: 'backup' | 'restore', actor: BackupActor, fn: () => Promise<T>): Promise<T> {
    if (this.state.state === 'running') throw conflict(BUSY);
    if (this.closed) throw new ApiError(503, '服务器正在停止');
    this.state = {
      id: this.state.id + 1, kind, state: 'running', phase: 'starting', progress: 0, fileName: null, safetyBackup: null, error: null,
      by: actor.username, startedAt: this.now(), finishedAt: null,
    };
    const run = (async () => {
      try {
        const result = await fn();
        this.update({ state: 'done', phase: 'finished', progress: 1, finishedAt: this.now() });
        return result;
      } catch (err) {
        const message = err instanceof ApiError || err instanceof BackupRefused ? err.message : `${kind === 'backup' ? '备份' : '恢复'}失败：${(err as Error).message}`;
        this.update({ state: 'failed', error: message, finishedAt: this.now() });
        if (!(err instanceof ApiError || err instanceof BackupRefused)) this.options.log.error({ err }, `database ${kind} failed`);
        if (err instanceof BackupRefused) throw badRequest(`fileName: ${err.message}`);
        if (err instanceof ApiError) throw err;
        throw new ApiError(500, message);
      }
    })();
    this.running = run;
    return run;
  }

  private update(patch: Partial<BackupJob>): void {
    this.state = { ...this.state, ...patch };
  }

  private async notify(userIds: number[], data: MaintenanceData): Promise<void> {
    if (!userIds.length) return;
    await this.options.hub.publish(userIds.map((id) => HubTopic.user(id)), { type: HubNoticeType.Maintenance, data });
  }

  /** Sets the timer for the schedule's next run (none when it is off or the service closed). */
  private arm(after = this.now()): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed || !this.schedule) return;
    const at = nextRunAt(this.schedule, Math.max(after, this.now()));
    if (at === null) return;
    this.armAt(at);
  }

  private armAt(at: number): void {
    const delay = Math.max(0, at - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.now() < at - 1000) return this.armAt(at);
      void this.runScheduled(at);
    }, Math.min(delay, MAX_TIMER_MS));
    this.timer.unref();
  }

  private async runScheduled(at: number): Promise<void> {
    if (this.closed) return;
    try {
      const entry = await this.backup('scheduled', SCHEDULER);
      this.options.log.info({ fileName: entry.fileName }, 'scheduled backup taken');
      this.arm(at);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && !this.closed) {
        this.armAt(Math.max(at, this.now()) + RETRY_MS);
        return;
      }
      this.options.log.error({ err }, 'scheduled backup failed');
      this.arm(at);
    }
  }
}
