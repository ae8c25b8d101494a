import type { Kysely } from 'kysely';
import type { AlarmNotification, AlarmNotificationLog, NotificationChannel, NotificationState } from '../../../contract/alarm-notifications';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../../auth/scope-filters';

const FINAL: NotificationState[] = ['sent', 'dead'];

/** The SQL of an alarm's delivery log (server/notifications/ owns the queue itself). */
export function alarmNotificationRepository(db: Kysely<DB>) {
  return {
    /** The history id of an alarm the user may see (given its history id), else undefined. */
    async visibleAlarm(user: AuthUser, alarmId: number): Promise<number | undefined> {
      const row = await db.selectFrom('t_history_measure_warning as w').leftJoin('t_project as p', 'p.id', 'w.project_id')
        .select('w.id').where('w.id', '=', alarmId).where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
      return row?.id;
    },

    /** The history id of a real-time alarm the user may see: the open history row of the same point and raise. */
    async visibleRealAlarm(user: AuthUser, realAlarmId: number): Promise<number | undefined> {
      const row = await db.selectFrom('t_real_measure_warning as r')
        .innerJoin('t_history_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'r.device_id')
          .onRef('w.measure_id', '=', 'r.measure_id').onRef('w.raised_at', '=', 'r.raised_at'))
        .leftJoin('t_project as p', 'p.id', 'w.project_id')
        .select('w.id').where('r.id', '=', realAlarmId).where('w.cleared_at', 'is', null)
        .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).orderBy('w.id', 'desc').executeTakeFirst();
      return row?.id;
    },

    /** Every notification of the alarm with its tries, oldest first, and its escalation. */
    async log(alarmId: number): Promise<AlarmNotificationLog> {
      const rows = await db.selectFrom('t_alarm_notification').selectAll().where('alarm_id', '=', alarmId)
        .orderBy('escalation_level').orderBy('id').execute();
      const tries = rows.length ? await db.selectFrom('t_alarm_notification_attempt').selectAll()
        .where('notification_id', 'in', rows.map((r) => r.id)).orderBy('notification_id').orderBy('attempt').execute() : [];
      const esc = await db.selectFrom('t_alarm_escalation').select(['level', 'next_at', 'finished'])
        .where('alarm_id', '=', alarmId).executeTakeFirst();
      const list: AlarmNotification[] = rows.map((r) => ({
        id: r.id, alarmId: r.alarm_id, deliveryId: r.delivery_id, channel: r.channel as NotificationChannel,
        escalationLevel: r.escalation_level, contactId: r.contact_id, contactName: r.contact_name, target: r.target,
        state: r.state as NotificationState, attempts: r.attempts,
        nextAttemptAt: FINAL.includes(r.state as NotificationState) ? null : Number(r.next_attempt_at),
        lastError: r.last_error, sentAt: r.sent_at === null ? null : Number(r.sent_at), createdAt: Number(r.created_at),
        tries: tries.filter((t) => t.notification_id === r.id).map((t) => ({
          attempt: t.attempt, startedAt: Number(t.started_at), finishedAt: t.finished_at === null ? null : Number(t.finished_at),
          ok: t.ok === null ? null : t.ok === 1, error: t.error,
        })),
      }));
      return {
        alarmId,
        escalation: esc ? { level: esc.level, nextAt: esc.next_at === null ? null : Number(esc.next_at), finished: esc.finished } : null,
        list,
      };
    },
  };
}
