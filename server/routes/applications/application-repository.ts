import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { auditLog, type AuditEntry } from '../../logs/audit-log';

/** What applications add to the kit's t_application: joined organisations, usage and logins. */
export function applicationRepository(db: Kysely<DB>) {
  return {
    async exists(appId: number): Promise<{ can_login: number } | undefined> {
      return db.selectFrom('t_application').select('can_login').where('id', '=', appId).executeTakeFirst();
    },

    async countOrgs(orgIds: number[]): Promise<number> {
      return (await db.selectFrom('t_org').select('id').where('id', 'in', orgIds).execute()).length;
    },

    orgs(appId: number) {
      return db.selectFrom('t_app_org as ao').innerJoin('t_org as o', 'o.id', 'ao.org_id')
        .select(['o.id', 'o.name', 'o.code', 'o.org_type as orgType']).where('ao.app_id', '=', appId).orderBy('o.id').execute();
    },

    /**
     * Joins (`add`) or takes off organisations, with the audit line in the same transaction;
     * answers how many links changed (an organisation joined already is not joined twice).
     */
    async linkOrgs(appId: number, orgIds: number[], add: boolean, audit: Omit<AuditEntry, 'detail'>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const have = new Set((await trx.selectFrom('t_app_org').select('org_id').where('app_id', '=', appId).execute()).map((r) => r.org_id));
        const changed = orgIds.filter((id) => have.has(id) !== add);
        if (changed.length && add) await trx.insertInto('t_app_org').values(changed.map((org_id) => ({ app_id: appId, org_id }))).execute();
        if (changed.length && !add) await trx.deleteFrom('t_app_org').where('app_id', '=', appId).where('org_id', 'in', changed).execute();
        await auditLog(trx, { ...audit, detail: JSON.stringify({ [add ? 'addOrgs' : 'removeOrgs']: changed }) });
        return changed.length;
      });
    },

    async usage() {
      const apps = await db.selectFrom('t_application').select(['id', 'name']).orderBy('id').execute();
      const orgs = await db.selectFrom('t_app_org').select((eb) => ['app_id', eb.fn.countAll<number>().as('n')]).groupBy('app_id').execute();
      const users = await db.selectFrom('t_app_org as ao').innerJoin('t_user as u', 'u.org_id', 'ao.org_id')
        .select((eb) => ['ao.app_id', eb.fn.countAll<number>().as('n')]).where('u.is_guest', '=', 0).groupBy('ao.app_id').execute();
      const logins = await db.selectFrom('t_session').select((eb) => ['app_id', eb.fn.countAll<number>().as('n')])
        .where('app_id', 'is not', null).groupBy('app_id').execute();
      const of = (rows: { app_id: number | null; n: number }[], id: number) => Number(rows.find((r) => r.app_id === id)?.n ?? 0);
      return apps.map((a) => ({ id: a.id, name: a.name, orgs: of(orgs, a.id), users: of(users, a.id), logins: of(logins, a.id) }));
    },

    async logins(appId: number, page: number, size: number) {
      const q = db.selectFrom('t_session as s').innerJoin('t_user as u', 'u.id', 's.user_id').where('s.app_id', '=', appId);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const list = await q.select(['u.id as userId', 'u.username', 'u.nick_name as nickName', 's.created_at as createdAt', 's.expires_at as expiresAt'])
        .orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(size).offset((page - 1) * size).execute();
      return { list, count: Number(count) };
    },
  };
}
