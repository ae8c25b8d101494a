import type { FastifyInstance } from 'fastify';
import { Right } from '../../../contract/rights';
import {
  HistoryQuery, HistoryResult, MAX_HISTORY_POINTS, OnlineHistoryPage, OnlineHistoryQuery, RealValueList, RealValuesQuery,
  type HistoryInterval,
} from '../../../contract/telemetry';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { bucketOf } from '../../telemetry/history-writer';
import { visibleDevice, visibleProject } from './device-scope';

const HOUR = 3_600_000;
/** A project's values in one answer: bounded, a project has a few hundred points at most. */
const MAX_VALUES = 20_000;

/** Raw up to 2 hours, minutes up to 3 days, hours beyond: each stays within MAX_HISTORY_POINTS. */
export function pickInterval(from: number, to: number): HistoryInterval {
  const range = to - from;
  return range <= 2 * HOUR ? 'raw' : range <= 72 * HOUR ? '1m' : '1h';
}

/** Current values, trends and online history: what monitoring screens and device pages read. */
export function registerTelemetryRoutes(app: FastifyInstance, { db }: AppDeps): void {
  endpoint(app, db, {
    method: 'GET', url: '/t_real_measure/values', access: 'signed-in', query: RealValuesQuery, response: RealValueList,
    async handler({ user, query }) {
      let q = db.selectFrom('t_real_measure as r')
        .innerJoin('t_device as d', 'd.id', 'r.device_id')
        .innerJoin('t_measure as m', 'm.id', 'r.measure_id')
        .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'r.device_id').onRef('w.measure_id', '=', 'r.measure_id'))
        .select(['r.device_id', 'r.measure_id', 'm.name', 'm.tag_id', 'm.unit', 'm.decimals', 'r.value', 'r.ts', 'w.id as alarm_id']);
      if (query.deviceId !== undefined) q = q.where('r.device_id', '=', (await visibleDevice(db, user, query.deviceId)).id);
      if (query.projectId !== undefined) q = q.where('d.project_id', '=', await visibleProject(db, user, query.projectId));
      const rows = await q.orderBy('r.device_id').orderBy('m.sort_order').orderBy('m.id').limit(MAX_VALUES).execute();
      return rows.map((r) => ({
        deviceId: r.device_id, measureId: r.measure_id, measureName: r.name, tagId: r.tag_id, unit: r.unit, decimals: r.decimals,
        value: r.value, ts: Number(r.ts), alarm: r.alarm_id !== null,
      }));
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_measure', access: 'signed-in', query: HistoryQuery, response: HistoryResult,
    async handler({ user, query }) {
      const device = await visibleDevice(db, user, query.deviceId);
      const measure = await db.selectFrom('t_measure as m').innerJoin('t_device as d', 'd.device_model_id', 'm.device_model_id')
        .select('m.id').where('d.id', '=', device.id).where('m.id', '=', query.measureId).executeTakeFirst();
      if (!measure) throw notFound('测点');
      const interval = query.interval === 'auto' ? pickInterval(query.from, query.to) : query.interval;
      if (interval === 'raw') {
        const rows = await db.selectFrom('t_history_measure').select(['ts', 'value'])
          .where('device_id', '=', device.id).where('measure_id', '=', measure.id)
          .where('ts', '>=', query.from).where('ts', '<', query.to)
          .orderBy('ts').limit(MAX_HISTORY_POINTS + 1).execute();
        const points = rows.slice(0, MAX_HISTORY_POINTS).map((r) => ({ ts: Number(r.ts), value: r.value, min: r.value, max: r.value, count: 1 }));
        return { interval, points, truncated: rows.length > MAX_HISTORY_POINTS };
      }
      const table = interval === '1m' ? 't_history_measure_1m' : 't_history_measure_1h';
      const bucketMs = interval === '1m' ? 60_000 : HOUR;
      const rows = await db.selectFrom(table).select(['bucket', 'min_value', 'max_value', 'sum_value', 'sample_count'])
        .where('device_id', '=', device.id).where('measure_id', '=', measure.id)
        .where('bucket', '>=', bucketOf(query.from, bucketMs)).where('bucket', '<', query.to)
        .orderBy('bucket').limit(MAX_HISTORY_POINTS + 1).execute();
      const points = rows.slice(0, MAX_HISTORY_POINTS).map((r) => ({
        ts: Number(r.bucket), value: r.sum_value / r.sample_count, min: r.min_value, max: r.max_value, count: r.sample_count,
      }));
      return { interval, points, truncated: rows.length > MAX_HISTORY_POINTS };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_history_online', access: Right.DevicePreview, query: OnlineHistoryQuery, response: OnlineHistoryPage,
    async handler({ user, query }) {
      const device = await visibleDevice(db, user, query.deviceId);
      const q = db.selectFrom('t_history_online').where('device_id', '=', device.id);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.select(['id', 'device_id', 'state', 'ts']).orderBy('ts', 'desc').orderBy('id', 'desc')
        .limit(query.Size).offset((query.Page - 1) * query.Size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({ id: r.id, deviceId: r.device_id, state: r.state, ts: Number(r.ts) })),
      };
    },
  });
}
