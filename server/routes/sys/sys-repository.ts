import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The stored values of these settings (sys_setting); a key never set is absent. */
export async function readSettings(db: Kysely<DB>, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sys_setting').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}
