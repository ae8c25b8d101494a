import type { Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Kiosk playlists (issue 7): a playlist and its items in playing order. An item names a screen
 * template or a project graph without a foreign key on purpose: deleting a template or a graph
 * must stay possible, and a kiosk skips an item whose target is gone. A project's deletion takes
 * its graph items with it. Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_playlist', {
    id: 'id', name: 'text!', enabled: 'int!=1', org_id: 'int>t_org', created_by: 'int', created_at: 'bigint!', updated_at: 'bigint!',
  });
  await createTable(db, dialect, 't_playlist_item', {
    id: 'id', playlist_id: 'int!>t_playlist*', position: 'int!', kind: 'text!', template_id: 'int', project_id: 'int>t_project*',
    graph_id: 'int', duration_sec: 'int!', title: 'text',
  });
  await createIndex(db, 't_playlist_item', ['playlist_id', 'position'], true);
}
