import { spawn, spawnSync } from 'node:child_process';
import { BackupRefused, type Progress } from './sqlite-engine';

/**
 * PostgreSQL backups with the client tools: `pg_dump --format=custom` (a consistent snapshot
 * taken while the server runs) and `pg_restore`. They must be on the server's PATH; when they are
 * not, backups of a PostgreSQL database are unavailable and the list says so.
 */

/** Why PostgreSQL backups cannot be taken, or null when pg_dump and pg_restore answer. */
export function pgToolsMissing(): string | null {
  for (const tool of ['pg_dump', 'pg_restore']) {
    const r = spawnSync(tool, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    if (r.error || r.status !== 0) return `PostgreSQL 的 ${tool} 不在服务器的 PATH 上，无法备份或恢复（请安装 postgresql-client）`;
  }
  return null;
}

/** The connection of `databaseUrl` as libpq environment: the password never appears in a process list. */
function connectionEnv(databaseUrl: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, dbname: url.toString() };
}

interface RunResult { code: number; stdout: string; stderr: string }

/** Runs a client tool; `onLine` hears each line of its stderr (verbose progress). */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv, onLine?: (line: string) => void, keepStdout = true): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => { if (keepStdout && stdout.length < 16 * 1024 * 1024) stdout += chunk.toString('utf8'); });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        onLine?.(line);
        if (stderr.length < 64 * 1024) stderr += `${line}\n`;
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr: stderr + partial }));
  });
}

/** The last meaningful lines of a tool's complaint, without the connection details. */
function complaint(r: RunResult): string {
  return r.stderr.split('\n').map((l) => l.trim()).filter((l) => l && !/^pg_(dump|restore): (dumping|processing|creating|restoring|launching|finished|reading|identifying|saving|last built-in|implied data-only|connecting|executing|dropping)/i.test(l))
    .slice(-3).join('; ').replace(/postgres(ql)?:\/\/\S+/g, '<database>') || `exit code ${r.code}`;
}

/**
 * Dumps the database into `dest` (custom format). Progress: the tables whose data has been
 * dumped out of `tableCount`.
 */
export async function backupPostgres(databaseUrl: string, dest: string, tableCount: number, onProgress: Progress): Promise<void> {
  const { env, dbname } = connectionEnv(databaseUrl);
  let dumped = 0;
  const r = await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--verbose', `--file=${dest}`, `--dbname=${dbname}`], env, (line) => {
    if (/dumping contents of table/.test(line)) onProgress(Math.min(0.99, ++dumped / Math.max(1, tableCount)));
  }, false);
  if (r.code !== 0) throw new Error(`pg_dump failed: ${complaint(r)}`);
  onProgress(1);
}

/** Reads the COPY block of `nv_migration` out of a `pg_restore --data-only` script: the migration names. */
function migrationsOf(script: string): string[] {
  const lines = script.split('\n');
  const start = lines.findIndex((l) => /^COPY (public\.)?nv_migration \(/.test(l));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const name = line.split('\t')[0];
    if (name) names.push(name);
  }
  return names.sort();
}

/**
 * Validates a dump: pg_restore reads it whole (a truncated or damaged file fails here), and its
 * applied migrations are returned (name order).
 */
export async function inspectPostgresDump(file: string): Promise<string[]> {
  const list = await run('pg_restore', ['--list', file], process.env);
  if (list.code !== 0) throw new BackupRefused(`不是有效的 PostgreSQL 备份：${complaint(list)}`);
  const whole = await run('pg_restore', ['--file=/dev/null', file], process.env, undefined, false);
  if (whole.code !== 0) throw new BackupRefused(`备份文件不完整或已损坏：${complaint(whole)}`);
  const data = await run('pg_restore', ['--data-only', '--table=nv_migration', '--file=-', file], process.env);
  const names = data.code === 0 ? migrationsOf(data.stdout) : [];
  if (!names.length) throw new BackupRefused('备份中没有数据库结构版本（nv_migration），不是本系统的备份');
  return names;
}

/**
 * Replaces the database's objects with the dump's in one transaction (`--single-transaction`):
 * a failure part-way rolls everything back and the database stays as it was.
 */
export async function restorePostgres(databaseUrl: string, file: string, onProgress: Progress): Promise<void> {
  const { env, dbname } = connectionEnv(databaseUrl);
  onProgress(0);
  const r = await run('pg_restore', [
    '--clean', '--if-exists', '--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file,
  ], env, undefined, false);
  if (r.code !== 0) throw new Error(`pg_restore failed, nothing was changed: ${complaint(r)}`);
  onProgress(1);
}
