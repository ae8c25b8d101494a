import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DealAlarmBody, HistoryAlarmPage, HistoryAlarmQuery } from '../../../contract/alarms';
import { CONDITION_NAMES, type ConditionType } from '../../../contract/conditions';
import { Right } from '../../../contract/rights';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { visibleProjectFilter } from '../scope-filters';

/** Alarm history (raised, cleared, dealt with), within the caller's data scope. */
export function registerHistoryAlarmRoutes(app: FastifyInstance, { db }: AppDeps): void {
  const visible = (user: AuthUser) => db.selectFrom('t_history_measure_warning as w')
    .innerJoin('t_device as d', 'd.id', 'w.device_id')
    .leftJoin('t_project as p', 'p.id', 'w.project_id')
    .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));

  endpoint(app, db, {
    method: 'GET', url: '/t_history_measure_warning', access: Right.HistoryAlarmPreview, query: HistoryAlarmQuery, response: HistoryAlarmPage,
    async handler({ user, query }) {
      let q = visible(user);
      if (query.projectId !== undefined) q = q.where('w.project_id', '=', query.projectId);
      if (query.deviceId !== undefined) q = q.where('w.device_id', '=', query.deviceId);
      if (query.from !== undefined) q = q.where('w.raised_at', '>=', query.from);
      if (query.to !== undefined) q = q.where('w.raised_at', '<', query.to);
      if (query.state === 'open') q = q.where('w.cleared_at', 'is', null);
      if (query.state === 'cleared') q = q.where('w.cleared_at', 'is not', null);
      if (query.state === 'undealed') q = q.where('w.dealed_at', 'is', null);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.select([
        'w.id', 'w.project_id', 'p.name as project_name', 'w.device_id', 'd.name as device_name', 'w.measure_id', 'm.name as measure_name',
        'w.condition_type', 'w.condition_val1', 'w.condition_val2', 'w.sample_value', 'm.printf', 'w.content', 'w.warn_level',
        'w.raised_at', 'w.cleared_at', 'w.dealed_at', 'w.dealed_by', 'w.deal_remark',
      ]).orderBy('w.raised_at', 'desc').orderBy('w.id', 'desc').limit(query.Size).offset((query.Page - 1) * query.Size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({
          id: r.id, projectId: r.project_id, projectName: r.project_name ?? '', deviceId: r.device_id, deviceName: r.device_name,
          measureId: r.measure_id, measureName: r.measure_name, conditionType: r.condition_type,
          condition: CONDITION_NAMES[r.condition_type as ConditionType] ?? '', conditionVal1: r.condition_val1,
          conditionVal2: r.condition_val2, sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content,
          warnLevel: r.warn_level, raisedAt: Number(r.raised_at), clearedAt: r.cleared_at === null ? null : Number(r.cleared_at),
          dealedAt: r.dealed_at === null ? null : Number(r.dealed_at), dealedBy: r.dealed_by, dealRemark: r.deal_remark,
        })),
      };
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_history_measure_warning/deal', access: Right.HistoryAlarmPreview, body: DealAlarmBody, response: z.number().int(),
    async handler({ user, body }) {
      const ids = [...new Set(body.ids)];
      const found = await visible(user).select('w.id').where('w.id', 'in', ids).execute();
      if (found.length !== ids.length) throw notFound('告警');
      await db.updateTable('t_history_measure_warning')
        .set({ dealed_at: Date.now(), dealed_by: user.id, deal_remark: body.remark }).where('id', 'in', ids).execute();
      return ids.length;
    },
  });
}
