import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface StoredLicence {
  content: string;
  importedAt: number;
  importedBy: string | null;
}

/** The licence rows (t_licence) and the counts a licence limits. */
export function licenceRepository(db: Kysely<DB>) {
  return {
    /** The newest imported licence, with who imported it. */
    async latest(): Promise<StoredLicence | undefined> {
      const row = await db.selectFrom('t_licence as l').leftJoin('t_user as u', 'u.id', 'l.imported_by')
        .select(['l.content', 'l.imported_at', 'u.username', 'u.nick_name'])
        .orderBy('l.id', 'desc').limit(1).executeTakeFirst();
      if (!row) return undefined;
      return { content: row.content, importedAt: Number(row.imported_at), importedBy: row.nick_name || row.username || null };
    },

    async insert(row: { licenceId: string; licensee: string; expiry: string; content: string; importedBy: number; importedAt: number }): Promise<void> {
      await db.insertInto('t_licence').values({
        licence_id: row.licenceId, licensee: row.licensee, expiry: row.expiry, content: row.content,
        imported_by: row.importedBy, imported_at: row.importedAt,
      }).execute();
    },

    /** Devices (every row of t_device). */
    async deviceCount(): Promise<number> {
      const r = await db.selectFrom('t_device').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Accounts in service: not removed to the 回收站, and not the shared guest account. */
    async userCount(): Promise<number> {
      const r = await db.selectFrom('t_user').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted_at', 'is', null).where('is_guest', '=', 0).executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
