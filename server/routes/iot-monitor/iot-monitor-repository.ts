import { sql, type Kysely, type SqlBool } from 'kysely';
import { DeviceState, MeasureTag } from '../../../contract/enums';
import { IOT_MONITOR_TYPES, type IotDeviceRow, type IotMonitor, type IotMonitorQuery, type IotStateCounts } from '../../../contract/iot-monitor';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { likePattern } from '../../resources/resource-repository';
import { visibleProjectFilter } from '../../auth/scope-filters';

const emptyCounts = (): IotStateCounts => ({ total: 0, online: 0, offline: 0, alarm: 0 });

function addState(counts: IotStateCounts, state: number, n: number): void {
  counts.total += n;
  if (state === DeviceState.Online) counts.online += n;
  else if (state === DeviceState.Alarm) counts.alarm += n;
  else counts.offline += n;
}

/**
 * The SQL of 物联网监控: the IoT devices (device types 1, 3, 4) within the caller's data scope,
 * counted by state and listed a page at a time — alarms first, then offline, then online.
 */
export class IotMonitorRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** IoT devices the user sees, of one project if asked. */
  private visible(user: AuthUser, projectId: number | undefined) {
    let q = this.db.selectFrom('t_device as d').where('d.device_type_id', 'in', [...IOT_MONITOR_TYPES]);
    if (!user.scope.all) {
      q = q.where('d.project_id', 'in', this.db.selectFrom('t_project as p').select('p.id').where(visibleProjectFilter(user, 'p.id', 'p.org_id')));
    }
    if (projectId !== undefined) q = q.where('d.project_id', '=', projectId);
    return q;
  }

  async monitor(user: AuthUser, query: IotMonitorQuery): Promise<IotMonitor> {
    const base = this.visible(user, query.projectId);
    const grouped = await base.select(['d.device_type_id', 'd.state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['d.device_type_id', 'd.state']).execute();
    const counts = emptyCounts();
    const byType = IOT_MONITOR_TYPES.map((deviceTypeId) => ({ deviceTypeId, ...emptyCounts() }));
    for (const g of grouped) {
      addState(counts, g.state, Number(g.n));
      const type = byType.find((t) => t.deviceTypeId === g.device_type_id);
      if (type) addState(type, g.state, Number(g.n));
    }

    let q = base;
    if (query.deviceTypeId !== undefined) q = q.where('d.device_type_id', '=', query.deviceTypeId);
    if (query.state !== undefined) q = q.where('d.state', '=', query.state);
    if (query.keyword) {
      const like = likePattern(query.keyword);
      q = q.where((eb) => eb.or(['d.name', 'd.code', 'd.iot_id', 'd.iccid'].map(
        (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${like} escape '\\'`,
      )));
    }
    const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
    // Alarms first, then offline, then online; within each by id.
    const rank = sql<number>`case d.state when ${DeviceState.Alarm} then 0 when ${DeviceState.Offline} then 1 else 2 end`;
    const ids = (await q.select('d.id').orderBy(rank).orderBy('d.id').limit(query.Size).offset((query.Page - 1) * query.Size).execute())
      .map((r) => r.id);
    return { counts, byType, list: await this.rows(ids), count: Number(count), now: Date.now() };
  }

  /** The rows of these devices, in the order given. */
  private async rows(ids: number[]): Promise<IotDeviceRow[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('t_device as d')
      .leftJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
      .leftJoin('t_gateway as g', 'g.id', 'd.gateway_id')
      .select(['d.id', 'd.name', 'd.code', 'd.device_type_id', 'd.device_model_id', 'm.name as model_name', 'd.project_id',
        'p.name as project_name', 'd.gateway_id', 'g.name as gateway_name', 'd.iot_id', 'd.iccid', 'd.state', 'd.last_seen_at'])
      .where('d.id', 'in', ids).execute();
    const alarms = await this.db.selectFrom('t_real_measure_warning').select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('device_id', 'in', ids).groupBy('device_id').execute();
    const alarmsOf = new Map(alarms.map((a) => [a.device_id, Number(a.n)]));
    const signals = await this.db.selectFrom('t_real_measure as r').innerJoin('t_measure as m', 'm.id', 'r.measure_id')
      .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'r.device_id').onRef('w.measure_id', '=', 'r.measure_id'))
      .select(['r.device_id', 'r.value', 'r.ts', 'm.unit', 'w.id as alarm_id'])
      .where('r.device_id', 'in', ids).where('m.tag_id', '=', MeasureTag.SignalStrength)
      .orderBy('m.sort_order', 'desc').orderBy('m.id', 'desc').execute();
    // The model's first signal point (sort order, then id) wins: later rows overwrite earlier ones.
    const signalOf = new Map(signals.map((r) => [r.device_id, { value: r.value, unit: r.unit ?? '', ts: Number(r.ts), alarm: r.alarm_id !== null }]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{
        id: r.id, name: r.name, code: r.code, deviceTypeId: r.device_type_id, deviceModelId: r.device_model_id, deviceModelName: r.model_name,
        projectId: r.project_id, projectName: r.project_name, gatewayId: r.gateway_id, gatewayName: r.gateway_name, iotId: r.iot_id,
        iccid: r.iccid, state: r.state, lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at), activeAlarms: alarmsOf.get(id) ?? 0,
        signal: signalOf.get(id) ?? null,
      }] : [];
    });
  }
}
