import type { Transaction } from 'kysely';
import { formatAlarmContent } from '../../contract/alarm-content';
import { ConditionType } from '../../contract/conditions';
import { DeviceState, MeasureTag } from '../../contract/enums';
import type { DB } from '../db/schema';
import { demoSiteProfile } from './demo-sites';
import { prng } from './prng';

/**
 * A sample value that breaks the rule, so the seeded alarm reads true. `spread` (0..1) takes a
 * single threshold's value up to 30 % further past it, so alarms on alike points read differently.
 */
function violating(condition: number, v1: number | null, v2: number | null, spread = 0): number {
  const a = v1 ?? 0;
  const b = v2 ?? a;
  const past = (margin: number) => a + margin * (1 + 0.3 * spread);
  switch (condition) {
    case ConditionType.Lt: case ConditionType.Lte: return past(-Math.max(5, Math.abs(a) * 0.1));
    case ConditionType.LtOrGt: case ConditionType.LteOrGte: case ConditionType.LtOrGte: case ConditionType.LteOrGt: return b + Math.max(3, Math.abs(b) * 0.05);
    case ConditionType.GtAndLt: case ConditionType.GteAndLte: case ConditionType.GteAndLt: case ConditionType.GtAndLte: return (a + b) / 2;
    case ConditionType.Bitwise: return 0b0011;
    case ConditionType.Eq: return a;
    default: return past(Math.max(1, Math.abs(a) * 0.12));
  }
}

/** Tags whose 24 h history the demo writes (demo-history.ts): past alarms stay off them, so trends and alarms agree. */
const HISTORY_TAGS: number[] = [
  MeasureTag.PM25, MeasureTag.PM10, MeasureTag.PM1, MeasureTag.PM03, MeasureTag.SulfurDioxide, MeasureTag.Resistance, MeasureTag.AirVolume,
  MeasureTag.TotalEnergy,
];

/**
 * Open alarms for the demo devices in alarm state (one each, on the model's first alarm rule), as
 * the alarm engine would have raised them, so the bell and the big screen have alarms at first
 * start; the simulator takes over from there.
 */
export async function seedAlarms(trx: Transaction<DB>, now: number): Promise<void> {
  const devices = await trx.selectFrom('t_device').select(['id', 'project_id', 'device_model_id'])
    .where('state', '=', DeviceState.Alarm).orderBy('id').execute();
  const random = prng(2029);
  let minutesAgo = 3;
  for (const d of devices) {
    const m = await trx.selectFrom('t_measure').selectAll().where('device_model_id', '=', d.device_model_id)
      .where('alarm_enabled', '=', 1).orderBy('sort_order').executeTakeFirst();
    if (!m || m.condition_type == null) {
      // A model without alarm rules cannot be in alarm: keep device state and alarms consistent.
      await trx.updateTable('t_device').set({ state: DeviceState.Online }).where('id', '=', d.id).execute();
      continue;
    }
    const sample = Math.round(violating(m.condition_type, m.condition_val1, m.condition_val2, random()) * 10) / 10;
    const alarm = {
      device_id: d.id, measure_id: m.id, project_id: d.project_id, warn_level: m.warn_level, condition_type: m.condition_type,
      condition_val1: m.condition_val1, condition_val2: m.condition_val2, sample_value: sample,
      content: formatAlarmContent({
        conditionType: m.condition_type, measureName: m.name, unit: m.unit, sampleValue: sample,
        conditionVal1: m.condition_val1, conditionVal2: m.condition_val2, printf: m.printf, decimals: m.decimals,
      }),
      raised_at: now - minutesAgo * 60_000,
    };
    minutesAgo += 7;
    await trx.insertInto('t_real_measure_warning').values(alarm).execute();
    await trx.insertInto('t_history_measure_warning').values(alarm).execute();
    await trx.insertInto('t_real_measure').values({ device_id: d.id, measure_id: m.id, value: sample, ts: now }).execute();
  }
}

/**
 * Alarms of the last 24 hours that have cleared since, as the alarm engine would have left them:
 * a few per project, more at troubled sites (their profile's incident rate), on the points whose
 * incidents come and go (heat, damp, gas, weak signal, faults, power peaks), so the alarm history
 * is not empty at first start. Deterministic for a given `now`.
 */
export async function seedAlarmHistory(trx: Transaction<DB>, now: number): Promise<void> {
  const random = prng(2028);
  const projects = await trx.selectFrom('t_project').select(['id', 'code']).orderBy('id').execute();
  const points = await trx.selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
    .select(['d.id as device_id', 'd.project_id', 'm.id as measure_id', 'm.name', 'm.unit', 'm.decimals', 'm.printf', 'm.warn_level',
      'm.condition_type', 'm.condition_val1', 'm.condition_val2', 'm.tag_id'])
    .where('m.alarm_enabled', '=', 1).where('m.condition_type', 'is not', null).orderBy('d.id').orderBy('m.id').execute();
  const rows = [];
  for (const p of projects) {
    const candidates = points.filter((m) => m.project_id === p.id && (m.tag_id === null || !HISTORY_TAGS.includes(m.tag_id)));
    const n = Math.round(1 + 3 * demoSiteProfile(p.code).incidents);
    for (let i = 0; i < n && candidates.length; i++) {
      const m = candidates[Math.floor(random() * candidates.length)];
      const raised = now - Math.floor((1 + 22 * random()) * 3_600_000);
      const sample = Math.round(violating(m.condition_type!, m.condition_val1, m.condition_val2, random()) * 10) / 10;
      rows.push({
        device_id: m.device_id, measure_id: m.measure_id, project_id: p.id, warn_level: m.warn_level, condition_type: m.condition_type!,
        condition_val1: m.condition_val1, condition_val2: m.condition_val2, sample_value: sample,
        content: formatAlarmContent({
          conditionType: m.condition_type!, measureName: m.name, unit: m.unit, sampleValue: sample,
          conditionVal1: m.condition_val1, conditionVal2: m.condition_val2, printf: m.printf, decimals: m.decimals,
        }),
        raised_at: raised, cleared_at: raised + Math.floor((3 + 30 * random()) * 60_000),
      });
    }
  }
  rows.sort((a, b) => a.raised_at - b.raised_at);
  if (rows.length) await trx.insertInto('t_history_measure_warning').values(rows).execute();
}
