import { sql, type Kysely } from 'kysely';
import { createIndex, createTable, type Dialect } from '../columns';

/**
 * Alarm notifications that leave the building (issue 19; semantics in server/notifications/README.md):
 * - `t_contacts` gains a webhook: `webhook_url` ('' for none) and `webhook_secret`, the HMAC key of
 *   its signatures (write-only: no endpoint ever answers it). `email` exists since 001.
 * - `t_project_contacts` gains `warn_mask`, the warn levels (SPEC §3: 0 hint, 1 minor, 2 important)
 *   the contact is told of for the project as bits (1 << level; 7 = all), and `escalation_level`
 *   (0 = first line, told when the alarm is raised; 1, 2, … told when it stays unacknowledged).
 * - `t_alarm_notification`: one message to send — an alarm (the history row: it outlives the
 *   clear) to one contact by one channel at one escalation level, once (unique). `state` is
 *   queued → sending → sent, or failed (a retry is due at `next_attempt_at`) and finally dead.
 *   `delivery_id` is the id receivers dedupe on. `contact_id` has no foreign key: the log outlives
 *   a deleted contact (its name is kept in `contact_name`).
 * - `t_alarm_notification_attempt`: each try of a notification, with its outcome (the delivery log).
 * - `t_alarm_escalation`: per alarm, the escalation level notified last and when the next is due
 *   (`next_at`; null once acknowledged, cleared or out of levels, `finished` says which).
 * Frozen once released.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`alter table t_contacts add column webhook_url text not null default ''`.execute(db);
  await sql`alter table t_contacts add column webhook_secret text not null default ''`.execute(db);
  await sql`alter table t_project_contacts add column warn_mask integer not null default 7`.execute(db);
  await sql`alter table t_project_contacts add column escalation_level integer not null default 0`.execute(db);

  await createTable(db, dialect, 't_alarm_notification', {
    id: 'id', alarm_id: 'int!>t_history_measure_warning*', contact_id: 'int!', contact_name: "text!=''", channel: 'text!',
    escalation_level: 'int!=0', delivery_id: 'text!', state: "text!='queued'", attempts: 'int!=0', next_attempt_at: 'bigint!',
    target: "text!=''", last_error: "text!=''", last_attempt_at: 'bigint', sent_at: 'bigint', created_at: 'bigint!',
  });
  await createIndex(db, 't_alarm_notification', ['alarm_id', 'contact_id', 'channel', 'escalation_level'], true);
  await createIndex(db, 't_alarm_notification', ['delivery_id'], true);
  await createIndex(db, 't_alarm_notification', ['state', 'next_attempt_at']);

  await createTable(db, dialect, 't_alarm_notification_attempt', {
    id: 'id', notification_id: 'int!>t_alarm_notification*', attempt: 'int!', started_at: 'bigint!', finished_at: 'bigint',
    ok: 'int', error: "text!=''",
  });
  await createIndex(db, 't_alarm_notification_attempt', ['notification_id', 'attempt'], true);

  await createTable(db, dialect, 't_alarm_escalation', {
    alarm_id: 'int!>t_history_measure_warning*', project_id: 'int', warn_level: 'int!', level: 'int!=0', next_at: 'bigint',
    finished: "text!=''", updated_at: 'bigint!',
  }, (t) => t.addPrimaryKeyConstraint('pk_t_alarm_escalation', ['alarm_id']));
  await createIndex(db, 't_alarm_escalation', ['next_at']);
}
