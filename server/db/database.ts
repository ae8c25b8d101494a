import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Dialect } from './columns';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the PostgreSQL host/database (never the password). */
  location: string;
  /** The SQLite connection under `db` (SQLite only): the online backup and restore use it (server/backup/). */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** SQLite journal mode; WAL unless told otherwise. */
  journalMode?: 'wal' | 'delete';
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric aggregates (count/sum) come back as int8 or numeric; read them as numbers.
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection ended by the server (a restart, pg_terminate_backend, a dropped database)
    // is an 'error' on the pool: unheard, it would end the process. The pool drops that connection
    // and opens another for the next query, whose own failure reaches its caller.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      location: `postgres://${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'nv-console.db');
  const sqlite = new SQLite(file);
  sqlite.pragma(`journal_mode = ${options.journalMode ?? 'wal'}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', location: file, sqlite, close: () => db.destroy() };
}
