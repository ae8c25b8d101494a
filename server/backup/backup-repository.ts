import { sql, type Kysely } from 'kysely';
import { LogAction } from '../../contract/enums';
import type { DB } from '../db/schema';
import { auditLog } from '../logs/audit-log';

/** Who did it, for the operation log; a scheduled backup has no user. */
export interface BackupActor { userId: number | null; username: string; ip: string }

/** The little SQL the backup family needs: who to tell, what schema it has, and the log lines. */
export class BackupRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every user id: a restore's notice goes to all of their connections. */
  async userIds(): Promise<number[]> {
    return (await this.db.selectFrom('t_user').select('id').execute()).map((r) => r.id);
  }

  /** The migrations the live database has applied, in name order. */
  async appliedMigrations(): Promise<string[]> {
    const rows = (await sql<{ name: string }>`select name from nv_migration`.execute(this.db)).rows;
    return rows.map((r) => r.name).sort();
  }

  /** How many tables a PostgreSQL dump will copy (its progress counts them). */
  async postgresTableCount(): Promise<number> {
    const r = await sql<{ n: number }>`select count(*) as n from pg_tables where schemaname = current_schema()`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** One line of the operation log for a backup taken, uploaded, deleted or restored. */
  async log(actor: BackupActor, action: 'backup' | 'upload' | 'delete' | 'restore', fileName: string, detail: Record<string, unknown>): Promise<void> {
    await auditLog(this.db, {
      userId: actor.userId, username: actor.username, ip: actor.ip,
      action: action === 'restore' ? LogAction.Restore : action === 'delete' ? LogAction.Delete : LogAction.Backup,
      target: `backup#${fileName}`,
      detail: JSON.stringify({ op: action, ...detail }),
    });
  }
}
