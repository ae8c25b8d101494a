import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** At most this many users get a message per alarm: one alarm must not write thousands of rows. */
export const MAX_RECIPIENTS = 200;
const CACHE_MS = 60_000;

/**
 * The users who can see a project (SPEC §6 data scope, as auth-user.ts's loadScope reads it):
 * VAll roles and the super administrator, everyone of the project's organisation, VOrg roles of
 * its ancestor organisations, VOrgExt roles whose target organisations lie above it, VSpec roles
 * listing the project, VRegion roles targeting its region or one above (else of an organisation in
 * its region), VIndustry roles targeting its industry (else of an organisation in it), and the
 * project's members; never the guest account (游客访问 is shared: its messages would be no one's),
 * a disabled or a removed user. Cached a minute per project. Reads go
 * through the caller's executor (the batch's transaction: SQLite has one connection).
 */
export class AlarmRecipients {
  private readonly cache = new Map<number, { at: number; userIds: number[] }>();

  constructor(private readonly now: () => number = Date.now) {}

  async forProject(db: Kysely<DB>, projectId: number | null): Promise<number[]> {
    if (projectId === null) return this.everyoneWithAll(db);
    const hit = this.cache.get(projectId);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.userIds;
    const userIds = await this.load(db, projectId);
    this.cache.set(projectId, { at: this.now(), userIds });
    return userIds;
  }

  private async everyoneWithAll(db: Kysely<DB>): Promise<number[]> {
    const rows = await db.selectFrom('t_user as u')
      .leftJoin('t_user_role as ur', 'ur.user_id', 'u.id').leftJoin('t_role as r', 'r.id', 'ur.role_id')
      .select('u.id').distinct()
      .where('u.disabled', '=', 0).where('u.is_guest', '=', 0)
      .where((eb) => eb.or([eb('u.is_super', '=', 1), eb('r.data_scope', '=', 'VAll')]))
      .orderBy('u.id').limit(MAX_RECIPIENTS).execute();
    return rows.map((r) => r.id);
  }

  private async load(db: Kysely<DB>, projectId: number): Promise<number[]> {
    const project = await db.selectFrom('t_project').select(['org_id', 'region_id', 'industry_id'])
      .where('id', '=', projectId).executeTakeFirst();
    if (!project) return this.everyoneWithAll(db);
    const ancestors = await ancestorIds(db, 't_org', project.org_id);
    const regions = project.region_id !== null ? await ancestorIds(db, 't_region', project.region_id) : [];
    const rows = await db.selectFrom('t_user as u')
      .leftJoin('t_user_role as ur', 'ur.user_id', 'u.id')
      .leftJoin('t_role as r', 'r.id', 'ur.role_id')
      .innerJoin('t_org as o', 'o.id', 'u.org_id')
      .select('u.id').distinct()
      .where('u.disabled', '=', 0).where('u.is_guest', '=', 0).where('u.deleted_at', 'is', null)
      .where((eb) => {
        /** The role of the row holds a data-right target of `type` among `ids`. */
        const targets = (type: string, ids: number[]) => eb('r.id', 'in', eb.selectFrom('t_data_right').select('role_id')
          .where('right_type', '=', type).where('target_id', 'in', ids));
        /** The role of the row has no targets of `type` (its organisation's own region or industry counts). */
        const untargeted = (type: string) => eb.not(eb.exists(eb.selectFrom('t_data_right as d').select('d.id')
          .whereRef('d.role_id', '=', 'r.id').where('d.right_type', '=', type)));
        return eb.or([
          eb('u.is_super', '=', 1),
          eb('r.data_scope', '=', 'VAll'),
          eb('u.org_id', '=', project.org_id),
          eb.and([eb('r.data_scope', '=', 'VOrg'), eb('u.org_id', 'in', ancestors)]),
          eb.and([eb('r.data_scope', '=', 'VOrgExt'), targets('VOrgExt', ancestors)]),
          eb.and([eb('r.data_scope', '=', 'VSpec'), targets('VSpec', [projectId])]),
          ...(project.region_id !== null ? [eb.and([eb('r.data_scope', '=', 'VRegion'), eb.or([
            targets('VRegion', regions),
            eb.and([untargeted('VRegion'), eb('o.region_id', '=', project.region_id)]),
          ])])] : []),
          ...(project.industry_id !== null ? [eb.and([eb('r.data_scope', '=', 'VIndustry'), eb.or([
            targets('VIndustry', [project.industry_id]),
            eb.and([untargeted('VIndustry'), eb('o.industry_id', '=', project.industry_id)]),
          ])])] : []),
          eb('u.id', 'in', eb.selectFrom('t_project_member').select('user_id').where('project_id', '=', projectId)),
        ]);
      })
      .orderBy('u.id').limit(MAX_RECIPIENTS).execute();
    return rows.map((r) => r.id);
  }

}

/**
 * A record of a tree and its ancestors: a role that sees an organisation (VOrg, VOrgExt) or a
 * region (VRegion) sees what lies below it.
 */
async function ancestorIds(db: Kysely<DB>, table: 't_org' | 't_region', startId: number): Promise<number[]> {
  const out: number[] = [];
  let id: number | null = startId;
  while (id !== null && !out.includes(id) && out.length < 64) {
    out.push(id);
    const row: { parent_id: number | null } | undefined = await db.selectFrom(table).select('parent_id')
      .where('id', '=', id).executeTakeFirst();
    id = row?.parent_id ?? null;
  }
  return out;
}
