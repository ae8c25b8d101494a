import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * 监控中心 › 设备监控 (issue 19: /nv_monitor, /nv_monitor/nv_device_monitor, right device-preview)
 * for an existing installation, just before 物联网 (after 项目管理) where a new database's menu
 * seed puts it; only if no entry of that name is there. A new database gets it from the seed (t_menu is still empty
 * when the migrations run). Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  if (Number((await sql<{ n: number }>`select count(*) as n from t_menu where type = 'app'`.execute(db)).rows[0]?.n) === 0) return;
  const has = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  if (!(await has('nv_monitor'))) {
    // Just before 物联网 (the siblings are 10 apart, 项目管理 of migration 005 at 25 between 20 and 30); without it, last.
    const iot = (await sql<{ n: number }>`select sort_order as n from t_menu where name = 'nv_iot' and parent_id = 0 and type = 'app'`.execute(db)).rows[0];
    const last = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) as n from t_menu where parent_id = 0 and type = 'app'`.execute(db)).rows[0]?.n ?? 0);
    const order = iot ? Number(iot.n) - 2 : last + 10;
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (0, 'nv_monitor', '监控中心', 'Monitoring', '/nv_monitor', 'screen', ${order}, null, 'app')`.execute(db);
  }
  const monitor = await has('nv_monitor');
  if (monitor && !(await has('nv_device_monitor'))) {
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${monitor}, 'nv_device_monitor', '设备监控', 'Device monitoring', '/nv_monitor/nv_device_monitor', '', 10, 'device-preview', 'app')`.execute(db);
  }
}
