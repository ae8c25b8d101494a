import type { Kysely } from 'kysely';
import { DeviceState, WarnLevel } from '../../../contract/enums';
import type { AlarmStats, DeviceStats, ProjectStats } from '../../../contract/statistics';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../../auth/scope-filters';

/** The counts of the home page and the big screen, always within the user's data scope. */
export function statisticsRepository(db: Kysely<DB>) {
  const visibleProjectIds = (user: AuthUser) =>
    db.selectFrom('t_project').select('id').where(visibleProjectFilter(user, 'id', 'org_id'));

  return {
    /** Projects by region. */
    async projects(user: AuthUser): Promise<ProjectStats> {
      const rows = await db.selectFrom('t_project as p').leftJoin('t_region as r', 'r.id', 'p.region_id')
        .select(['p.region_id', 'r.name', (eb) => eb.fn.countAll<number>().as('count')])
        .where(visibleProjectFilter(user, 'p.id', 'p.org_id'))
        .groupBy(['p.region_id', 'r.name']).orderBy('p.region_id').execute();
      const byRegion = rows.map((r) => ({ regionId: r.region_id ?? 0, name: r.name ?? '', count: Number(r.count) }));
      return { total: byRegion.reduce((s, r) => s + r.count, 0), byRegion };
    },

    /** Devices by state and by type. */
    async devices(user: AuthUser): Promise<DeviceStats> {
      const rows = await db.selectFrom('t_device as d').innerJoin('t_device_type as t', 't.id', 'd.device_type_id')
        .select(['d.device_type_id', 't.name', 'd.state', (eb) => eb.fn.countAll<number>().as('count')])
        .where('d.project_id', 'in', visibleProjectIds(user))
        .groupBy(['d.device_type_id', 't.name', 'd.state']).execute();
      const stats: DeviceStats = { total: 0, online: 0, offline: 0, alarm: 0, byType: [] };
      const byType = new Map<number, { typeId: number; name: string; count: number }>();
      for (const r of rows) {
        const n = Number(r.count);
        stats.total += n;
        if (r.state === DeviceState.Online) stats.online += n;
        else if (r.state === DeviceState.Alarm) stats.alarm += n;
        else stats.offline += n;
        const t = byType.get(r.device_type_id) ?? { typeId: r.device_type_id, name: r.name, count: 0 };
        t.count += n;
        byType.set(r.device_type_id, t);
      }
      stats.byType = [...byType.values()].sort((a, b) => a.typeId - b.typeId);
      return stats;
    },

    /** Open real-time alarms by level. */
    async alarms(user: AuthUser): Promise<AlarmStats> {
      const rows = await db.selectFrom('t_real_measure_warning')
        .select(['warn_level', (eb) => eb.fn.countAll<number>().as('count')])
        .where('project_id', 'in', visibleProjectIds(user))
        .groupBy('warn_level').execute();
      const at = (level: number) => Number(rows.find((r) => r.warn_level === level)?.count ?? 0);
      const stats = { hint: at(WarnLevel.Hint), minor: at(WarnLevel.Minor), important: at(WarnLevel.Important) };
      return { total: stats.hint + stats.minor + stats.important, ...stats };
    },
  };
}
