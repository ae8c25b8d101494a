import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  BACKUP_FILE_NAME, BackupEntry, BackupSchedule, DEFAULT_BACKUP_SCHEDULE, type BackupOrigin,
} from '../../contract/backup';

const MANIFEST = '.json';
const SCHEDULE_FILE = 'schedule.json';
/** Files being written, validated or uploaded; never listed, emptied at start. */
const WORK_DIR = '.work';

/** Whether `child` is `parent` or lies under it. */
export function isInside(parent: string, child: string): boolean {
  const rel = path.relative(path.resolve(parent), path.resolve(child));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The backup folder of a configuration: BACKUP_DIR, or `<dataDir>/backups`; refused inside the served console. */
export function resolveBackupDir(config: { backupDir?: string; dataDir: string; staticDir?: string }): string {
  const dir = path.resolve(config.backupDir ?? path.join(config.dataDir, 'backups'));
  if (config.staticDir && (isInside(config.staticDir, dir) || isInside(dir, config.staticDir))) {
    throw new Error(`BACKUP_DIR (${dir}) must not be inside the served console folder (${config.staticDir}) or contain it`);
  }
  return dir;
}

/** SHA-256 (hex) of a file, read as a stream; `onBytes` hears how far it got. */
export async function sha256File(file: string, onBytes?: (done: number) => void): Promise<string> {
  const hash = createHash('sha256');
  let done = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    done += (chunk as Buffer).length;
    onBytes?.(done);
  }
  return hash.digest('hex');
}

/** `2026-05-01T08:30:05.123` → `20260501-083005-123`, local time, for file names. */
function stamp(at: number): string {
  const d = new Date(at);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${p(d.getMilliseconds(), 3)}`;
}

/**
 * The backup folder: each backup `nv-<origin>-<time>.<db|dump>` with its manifest `<file>.json`
 * (time, size, SHA-256, dialect, origin, who, schema version), the schedule (`schedule.json`) and
 * a work folder for files not yet whole. A file enters the folder by a rename once it is complete
 * and its manifest written, so a crash never leaves a half backup under a listed name.
 */
export class BackupFiles {
  readonly workDir: string;
  constructor(readonly dir: string) {
    this.workDir = path.join(dir, WORK_DIR);
  }

  /** Makes the folders and clears what an interrupted operation left in the work folder. */
  async prepare(): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    await fs.promises.rm(this.workDir, { recursive: true, force: true });
    await fs.promises.mkdir(this.workDir, { recursive: true });
  }

  /** A fresh name for a backup of `origin` taken at `at`. */
  newName(origin: BackupOrigin, at: number, ext: 'db' | 'dump'): string {
    let name = `nv-${origin}-${stamp(at)}.${ext}`;
    for (let n = 2; fs.existsSync(path.join(this.dir, name)); n++) name = `nv-${origin}-${stamp(at)}-${n}.${ext}`;
    return name;
  }

  /** A path in the work folder, unique. */
  workPath(label: string): string {
    return path.join(this.workDir, `${label}-${randomBytes(6).toString('hex')}`);
  }

  /**
   * The path of a listed backup. The name must have the form of a backup's (no separators, no
   * `..`) and the result must lie in the folder: anything else is refused before the disk is read.
   */
  pathOf(fileName: string): string {
    if (!BACKUP_FILE_NAME.test(fileName) || fileName.includes('..')) throw new Error(`not a backup file name: ${fileName}`);
    const full = path.join(this.dir, fileName);
    if (path.dirname(full) !== path.resolve(this.dir)) throw new Error(`not a backup file name: ${fileName}`);
    return full;
  }

  /** The manifest of a backup, or null when the file or its manifest is missing or unreadable. */
  async find(fileName: string): Promise<BackupEntry | null> {
    const file = this.pathOf(fileName);
    try {
      const [raw, stat] = await Promise.all([fs.promises.readFile(file + MANIFEST, 'utf8'), fs.promises.stat(file)]);
      if (!stat.isFile()) return null;
      const parsed = BackupEntry.safeParse(JSON.parse(raw));
      return parsed.success && parsed.data.fileName === fileName ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Every backup with a readable manifest, newest first. */
  async list(): Promise<BackupEntry[]> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch {
      return [];
    }
    const found = await Promise.all(names.filter((n) => BACKUP_FILE_NAME.test(n)).map((n) => this.find(n)));
    return found.filter((e): e is BackupEntry => e !== null).sort((a, b) => b.createdAt - a.createdAt || b.fileName.localeCompare(a.fileName));
  }

  /** Moves a complete file from the work folder into the folder under `entry.fileName`, its manifest first. */
  async admit(workFile: string, entry: BackupEntry): Promise<BackupEntry> {
    const target = this.pathOf(entry.fileName);
    await fs.promises.writeFile(target + MANIFEST, `${JSON.stringify(entry, null, 2)}\n`);
    try {
      await fs.promises.rename(workFile, target);
    } catch (err) {
      await fs.promises.rm(target + MANIFEST, { force: true });
      throw err;
    }
    return entry;
  }

  /** Removes a backup and its manifest; false when there was none. */
  async remove(fileName: string): Promise<boolean> {
    const file = this.pathOf(fileName);
    const existed = fs.existsSync(file);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(file + MANIFEST, { force: true });
    return existed;
  }

  /** Keeps the newest `keep` backups of `origin`, removing older ones; returns the names removed. */
  async prune(origin: BackupOrigin, keep: number): Promise<string[]> {
    const old = (await this.list()).filter((e) => e.origin === origin).slice(keep);
    for (const e of old) await this.remove(e.fileName);
    return old.map((e) => e.fileName);
  }

  async readSchedule(): Promise<BackupSchedule> {
    try {
      const parsed = BackupSchedule.safeParse(JSON.parse(await fs.promises.readFile(path.join(this.dir, SCHEDULE_FILE), 'utf8')));
      return parsed.success ? parsed.data : { ...DEFAULT_BACKUP_SCHEDULE };
    } catch {
      return { ...DEFAULT_BACKUP_SCHEDULE };
    }
  }

  async writeSchedule(schedule: BackupSchedule): Promise<void> {
    const tmp = this.workPath('schedule');
    await fs.promises.writeFile(tmp, `${JSON.stringify(schedule, null, 2)}\n`);
    await fs.promises.rename(tmp, path.join(this.dir, SCHEDULE_FILE));
  }

  /** Free bytes on the folder's disk, or null when the platform cannot say. */
  async freeBytes(): Promise<number | null> {
    try {
      const s = await fs.promises.statfs(this.dir);
      return s.bavail * s.bsize;
    } catch {
      return null;
    }
  }
}
