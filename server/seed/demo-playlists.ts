import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Seconds each demo item stays on screen. */
const TEMPLATE_SECONDS = 30;
const GRAPH_SECONDS = 20;

/**
 * The demo kiosk playlist 大厅轮播 (global, enabled): 平台总览 for 30 s, then each project's live
 * graph (the project's active one, so later edits of the graphs are followed) for 20 s, then
 * 三维态势 for 30 s. Runs after the templates and graphs are seeded; a project without a graph
 * is left out.
 */
export async function seedPlaylists(trx: Kysely<DB>, now: number): Promise<void> {
  const templates = new Map((await trx.selectFrom('t_screen_tpl').select(['id', 'name']).where('org_id', 'is', null).execute())
    .map((t) => [t.name, t.id]));
  const projects = await trx.selectFrom('t_project as p').select('p.id').where((eb) => eb.exists(
    eb.selectFrom('t_project_graph as g').select('g.id').whereRef('g.project_id', '=', 'p.id').where('g.is_active', '=', 1),
  )).orderBy('p.id').execute();
  const items = [
    ...(templates.has('平台总览') ? [{ kind: 'template', template_id: templates.get('平台总览')!, duration_sec: TEMPLATE_SECONDS }] : []),
    ...projects.map((p) => ({ kind: 'graph', project_id: p.id, duration_sec: GRAPH_SECONDS })),
    ...(templates.has('三维态势') ? [{ kind: 'template', template_id: templates.get('三维态势')!, duration_sec: TEMPLATE_SECONDS }] : []),
  ];
  const playlistId = (await trx.insertInto('t_playlist').values({ name: '大厅轮播', enabled: 1, org_id: null, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow()).id;
  if (items.length) {
    await trx.insertInto('t_playlist_item').values(items.map((item, position) => ({ playlist_id: playlistId, position, ...item }))).execute();
  }
}
