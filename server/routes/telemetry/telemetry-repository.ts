import type { Kysely } from 'kysely';
import type { HistoryResult, RealValue } from '../../../contract/telemetry';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { bucketOf, type RollupTable } from '../../telemetry/history-writer';
import { mergeBuckets, RAW_MAX_RANGE_MS, type HistoryFacts, type HistoryResolution } from './history-resolution';
import { visibleProjectFilter } from '../../auth/scope-filters';

const MINUTE = 60_000;
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
     * What {@link chooseResolution} needs: raw samples in [from, to) counted up to `budget` + 1
     * (only for ranges raw may serve), and where each source's data starts in the range.
     */
    async historyFacts(deviceId: number, measureId: number, from: number, to: number, budget: number): Promise<HistoryFacts> {
      const first = async (table: 't_history_measure' | RollupTable, column: 'ts' | 'bucket', lo: number) => {
        const row = await (db as unknown as Kysely<Record<string, { device_id: number; measure_id: number; ts: number; bucket: number }>>)
          .selectFrom(table).select((eb) => eb.fn.min(column).as('first'))
          .where('device_id', '=', deviceId).where('measure_id', '=', measureId)
          .where(column, '>=', lo).where(column, '<', to).executeTakeFirst();
        return row?.first === null || row?.first === undefined ? null : Number(row.first);
      };
      let rawCount: number | null = null;
      if (to - from <= RAW_MAX_RANGE_MS) {
        const inRange = db.selectFrom('t_history_measure').select('ts')
          .where('device_id', '=', deviceId).where('measure_id', '=', measureId)
          .where('ts', '>=', from).where('ts', '<', to).limit(budget + 1);
        const row = await db.selectFrom(inRange.as('s')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        rawCount = Number(row.n);
      }
      return {
        rawCount,
        rawFirst: await first('t_history_measure', 'ts', from),
        minuteFirst: await first('t_history_measure_1m', 'bucket', bucketOf(from, MINUTE)),
        hourFirst: await first('t_history_measure_1h', 'bucket', bucketOf(from, HOUR)),
      };
    },

    /**
     * One measure's trend from `from` to `to`: raw samples, or the minute or hour rollup merged
     * into `bucketMs` buckets when wider than the table's; at most `maxPoints`, `truncated` when
     * there were more.
     */
    async history(deviceId: number, measureId: number, resolution: HistoryResolution, from: number, to: number, maxPoints: number): Promise<HistoryResult> {
      const { interval } = resolution;
      if (interval === 'raw') {
        const rows = await db.selectFrom('t_history_measure').select(['ts', 'value'])
          .where('device_id', '=', deviceId).where('measure_id', '=', measureId)
          .where('ts', '>=', from).where('ts', '<', to)
          .orderBy('ts').limit(maxPoints + 1).execute();
        const points = rows.slice(0, maxPoints).map((r) => ({ ts: Number(r.ts), value: r.value, min: r.value, max: r.value, count: 1 }));
        return { interval, bucketMs: 0, points, truncated: rows.length > maxPoints };
      }
      const table = interval === '1m' ? 't_history_measure_1m' : 't_history_measure_1h';
      const tableMs = interval === '1m' ? MINUTE : HOUR;
      const stepMs = Math.max(tableMs, resolution.bucketMs);
      // Merged buckets are whole: read from the start of the first one.
      let q = db.selectFrom(table).select(['bucket', 'min_value', 'max_value', 'sum_value', 'sample_count'])
        .where('device_id', '=', deviceId).where('measure_id', '=', measureId)
        .where('bucket', '>=', bucketOf(from, stepMs)).where('bucket', '<', to)
        .orderBy('bucket');
      if (stepMs === tableMs) q = q.limit(maxPoints + 1);
      const rows = (await q.execute()).map((r) => ({
        ts: Number(r.bucket), min: r.min_value, max: r.max_value, sum: r.sum_value, count: r.sample_count,
      }));
      const merged = stepMs === tableMs ? rows : mergeBuckets(rows, stepMs);
      const points = merged.slice(0, maxPoints).map((r) => ({ ts: r.ts, value: r.sum / r.count, min: r.min, max: r.max, count: r.count }));
      return { interval, bucketMs: stepMs, points, truncated: merged.length > maxPoints };
    },

    /**
     * One page of a device's online/offline changes in [from, to), newest first, each with when the
     * next change came (`until`, null while it holds) and how long it held (until then or `now`).
     */
    async onlineHistory(deviceId: number, range: { from?: number; to?: number }, page: number, size: number, now: number) {
      let q = db.selectFrom('t_history_online').where('device_id', '=', deviceId);
      if (range.from !== undefined) q = q.where('ts', '>=', range.from);
      if (range.to !== undefined) q = q.where('ts', '<', range.to);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = (await q.select(['id', 'device_id', 'state', 'ts']).orderBy('ts', 'desc').orderBy('id', 'desc')
        .limit(size).offset((page - 1) * size).execute()).map((r) => ({ id: r.id, deviceId: r.device_id, state: r.state, ts: Number(r.ts) }));
      // The change after the page's newest one, wherever it lies: its time ends that state.
      const newest = rows[0];
      const after = newest && await db.selectFrom('t_history_online').select('ts').where('device_id', '=', deviceId)
        .where((eb) => eb.or([eb('ts', '>', newest.ts), eb.and([eb('ts', '=', newest.ts), eb('id', '>', newest.id)])]))
        .orderBy('ts').orderBy('id').limit(1).executeTakeFirst();
      return {
        count: Number(count),
        list: rows.map((r, i) => {
          const until = i > 0 ? rows[i - 1].ts : after ? Number(after.ts) : null;
          return { ...r, until, durationMs: Math.max(0, (until ?? now) - r.ts) };
        }),
      };
    },

    /**
     * A device's state changes from the last one before `from` (the state carried into the range)
     * to the last one before `to`, oldest first; at most `limit`.
     */
    async onlineChanges(deviceId: number, from: number, to: number, limit: number): Promise<{ state: number; ts: number }[]> {
      const before = await db.selectFrom('t_history_online').select(['state', 'ts']).where('device_id', '=', deviceId)
        .where('ts', '<', from).orderBy('ts', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      const inside = await db.selectFrom('t_history_online').select(['state', 'ts']).where('device_id', '=', deviceId)
        .where('ts', '>=', from).where('ts', '<', to).orderBy('ts').orderBy('id').limit(limit).execute();
      return [...(before ? [before] : []), ...inside].map((r) => ({ state: r.state, ts: Number(r.ts) }));
    },
  };
}
