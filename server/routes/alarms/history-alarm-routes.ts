import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DealAlarmBody, HistoryAlarmPage, HistoryAlarmQuery } from '../../../contract/alarms';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { historyAlarmRepository, realAlarmRepository } from './alarm-repository';
import { pushAlarmUpdates } from './push-alarm-updates';

export const ALREADY_DEALT = '告警已处理，不能重复处理';

/**
 * Alarm history (raised, cleared, acknowledged, dealt with), within the caller's data scope.
 * Dealing with alarms needs alarm-deal and a remark; an alarm is dealt with once (409 after), and
 * every deal is in the operation log.
 */
export function registerHistoryAlarmRoutes(app: FastifyInstance, { db, telemetryEvents }: AppDeps): void {
  const alarms = historyAlarmRepository(db);
  const real = realAlarmRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_history_measure_warning', access: Right.HistoryAlarmPreview, query: HistoryAlarmQuery, response: HistoryAlarmPage,
    handler: ({ user, query }) => alarms.list(user, query, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_measure_warning/deal', access: Right.AlarmDeal, tenancy: 'subtree', body: DealAlarmBody, response: z.number().int(),
    async handler({ user, body, req }) {
      const ids = [...new Set(body.ids)];
      const states = await alarms.visibleStates(user, ids);
      if (states.length !== ids.length) throw notFound('告警');
      if (states.some((s) => s.dealed_at !== null)) throw conflict(ALREADY_DEALT);
      const done = await alarms.deal(ids, { userId: user.id, username: user.username, ip: req.ip }, body.remark, Date.now());
      if (done === 'conflict') throw conflict(ALREADY_DEALT);
      // Open ones count as acknowledged now: the live views show it.
      const open = states.filter((s) => s.cleared_at === null).map((s) => s.id);
      if (open.length) await pushAlarmUpdates(telemetryEvents, await real.byIds(user, await alarms.realIdsOf(open)));
      return done;
    },
  });
}
