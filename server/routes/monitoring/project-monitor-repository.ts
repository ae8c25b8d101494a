import { sql, type Kysely } from 'kysely';
import { DeviceState } from '../../../contract/enums';
import type { ProjectMonitor, ProjectMonitorDevice } from '../../../contract/monitoring';
import { PROJECT_MONITOR_ALARMS, PROJECT_MONITOR_MAX_DEVICES, PROJECT_MONITOR_TAGS } from '../../../contract/monitoring-constants';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { realAlarmRepository } from '../alarms/alarm-repository';

/**
 * The SQL of 项目监控: one project's devices by state, its first devices (alarm first, then
 * offline, then online), its newest real-time alarms and the current values of those devices'
 * key points. The project must already be checked visible to the user.
 */
export async function projectMonitorSnapshot(db: Kysely<DB>, user: AuthUser, projectId: number): Promise<ProjectMonitor> {
  const project = await db.selectFrom('t_project').select(['id', 'name', 'city', 'address']).where('id', '=', projectId).executeTakeFirstOrThrow();

  const byState = await db.selectFrom('t_device').select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('project_id', '=', projectId).groupBy('state').execute();
  const of = (state: number) => byState.filter((r) => r.state === state).reduce((sum, r) => sum + Number(r.n), 0);
  const total = byState.reduce((sum, r) => sum + Number(r.n), 0);
  const counts = { total, online: of(DeviceState.Online), alarm: of(DeviceState.Alarm), offline: total - of(DeviceState.Online) - of(DeviceState.Alarm) };

  const rank = sql<number>`case d.state when ${DeviceState.Alarm} then 0 when ${DeviceState.Offline} then 1 else 2 end`;
  const rows = await db.selectFrom('t_device as d').innerJoin('t_device_model as m', 'm.id', 'd.device_model_id')
    .select(['d.id', 'd.name', 'd.code', 'd.device_type_id', 'm.name as model_name', 'd.state', 'd.last_seen_at'])
    .where('d.project_id', '=', projectId).orderBy(rank).orderBy('d.id').limit(PROJECT_MONITOR_MAX_DEVICES + 1).execute();
  const devices: ProjectMonitorDevice[] = rows.slice(0, PROJECT_MONITOR_MAX_DEVICES).map((r) => ({
    id: r.id, name: r.name, code: r.code, deviceTypeId: r.device_type_id, deviceModelName: r.model_name, state: r.state,
    lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at),
  }));

  const alarms = await realAlarmRepository(db).list(user, projectId, 1, PROJECT_MONITOR_ALARMS);

  const ids = devices.map((d) => d.id);
  const valueRows = ids.length ? await db.selectFrom('t_real_measure as r')
    .innerJoin('t_measure as m', 'm.id', 'r.measure_id')
    .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'r.device_id').onRef('w.measure_id', '=', 'r.measure_id'))
    .select(['r.device_id', 'r.measure_id', 'm.name', 'm.tag_id', 'm.unit', 'm.decimals', 'r.value', 'r.ts', 'w.id as alarm_id'])
    .where('r.device_id', 'in', ids).where('m.tag_id', 'in', [...PROJECT_MONITOR_TAGS])
    .orderBy('r.device_id').orderBy('m.sort_order').orderBy('m.id').execute() : [];

  return {
    project: { id: project.id, name: project.name, city: project.city ?? '', address: project.address ?? '' },
    counts,
    devices,
    devicesTruncated: rows.length > PROJECT_MONITOR_MAX_DEVICES,
    alarms: alarms.list,
    alarmCount: alarms.count,
    values: valueRows.map((r) => ({
      deviceId: r.device_id, measureId: r.measure_id, measureName: r.name, tagId: r.tag_id, unit: r.unit, decimals: r.decimals,
      value: r.value, ts: Number(r.ts), alarm: r.alarm_id !== null,
    })),
    at: Date.now(),
  };
}
