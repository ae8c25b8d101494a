import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/** The SQLite file of the e2e server (playwright.config.ts starts it on this DATA_DIR). */
export const E2E_DB_FILE = path.join(os.tmpdir(), `nv-console-e2e-${Number(process.env.E2E_PORT ?? 8181)}`, 'nv-console.db');

/**
 * Runs `work` on the e2e server's database behind the API's back, for states no API call makes
 * without side effects (a stored row an older release wrote, a session that simply ran out).
 */
export function withE2eDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB_FILE);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Lets exactly the session of `token` run out now, as its lifetime would: nothing is pushed to the
 * page (unlike a login elsewhere or a password change, whose `logout` push races the test).
 */
export function expireSession(token: string): void {
  const hash = createHash('sha256').update(token, 'utf8').digest('hex');
  const changed = withE2eDatabase((db) => db.prepare('update t_session set expires_at = ? where token_hash = ?').run(Date.now() - 1, hash).changes);
  if (changed !== 1) throw new Error(`expireSession: no session holds that token (${changed} rows)`);
}
