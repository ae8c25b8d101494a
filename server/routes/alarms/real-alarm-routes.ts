import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AckAlarmBody, RealAlarmCountQuery, RealAlarmPage, RealAlarmQuery } from '../../../contract/alarms';
import { Right } from '../../../contract/rights';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { historyAlarmRepository, realAlarmRepository } from './alarm-repository';
import { pushAlarmUpdates } from './push-alarm-updates';

/**
 * Real-time alarms: what the top-bar bell, the wall's ticker and 实时告警 read. Everyone signed in
 * sees the alarms of the projects in their data scope, in the order of contract/live-alarms.ts;
 * acknowledging needs alarm-deal.
 */
export function registerRealAlarmRoutes(app: FastifyInstance, { db, telemetryEvents }: AppDeps): void {
  const alarms = realAlarmRepository(db);
  const history = historyAlarmRepository(db);

  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure_warning', access: 'signed-in', query: RealAlarmQuery, response: RealAlarmPage, display: true,
    handler: ({ user, query }) => alarms.query(user, {
      projectId: query.projectId, deviceId: query.deviceId, warnLevel: query.warnLevel, conditionType: query.conditionType,
      ...(query.ack && { unacked: query.ack === 'unacked' }),
    }, query.order, query.Page, query.Size),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure_warning/count', access: 'signed-in', query: RealAlarmCountQuery, response: z.number().int(), display: true,
    handler: ({ user, query }) => alarms.count(user, query.projectId),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_real_measure_warning/ack', access: Right.AlarmDeal, tenancy: 'subtree', body: AckAlarmBody, response: z.number().int(),
    async handler({ user, body, req }) {
      const ids = [...new Set(body.ids)];
      const rows = await alarms.visibleWithHistory(user, ids);
      if (rows.length !== ids.length || rows.some((r) => r.historyId === null)) throw notFound('告警');
      if (rows.some((r) => r.acked_at !== null)) throw conflict('告警已确认，不能重复确认');
      const done = await history.ack(rows.map((r) => r.historyId!), { userId: user.id, username: user.username, ip: req.ip }, Date.now());
      if (done === 'conflict') throw conflict('告警已确认，不能重复确认');
      await pushAlarmUpdates(telemetryEvents, await alarms.byIds(user, ids));
      return done;
    },
  });
}
