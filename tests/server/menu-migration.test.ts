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

/** A database from before the access model gets its tables, rights, type rights and menu entries on its next start. */
describe('migration 008: the access model for existing databases', () => {
  let server: TestServer;
  afterAll(async () => { await server?.dispose(); });

  it('adds the tables, role-delete and user-delete where the edit rights are, every right to every org type, and the four menu entries', async () => {
    server = await startTestServer();
    const db = server.database.db;
    // Back to how a database of the previous release looked.
    for (const table of ['t_org_type_role_right', 't_org_type_role', 't_role_measure']) await sql`drop table ${sql.table(table)}`.execute(db);
    for (const index of ['ix_t_history_log_user_id_created_at', 'ix_t_history_log_action_created_at', 'ix_t_data_right_role_id_right_type']) {
      await sql`drop index ${sql.ref(index)}`.execute(db);
    }
    await sql`alter table t_user drop column deleted_at`.execute(db);
    await db.deleteFrom('t_menu').where('name', 'in', ['nv_roles', 'nv_auth', 'nv_org_auth', 'nv_visitor']).execute();
    await db.deleteFrom('t_role_right').where('right_code', 'in', ['role-delete', 'user-delete']).execute();
    await db.deleteFrom('t_right').where('code', 'in', ['role-delete', 'user-delete']).execute();
    await db.deleteFrom('t_org_type_right').execute();
    await sql`delete from nv_migration where name = '008-access-model'`.execute(db);

    server = await server.restart();
    expect(server.migrations).toEqual(['008-access-model']);
    const after = server.database.db;
    const rows = await menuRows(server);
    const system = rows.find((r) => r.name === 'nv_system')!;
    const added = rows.filter((r) => ['nv_roles', 'nv_auth', 'nv_org_auth', 'nv_visitor'].includes(r.name));
    expect(added.map((r) => [r.name, r.parent_id, r.right_code])).toEqual([
      ['nv_roles', system.id, 'role-preview'], ['nv_auth', system.id, 'right-preview'],
      ['nv_org_auth', system.id, 'right-preview'], ['nv_visitor', system.id, 'user-preview'],
    ]);
    const holders = async (code: string) => (await after.selectFrom('t_role_right').select('role_id').where('right_code', '=', code).orderBy('role_id').execute()).map((r) => r.role_id);
    expect(await holders('role-delete')).toEqual(await holders('role-edit'));
    expect(await holders('user-delete')).toEqual(await holders('user-edit'));
    const rights = await after.selectFrom('t_right').select('code').execute();
    const types = await after.selectFrom('t_org_type').select('org_type').execute();
    const typeRights = await after.selectFrom('t_org_type_right').select(['org_type', 'right_code']).execute();
    expect(typeRights).toHaveLength(rights.length * types.length);
    expect(await after.selectFrom('t_role_measure').select('role_id').execute()).toEqual([]);
    expect(await after.selectFrom('t_user').select('deleted_at').where('username', '=', 'admin').executeTakeFirst()).toEqual({ deleted_at: null });

    // The admin keeps every right and sees the new entries.
    const admin = await loginAs(server, 'admin');
    const info = (await admin.get('/api/user/info')).body.data as { rights: string[] };
    expect(info.rights).toEqual(expect.arrayContaining(['role-delete', 'user-delete', 'org-edit']));
    const menu = JSON.stringify((await admin.get('/api/menu/all?type=app')).body.data);
    for (const path of ['/nv_system/nv_roles', '/nv_system/nv_auth', '/nv_system/nv_org_auth', '/nv_system/nv_visitor']) expect(menu).toContain(path);

    server = await server.restart();
    expect(server.migrations).toEqual([]);
    expect((await menuRows(server)).length).toBe(rows.length);
  });
});
