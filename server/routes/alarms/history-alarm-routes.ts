import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DealAlarmBody, HistoryAlarmPage, HistoryAlarmQuery } from '../../../contract/alarms';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { historyAlarmRepository } from './alarm-repository';

/** Alarm history (raised, cleared, dealt with), within the caller's data scope. */
export function registerHistoryAlarmRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const alarms = historyAlarmRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_history_measure_warning', access: Right.HistoryAlarmPreview, query: HistoryAlarmQuery, response: HistoryAlarmPage,
    handler: ({ user, query }) => alarms.list(user, query, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_measure_warning/deal', access: Right.HistoryAlarmPreview, body: DealAlarmBody, response: z.number().int(),
    async handler({ user, body }) {
      const ids = [...new Set(body.ids)];
      if ((await alarms.countVisible(user, ids)) !== ids.length) throw notFound('告警');
      await alarms.markDealt(ids, user.id, body.remark, Date.now());
      return ids.length;
    },
  });
}
