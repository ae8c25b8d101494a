import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/columns';
import type { DB } from '../db/schema';

/** Notification rows waiting per state (queued, failed awaiting a retry, sending under a lease). */
export async function notificationQueueDepth(db: Kysely<DB>): Promise<{ state: string; n: number }[]> {
  const rows = await db.selectFrom('t_alarm_notification').select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['queued', 'failed', 'sending']).groupBy('state').execute();
  return rows.map((r) => ({ state: r.state, n: Number(r.n) }));
}

/** Gateway commands waiting per state (queued, sent and not yet answered). */
export async function gatewayCommandQueueDepth(db: Kysely<DB>): Promise<{ state: string; n: number }[]> {
  const rows = await db.selectFrom('t_gateway_command').select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['queued', 'sent']).groupBy('state').execute();
  return rows.map((r) => ({ state: r.state, n: Number(r.n) }));
}

/** The database's size in bytes: SQLite's pages in use (file minus free pages), PostgreSQL's pg_database_size. */
export async function databaseSizeBytes(db: Kysely<DB>, dialect: Dialect): Promise<number> {
  if (dialect === 'postgres') {
    const r = await sql<{ n: number }>`select pg_database_size(current_database()) as n`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }
  const r = await sql<{ n: number }>`select (page_count - freelist_count) * page_size as n from pragma_page_count(), pragma_freelist_count(), pragma_page_size()`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** PostgreSQL connections to this database by state (active, idle, …); SQLite has one in-process connection. */
export async function databaseConnections(db: Kysely<DB>, dialect: Dialect): Promise<{ state: string; n: number }[]> {
  if (dialect !== 'postgres') return [{ state: 'open', n: 1 }];
  const r = await sql<{ state: string | null; n: number }>`select state, count(*) as n from pg_stat_activity
    where datname = current_database() group by state`.execute(db);
  return r.rows.map((row) => ({ state: row.state ?? 'unknown', n: Number(row.n) }));
}
