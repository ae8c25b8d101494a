import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Project administration (issue 18):
 * - `project-delete` (deleting a project takes its members, contacts and graphs, and releases its
 *   gateways): an existing installation gets it in its catalogue, granted to the roles and
 *   organisation types holding `project-edit` (nobody loses a delete they had); a new database
 *   gets it from the reference seed;
 * - 项目管理 › 项目列表 and 项目分组 (/nv_project/nv_project_list, /nv_project/nv_project_group)
 *   before 组态管理, where a new database's menu seed puts them, with project-preview.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const hasRight = (await sql<{ code: string }>`select code from t_right where code = 'project-delete'`.execute(db)).rows.length > 0;
  if (!hasRight && Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) > 0) {
    const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
    await sql`insert into t_right (code, name, group_name, sort_order) values ('project-delete', '项目删除', '项目', ${order})`.execute(db);
    await sql`insert into t_role_right (role_id, right_code) select role_id, 'project-delete' from t_role_right where right_code = 'project-edit'`.execute(db);
    await sql`insert into t_org_type_right (org_type, right_code) select org_type, 'project-delete' from t_org_type_right where right_code = 'project-edit'`.execute(db);
  }

  const has = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  const project = await has('nv_project');
  if (!project) return;
  const graphOrder = Number((await sql<{ n: number }>`select sort_order as n from t_menu where name = 'nv_project_graph' and type = 'app'`.execute(db)).rows[0]?.n ?? 10);
  const entries = [
    { name: 'nv_project_list', title: '项目列表', titleEn: 'Project list', path: '/nv_project/nv_project_list', order: graphOrder - 8 },
    { name: 'nv_project_group', title: '项目分组', titleEn: 'Project groups', path: '/nv_project/nv_project_group', order: graphOrder - 4 },
  ];
  for (const e of entries) {
    if (await has(e.name)) continue;
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${project}, ${e.name}, ${e.title}, ${e.titleEn}, ${e.path}, '', ${e.order}, 'project-preview', 'app')`.execute(db);
  }
}
