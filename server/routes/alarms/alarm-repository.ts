import type { Kysely } from 'kysely';
import { CONDITION_NAMES, type ConditionType } from '../../../contract/conditions';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { visibleProjectFilter } from '../scope-filters';

export interface HistoryAlarmFilter {
  projectId?: number;
  deviceId?: number;
  /** Raised at or after / before (epoch ms). */
  from?: number;
  to?: number;
  state?: 'open' | 'cleared' | 'undealed';
}

const conditionName = (type: number) => CONDITION_NAMES[type as ConditionType] ?? '';

/** The SQL of real-time alarms (t_real_measure_warning): those of the projects in the user's data scope. */
export function realAlarmRepository(db: Kysely<DB>) {
  const visible = (user: AuthUser, projectId?: number) => {
    let q = db.selectFrom('t_real_measure_warning as w')
      .innerJoin('t_device as d', 'd.id', 'w.device_id')
      .innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
    if (projectId !== undefined) q = q.where('p.id', '=', projectId);
    return q;
  };

  return {
    /** One page, newest first, and the total. */
    async list(user: AuthUser, projectId: number | undefined, page: number, size: number) {
      const q = visible(user, projectId);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.select([
        'w.id', 'p.id as projectId', 'p.name as projectName', 'd.id as deviceId', 'd.name as deviceName', 'd.state as deviceState',
        'm.id as measureId', 'm.name as measureName', 'w.condition_type', 'w.condition_val1', 'w.condition_val2',
        'w.sample_value', 'm.printf', 'w.content', 'w.warn_level', 'w.raised_at',
      ]).orderBy('w.raised_at', 'desc').orderBy('w.id', 'desc')
        .limit(size).offset((page - 1) * size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({
          id: r.id, projectId: r.projectId, projectName: r.projectName, deviceId: r.deviceId, deviceName: r.deviceName,
          deviceState: r.deviceState, measureId: r.measureId, measureName: r.measureName, conditionType: r.condition_type,
          condition: conditionName(r.condition_type), conditionVal1: r.condition_val1,
          conditionVal2: r.condition_val2, sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content,
          warnLevel: r.warn_level, raisedAt: r.raised_at,
        })),
      };
    },

    async count(user: AuthUser, projectId: number | undefined): Promise<number> {
      const row = await visible(user, projectId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** The SQL of alarm history (t_history_measure_warning): raised, cleared, dealt with, within the user's data scope. */
export function historyAlarmRepository(db: Kysely<DB>) {
  const visible = (user: AuthUser) => db.selectFrom('t_history_measure_warning as w')
    .innerJoin('t_device as d', 'd.id', 'w.device_id')
    .leftJoin('t_project as p', 'p.id', 'w.project_id')
    .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));

  return {
    /** One page, newest first, and the total. */
    async list(user: AuthUser, filter: HistoryAlarmFilter, page: number, size: number) {
      let q = visible(user);
      if (filter.projectId !== undefined) q = q.where('w.project_id', '=', filter.projectId);
      if (filter.deviceId !== undefined) q = q.where('w.device_id', '=', filter.deviceId);
      if (filter.from !== undefined) q = q.where('w.raised_at', '>=', filter.from);
      if (filter.to !== undefined) q = q.where('w.raised_at', '<', filter.to);
      if (filter.state === 'open') q = q.where('w.cleared_at', 'is', null);
      if (filter.state === 'cleared') q = q.where('w.cleared_at', 'is not', null);
      if (filter.state === 'undealed') q = q.where('w.dealed_at', 'is', null);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q.select([
        'w.id', 'w.project_id', 'p.name as project_name', 'w.device_id', 'd.name as device_name', 'w.measure_id', 'm.name as measure_name',
        'w.condition_type', 'w.condition_val1', 'w.condition_val2', 'w.sample_value', 'm.printf', 'w.content', 'w.warn_level',
        'w.raised_at', 'w.cleared_at', 'w.dealed_at', 'w.dealed_by', 'w.deal_remark',
      ]).orderBy('w.raised_at', 'desc').orderBy('w.id', 'desc').limit(size).offset((page - 1) * size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({
          id: r.id, projectId: r.project_id, projectName: r.project_name ?? '', deviceId: r.device_id, deviceName: r.device_name,
          measureId: r.measure_id, measureName: r.measure_name, conditionType: r.condition_type,
          condition: conditionName(r.condition_type), conditionVal1: r.condition_val1,
          conditionVal2: r.condition_val2, sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content,
          warnLevel: r.warn_level, raisedAt: Number(r.raised_at), clearedAt: r.cleared_at === null ? null : Number(r.cleared_at),
          dealedAt: r.dealed_at === null ? null : Number(r.dealed_at), dealedBy: r.dealed_by, dealRemark: r.deal_remark,
        })),
      };
    },

    /** How many of `ids` (distinct) are alarms the user may see. */
    async countVisible(user: AuthUser, ids: number[]): Promise<number> {
      return (await visible(user).select('w.id').where('w.id', 'in', ids).execute()).length;
    },

    /** Marks alarms as dealt with by `userId`, with a remark. */
    async markDealt(ids: number[], userId: number, remark: string, now: number): Promise<void> {
      await db.updateTable('t_history_measure_warning')
        .set({ dealed_at: now, dealed_by: userId, deal_remark: remark }).where('id', 'in', ids).execute();
    },
  };
}
