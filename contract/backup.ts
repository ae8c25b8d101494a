import { z } from 'zod';

/**
 * Backup and restore (SPEC §7 `/srv/db/backup`, `/srv/db/restore?fileName=`, `/srv/db/result`;
 * issue 22; server/backup/README.md). Every call needs the right `backup`.
 *
 * - A backup is taken from the running database (SQLite's online backup API; `pg_dump` for
 *   PostgreSQL), written whole under a temporary name and then listed with its time, size and
 *   SHA-256 checksum (a small manifest `<file>.json` beside each file).
 * - One operation runs at a time; `/srv/db/result` reports the one running or the last one, with
 *   its progress, to whoever asks (the page polls it while its own call is under way).
 * - A restore validates the file first (the checksum of its manifest, SQLite's integrity check or
 *   a full read of the dump, and the applied migrations, which must be exactly the server's),
 *   takes a backup of the current state, then replaces the data; connected consoles get a
 *   `maintenance` hub notice and reload.
 */

/** Largest backup file an upload may carry, in bytes, unless BACKUP_UPLOAD_MAX_MB says otherwise (1 GiB). */
export const BACKUP_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * A backup's file name: the server names every file itself (`nv-<origin>-<time>.<db|dump>`), so a
 * name is letters, digits, dots, dashes and underscores, starting `nv-`, never a path.
 */
export const BACKUP_FILE_NAME = /^nv-[A-Za-z0-9_-][A-Za-z0-9._-]{0,150}\.(db|dump)$/;
export const BackupFileName = z.string().regex(BACKUP_FILE_NAME, 'must be the name of a backup file (nv-….db or nv-….dump)')
  .refine((s) => !s.includes('..'), 'must be the name of a backup file (nv-….db or nv-….dump)');

/** `?fileName=` naming one backup. */
export const BackupFileQuery = z.object({ fileName: BackupFileName });
export type BackupFileQuery = z.infer<typeof BackupFileQuery>;

/** How a backup came to be. */
export const BACKUP_ORIGINS = ['manual', 'scheduled', 'upload', 'pre-restore'] as const;
export type BackupOrigin = (typeof BACKUP_ORIGINS)[number];

/** One backup as listed. */
export const BackupEntry = z.object({
  fileName: z.string(),
  /** When the backup was taken (epoch ms); for an upload, when it was uploaded. */
  createdAt: z.number(),
  size: z.number().int(),
  /** SHA-256 of the file, lower-case hex. */
  sha256: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  origin: z.enum(BACKUP_ORIGINS),
  /** Who took or uploaded it ('' for the schedule). */
  by: z.string(),
  /** The last migration the backup's database had applied. */
  schemaVersion: z.string(),
  /** An upload's original file name (shown, never used as a path). */
  originalName: z.string().optional(),
});
export type BackupEntry = z.infer<typeof BackupEntry>;

/** The daily schedule: a backup at `time` (HH:MM, the server's local time), keeping the newest `keep` scheduled ones. */
export const BackupSchedule = z.object({
  enabled: z.boolean(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM'),
  keep: z.number().int().min(1).max(365),
});
export type BackupSchedule = z.infer<typeof BackupSchedule>;
export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = { enabled: true, time: '02:00', keep: 7 };

/** GET /srv/db/list. */
export const BackupList = z.object({
  items: z.array(BackupEntry),
  dialect: z.enum(['sqlite', 'postgres']),
  /** False on PostgreSQL when pg_dump/pg_restore are not on the server's PATH: backups cannot be taken there. */
  available: z.boolean(),
  /** Why backups are unavailable, when they are not. */
  unavailableReason: z.string().optional(),
  schedule: BackupSchedule,
  /** When the schedule takes its next backup (epoch ms), null when off. */
  nextRunAt: z.number().nullable(),
  /** Free space on the backup folder's disk in bytes, when known. */
  freeBytes: z.number().nullable(),
  uploadMaxBytes: z.number().int(),
});
export type BackupList = z.infer<typeof BackupList>;

export const BACKUP_JOB_STATES = ['idle', 'running', 'done', 'failed'] as const;
export type BackupJobState = (typeof BACKUP_JOB_STATES)[number];

/** GET /srv/db/result: the operation running now, or the last one. */
export const BackupJob = z.object({
  /** Increases with every operation this server process starts (0: none yet). */
  id: z.number().int(),
  kind: z.enum(['backup', 'restore']).nullable(),
  state: z.enum(BACKUP_JOB_STATES),
  /** What it is doing: 'validating', 'safety-backup', 'copying', 'checksum', 'restoring', 'finished'. */
  phase: z.string(),
  /** 0–1 of the current phase; null when unknown. */
  progress: z.number().nullable(),
  fileName: z.string().nullable(),
  /** A restore's backup of the state it replaced. */
  safetyBackup: z.string().nullable(),
  error: z.string().nullable(),
  by: z.string(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type BackupJob = z.infer<typeof BackupJob>;

/** What a restore answers once done. */
export const RestoreResult = z.object({ fileName: z.string(), safetyBackup: z.string(), restoredAt: z.number() });
export type RestoreResult = z.infer<typeof RestoreResult>;
