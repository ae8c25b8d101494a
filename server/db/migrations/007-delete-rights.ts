import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Rights added after release where deleting is graver than editing (issue 15): an existing
 * installation gets each in its catalogue, granted to the roles that hold the matching edit right
 * (so nobody loses a delete they had). A new database gets them from the reference seed (t_right
 * is still empty when the migrations run). Frozen once released.
 */
const ADDED = [{ code: 'org-delete', name: '组织删除', group: '系统管理', from: 'org-edit' }];

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  if (Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) === 0) return;
  for (const right of ADDED) {
    const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
    await sql`insert into t_right (code, name, group_name, sort_order) values (${right.code}, ${right.name}, ${right.group}, ${order})`.execute(db);
    await sql`insert into t_role_right (role_id, right_code) select role_id, ${right.code} from t_role_right where right_code = ${right.from}`.execute(db);
    await sql`insert into t_org_type_right (org_type, right_code) select org_type, ${right.code} from t_org_type_right where right_code = ${right.from}`.execute(db);
  }
}
