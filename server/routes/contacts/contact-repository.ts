import type { Kysely } from 'kysely';
import { maskToWarnLevels, warnLevelsToMask } from '../../../contract/alarm-notifications';
import type { ProjectContact, ProjectContactEntry } from '../../../contract/resources/contacts';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleOrgFilter } from '../../auth/scope-filters';

/** Which alarm contacts answer for a project, and how (the contacts themselves are a kit resource). */
export function projectContactsRepository(db: Kysely<DB>) {
  return {
    async list(projectId: number): Promise<ProjectContact[]> {
      const rows = await db.selectFrom('t_project_contacts as pc').innerJoin('t_contacts as c', 'c.id', 'pc.contact_id')
        .select([
          'c.id', 'c.version', 'c.org_id as orgId', 'c.name', 'c.phone', 'c.email', 'c.webhook_url as webhookUrl',
          'c.webhook_secret', 'pc.warn_mask', 'pc.escalation_level',
        ])
        .where('pc.project_id', '=', projectId).orderBy('pc.escalation_level').orderBy('c.id').execute();
      return rows.map(({ webhook_secret, warn_mask, escalation_level, ...c }) => ({
        ...c, webhookSecretSet: webhook_secret !== '', warnLevels: maskToWarnLevels(warn_mask), escalationLevel: escalation_level,
      }));
    },

    /** How many of `ids` are contacts the user may see. */
    async countVisible(user: AuthUser, ids: number[]): Promise<number> {
      const found = await db.selectFrom('t_contacts as c').select('c.id').where(visibleOrgFilter(user, 'c.org_id')).where('c.id', 'in', ids).execute();
      return found.length;
    },

    /** Replaces the project's contacts and their settings as a whole. */
    async replace(projectId: number, entries: ProjectContactEntry[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('t_project_contacts').where('project_id', '=', projectId).execute();
        if (!entries.length) return;
        await trx.insertInto('t_project_contacts').values(entries.map((e) => ({
          project_id: projectId, contact_id: e.contactId, warn_mask: warnLevelsToMask(e.warnLevels), escalation_level: e.escalationLevel,
        }))).execute();
      });
    },
  };
}

/** The contacts' write-only fields as rows may show them: whether a webhook secret is stored. */
export function contactSecretsRepository(db: Kysely<DB>) {
  return {
    async secretSet(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom('t_contacts').select('id').where('id', 'in', ids).where('webhook_secret', '!=', '').execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
