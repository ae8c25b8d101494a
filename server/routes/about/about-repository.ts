import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/columns';
import { pendingMigrations } from '../../db/migrate';
import type { DB } from '../../db/schema';

/** What 版本信息 reads of the database: the engine's version and the migration level. */
export function aboutRepository(db: Kysely<DB>, dialect: Dialect) {
  return {
    async engineVersion(): Promise<string> {
      const q = dialect === 'sqlite' ? sql<{ v: string }>`select sqlite_version() as v` : sql<{ v: string }>`show server_version`;
      const row = (await q.execute(db)).rows[0] as Record<string, string> | undefined;
      return row ? String(row.v ?? row.server_version ?? Object.values(row)[0]) : '';
    },

    async migrations(): Promise<{ applied: number; latest: string | null; pending: string[] }> {
      const rows = (await sql<{ name: string }>`select name from nv_migration order by name`.execute(db)).rows;
      return {
        applied: rows.length,
        latest: rows.at(-1)?.name ?? null,
        pending: await pendingMigrations(db as unknown as Kysely<unknown>),
      };
    },
  };
}
