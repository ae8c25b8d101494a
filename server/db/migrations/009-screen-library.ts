import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * The screen template library (issue 16):
 * - `t_screen_tpl.thumbnail`: a PNG/WebP/JPEG data URL the editor renders from the real runtime
 *   (never part of the lists: served by GET /api/t_screen_tpl/{id}/thumbnail);
 * - `t_screen_tpl.is_default_multi`: the templates a multi-screen wall opens by default;
 * - `t_screen_tpl.updated_by`: who saved it last (the 409 of a stale save names them);
 * - `t_screen_tpl_revision`: every save's document (and its widget count, for the history list
 *   without reading documents), by the row version it produced, so a template can be compared and
 *   rolled back. Each existing template gets its current state as a revision.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`alter table t_screen_tpl add column thumbnail text`.execute(db);
  await sql`alter table t_screen_tpl add column is_default_multi integer not null default 0`.execute(db);
  await sql`alter table t_screen_tpl add column updated_by integer`.execute(db);
  await sql`update t_screen_tpl set updated_by = created_by`.execute(db);

  await createTable(db, dialect, 't_screen_tpl_revision', {
    id: 'id', template_id: 'int!>t_screen_tpl*', version: 'int!', name: 'text!', content: 'text!', widget_count: 'int!=0',
    saved_by: 'int', saved_at: 'bigint!',
  });
  await createIndex(db, 't_screen_tpl_revision', ['template_id', 'version'], true);
  type Row = { id: number; version: number; name: string; content: string; created_by: number | null; updated_at: number };
  const rows = (await sql<Row>`select id, version, name, content, created_by, updated_at from t_screen_tpl`.execute(db)).rows;
  for (const r of rows) {
    await sql`insert into t_screen_tpl_revision (template_id, version, name, content, widget_count, saved_by, saved_at)
      values (${r.id}, ${r.version}, ${r.name}, ${r.content}, ${widgetCount(r.content)}, ${r.created_by}, ${r.updated_at})`.execute(db);
  }
}

/** How many widgets stored JSON text holds (0 when it is not a document). Frozen with the migration. */
function widgetCount(content: string): number {
  try {
    const widgets = (JSON.parse(content) as { widgets?: unknown }).widgets;
    return Array.isArray(widgets) ? widgets.length : 0;
  } catch {
    return 0;
  }
}
