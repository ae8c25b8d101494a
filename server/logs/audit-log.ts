import type { Kysely } from 'kysely';
import type { LogAction } from '../../contract/enums';
import type { DB } from '../db/schema';

/** Writes one line of the operation log (t_history_log). Never pass secrets in `detail`. */
export interface AuditEntry {
  userId: number | null;
  username: string;
  action: LogAction;
  target?: string;
  detail?: string;
  ip?: string;
}

export async function auditLog(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db.insertInto('t_history_log').values({
    user_id: entry.userId,
    username: entry.username,
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? '',
    ip: entry.ip ?? '',
    created_at: Date.now(),
  }).execute();
}
