import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Menu entries added after release: 项目管理 › 组态管理 (project graphs) and 系统管理 › 轮播列表
 * (kiosk playlists). A new database gets them from the menu seed (t_menu is still empty when the
 * migrations run); an existing one gets them here, each only if no entry of that name is there,
 * placed between the siblings the seed puts around them. Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const has = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  if ((await sql<{ n: number }>`select count(*) as n from t_menu`.execute(db)).rows[0]?.n == 0) return;

  if (!(await has('nv_project'))) {
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (0, 'nv_project', '项目管理', 'Projects', '/nv_project', 'project', 25, null, 'app')`.execute(db);
  }
  const projectId = await has('nv_project');
  if (projectId && !(await has('nv_project_graph'))) {
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${projectId}, 'nv_project_graph', '组态管理', 'Project graphs', '/nv_project/nv_project_graph', '', 10, 'project-preview', 'app')`.execute(db);
  }
  const systemId = await has('nv_system');
  if (systemId && !(await has('nv_kiosk_playlists'))) {
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${systemId}, 'nv_kiosk_playlists', '轮播列表', 'Kiosk playlists', '/nv_system/nv_kiosk_playlists', '', 15, 'screen-edit', 'app')`.execute(db);
  }
}
