import type { Kysely, Transaction } from 'kysely';
import type { HistoryAlarmRow, RealAlarm } from '../../../contract/alarms';
import { LogAction } from '../../../contract/enums';
import { CONDITION_NAMES, type ConditionType } from '../../../contract/conditions';
import type { LiveAlarmFilter, LiveAlarmOrder } from '../../../contract/live-alarms';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { auditLog } from '../../logs/audit-log';
import { visibleProjectFilter } from '../../auth/scope-filters';

export interface HistoryAlarmFilter {
  projectId?: number;
  deviceId?: number;
  /** Raised at or after / before (epoch ms). */
  from?: number;
  to?: number;
  state?: 'open' | 'cleared' | 'undealed' | 'dealed';
  warnLevel?: number;
  conditionType?: number;
}

/** Who acknowledges or deals, for the audit line. */
export interface Writer { userId: number; username: string; ip: string }

/** Thrown inside a transaction to undo it when a conditional update found a row taken first. */
class Conflict extends Error {}
const rollback = (_trx: Transaction<DB>): never => { throw new Conflict(); };
const conflictOrThrow = (err: unknown): 'conflict' => {
  if (err instanceof Conflict) return 'conflict';
  throw err;
};

/**
 * An acknowledged (or dealt with) alarm goes to no further contact level: its pending escalation
 * ends now (server/notifications/README.md), as the notifier would find at its next step anyway.
 */
async function stopEscalation(trx: Transaction<DB>, historyIds: number[], now: number): Promise<void> {
  await trx.updateTable('t_alarm_escalation').set({ next_at: null, finished: 'acknowledged', updated_at: now })
    .where('alarm_id', 'in', historyIds).where('next_at', 'is not', null).execute();
}

const conditionName = (type: number) => CONDITION_NAMES[type as ConditionType] ?? '';
const num = (v: number | string | bigint | null) => (v === null ? null : Number(v));

/**
 * The SQL of real-time alarms (t_real_measure_warning): those of the projects in the user's data
 * scope, filtered and ordered as contract/live-alarms.ts says (the bell, the wall and 实时告警 fold
 * pushes with the same rules), with the acknowledgement of their open history row.
 */
export function realAlarmRepository(db: Kysely<DB>) {
  const visible = (user: AuthUser, filter: LiveAlarmFilter) => {
    let q = db.selectFrom('t_real_measure_warning as w')
      .innerJoin('t_device as d', 'd.id', 'w.device_id')
      .innerJoin('t_project as p', 'p.id', 'd.project_id')
      .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
      // The open history row: the engine writes both with the same device, measure and raising
      // time, and a point has at most one alarm open.
      .leftJoin('t_history_measure_warning as h', (j) => j.onRef('h.device_id', '=', 'w.device_id')
        .onRef('h.measure_id', '=', 'w.measure_id').onRef('h.raised_at', '=', 'w.raised_at').on('h.cleared_at', 'is', null))
      .leftJoin('t_user as ua', 'ua.id', 'h.acked_by')
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));
    if (filter.projectId !== undefined) q = q.where('p.id', '=', filter.projectId);
    if (filter.deviceId !== undefined) q = q.where('w.device_id', '=', filter.deviceId);
    if (filter.warnLevel !== undefined) q = q.where('w.warn_level', '=', filter.warnLevel);
    if (filter.conditionType !== undefined) q = q.where('w.condition_type', '=', filter.conditionType);
    if (filter.unacked === true) q = q.where('h.acked_at', 'is', null);
    if (filter.unacked === false) q = q.where('h.acked_at', 'is not', null);
    return q;
  };

  const select = (q: ReturnType<typeof visible>) => q.select([
    'w.id', 'p.id as projectId', 'p.name as projectName', 'd.id as deviceId', 'd.name as deviceName', 'd.state as deviceState',
    'm.id as measureId', 'm.name as measureName', 'w.condition_type', 'w.condition_val1', 'w.condition_val2',
    'w.sample_value', 'm.printf', 'w.content', 'w.warn_level', 'w.raised_at', 'h.acked_at', 'ua.nick_name as acked_nick', 'ua.username as acked_user',
  ]);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toAlarm = (r: Row): RealAlarm => ({
    id: r.id, projectId: r.projectId, projectName: r.projectName, deviceId: r.deviceId, deviceName: r.deviceName,
    deviceState: r.deviceState, measureId: r.measureId, measureName: r.measureName, conditionType: r.condition_type,
    condition: conditionName(r.condition_type), conditionVal1: r.condition_val1,
    conditionVal2: r.condition_val2, sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content,
    warnLevel: r.warn_level, raisedAt: Number(r.raised_at), ackedAt: num(r.acked_at),
    ackedByName: r.acked_at === null ? null : (r.acked_nick || r.acked_user || null),
  });
  /** The SQL of compareLiveAlarms(order). */
  const ordered = (q: ReturnType<typeof select>, order: LiveAlarmOrder) => {
    const byLevel = order === 'level' ? q.orderBy('w.warn_level', 'desc') : q;
    return byLevel.orderBy('w.raised_at', 'desc').orderBy('w.id', 'desc');
  };

  return {
    /** One page of the filtered list in `order`, and the total. */
    async query(user: AuthUser, filter: LiveAlarmFilter, order: LiveAlarmOrder, page: number, size: number) {
      const q = visible(user, filter);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await ordered(select(q), order).limit(size).offset((page - 1) * size).execute();
      return { count: Number(count), list: rows.map(toAlarm) };
    },

    /** One page, newest first (of one project, or all), and the total. */
    list(user: AuthUser, projectId: number | undefined, page: number, size: number) {
      return this.query(user, { projectId }, 'time', page, size);
    },

    async count(user: AuthUser, projectId: number | undefined): Promise<number> {
      const row = await visible(user, { projectId }).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The real alarms of `ids` the user may see, with their open history rows (ids, acknowledgement). */
    async visibleWithHistory(user: AuthUser, ids: number[]) {
      return visible(user, {}).where('w.id', 'in', ids).select(['w.id', 'h.id as historyId', 'h.acked_at']).execute();
    },

    /** The alarms of `ids` as the list shows them (for the pushes after an acknowledgement). */
    async byIds(user: AuthUser, ids: number[]): Promise<RealAlarm[]> {
      if (!ids.length) return [];
      return (await select(visible(user, {}).where('w.id', 'in', ids)).execute()).map(toAlarm);
    },
  };
}

/** The SQL of alarm history (t_history_measure_warning): raised, cleared, acknowledged, dealt with, within the user's data scope. */
export function historyAlarmRepository(db: Kysely<DB>) {
  const visible = (user: AuthUser) => db.selectFrom('t_history_measure_warning as w')
    .innerJoin('t_device as d', 'd.id', 'w.device_id')
    .leftJoin('t_project as p', 'p.id', 'w.project_id')
    .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
    .where(visibleProjectFilter(user, 'p.id', 'p.org_id'));

  return {
    /** One page, newest first, and the total. */
    async list(user: AuthUser, filter: HistoryAlarmFilter, page: number, size: number): Promise<{ count: number; list: HistoryAlarmRow[] }> {
      let q = visible(user);
      if (filter.projectId !== undefined) q = q.where('w.project_id', '=', filter.projectId);
      if (filter.deviceId !== undefined) q = q.where('w.device_id', '=', filter.deviceId);
      if (filter.from !== undefined) q = q.where('w.raised_at', '>=', filter.from);
      if (filter.to !== undefined) q = q.where('w.raised_at', '<', filter.to);
      if (filter.warnLevel !== undefined) q = q.where('w.warn_level', '=', filter.warnLevel);
      if (filter.conditionType !== undefined) q = q.where('w.condition_type', '=', filter.conditionType);
      if (filter.state === 'open') q = q.where('w.cleared_at', 'is', null);
      if (filter.state === 'cleared') q = q.where('w.cleared_at', 'is not', null);
      if (filter.state === 'undealed') q = q.where('w.dealed_at', 'is', null);
      if (filter.state === 'dealed') q = q.where('w.dealed_at', 'is not', null);
      const [{ count }] = await q.select((eb) => eb.fn.countAll<number>().as('count')).execute();
      const rows = await q
        .leftJoin('t_user as ua', 'ua.id', 'w.acked_by')
        .leftJoin('t_user as ud', 'ud.id', 'w.dealed_by')
        .select([
          'w.id', 'w.project_id', 'p.name as project_name', 'w.device_id', 'd.name as device_name', 'w.measure_id', 'm.name as measure_name',
          'w.condition_type', 'w.condition_val1', 'w.condition_val2', 'w.sample_value', 'm.printf', 'w.content', 'w.warn_level',
          'w.raised_at', 'w.cleared_at', 'w.dealed_at', 'w.dealed_by', 'w.deal_remark', 'w.acked_at',
          'ua.nick_name as acked_nick', 'ua.username as acked_user', 'ud.nick_name as dealt_nick', 'ud.username as dealt_user',
        ]).orderBy('w.raised_at', 'desc').orderBy('w.id', 'desc').limit(size).offset((page - 1) * size).execute();
      return {
        count: Number(count),
        list: rows.map((r) => ({
          id: r.id, projectId: r.project_id, projectName: r.project_name ?? '', deviceId: r.device_id, deviceName: r.device_name,
          measureId: r.measure_id, measureName: r.measure_name, conditionType: r.condition_type,
          condition: conditionName(r.condition_type), conditionVal1: r.condition_val1,
          conditionVal2: r.condition_val2, sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content,
          warnLevel: r.warn_level, raisedAt: Number(r.raised_at), clearedAt: num(r.cleared_at),
          dealedAt: num(r.dealed_at), dealedBy: r.dealed_by, dealRemark: r.deal_remark,
          dealedByName: r.dealed_at === null ? null : (r.dealt_nick || r.dealt_user || null),
          ackedAt: num(r.acked_at), ackedByName: r.acked_at === null ? null : (r.acked_nick || r.acked_user || null),
        })),
      };
    },

    /** The alarms of `ids` the user may see, with whether they are dealt with and still open. */
    async visibleStates(user: AuthUser, ids: number[]) {
      return visible(user).where('w.id', 'in', ids).select(['w.id', 'w.dealed_at', 'w.cleared_at', 'w.device_id', 'w.measure_id']).execute();
    },

    /**
     * Deals with alarms (history ids) in one transaction with its audit line: only those not dealt
     * with yet, and an open one not acknowledged yet counts as acknowledged too. `conflict` (and
     * nothing written) when another caller dealt with one of them first.
     */
    async deal(ids: number[], by: Writer, remark: string, now: number): Promise<number | 'conflict'> {
      return db.transaction().execute(async (trx) => {
        const r = await trx.updateTable('t_history_measure_warning')
          .set({ dealed_at: now, dealed_by: by.userId, deal_remark: remark }).where('id', 'in', ids).where('dealed_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== ids.length) return rollback(trx);
        await trx.updateTable('t_history_measure_warning').set({ acked_at: now, acked_by: by.userId })
          .where('id', 'in', ids).where('acked_at', 'is', null).where('cleared_at', 'is', null).execute();
        await stopEscalation(trx, ids, now);
        await auditLog(trx, {
          userId: by.userId, username: by.username, action: LogAction.Edit, target: `t_history_measure_warning#${ids.join(',')}`,
          detail: JSON.stringify({ deal: ids, remark }), ip: by.ip,
        });
        return ids.length;
      }).catch(conflictOrThrow);
    },

    /** Acknowledges open alarms (history ids) in one transaction with its audit line; `conflict` when one was acknowledged first. */
    async ack(ids: number[], by: Writer, now: number): Promise<number | 'conflict'> {
      return db.transaction().execute(async (trx) => {
        const r = await trx.updateTable('t_history_measure_warning')
          .set({ acked_at: now, acked_by: by.userId }).where('id', 'in', ids).where('acked_at', 'is', null).executeTakeFirst();
        if (Number(r.numUpdatedRows) !== ids.length) return rollback(trx);
        await stopEscalation(trx, ids, now);
        await auditLog(trx, {
          userId: by.userId, username: by.username, action: LogAction.Edit, target: `t_history_measure_warning#${ids.join(',')}`,
          detail: JSON.stringify({ ack: ids }), ip: by.ip,
        });
        return ids.length;
      }).catch(conflictOrThrow);
    },

    /** The real alarms (ids) still open for these history rows (device, measure, raising time). */
    async realIdsOf(historyIds: number[]): Promise<number[]> {
      if (!historyIds.length) return [];
      const rows = await db.selectFrom('t_history_measure_warning as h')
        .innerJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'h.device_id').onRef('w.measure_id', '=', 'h.measure_id')
          .onRef('w.raised_at', '=', 'h.raised_at'))
        .where('h.id', 'in', historyIds).where('h.cleared_at', 'is', null).select('w.id').execute();
      return rows.map((r) => r.id);
    },
  };
}
