import type { Kysely } from 'kysely';
import type { HistoryInterval, HistoryResult, RealValue } from '../../../contract/telemetry';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { bucketOf } from '../../telemetry/history-writer';
import { visibleProjectFilter } from '../scope-filters';

const HOUR = 3_600_000;

/** The device if the user may see it (its project is in the user's data scope), else 404. */
export async function visibleDevice(db: Kysely<DB>, user: AuthUser, deviceId: number): Promise<{ id: number; projectId: number | null }> {
  const row = await db.selectFrom('t_device as d').leftJoin('t_project as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.project_id']).where('d.id', '=', deviceId)
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
  if (!row) throw notFound('设备');
  return { id: row.id, projectId: row.project_id };
}

/** The project if the user may see it, else 404. */
export async function visibleProject(db: Kysely<DB>, user: AuthUser, projectId: number): Promise<number> {
  const row = await db.selectFrom('t_project as p').select('p.id').where('p.id', '=', projectId)
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).executeTakeFirst();
  if (!row) throw notFound('项目');
  return row.id;
}

/** The SQL of current values, trends and online history (t_real_measure, t_history_*). */
export function telemetryRepository(db: Kysely<DB>) {
  return {
    /** Current values of one device and/or one project (ids already checked visible), at most `limit`. */
    async realValues(filter: { deviceId?: number; projectId?: number }, limit: number): Promise<RealValue[]> {
      let q = db.selectFrom('t_real_measure as r')
        .innerJoin('t_device as d', 'd.id', 'r.device_id')
        .innerJoin('t_measure as m', 'm.id', 'r.measure_id')
        .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'r.device_id').onRef('w.measure_id', '=', 'r.measure_id'))
        .select(['r.device_id', 'r.measure_id', 'm.name', 'm.tag_id', 'm.unit', 'm.decimals', 'r.value', 'r.ts', 'w.id as alarm_id']);
      if (filter.deviceId !== undefined) q = q.where('r.device_id', '=', filter.deviceId);
      if (filter.projectId !== undefined) q = q.where('d.project_id', '=', filter.projectId);
      const rows = await q.orderBy('r.device_id').orderBy('m.sort_order').orderBy('m.id').limit(limit).execute();
      return rows.map((r) => ({
        deviceId: r.device_id, measureId: r.measure_id, measureName: r.name, tagId: r.tag_id, unit: r.unit, decimals: r.decimals,
        value: r.value, ts: Number(r.ts), alarm: r.alarm_id !== null,
      }));
    },

    /** The measure's id if it is a measure of the device's model. */
    async findDeviceMeasure(deviceId: number, measureId: number): Promise<number | undefined> {
      const row = await db.selectFrom('t_measure as m').innerJoin('t_device as d', 'd.device_model_id', 'm.device_model_id')
        .select('m.id').where('d.id', '=', deviceId).where('m.id', '=', measureId).executeTakeFirst();
      return row?.id;
    },

    /**
     * One measure's trend from `from` to `to` at `interval`: raw samples, or the minute or hour
     * aggregates; at most `maxPoints`, `truncated` when there were more.
     */
    async history(deviceId: number, measureId: number, interval: HistoryInterval, from: number, to: number, maxPoints: number): Promise<HistoryResult> {
      if (interval === 'raw') {
        const rows = await db.selectFrom('t_history_measure').select(['ts', 'value'])
          .where('device_id', '=', deviceId).where('measure_id', '=', measureId)
          .where('ts', '>=', from).where('ts', '<', to)
          .orderBy('ts').limit(maxPoints + 1).execute();
        const points = rows.slice(0, maxPoints).map((r) => ({ ts: Number(r.ts), value: r.value, min: r.value, max: r.value, count: 1 }));
        return { interval, points, truncated: rows.length > maxPoints };
      }
      const table = interval === '1m' ? 't_history_measure_1m' : 't_history_measure_1h';
      const bucketMs = interval === '1m' ? 60_000 : HOUR;
      const rows = await db.selectFrom(table).select(['bucket', 'min_value', 'max_value', 'sum_value', 'sample_count'])
        .where('device_id', '=', deviceId).where('measure_id', '=', measureId)
        .where('bucket', '>=', bucketOf(from, bucketMs)).where('bucket', '<', to)
        .orderBy('bucket').limit(maxPoints + 1).execute();
      const points = rows.slice(0, maxPoints).map((r) => ({
        ts: Number(r.bucket), value: r.sum_value / r.sample_count, min: r.min_value, max: r.max_value, count: r.sample_count,
      }));
      return { interval, points, truncated: rows.length > maxPoints };
    },

    /** One page of a device's online/offline changes, newest first. */
    async onlineHistory(deviceId: number, page: number, size: number) {
      const q = db.selectFrom('t_history_online').where('device_id', '=', deviceId);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.select(['id', 'device_id', 'state', 'ts']).orderBy('ts', 'desc').orderBy('id', 'desc')
        .limit(size).offset((page - 1) * size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({ id: r.id, deviceId: r.device_id, state: r.state, ts: Number(r.ts) })),
      };
    },
  };
}
