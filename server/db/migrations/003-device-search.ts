import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Substring search over device names and codes that does not scan 100,000 rows: on SQLite an
 * FTS5 trigram index (t_device_search, kept by triggers; only name and code changes touch it, not
 * the state and liveness updates of every ingest). Trigrams need 3 characters: shorter keywords
 * are matched with LIKE. PostgreSQL keeps LIKE here (pg_trgm needs an extension an installation
 * may not allow).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`create virtual table t_device_search using fts5(name, code, content='t_device', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`insert into t_device_search (rowid, name, code) select id, name, code from t_device`.execute(db);
  await sql`create trigger t_device_search_insert after insert on t_device begin
    insert into t_device_search (rowid, name, code) values (new.id, new.name, new.code); end`.execute(db);
  await sql`create trigger t_device_search_delete after delete on t_device begin
    insert into t_device_search (t_device_search, rowid, name, code) values ('delete', old.id, old.name, old.code); end`.execute(db);
  await sql`create trigger t_device_search_update after update of name, code on t_device begin
    insert into t_device_search (t_device_search, rowid, name, code) values ('delete', old.id, old.name, old.code);
    insert into t_device_search (rowid, name, code) values (new.id, new.name, new.code); end`.execute(db);
}
