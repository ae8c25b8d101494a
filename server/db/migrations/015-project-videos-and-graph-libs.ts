import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Camera channels and the graph libraries (issue 18):
 * - `t_project_video`: a project's camera channels (nv_associate_video), a name and a stream
 *   address (HLS .m3u8 or MP4 over http(s), without credentials), in `sort_order`; removed with
 *   their project. `version` for optimistic concurrency like the administered tables.
 * - 项目管理 › 组态库 and 项目组态库 (/nv_project/nv_graph_lib, /nv_project/nv_project_graph_lib)
 *   after 组态管理, where a new database's menu seed puts them, with project-preview.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_project_video', {
    id: 'id', project_id: 'int!>t_project*', name: 'text!', stream_url: 'text!', sort_order: 'int!=0', version: 'int!=1',
    created_at: 'bigint!', updated_at: 'bigint!',
  });
  await createIndex(db, 't_project_video', ['project_id', 'sort_order']);

  const has = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  const project = await has('nv_project');
  if (!project) return;
  const graphOrder = Number((await sql<{ n: number }>`select sort_order as n from t_menu where name = 'nv_project_graph' and type = 'app'`.execute(db)).rows[0]?.n ?? 0);
  const entries = [
    { name: 'nv_graph_lib', title: '组态库', titleEn: 'Graph library', path: '/nv_project/nv_graph_lib', order: graphOrder + 2 },
    { name: 'nv_project_graph_lib', title: '项目组态库', titleEn: 'Project graph library', path: '/nv_project/nv_project_graph_lib', order: graphOrder + 4 },
  ];
  for (const e of entries) {
    if (await has(e.name)) continue;
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${project}, ${e.name}, ${e.title}, ${e.titleEn}, ${e.path}, '', ${e.order}, 'project-preview', 'app')`.execute(db);
  }
}
