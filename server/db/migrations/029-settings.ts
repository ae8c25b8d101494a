import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * System settings and retention (issue 22):
 * - `settings-edit` (系统设置): an existing installation gets it in its catalogue, granted to the
 *   roles and organisation types holding `backup` (the administrators); a new database gets it
 *   from the reference seed;
 * - 系统管理 › 系统设置 (/nv_system/nv_settings) after 基础数据, where a new database's menu seed
 *   puts it.
 * The settings themselves need no rows: a missing sys_setting row reads as its default
 * (contract/settings.ts). Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]?.n ?? 0);
  if (await count(sql<{ n: number }>`select count(*) as n from t_right`) > 0
    && await count(sql<{ n: number }>`select count(*) as n from t_right where code = 'settings-edit'`) === 0) {
    const order = await count(sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`);
    await sql`insert into t_right (code, name, group_name, sort_order) values ('settings-edit', '系统设置', '系统管理', ${order})`.execute(db);
    await sql`insert into t_role_right (role_id, right_code) select role_id, 'settings-edit' from t_role_right where right_code = 'backup'`.execute(db);
    await sql`insert into t_org_type_right (org_type, right_code) select org_type, 'settings-edit' from t_org_type_right where right_code = 'backup'`.execute(db);
  }

  const idOf = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  const system = await idOf('nv_system');
  if (!system || await idOf('nv_settings')) return;
  const after = Number((await sql<{ n: number }>`select sort_order as n from t_menu where name = 'nv_base_data' and type = 'app'`.execute(db)).rows[0]?.n ?? 0);
  await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
    values (${system}, 'nv_settings', '系统设置', 'Settings', '/nv_system/nv_settings', '', ${after + 5}, 'settings-edit', 'app')`.execute(db);
}
