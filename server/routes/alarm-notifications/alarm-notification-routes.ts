import type { FastifyInstance } from 'fastify';
import { AlarmNotificationLog, AlarmNotificationQuery } from '../../../contract/alarm-notifications';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { alarmNotificationRepository } from './alarm-notification-repository';

/**
 * An alarm's delivery log (issue 19): every webhook and e-mail notification of the alarm, each
 * try with its outcome, and the escalation's state. Who may read alarm history (and sees the
 * alarm's project) may read it; the real-time pages ask by their own alarm id.
 */
export function registerAlarmNotificationRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const repo = alarmNotificationRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_alarm_notification', access: Right.HistoryAlarmPreview, query: AlarmNotificationQuery, response: AlarmNotificationLog,
    async handler({ user, query }) {
      const alarmId = query.alarmId !== undefined
        ? await repo.visibleAlarm(user, query.alarmId)
        : await repo.visibleRealAlarm(user, query.realAlarmId!);
      if (alarmId === undefined) throw notFound('告警');
      return repo.log(alarmId);
    },
  });
}
