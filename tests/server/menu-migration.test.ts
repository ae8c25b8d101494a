import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loginAs, startTestServer, type TestServer } from './harness';

interface MenuRow { id: number; parent_id: number; name: string; path: string; sort_order: number; right_code: string | null }

async function menuRows(server: TestServer): Promise<MenuRow[]> {
  return server.database.db.selectFrom('t_menu').select(['id', 'parent_id', 'name', 'path', 'sort_order', 'right_code'])
    .where('type', '=', 'app').orderBy('id').execute();
}

/** A database from before the graph and playlist pages gets their menu entries on its next start. */
describe('migration 005: graph and playlist menu entries for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds 项目管理 › 组态管理 and 系统管理 › 轮播列表 once, where the seed puts them', async () => {
    server = await startTestServer();
    const seeded = await menuRows(server);
    const byName = (rows: MenuRow[], name: string) => rows.find((r) => r.name === name);
    expect(byName(seeded, 'nv_project_graph')?.parent_id).toBe(byName(seeded, 'nv_project')?.id);

    // Back to how a database of the previous release looked.
    const db = server.database.db;
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_project_graph', 'nv_kiosk_playlists']).execute();
    await db.deleteFrom('t_menu').where('name', '=', 'nv_project').execute();
    await sql`delete from nv_migration where name = '005-graph-and-playlist-menus'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['005-graph-and-playlist-menus']);
    const rows = await menuRows(server);
    const project = byName(rows, 'nv_project');
    expect(project).toMatchObject({ parent_id: 0, path: '/nv_project' });
    expect(byName(rows, 'nv_project_graph')).toMatchObject({ parent_id: project!.id, path: '/nv_project/nv_project_graph', right_code: 'project-preview' });
    expect(byName(rows, 'nv_kiosk_playlists')).toMatchObject({ parent_id: byName(rows, 'nv_system')!.id, right_code: 'screen-edit' });
    // Between 产品管理 and 物联网, as in a new database.
    const topLevel = rows.filter((r) => r.parent_id === 0).sort((a, b) => a.sort_order - b.sort_order).map((r) => r.name);
    expect(topLevel.indexOf('nv_project')).toBe(topLevel.indexOf('nv_product') + 1);

    // The admin's menu shows them.
    const admin = await loginAs(server, 'admin');
    const menu = JSON.stringify((await admin.get('/api/menu/all?type=app')).body.data);
    expect(menu).toContain('/nv_project/nv_project_graph');
    expect(menu).toContain('/nv_system/nv_kiosk_playlists');

    // Applied once: a further start adds nothing.
    const count = rows.length;
    server = await server.restart();
    expect(server.migrations).toEqual([]);
    expect((await menuRows(server)).length).toBe(count);
  });
});
