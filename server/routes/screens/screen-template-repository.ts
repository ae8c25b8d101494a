import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleOrgFilter } from '../scope-filters';

export type TemplateRow = Selectable<DB['t_screen_tpl']>;

/** The list form: everything but the document. */
export const summaryOf = (r: TemplateRow) => ({
  id: r.id, name: r.name, isDefault: Number(r.is_default) === 1, isActive: Number(r.is_active) === 1, orgId: r.org_id,
  updatedAt: Number(r.updated_at),
});
/** The stored JSON as a value; text that is not JSON is passed on as it is, for the runtime's error panel. */
export function recordOf(r: TemplateRow) {
  let content: unknown = r.content;
  try {
    content = JSON.parse(r.content);
  } catch { /* the runtime reports it */ }
  return { ...summaryOf(r), content };
}

/** What a save writes; the flags only when given. */
export interface TemplateValues {
  name: string;
  /** The template document, stored as JSON text. */
  content: unknown;
  isDefault?: boolean;
  isActive?: boolean;
}

/**
 * The SQL of big-screen templates (t_screen_tpl). A template with no organisation is global and
 * visible to everyone; an organisation's template is visible within the data scope.
 */
export function screenTemplateRepository(db: Kysely<DB>) {
  const visibleIn = (user: AuthUser) => (eb: ExpressionBuilder<DB, 't_screen_tpl'>) =>
    eb.or([eb('org_id', 'is', null), visibleOrgFilter(user, 'org_id')(eb)]);
  const visible = (user: AuthUser) => db.selectFrom('t_screen_tpl').where(visibleIn(user));

  return {
    /** One page of the visible templates by id, whose name contains `keyword` (any case); and the total. */
    async page(user: AuthUser, keyword: string | undefined, page: number, size: number): Promise<{ count: number; rows: TemplateRow[] }> {
      let q = visible(user);
      if (keyword) q = q.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${keyword.toLowerCase()}%`));
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.selectAll().orderBy('id').limit(size).offset((page - 1) * size).execute();
      return { count: Number(count), rows };
    },

    listVisible(user: AuthUser): Promise<TemplateRow[]> {
      return visible(user).selectAll().orderBy('id').execute();
    },

    findVisible(user: AuthUser, id: number): Promise<TemplateRow | undefined> {
      return visible(user).selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's organisation's active template, else the global active one, else the default. */
    async findActive(user: AuthUser): Promise<TemplateRow | undefined> {
      return await visible(user).selectAll().where('is_active', '=', 1).where('org_id', '=', user.orgId).orderBy('id').executeTakeFirst()
        ?? await visible(user).selectAll().where('is_active', '=', 1).where('org_id', 'is', null).orderBy('id').executeTakeFirst()
        ?? await visible(user).selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
    },

    findDefault(user: AuthUser): Promise<TemplateRow | undefined> {
      return visible(user).selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
    },

    listDefaults(user: AuthUser): Promise<TemplateRow[]> {
      return visible(user).selectAll().where('is_default', '=', 1).orderBy('id').execute();
    },

    /**
     * Creates (no id; owned by `orgId`) or updates a template, in one transaction with what its
     * flags imply: a new default stops being one elsewhere, and a newly active template ends the
     * active one of the same owner (the organisation, or global).
     */
    async save(id: number | undefined, v: TemplateValues, orgId: number | null, userId: number, now: number): Promise<number> {
      const values = {
        name: v.name, content: JSON.stringify(v.content), updated_at: now,
        ...(v.isDefault !== undefined ? { is_default: v.isDefault ? 1 : 0 } : {}),
        ...(v.isActive !== undefined ? { is_active: v.isActive ? 1 : 0 } : {}),
      };
      return db.transaction().execute(async (trx) => {
        let savedId = id;
        if (savedId !== undefined) {
          await trx.updateTable('t_screen_tpl').set(values).where('id', '=', savedId).execute();
        } else {
          savedId = (await trx.insertInto('t_screen_tpl').values({ is_default: 0, is_active: 0, ...values, org_id: orgId, created_by: userId, created_at: now })
            .returning('id').executeTakeFirstOrThrow()).id;
        }
        if (v.isDefault) await trx.updateTable('t_screen_tpl').set({ is_default: 0 }).where('id', '<>', savedId).where('is_default', '=', 1).execute();
        if (v.isActive) {
          await trx.updateTable('t_screen_tpl').set({ is_active: 0 }).where('id', '<>', savedId).where('is_active', '=', 1)
            .where((eb) => (orgId === null ? eb('org_id', 'is', null) : eb('org_id', '=', orgId))).execute();
        }
        return savedId;
      });
    },

    /** Whether a template other than `id` is a default. */
    async hasOtherDefault(id: number): Promise<boolean> {
      const other = await db.selectFrom('t_screen_tpl').select('id').where('is_default', '=', 1).where('id', '<>', id).executeTakeFirst();
      return other !== undefined;
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('t_screen_tpl').where('id', '=', id).execute();
    },
  };
}
