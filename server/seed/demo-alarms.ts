import type { Transaction } from 'kysely';
import { formatAlarmContent } from '../../contract/alarm-content';
import { ConditionType } from '../../contract/conditions';
import { DeviceState } from '../../contract/enums';
import type { DB } from '../db/schema';

/** A sample value that breaks the rule, so the seeded alarm reads true. */
function violating(condition: number, v1: number | null, v2: number | null): number {
  const a = v1 ?? 0;
  const b = v2 ?? a;
  switch (condition) {
    case ConditionType.Lt: case ConditionType.Lte: return a - Math.max(5, Math.abs(a) * 0.1);
    case ConditionType.LtOrGt: case ConditionType.LteOrGte: case ConditionType.LtOrGte: case ConditionType.LteOrGt: return b + Math.max(3, Math.abs(b) * 0.05);
    case ConditionType.GtAndLt: case ConditionType.GteAndLte: case ConditionType.GteAndLt: case ConditionType.GtAndLte: return (a + b) / 2;
    case ConditionType.Bitwise: return 0b0011;
    case ConditionType.Eq: return a;
    default: return a + Math.max(1, Math.abs(a) * 0.12);
  }
}

/**
 * Open alarms for the demo devices in alarm state (one each, on the model's first alarm rule), as
 * the alarm engine would have raised them, so the bell and the big screen have alarms at first
 * start; the simulator takes over from there.
 */
export async function seedAlarms(trx: Transaction<DB>, now: number): Promise<void> {
  const devices = await trx.selectFrom('t_device').select(['id', 'project_id', 'device_model_id'])
    .where('state', '=', DeviceState.Alarm).orderBy('id').execute();
  let minutesAgo = 3;
  for (const d of devices) {
    const m = await trx.selectFrom('t_measure').selectAll().where('device_model_id', '=', d.device_model_id)
      .where('alarm_enabled', '=', 1).orderBy('sort_order').executeTakeFirst();
    if (!m || m.condition_type == null) {
      // A model without alarm rules cannot be in alarm: keep device state and alarms consistent.
      await trx.updateTable('t_device').set({ state: DeviceState.Online }).where('id', '=', d.id).execute();
      continue;
    }
    const sample = Math.round(violating(m.condition_type, m.condition_val1, m.condition_val2) * 10) / 10;
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
