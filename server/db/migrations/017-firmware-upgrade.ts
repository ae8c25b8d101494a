import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Firmware upgrade and remote debugging (issue 18; server/routes/upgrades/README.md):
 * - `t_device.firmware_ver`: the version a device runs ('' unknown), set when an upgrade succeeds;
 * - `t_upgrade_file`: an uploaded firmware (model, version, md5, size; the file under DATA_DIR);
 * - `t_upgrade_task`: an upgrade of one firmware on devices of its model, audited once;
 *   `t_upgrade_item`: one device of it, following its `upgrade` command (no foreign key to the
 *   command: the record outlives it);
 * - `t_debug_session`: a request for a remote debugging window on one device, audited once;
 * - rights upgrade-preview, upgrade-edit, upgrade-audit, debug-audit: an existing installation
 *   gets them in its catalogue, granted to the roles and organisation types that hold
 *   device-preview (upgrade-preview) or device-edit (the other three), as a new database's seed
 *   grants them; a new database gets them from the reference seed;
 * - 物联网 › 固件升级 and 远程调试 (/nv_iot/nv_upgrade, /nv_iot/nv_debug) after 物联网设备.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`alter table t_device add column firmware_ver text not null default ''`.execute(db);

  await createTable(db, dialect, 't_upgrade_file', {
    id: 'id', device_model_id: 'int!>t_device_model', file_name: 'text!', file_ver: 'text!', md5: 'text!', size: 'bigint!',
    stored_name: 'text!', remark: "text!=''", created_by: 'int', created_at: 'bigint!',
  });
  await createIndex(db, 't_upgrade_file', ['device_model_id']);

  await createTable(db, dialect, 't_upgrade_task', {
    id: 'id', file_id: 'int!>t_upgrade_file', device_model_id: 'int!', state: "text!='pending'", remark: "text!=''",
    timeout_s: 'int!', created_by: 'int', created_at: 'bigint!', audited_by: 'int', audited_at: 'bigint', audit_remark: "text!=''",
    finished_at: 'bigint',
  });
  await createIndex(db, 't_upgrade_task', ['file_id']);
  await createIndex(db, 't_upgrade_task', ['state']);
  await createTable(db, dialect, 't_upgrade_item', {
    id: 'id', task_id: 'int!>t_upgrade_task*', device_id: 'int!>t_device*', gateway_id: 'int', command_id: 'int',
    from_ver: "text!=''", state: "text!='waiting'", result_code: 'int', result_message: "text!=''", updated_at: 'bigint!',
    finished_at: 'bigint',
  });
  await createIndex(db, 't_upgrade_item', ['task_id', 'device_id'], true);
  await createIndex(db, 't_upgrade_item', ['command_id']);

  await createTable(db, dialect, 't_debug_session', {
    id: 'id', device_id: 'int!>t_device*', reason: 'text!', duration_min: 'int!', state: "text!='pending'", created_by: 'int',
    created_at: 'bigint!', audited_by: 'int', audited_at: 'bigint', audit_remark: "text!=''", starts_at: 'bigint', ends_at: 'bigint',
  });
  await createIndex(db, 't_debug_session', ['device_id']);

  if (Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) > 0) {
    let order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
    const rights = [
      { code: 'upgrade-preview', name: '固件升级查看', from: 'device-preview' },
      { code: 'upgrade-edit', name: '固件升级申请', from: 'device-edit' },
      { code: 'upgrade-audit', name: '固件升级审核', from: 'device-edit' },
      { code: 'debug-audit', name: '远程调试审核', from: 'device-edit' },
    ];
    for (const r of rights) {
      await sql`insert into t_right (code, name, group_name, sort_order) values (${r.code}, ${r.name}, '固件升级', ${order++})`.execute(db);
      await sql`insert into t_role_right (role_id, right_code) select role_id, ${r.code} from t_role_right where right_code = ${r.from}`.execute(db);
      await sql`insert into t_org_type_right (org_type, right_code) select org_type, ${r.code} from t_org_type_right where right_code = ${r.from}`.execute(db);
    }
  }

  const has = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  const iot = await has('nv_iot');
  if (!iot) return;
  const after = Number((await sql<{ n: number }>`select max(sort_order) as n from t_menu
    where parent_id = ${iot} and name in ('nv_iot_monitor', 'nv_iot_device_list', 'nv_iot_device') and type = 'app'`.execute(db)).rows[0]?.n ?? 0);
  const entries = [
    { name: 'nv_upgrade', title: '固件升级', titleEn: 'Firmware upgrade', path: '/nv_iot/nv_upgrade', order: after + 1 },
    { name: 'nv_debug', title: '远程调试', titleEn: 'Remote debugging', path: '/nv_iot/nv_debug', order: after + 2 },
  ];
  for (const e of entries) {
    if (await has(e.name)) continue;
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${iot}, ${e.name}, ${e.title}, ${e.titleEn}, ${e.path}, '', ${e.order}, 'upgrade-preview', 'app')`.execute(db);
  }
}
