import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Remote control and gateways (issue 18), for an existing installation:
 * - the right `device-control` (远程控制) in the catalogue, granted to the roles that held every
 *   right of the catalogue before (the administrators' roles keep holding everything) and allowed
 *   to the organisation types that may hold `device-edit` (type rights are a ceiling); a new
 *   database gets it from the reference seed;
 * - 物联网 › 网关管理 (/nv_iot/nv_iot_gateway, device-preview) after 物联网设备, where a new
 *   database's menu seed puts it;
 * - the demo's purifier model NV-AP900 gains the writable set-points the demo seed gives it
 *   (开关, 运行模式, 风机频率设定, 风量设定), so its units can be controlled remotely.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db)).rows[0]?.n ?? 0);

  const rights = await count(sql<{ n: number }>`select count(*) as n from t_right`);
  if (rights > 0 && !(await count(sql<{ n: number }>`select count(*) as n from t_right where code = 'device-control'`))) {
    const order = await count(sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`);
    await sql`insert into t_role_right (role_id, right_code)
      select role_id, 'device-control' from t_role_right group by role_id having count(*) >= ${rights}`.execute(db);
    await sql`insert into t_right (code, name, group_name, sort_order) values ('device-control', '远程控制', '设备', ${order})`.execute(db);
    await sql`insert into t_org_type_right (org_type, right_code)
      select org_type, 'device-control' from t_org_type_right where right_code = 'device-edit'`.execute(db);
  }

  const menuId = async (name: string) =>
    (await sql<{ id: number; sort_order: number }>`select id, sort_order from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0];
  const iot = await menuId('nv_iot');
  if (iot && !(await menuId('nv_iot_gateway'))) {
    const after = await menuId('nv_iot_device');
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${iot.id}, 'nv_iot_gateway', '网关管理', 'Gateways', '/nv_iot/nv_iot_gateway', '', ${(after?.sort_order ?? 0) + 1}, 'device-preview', 'app')`.execute(db);
  }

  const models = (await sql<{ id: number }>`select id from t_device_model where code = 'NV-AP900'`.execute(db)).rows;
  for (const { id } of models) {
    if (await count(sql<{ n: number }>`select count(*) as n from t_measure where device_model_id = ${id} and access <> 0`)) continue;
    const group = (await sql<{ id: number }>`select id from t_measure_group where device_model_id = ${id} order by sort_order, id`.execute(db)).rows[0]?.id ?? null;
    let order = await count(sql<{ n: number }>`select coalesce(max(sort_order), -1) + 1 as n from t_measure where device_model_id = ${id}`);
    for (const p of AP900_SET_POINTS) {
      await sql`insert into t_measure (device_model_id, group_id, name, unit, measure_type, data_type, modbus_code, register_addr, access,
          decimals, min_value, max_value, printf, sort_order)
        values (${id}, ${group}, ${p.name}, ${p.unit}, ${p.measureType}, ${p.dataType}, ${p.modbusCode}, ${p.registerAddr}, 2,
          ${p.decimals}, ${p.min}, ${p.max}, ${p.printf}, ${order++})`.execute(db);
    }
  }
}

/** As the demo seed of this release defines them (server/seed/demo-catalogue.ts). */
const AP900_SET_POINTS = [
  { name: '开关', unit: '', measureType: 2, dataType: 'Boolean', modbusCode: 1, registerAddr: 0, decimals: 0, min: 0, max: 1, printf: '' },
  { name: '运行模式', unit: '', measureType: 2, dataType: 'UInt16', modbusCode: 3, registerAddr: 100, decimals: 0, min: 0, max: 2,
    printf: '{"0":"自动","1":"手动","2":"睡眠"}' },
  { name: '风机频率设定', unit: 'Hz', measureType: 0, dataType: 'UInt16', modbusCode: 3, registerAddr: 101, decimals: 1, min: 0, max: 50, printf: '' },
  { name: '风量设定', unit: 'm³/h', measureType: 0, dataType: 'UInt16', modbusCode: 3, registerAddr: 102, decimals: 0, min: 0, max: 30000, printf: '' },
];
