import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * The IoT card platform and the filter catalogue sync (issue 21; server/README.md,
 * "IoT card platform and filter catalogue sync"):
 * - `t_card`: SIM cards (ICCID unique) of an organisation with status, data usage and limit,
 *   activation and expiry; bound to the device whose `iccid` is the card's (no foreign key: a card
 *   may sit in stock, a device may carry a card not yet registered);
 * - `t_card_user`: console users' accounts on the card platform (sync-user), switchable;
 *   `t_card_token`: the short-lived tokens its login hands to the card home (stored hashed);
 * - `t_lcc_sync`: a run of the filter catalogue sync (the upstream snapshot, its diff counts,
 *   previewed → applied), `t_lcc_sync_items`: one added, changed or removed filter type or model;
 * - right card-edit (物联网卡编辑): an existing installation gets it where device-edit is held;
 * - 物联网 › 物联网卡 (/nv_iot/nv_iot_card) and 产品管理 › 滤网目录同步 (/nv_product/nv_filter_sync),
 *   last in their groups as a new database's menu seed puts them.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_card', {
    id: 'id', iccid: 'text!', msisdn: "text!=''", org_id: 'int!>t_org', status: 'int!=7', carrier: "text!=''", plan_name: "text!=''",
    data_used_mb: 'real!=0', data_limit_mb: 'real!=0', activated_at: 'bigint', expires_at: 'bigint', remark: "text!=''",
    created_at: 'bigint!', updated_at: 'bigint!', version: 'int!=1',
  });
  await createIndex(db, 't_card', ['iccid'], true);
  await createIndex(db, 't_card', ['org_id']);
  await createIndex(db, 't_card', ['expires_at']);

  await createTable(db, dialect, 't_card_user', {
    id: 'id', user_id: 'int!>t_user*', org_id: 'int!', enabled: 'int!=1', synced_at: 'bigint!',
  });
  await createIndex(db, 't_card_user', ['user_id'], true);
  await createTable(db, dialect, 't_card_token', {
    id: 'id', token_hash: 'text!', user_id: 'int!>t_user*', org_id: 'int!', created_at: 'bigint!', expires_at: 'bigint!',
  });
  await createIndex(db, 't_card_token', ['token_hash'], true);
  await createIndex(db, 't_card_token', ['expires_at']);

  await createTable(db, dialect, 't_lcc_sync', {
    id: 'id', kind: 'text!', source_url: 'text!', upstream_version: "text!=''", payload: 'text!', state: "text!='previewed'",
    added: 'int!=0', changed: 'int!=0', removed: 'int!=0', kept: 'int!=0', unchanged: 'int!=0',
    created_by: 'int', created_at: 'bigint!', applied_by: 'int', applied_at: 'bigint',
  });
  await createIndex(db, 't_lcc_sync', ['kind', 'id']);
  await createTable(db, dialect, 't_lcc_sync_items', {
    id: 'id', sync_id: 'int!>t_lcc_sync*', code: 'text!', name: 'text!', action: 'text!', before_json: "text!=''",
    after_json: "text!=''", fields: "text!=''", note: "text!=''",
  });
  await createIndex(db, 't_lcc_sync_items', ['sync_id']);

  if (Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) > 0) {
    const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
    await sql`insert into t_right (code, name, group_name, sort_order) values ('card-edit', '物联网卡编辑', '物联网卡', ${order})`.execute(db);
    await sql`insert into t_role_right (role_id, right_code) select role_id, 'card-edit' from t_role_right where right_code = 'device-edit'`.execute(db);
    await sql`insert into t_org_type_right (org_type, right_code) select org_type, 'card-edit' from t_org_type_right where right_code = 'device-edit'`.execute(db);
  }

  const has = async (name: string) =>
    (await sql<{ id: number }>`select id from t_menu where name = ${name} and type = 'app'`.execute(db)).rows[0]?.id;
  const entries = [
    { parent: 'nv_iot', name: 'nv_iot_card', title: '物联网卡', titleEn: 'IoT cards', path: '/nv_iot/nv_iot_card', right: 'iot-card-sys-preview' },
    { parent: 'nv_product', name: 'nv_filter_sync', title: '滤网目录同步', titleEn: 'Filter catalogue sync', path: '/nv_product/nv_filter_sync', right: 'product-preview' },
  ];
  for (const e of entries) {
    const parent = await has(e.parent);
    if (!parent || await has(e.name)) continue;
    const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 10 as n from t_menu
      where parent_id = ${parent} and type = 'app'`.execute(db)).rows[0].n);
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${parent}, ${e.name}, ${e.title}, ${e.titleEn}, ${e.path}, '', ${order}, ${e.right}, 'app')`.execute(db);
  }
}
