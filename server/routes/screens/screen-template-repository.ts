import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { badRequest, conflict } from '../../http/api-error';
import { auditLog } from '../../logs/audit-log';
import { visibleOrgFilter } from '../../auth/scope-filters';
import { documentStatsOf, templateAuditDetail, templateAuditTarget, type AuditedTemplate } from './screen-template-audit';
import { ensureRevision, removeRevisions, writeRevision } from './screen-template-revision-repository';

/** A template as the routes read it: everything but the thumbnail, with who saved it last. */
export interface TemplateRow {
  id: number;
  name: string;
  content: string;
  is_default: number;
  is_active: number;
  is_default_multi: number;
  org_id: number | null;
  version: number;
  updated_at: number;
  updated_by: number | null;
  updated_by_name: string | null;
  has_thumbnail: number;
}

/** The list form: everything but the document. */
export const summaryOf = (r: TemplateRow) => ({
  id: r.id, name: r.name, isDefault: Number(r.is_default) === 1, isActive: Number(r.is_active) === 1,
  isDefaultMulti: Number(r.is_default_multi) === 1, orgId: r.org_id, updatedAt: Number(r.updated_at), version: Number(r.version),
  ...documentStatsOf(r.content), updatedBy: r.updated_by_name, hasThumbnail: Number(r.has_thumbnail) === 1,
});
/** The stored JSON as a value; text that is not JSON is passed on as it is, for the runtime's error panel. */
export function recordOf(r: TemplateRow) {
  let content: unknown = r.content;
  try {
    content = JSON.parse(r.content);
  } catch { /* the runtime reports it */ }
  return { ...summaryOf(r), content };
}

const audited = (r: TemplateRow): AuditedTemplate => ({
  name: r.name, orgId: r.org_id, isDefault: Number(r.is_default) === 1, isActive: Number(r.is_active) === 1,
  isDefaultMulti: Number(r.is_default_multi) === 1, content: r.content,
});

/** Who writes, for the audit line. */
export interface Writer {
  user: AuthUser;
  ip: string;
}

/** What a create writes; the flags only when given. */
export interface NewTemplate {
  name: string;
  /** The template document, stored as JSON text. */
  content: unknown;
  orgId: number | null;
  isDefault?: boolean;
  isActive?: boolean;
  /** A data URL (a copy keeps its source's picture). */
  thumbnail?: string | null;
}

/** What an edit changes: the name, the document, the flags, each only when given. */
export interface TemplateChange {
  name?: string;
  content?: unknown;
  isDefault?: boolean;
  isActive?: boolean;
}

export type TemplateFlag = 'active' | 'default' | 'defaultMulti';
const FLAG_COLUMN = { active: 'is_active', default: 'is_default', defaultMulti: 'is_default_multi' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** `2026-05-01 14:03:12`, the server's local time. */
function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The 409 of a write made from an older version: who saved since, and when. */
export function staleTemplate(current: TemplateRow, yours: number) {
  const who = current.updated_by_name ?? '其他用户';
  return conflict(`大屏模板“${current.name}”已被 ${who} 于 ${formatTime(Number(current.updated_at))} 保存`
    + `（当前版本 ${current.version}，您编辑的是版本 ${yours}），请重新加载或另存为副本`);
}

/**
 * The SQL of big-screen templates (t_screen_tpl). A template with no organisation is global and
 * visible to everyone; an organisation's template is visible within the data scope. Every write
 * runs in one transaction with its revision (when the name or document changes, under a new row
 * version) and its audit line.
 */
export function screenTemplateRepository(db: Kysely<DB>) {
  const rows = (k: Kysely<DB> = db) => k.selectFrom('t_screen_tpl as t').leftJoin('t_user as u', 'u.id', 't.updated_by')
    .select(['t.id', 't.name', 't.content', 't.is_default', 't.is_active', 't.is_default_multi', 't.org_id', 't.version', 't.updated_at', 't.updated_by'])
    .select((eb) => [
      sql<string | null>`coalesce(nullif(u.nick_name, ''), u.username)`.as('updated_by_name'),
      eb.case().when('t.thumbnail', 'is not', null).then(1).else(0).end().as('has_thumbnail'),
    ]);
  const visibleIn = (user: AuthUser) => (eb: ExpressionBuilder<DB & { t: DB['t_screen_tpl'] }, 't'>) =>
    eb.or([eb('t.org_id', 'is', null), visibleOrgFilter(user, 't.org_id')(eb)]);
  const visible = (user: AuthUser) => rows().where(visibleIn(user));
  const byId = (k: Kysely<DB>, id: number) => rows(k).where('t.id', '=', id).executeTakeFirst() as Promise<TemplateRow | undefined>;

  /** Ends the active template of the same owner (the organisation, or global) and the other defaults, as flags set imply. */
  async function clearOthers(trx: Transaction<DB>, id: number, orgId: number | null, flags: { isDefault?: boolean; isActive?: boolean }) {
    if (flags.isDefault) await trx.updateTable('t_screen_tpl').set({ is_default: 0 }).where('id', '<>', id).where('is_default', '=', 1).execute();
    if (flags.isActive) {
      await trx.updateTable('t_screen_tpl').set({ is_active: 0 }).where('id', '<>', id).where('is_active', '=', 1)
        .where((eb) => (orgId === null ? eb('org_id', 'is', null) : eb('org_id', '=', orgId))).execute();
    }
  }
  const log = (trx: Transaction<DB>, w: Writer, action: 'add' | 'edit' | 'delete', id: number, name: string, detail: string) =>
    auditLog(trx, { userId: w.user.id, username: w.user.username, ip: w.ip, action, target: templateAuditTarget(id, name), detail });

  return {
    /** One page of the visible templates by id, whose name contains `keyword` (any case); and the total. */
    async page(user: AuthUser, keyword: string | undefined, page: number, size: number): Promise<{ count: number; rows: TemplateRow[] }> {
      let q = visible(user);
      if (keyword) q = q.where((eb) => eb(eb.fn('lower', ['t.name']), 'like', `%${keyword.toLowerCase()}%`));
      const [{ count }] = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const list = await q.orderBy('t.id').limit(size).offset((page - 1) * size).execute() as TemplateRow[];
      return { count: Number(count), rows: list };
    },

    /** Id, name and flags of every visible template (no documents). */
    listBrief(user: AuthUser) {
      return db.selectFrom('t_screen_tpl as t').where(visibleIn(user)).select(['t.id', 't.name', 't.is_default', 't.is_active']).orderBy('t.id').execute();
    },

    findVisible(user: AuthUser, id: number): Promise<TemplateRow | undefined> {
      return visible(user).where('t.id', '=', id).executeTakeFirst() as Promise<TemplateRow | undefined>;
    },

    /** The user's organisation's active template, else the global active one, else the default. */
    async findActive(user: AuthUser): Promise<TemplateRow | undefined> {
      const first = (q: ReturnType<typeof visible>) => q.orderBy('t.id').executeTakeFirst() as Promise<TemplateRow | undefined>;
      return await first(visible(user).where('t.is_active', '=', 1).where('t.org_id', '=', user.orgId))
        ?? await first(visible(user).where('t.is_active', '=', 1).where('t.org_id', 'is', null))
        ?? await first(visible(user).where('t.is_default', '=', 1));
    },

    findDefault(user: AuthUser): Promise<TemplateRow | undefined> {
      return visible(user).where('t.is_default', '=', 1).orderBy('t.id').executeTakeFirst() as Promise<TemplateRow | undefined>;
    },

    /** The visible default-multi templates; the default when none is flagged. */
    async listDefaultMulti(user: AuthUser): Promise<TemplateRow[]> {
      const multi = await visible(user).where('t.is_default_multi', '=', 1).orderBy('t.id').execute() as TemplateRow[];
      return multi.length ? multi : await visible(user).where('t.is_default', '=', 1).orderBy('t.id').execute() as TemplateRow[];
    },

    /** The stored thumbnail data URL and the row version, or undefined. */
    thumbnail(user: AuthUser, id: number) {
      return db.selectFrom('t_screen_tpl as t').where(visibleIn(user)).where('t.id', '=', id)
        .select(['t.thumbnail', 't.version']).executeTakeFirst();
    },

    /** Creates a template at version 1 with its first revision. */
    create(w: Writer, v: NewTemplate): Promise<number> {
      const now = Date.now();
      const content = JSON.stringify(v.content);
      return db.transaction().execute(async (trx) => {
        const id = (await trx.insertInto('t_screen_tpl').values({
          name: v.name, content, is_default: v.isDefault ? 1 : 0, is_active: v.isActive ? 1 : 0, org_id: v.orgId,
          thumbnail: v.thumbnail ?? null, version: 1, created_by: w.user.id, created_at: now, updated_by: w.user.id, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow()).id;
        await clearOthers(trx, id, v.orgId, v);
        await writeRevision(trx, { templateId: id, version: 1, name: v.name, content, savedBy: w.user.id, savedAt: now });
        const after = { name: v.name, orgId: v.orgId, isDefault: !!v.isDefault, isActive: !!v.isActive, isDefaultMulti: false, content };
        await log(trx, w, 'add', id, v.name, templateAuditDetail(null, after));
        return id;
      });
    },

    /**
     * Changes the name, document or flags of a template read at `version`: the row version goes
     * up by one and the new state is kept as a revision. A stale `version` throws the 409.
     */
    update(w: Writer, id: number, version: number, change: TemplateChange): Promise<void> {
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        const before = await byId(trx, id);
        if (!before) throw badRequest(`body.id: template ${id} does not exist`);
        if (Number(before.version) !== version) throw staleTemplate(before, version);
        await ensureRevision(trx, before);
        const name = change.name ?? before.name;
        const content = change.content !== undefined ? JSON.stringify(change.content) : before.content;
        const set = {
          name, content, updated_at: now, updated_by: w.user.id, version: version + 1,
          ...(change.isDefault !== undefined ? { is_default: change.isDefault ? 1 : 0 } : {}),
          ...(change.isActive !== undefined ? { is_active: change.isActive ? 1 : 0 } : {}),
        };
        const done = await trx.updateTable('t_screen_tpl').set(set).where('id', '=', id).where('version', '=', version).executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw staleTemplate((await byId(trx, id)) ?? before, version);
        await clearOthers(trx, id, before.org_id, change);
        await writeRevision(trx, { templateId: id, version: version + 1, name, content, savedBy: w.user.id, savedAt: now });
        const after = { ...audited(before), name, content,
          ...(change.isDefault !== undefined ? { isDefault: change.isDefault } : {}), ...(change.isActive !== undefined ? { isActive: change.isActive } : {}) };
        await log(trx, w, 'edit', id, name, templateAuditDetail(audited(before), after));
      });
    },

    /** Sets or clears a flag (no new version: flags are not part of what an editor saves). */
    setFlag(w: Writer, row: TemplateRow, flag: TemplateFlag, value: boolean): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('t_screen_tpl').set({ [FLAG_COLUMN[flag]]: value ? 1 : 0 }).where('id', '=', row.id).execute();
        if (value) await clearOthers(trx, row.id, row.org_id, flag === 'active' ? { isActive: true } : flag === 'default' ? { isDefault: true } : {});
        const key = flag === 'active' ? 'isActive' : flag === 'default' ? 'isDefault' : 'isDefaultMulti';
        await log(trx, w, 'edit', row.id, row.name, templateAuditDetail(audited(row), { ...audited(row), [key]: value }));
      });
    },

    /** Stores or removes the card picture (no new version, no revision, no audit line: it is drawn from the document). */
    async setThumbnail(id: number, dataUrl: string | null): Promise<void> {
      await db.updateTable('t_screen_tpl').set({ thumbnail: dataUrl }).where('id', '=', id).execute();
    },

    /** The copy's thumbnail: its source's. */
    async thumbnailOf(id: number): Promise<string | null> {
      return (await db.selectFrom('t_screen_tpl').select('thumbnail').where('id', '=', id).executeTakeFirst())?.thumbnail ?? null;
    },

    /**
     * Deletes a template and its revisions, refused while a playlist plays it (naming the
     * playlists the user sees) or while it is the only default.
     */
    remove(w: Writer, row: TemplateRow): Promise<void> {
      return db.transaction().execute(async (trx) => {
        const users = await trx.selectFrom('t_playlist_item as i').innerJoin('t_playlist as p', 'p.id', 'i.playlist_id')
          .select(['p.id', 'p.name', 'p.org_id']).distinct().where('i.template_id', '=', row.id).orderBy('p.id').execute();
        if (users.length) {
          const { scope } = w.user;
          const seen = users.filter((p) => p.org_id === null || scope.all || scope.orgIds.includes(p.org_id));
          const names = seen.map((p) => `“${p.name}”`).join('、');
          const others = users.length - seen.length;
          throw badRequest(seen.length
            ? `大屏模板正被轮播列表${names}${others ? `及另外 ${others} 个轮播列表` : ''}使用，不能删除`
            : `大屏模板正被 ${others} 个轮播列表使用，不能删除`);
        }
        if (Number(row.is_default) === 1) {
          const other = await trx.selectFrom('t_screen_tpl').select('id').where('is_default', '=', 1).where('id', '<>', row.id).executeTakeFirst();
          if (!other) throw badRequest('不能删除唯一的默认大屏模板：请先把另一个模板设为默认');
        }
        await removeRevisions(trx, row.id);
        await trx.deleteFrom('t_screen_tpl').where('id', '=', row.id).execute();
        await log(trx, w, 'delete', row.id, row.name, templateAuditDetail({ ...audited(row) }, null));
      });
    },
  };
}

export type ScreenTemplateRepository = ReturnType<typeof screenTemplateRepository>;
