import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../columns';

/**
 * Intelligent alarm pages (issue 19):
 * - `t_history_measure_warning` gains `acked_at` / `acked_by`: an open alarm acknowledged from
 *   实时告警 (its escalation to the next contact level stops), apart from dealing with it in
 *   历史告警 (`dealed_at`, with a remark).
 * - The right `alarm-deal` (告警处理) guards acknowledging and dealing. An existing installation gets
 *   it in its catalogue, granted to the roles (and organisation types) that could deal with alarms
 *   until now, i.e. those holding history-alarm-preview; a new database gets it from the reference
 *   seed (t_right is still empty when the migrations run).
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql`alter table t_history_measure_warning add column acked_at bigint`.execute(db);
  await sql`alter table t_history_measure_warning add column acked_by integer`.execute(db);

  if (Number((await sql<{ n: number }>`select count(*) as n from t_right`.execute(db)).rows[0]?.n) === 0) return;
  if ((await sql`select 1 from t_right where code = 'alarm-deal'`.execute(db)).rows.length) return;
  const order = Number((await sql<{ n: number }>`select coalesce(max(sort_order), 0) + 1 as n from t_right`.execute(db)).rows[0].n);
  await sql`insert into t_right (code, name, group_name, sort_order) values ('alarm-deal', '告警处理', '告警', ${order})`.execute(db);
  await sql`insert into t_role_right (role_id, right_code)
    select role_id, 'alarm-deal' from t_role_right where right_code = 'history-alarm-preview'`.execute(db);
  await sql`insert into t_org_type_right (org_type, right_code)
    select org_type, 'alarm-deal' from t_org_type_right where right_code = 'history-alarm-preview'`.execute(db);
}
