import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Device administration (issue 18):
 * - `device-delete` (deleting a device takes its values, history and alarms): an existing
 *   installation gets it in its catalogue, granted to the roles and organisation types holding
 *   `device-edit` (nobody loses a delete they had); a new database gets it from the reference seed;
 * - IoT ids and ICCIDs are unique among devices when given (partial unique indexes; '' is none);
 * - 物联网 › 设备列表 and 物联网设备 (/nv_iot/nv_iot_device_list, /nv_iot/nv_iot_device) after
 *   物联网监控, where a new database's menu seed puts them.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql`create unique index ix_t_device_iot_id on t_device (iot_id) where iot_id <> ''`.execute(db);
  await sql`create unique index ix_t_device_iccid on t_device (iccid) where iccid <> ''`.execute(db);

  if (Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) > 0) {
    const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
    await sql`insert into t_right (code, name, group_name, sort_order) values ('device-delete', '设备删除', '设备', ${order})`.execute(db);
    await sql`insert into t_role_right (role_id, right_code) select role_id, 'device-delete' from t_role_right where right_code = 'device-edit'`.execute(db);
    await sql`insert into t_org_type_right (org_type, right_code) select org_type, 'device-delete' from t_org_type_right where right_code = 'device-edit'`.execute(db);
  }

  const has = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  const iot = await has('nv_iot');
  if (!iot) return;
  const monitorOrder = Number((await sql<{ n: number }>`select sort_order as n from t_menu where name = 'nv_iot_monitor' and type = 'app'`.execute(db)).rows[0]?.n ?? 0);
  const entries = [
    { name: 'nv_iot_device_list', title: '设备列表', titleEn: 'Device list', path: '/nv_iot/nv_iot_device_list', order: monitorOrder + 2 },
    { name: 'nv_iot_device', title: '物联网设备', titleEn: 'IoT devices', path: '/nv_iot/nv_iot_device', order: monitorOrder + 4 },
  ];
  for (const e of entries) {
    if (await has(e.name)) continue;
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${iot}, ${e.name}, ${e.title}, ${e.titleEn}, ${e.path}, '', ${e.order}, 'device-preview', 'app')`.execute(db);
  }
}
