import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RealAlarmCountQuery, RealAlarmPage, RealAlarmQuery } from '../../../contract/alarms';
import { CONDITION_NAMES, type ConditionType } from '../../../contract/conditions';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { endpoint } from '../../http/endpoint';
import { visibleProjectFilter } from '../scope-filters';

/**
 * Real-time alarms: what the top-bar bell and the alarm pages read. Everyone signed in sees the
 * alarms of the projects in their data scope; the pages behind 查看更多 are gated in the console.
 */
export function registerRealAlarmRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const visible = (user: AuthUser, projectId?: number) => {
    let q = db.selectFrom('t_real_measure_warning as w')
      .innerJoin('t_device as d', 'd.id', 'w.device_id')
      .innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
    if (projectId !== undefined) q = q.where('p.id', '=', projectId);
    return q;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure_warning', access: 'signed-in', query: RealAlarmQuery, response: RealAlarmPage,
    async handler({ user, query }) {
      const q = visible(user, query.projectId);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.select([
        'w.id', 'p.id as projectId', 'p.name as projectName', 'd.id as deviceId', 'd.name as deviceName', 'd.state as deviceState',
        'm.id as measureId', 'm.name as measureName', 'w.condition_type', 'w.condition_val1', 'w.condition_val2',
        'w.sample_value', 'm.printf', 'w.content', 'w.warn_level', 'w.raised_at',
      ]).orderBy('w.raised_at', 'desc').orderBy('w.id', 'desc')
        .limit(query.Size).offset((query.Page - 1) * query.Size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({
          id: r.id, projectId: r.projectId, projectName: r.projectName, deviceId: r.deviceId, deviceName: r.deviceName,
          deviceState: r.deviceState, measureId: r.measureId, measureName: r.measureName, conditionType: r.condition_type,
          condition: CONDITION_NAMES[r.condition_type as ConditionType] ?? '', conditionVal1: r.condition_val1,
          conditionVal2: r.condition_val2, sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content,
          warnLevel: r.warn_level, raisedAt: r.raised_at,
        })),
      };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure_warning/count', access: 'signed-in', query: RealAlarmCountQuery, response: z.number().int(),
    async handler({ user, query }) {
      const row = await visible(user, query.projectId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
}
