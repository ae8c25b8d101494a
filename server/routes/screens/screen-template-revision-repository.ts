import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { widgetCountOf } from './screen-template-audit';

/** One kept save of a template. */
export interface RevisionValues {
  templateId: number;
  /** The row version the save produced. */
  version: number;
  name: string;
  /** The document's JSON text. */
  content: string;
  savedBy: number | null;
  savedAt: number;
}

/** What a revision answers: a line of the history, with its document when asked for one. */
export interface RevisionRow {
  version: number;
  name: string;
  savedBy: string | null;
  savedAt: number;
  widgetCount: number;
  current: boolean;
}

/** The template state a revision is made of when none was written for it (a row inserted without a save: the demo seed). */
interface TemplateState {
  id: number;
  version: number;
  name: string;
  content: string;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: number;
}

export async function writeRevision(trx: Transaction<DB>, r: RevisionValues): Promise<void> {
  await trx.insertInto('t_screen_tpl_revision').values({
    template_id: r.templateId, version: r.version, name: r.name, content: r.content, widget_count: widgetCountOf(r.content),
    saved_by: r.savedBy, saved_at: r.savedAt,
  }).execute();
}

/** Keeps the state a write starts from, when no save wrote it (rows inserted by the seed), so a rollback can reach it. */
export async function ensureRevision(trx: Transaction<DB>, t: TemplateState): Promise<void> {
  const has = await trx.selectFrom('t_screen_tpl_revision').select('id').where('template_id', '=', t.id).where('version', '=', Number(t.version))
    .executeTakeFirst();
  if (!has) {
    await writeRevision(trx, { templateId: t.id, version: Number(t.version), name: t.name, content: t.content, savedBy: t.updated_by, savedAt: Number(t.updated_at) });
  }
}

export async function removeRevisions(trx: Transaction<DB>, templateId: number): Promise<void> {
  await trx.deleteFrom('t_screen_tpl_revision').where('template_id', '=', templateId).execute();
}

/**
 * The version history of templates (t_screen_tpl_revision). The template's current state is
 * always listed: from its revision, or from the template itself when no save wrote one.
 */
export function revisionRepository(db: Kysely<DB>) {
  const base = () => db.selectFrom('t_screen_tpl_revision as r').leftJoin('t_user as u', 'u.id', 'r.saved_by')
    .select(['r.version', 'r.name', 'r.widget_count', 'r.saved_at'])
    .select(sql<string | null>`coalesce(nullif(u.nick_name, ''), u.username)`.as('saved_by_name'));
  const lineOf = (t: TemplateState, r: { version: number; name: string; widget_count: number; saved_at: number; saved_by_name: string | null }): RevisionRow => ({
    version: Number(r.version), name: r.name, savedBy: r.saved_by_name, savedAt: Number(r.saved_at), widgetCount: Number(r.widget_count),
    current: Number(r.version) === Number(t.version),
  });
  const fromTemplate = (t: TemplateState) => ({
    version: Number(t.version), name: t.name, widget_count: widgetCountOf(t.content), saved_at: Number(t.updated_at), saved_by_name: t.updated_by_name,
  });

  return {
    /** Every save of the template, newest first, without documents. */
    async list(t: TemplateState): Promise<RevisionRow[]> {
      const rows = await base().where('r.template_id', '=', t.id).orderBy('r.version', 'desc').execute();
      const lines = rows.map((r) => lineOf(t, r));
      if (!lines.some((l) => l.current)) lines.unshift(lineOf(t, fromTemplate(t)));
      return lines;
    },

    /** One save with its stored document text, or undefined. */
    async find(t: TemplateState, version: number): Promise<(RevisionRow & { content: string }) | undefined> {
      const row = await base().select('r.content').where('r.template_id', '=', t.id).where('r.version', '=', version).executeTakeFirst();
      if (row) return { ...lineOf(t, row), content: row.content };
      return version === Number(t.version) ? { ...lineOf(t, fromTemplate(t)), content: t.content } : undefined;
    },
  };
}
