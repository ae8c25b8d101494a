import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleOrgFilter } from '../scope-filters';

const COLUMNS = ['c.id', 'c.version', 'c.org_id as orgId', 'c.name', 'c.phone', 'c.email'] as const;

/** Which alarm contacts answer for a project (the contacts themselves are a kit resource). */
export function projectContactsRepository(db: Kysely<DB>) {
  return {
    list(projectId: number) {
      return db.selectFrom('t_project_contacts as pc').innerJoin('t_contacts as c', 'c.id', 'pc.contact_id')
        .select(COLUMNS).where('pc.project_id', '=', projectId).orderBy('c.id').execute();
    },

    /** How many of `ids` are contacts the user may see. */
    async countVisible(user: AuthUser, ids: number[]): Promise<number> {
      const found = await db.selectFrom('t_contacts as c').select('c.id').where(visibleOrgFilter(user, 'c.org_id')).where('c.id', 'in', ids).execute();
      return found.length;
    },

    /** Replaces the project's contacts as a whole. */
    async replace(projectId: number, contactIds: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('t_project_contacts').where('project_id', '=', projectId).execute();
        if (contactIds.length) await trx.insertInto('t_project_contacts').values(contactIds.map((contact_id) => ({ project_id: projectId, contact_id }))).execute();
      });
    },
  };
}
