import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * The access model of issue 15 (organisations, roles, rights, users):
 * - `t_org_type_role` (+ `t_org_type_role_right`): the roles an organisation type offers, copied
 *   into an organisation of that type when it is created (nv_org_type_roles/{id});
 * - `t_role_measure`: the measure points a role may see (role measure rights);
 * - `t_user.deleted_at`: a removed user keeps its history and name, and can be recovered;
 * - `t_history_log` indexes for the log pages (by user, by action, over time);
 * - the rights `role-delete` and `user-delete` (granted where the edit right is, as 007 did);
 * - `t_org_type_right` filled with every right for every organisation type where it is empty, so
 *   capping a user's rights by its organisation type takes nothing from an existing installation;
 * - menu entries 角色管理, 权限管理, 组织授权 and 访客管理 under 系统管理.
 * A new database gets the rights, type rights and menu entries from the reference seed (t_right is
 * still empty when the migrations run). Frozen once released.
 */
const ADDED_RIGHTS = [
  { code: 'role-delete', name: '角色删除', group: '系统管理', from: 'role-edit' },
  { code: 'user-delete', name: '用户删除', group: '系统管理', from: 'user-edit' },
];

const ADDED_MENU = [
  { name: 'nv_roles', title: '角色管理', en: 'Roles', path: '/nv_system/nv_roles', right: 'role-preview', order: 51 },
  { name: 'nv_auth', title: '权限管理', en: 'Rights', path: '/nv_system/nv_auth', right: 'right-preview', order: 52 },
  { name: 'nv_org_auth', title: '组织授权', en: 'Organisation authorisation', path: '/nv_system/nv_org_auth', right: 'right-preview', order: 53 },
  { name: 'nv_visitor', title: '访客管理', en: 'Visitors', path: '/nv_system/nv_visitor', right: 'user-preview', order: 54 },
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_org_type_role', {
    id: 'id', org_type: 'int!', name: 'text!', data_scope: "text!='VOrg'", remark: "text!=''",
    created_at: 'bigint!', version: 'int!=1',
  });
  await createIndex(db, 't_org_type_role', ['org_type', 'name'], true);
  await createTable(db, dialect, 't_org_type_role_right', { type_role_id: 'int!>t_org_type_role*', right_code: 'text!' },
    (t) => t.addPrimaryKeyConstraint('pk_t_org_type_role_right', ['type_role_id', 'right_code'] as never));
  await createTable(db, dialect, 't_role_measure', { role_id: 'int!>t_role*', measure_id: 'int!>t_measure*' },
    (t) => t.addPrimaryKeyConstraint('pk_t_role_measure', ['role_id', 'measure_id'] as never));
  await sql`alter table t_user add column deleted_at bigint`.execute(db);
  await createIndex(db, 't_history_log', ['user_id', 'created_at']);
  await createIndex(db, 't_history_log', ['action', 'created_at']);
  await createIndex(db, 't_data_right', ['role_id', 'right_type']);

  if (Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) === 0) return;
  for (const right of ADDED_RIGHTS) {
    const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
    await sql`insert into t_right (code, name, group_name, sort_order) values (${right.code}, ${right.name}, ${right.group}, ${order})`.execute(db);
    await sql`insert into t_role_right (role_id, right_code) select role_id, ${right.code} from t_role_right where right_code = ${right.from}`.execute(db);
  }
  if (Number((await sql<{ n: number }>`select count(*) as n from t_org_type_right`.execute(db)).rows[0]?.n) === 0) {
    await sql`insert into t_org_type_right (org_type, right_code) select t.org_type, r.code from t_org_type t cross join t_right r`.execute(db);
  }
  const systemId = (await sql<{ id: number }>`select id from t_menu where name = 'nv_system' and type = 'app'`.execute(db)).rows[0]?.id;
  if (systemId == null) return;
  for (const m of ADDED_MENU) {
    const has = (await sql<{ id: number }>`select id from t_menu where name = ${m.name} and type = 'app'`.execute(db)).rows[0];
    if (has) continue;
    await sql`insert into t_menu (parent_id, name, title, title_en, path, icon, sort_order, right_code, type)
      values (${systemId}, ${m.name}, ${m.title}, ${m.en}, ${m.path}, '', ${m.order}, ${m.right}, 'app')`.execute(db);
  }
}
