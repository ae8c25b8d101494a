import type { Kysely } from 'kysely';
import type { OrgApplication, OrgRegionCode, OrgTradeCode, RegionStep } from '../../../contract/resources/org-extras';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { subtreeIds } from '../../db/tree';
import { auditLog, type AuditEntry } from '../../logs/audit-log';
import { visibleOrgFilter } from '../../auth/scope-filters';

/** What a disable (or enable) would change, for the route to refuse before anything is written. */
export interface DisablePlan {
  /** The organisation and every one below it. */
  subtree: number[];
  /** Whether the organisation's parent is disabled (enabling below a disabled parent is refused). */
  parentDisabled: boolean;
  /** Enabled super administrators inside the subtree, and in enabled organisations outside it. */
  supersInside: number;
  supersOutside: number;
}

export interface DisableOutcome {
  /** The organisations whose state changed. */
  orgIds: number[];
  /** Every user of the subtree (a disable pushes them `logout`). */
  userIds: number[];
  /** Users who had a session open, now ended. */
  signedOut: number;
}

/** What organisations add to the kit's t_org: their trade and region, disabling, joined applications. */
export function orgRepository(db: Kysely<DB>) {
  return {
    /** The organisation if the caller's data scope shows it. */
    findVisible(user: AuthUser, id: number) {
      return db.selectFrom('t_org').select(['id', 'name', 'parent_id', 'industry_id', 'region_id', 'disabled'])
        .where('id', '=', id).where(visibleOrgFilter(user, 'id')).executeTakeFirst();
    },

    async industry(industryId: number | null): Promise<OrgTradeCode> {
      if (industryId == null) return null;
      const row = await db.selectFrom('t_industry').select(['id', 'name']).where('id', '=', industryId).executeTakeFirst();
      return row ? { industryId: row.id, name: row.name } : null;
    },

    /** The region and the regions above it, root first (a broken cycle stops where it repeats). */
    async region(regionId: number | null): Promise<OrgRegionCode> {
      if (regionId == null) return null;
      const rows = await db.selectFrom('t_region').select(['id', 'parent_id', 'code', 'name']).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const path: RegionStep[] = [];
      const seen = new Set<number>();
      for (let at = byId.get(regionId); at && !seen.has(at.id); at = at.parent_id == null ? undefined : byId.get(at.parent_id)) {
        seen.add(at.id);
        path.unshift({ id: at.id, code: at.code, name: at.name });
      }
      const own = path[path.length - 1];
      return own ? { regionId: own.id, code: own.code, name: own.name, path } : null;
    },

    /**
     * Disables (or enables) organisation `rootId` and its whole subtree in one transaction: `check`
     * sees the plan first and may refuse it (throw); a disable ends the sessions of the subtree's
     * users; the audit line is written with it.
     */
    setDisabled(rootId: number, disabled: boolean, check: (plan: DisablePlan) => void, audit: Omit<AuditEntry, 'detail' | 'action'>): Promise<DisableOutcome> {
      return db.transaction().execute(async (trx) => {
        const orgs = await trx.selectFrom('t_org').select(['id', 'parent_id', 'disabled']).execute();
        const subtree = subtreeIds(orgs, rootId);
        const inside = new Set(subtree);
        const parentId = orgs.find((o) => o.id === rootId)?.parent_id ?? null;
        const supers = await trx.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
          .select(['u.org_id', 'o.disabled']).where('u.is_super', '=', 1).where('u.disabled', '=', 0)
          .where('u.deleted_at', 'is', null).execute();
        check({
          subtree,
          parentDisabled: parentId != null && orgs.some((o) => o.id === parentId && o.disabled === 1),
          supersInside: supers.filter((s) => inside.has(s.org_id)).length,
          supersOutside: supers.filter((s) => !inside.has(s.org_id) && s.disabled === 0).length,
        });

        const flag = disabled ? 1 : 0;
        const changed = orgs.filter((o) => inside.has(o.id) && o.disabled !== flag).map((o) => o.id);
        if (changed.length) {
          await trx.updateTable('t_org').set((eb) => ({ disabled: flag, version: eb('version', '+', 1) })).where('id', 'in', changed).execute();
        }
        const userIds = (await trx.selectFrom('t_user').select('id').where('org_id', 'in', subtree).execute()).map((u) => u.id);
        let signedOut = 0;
        if (disabled && userIds.length) {
          const now = Date.now();
          signedOut = (await trx.selectFrom('t_session').select('user_id').distinct().where('user_id', 'in', userIds)
            .where('expires_at', '>', now).where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)])).execute()).length;
          await trx.updateTable('t_session').set({ revoked_at: now }).where('user_id', 'in', userIds)
            .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)])).execute();
        }
        await auditLog(trx, {
          ...audit, action: 'edit',
          detail: JSON.stringify({ before: { disabled: 1 - flag }, after: { disabled: flag }, orgIds: changed }),
        });
        return { orgIds: changed, userIds, signedOut };
      });
    },

    /** The applications organisation `orgId` is joined to. */
    applications(orgId: number): Promise<OrgApplication[]> {
      return db.selectFrom('t_app_org as ao').innerJoin('t_application as a', 'a.id', 'ao.app_id')
        .select(['a.id', 'a.name', 'a.code']).where('ao.org_id', '=', orgId).orderBy('a.id').execute();
    },
  };
}
