import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A file refused by validation: its message is the user's. */
export class BackupRefused extends Error {}

/** Pages copied per step of the backup API (4 MiB at 4 KiB pages): the event loop turns between steps. */
const PAGES_PER_STEP = 1024;

export type Progress = (fraction: number) => void;

const MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1');

/**
 * Checks a file's SQLite header against its size: the magic string, and a database size stated in
 * the header (when the header says it is valid) that the file holds whole. A truncated copy fails
 * here before SQLite opens it.
 */
export async function checkSqliteHeader(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(100);
    const { bytesRead } = await handle.read(header, 0, 100, 0);
    if (bytesRead < 100 || !header.subarray(0, 16).equals(MAGIC)) throw new BackupRefused('不是 SQLite 数据库文件');
    const raw = header.readUInt16BE(16);
    const pageSize = raw === 1 ? 65536 : raw;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) throw new BackupRefused('不是有效的 SQLite 数据库文件（页大小无效）');
    const pages = header.readUInt32BE(28);
    const valid = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
    if (size % pageSize !== 0 || (valid && size < pages * pageSize)) {
      throw new BackupRefused(`备份文件不完整（应有 ${valid ? pages * pageSize : `${pageSize} 的整数倍`} 字节，实有 ${size} 字节）`);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Makes a file SQLite wrote a self-contained single file: the backup API copies the source's
 * header, which marks a WAL database, so the copy is switched to the rollback journal; and, when
 * asked, gives it the live database's page size (the backup API cannot restore into a WAL
 * database of another page size).
 */
export function normaliseSqliteFile(file: string, pageSize?: number): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    if (pageSize && db.pragma('page_size', { simple: true }) !== pageSize) {
      db.pragma(`page_size = ${Number(pageSize)}`);
      db.exec('VACUUM');
    }
  } finally {
    db.close();
  }
}

/**
 * Validates a SQLite backup (a private copy: SQLite may write to it): header and size, SQLite's
 * integrity check, and the migrations it has applied, which are returned (name order).
 */
export function inspectSqliteFile(file: string): string[] {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch (err) {
    throw new BackupRefused(`无法打开备份文件：${(err as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      db.pragma('journal_mode = DELETE');
      problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    } catch (err) {
      throw new BackupRefused(`数据库完整性检查未通过：${(err as Error).message}`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupRefused(`数据库完整性检查未通过：${problems.slice(0, 3).join('; ')}`);
    }
    try {
      return (db.prepare('select name from nv_migration order by name').all() as { name: string }[]).map((r) => r.name);
    } catch {
      throw new BackupRefused('备份中没有数据库结构版本（nv_migration），不是本系统的备份');
    }
  } finally {
    db.close();
  }
}

/**
 * Copies the running database (the file `liveFile`) into `dest` with SQLite's online backup API,
 * from a connection of its own that holds one read transaction for the whole copy: in WAL mode
 * that is a fixed snapshot of every transaction committed before the copy began, the app's
 * connection keeps reading and writing meanwhile (ingest never waits), and the copy never
 * restarts. (On the app's own connection instead, a step taken while the app is inside a write
 * transaction is answered BUSY, and a steady writer would hold the copy back for ever.)
 */
export async function backupSqlite(liveFile: string, dest: string, onProgress: Progress): Promise<void> {
  const src = new SQLite(liveFile, { readonly: true, fileMustExist: true });
  try {
    src.exec('BEGIN');
    // The read transaction starts with the first read: from here on the snapshot is fixed.
    src.prepare('select count(*) from sqlite_master').get();
    await src.backup(dest, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress(totalPages ? (totalPages - remainingPages) / totalPages : 0);
        return PAGES_PER_STEP;
      },
    });
    src.exec('COMMIT');
  } finally {
    src.close();
  }
  if (!fs.existsSync(dest)) throw new Error('SQLite backup ended without writing the copy');
  onProgress(1);
}

/**
 * Replaces the live database's content with a validated file's, through the backup API (file →
 * live file) while the app's only connection is held: no query of the app runs meanwhile — each
 * waits and then reads the restored data — and the copy is one write transaction, so a failure
 * part-way leaves the database as it was. SQLite bumps the schema cookie, so the app's
 * connection re-reads the schema.
 */
export async function restoreSqlite(db: Kysely<DB>, live: SQLite.Database, source: string, onProgress: Progress): Promise<void> {
  await db.connection().execute(async () => {
    const src = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await src.backup(live.name, {
        progress: ({ totalPages, remainingPages }) => {
          onProgress(totalPages ? (totalPages - remainingPages) / totalPages : 0);
          return PAGES_PER_STEP;
        },
      });
    } finally {
      src.close();
    }
    // Ends the copy's frames in the WAL and lets the live connection see the new pages at once.
    live.pragma('wal_checkpoint(PASSIVE)');
  });
  onProgress(1);
}
