import { sql, type Kysely } from 'kysely';
import { createTable, type Dialect } from '../columns';

/**
 * Licence (issue 22, server/licence/):
 * - `t_licence`: every licence file imported through 授权信息, the newest in force (the shipped
 *   demo licence applies while there is none); kept so an import survives restarts and the history
 *   of imports can be read;
 * - right `licence-edit` (授权管理: import a licence): an existing installation gets it in its
 *   catalogue, granted to the roles and organisation types holding `right-edit`; a new database
 *   gets it from the rights seed.
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createTable(db, dialect, 't_licence', {
    id: 'id',
    licence_id: 'text!',
    licensee: 'text!',
    expiry: 'text!',
    content: 'text!',
    imported_by: 'int',
    imported_at: 'bigint!',
  });

  if (Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) > 0) {
    const exists = (await sql<{ code: string }>`select code from t_right where code = 'licence-edit'`.execute(db)).rows.length > 0;
    if (exists) return;
    const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
    await sql`insert into t_right (code, name, group_name, sort_order) values ('licence-edit', '授权管理', '系统管理', ${order})`.execute(db);
    await sql`insert into t_role_right (role_id, right_code) select role_id, 'licence-edit' from t_role_right where right_code = 'right-edit'`.execute(db);
    await sql`insert into t_org_type_right (org_type, right_code) select org_type, 'licence-edit' from t_org_type_right where right_code = 'right-edit'`.execute(db);
  }
}
