import type { Kysely } from 'kysely';
import { CONDITION_NAMES, type ConditionType } from '../../../contract/conditions';
import type { DetailMeasure } from '../../../contract/device-detail';
import type { DB } from '../../db/schema';

const conditionName = (type: number) => CONDITION_NAMES[type as ConditionType] ?? '';

/** The SQL of the device detail page: a device's points with values and alarms, its alarm history. */
export function deviceDetailRepository(db: Kysely<DB>) {
  return {
    /** The points of the device's model (in the model's order) with current values and open alarms. */
    async measures(deviceId: number): Promise<DetailMeasure[]> {
      const rows = await db.selectFrom('t_device as d')
        .innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
        .leftJoin('t_measure_group as g', 'g.id', 'm.group_id')
        .leftJoin('t_real_measure as r', (j) => j.onRef('r.device_id', '=', 'd.id').onRef('r.measure_id', '=', 'm.id'))
        .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'd.id').onRef('w.measure_id', '=', 'm.id'))
        .select([
          'm.id', 'm.name', 'g.name as group_name', 'm.unit', 'm.decimals', 'm.tag_id', 'm.measure_type', 'm.printf',
          'r.value', 'r.ts', 'w.id as alarm_id', 'w.warn_level', 'w.content', 'w.raised_at',
        ])
        .where('d.id', '=', deviceId)
        .orderBy('g.sort_order').orderBy('m.sort_order').orderBy('m.id').execute();
      // One row per point: a point has at most one open alarm, but keep the newest should two exist.
      const byId = new Map<number, DetailMeasure>();
      for (const r of rows) {
        const alarm = r.alarm_id === null ? null
          : { id: r.alarm_id, warnLevel: r.warn_level ?? 0, alarmContent: r.content ?? '', raisedAt: Number(r.raised_at) };
        const seen = byId.get(r.id);
        if (seen) {
          if (alarm && (!seen.alarm || seen.alarm.raisedAt < alarm.raisedAt)) seen.alarm = alarm;
          continue;
        }
        byId.set(r.id, {
          measureId: r.id, name: r.name, groupName: r.group_name ?? '', unit: r.unit, decimals: r.decimals, tagId: r.tag_id,
          measureType: r.measure_type, printf: r.printf, value: r.value, ts: r.ts === null ? null : Number(r.ts), alarm,
        });
      }
      return [...byId.values()];
    },

    /** One page of the device's alarms (all, or the open ones), newest first, and the total. */
    async alarms(deviceId: number, openOnly: boolean, page: number, size: number) {
      let q = db.selectFrom('t_history_measure_warning as w')
        .innerJoin('t_device as d', 'd.id', 'w.device_id')
        .leftJoin('t_project as p', 'p.id', 'w.project_id')
        .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
        .where('w.device_id', '=', deviceId);
      if (openOnly) q = q.where('w.cleared_at', 'is', null);
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
          condition: conditionName(r.condition_type), conditionVal1: r.condition_val1, conditionVal2: r.condition_val2,
          sampleValue: r.sample_value, printf: r.printf, alarmContent: r.content, warnLevel: r.warn_level,
          raisedAt: Number(r.raised_at), clearedAt: r.cleared_at === null ? null : Number(r.cleared_at),
          dealedAt: r.dealed_at === null ? null : Number(r.dealed_at), dealedBy: r.dealed_by, dealRemark: r.deal_remark,
        })),
      };
    },
  };
}
