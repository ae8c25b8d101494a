import type { Transaction } from 'kysely';
import { formatAlarmContent } from '../../contract/alarm-content';
import { CONDITION_NAMES, ConditionType } from '../../contract/conditions';
import { DeviceState } from '../../contract/enums';
import type { DB } from '../db/schema';
import type { AlarmDecision } from './alarm-engine';
import { pointKey } from './alarm-engine';
import type { AlarmRecipients } from './alarm-recipients';
import { alarmMessageType, type AlarmRule } from './conditions';
import type { DeviceInfo, IngestContext, MeasureInfo, OpenAlarm } from './ingest-context';
import type { MeasureWarningEvent, MessageEvent } from './telemetry-events';

/** One decision of the engine, to be written. */
export interface AlarmAction {
  decision: Exclude<AlarmDecision, null>;
  device: DeviceInfo;
  measure: MeasureInfo;
  /** The rule that raised or updates the alarm; null on a clear whose rule was switched off. */
  rule: AlarmRule | null;
  value: number;
  ts: number;
}

/** An alarm just raised, as the raise's listener sees it. */
export interface RaisedAlarm {
  /** The alarm history row (t_history_measure_warning): it outlives the clear. */
  historyId: number;
  projectId: number | null;
  warnLevel: number;
  raisedAt: number;
  /** The batch's clock. */
  now: number;
}

/** Told of every alarm raised, inside the raise's transaction (the notification queue). */
export interface AlarmRaiseListener {
  onRaise(trx: Transaction<DB>, alarm: RaisedAlarm): Promise<void>;
}

export interface AlarmWriteResult {
  warnings: MeasureWarningEvent[];
  messages: MessageEvent[];
}

function contentOf(a: AlarmAction, rule: AlarmRule): string {
  return formatAlarmContent({
    conditionType: rule.conditionType, measureName: a.measure.name, unit: a.measure.unit, sampleValue: a.value,
    conditionVal1: rule.val1, conditionVal2: rule.val2, printf: rule.printf, decimals: a.measure.decimals,
  });
}

function snapshot(a: AlarmAction, open: OpenAlarm, content: string, clearedAt: number | null): MeasureWarningEvent['alarm'] {
  return {
    id: open.id, projectId: a.device.projectId, projectName: a.device.projectName, deviceId: a.device.id,
    deviceName: a.device.name, deviceState: clearedAt === null ? DeviceState.Alarm : DeviceState.Online,
    measureId: a.measure.id, measureName: a.measure.name, conditionType: open.conditionType,
    condition: CONDITION_NAMES[open.conditionType as ConditionType] ?? '', conditionVal1: open.val1, conditionVal2: open.val2,
    sampleValue: open.sampleValue, printf: a.measure.printf, alarmContent: content, warnLevel: open.warnLevel,
    raisedAt: open.raisedAt, clearedAt,
  };
}

/**
 * Writes the engine's decisions in order, in the batch's transaction: a raise opens a real alarm
 * and its history row and messages the users who see the project (type 6, 5 for a device fault,
 * 8 for a filter's resistance); an update rewrites an open bitwise alarm's bits; a clear removes
 * the real alarm and stamps the history row. `ctx.open` follows along. `onRaise` (the notification
 * queue) is told of each raise within the same transaction.
 */
export async function writeAlarms(
  trx: Transaction<DB>, ctx: IngestContext, actions: AlarmAction[], recipients: AlarmRecipients, now: number,
  onRaise?: AlarmRaiseListener,
): Promise<AlarmWriteResult> {
  const out: AlarmWriteResult = { warnings: [], messages: [] };
  for (const a of actions) {
    const key = pointKey(a.device.id, a.measure.id);
    const open = ctx.open.get(key);
    if (a.decision === 'raise' && a.rule && !open) {
      const content = contentOf(a, a.rule);
      const row = {
        device_id: a.device.id, measure_id: a.measure.id, project_id: a.device.projectId, warn_level: a.measure.warnLevel,
        condition_type: a.rule.conditionType, condition_val1: a.rule.val1, condition_val2: a.rule.val2,
        sample_value: a.value, content, raised_at: a.ts,
      };
      const { id } = await trx.insertInto('t_real_measure_warning').values(row).returning('id').executeTakeFirstOrThrow();
      const history = await trx.insertInto('t_history_measure_warning').values(row).returning('id').executeTakeFirstOrThrow();
      await onRaise?.onRaise(trx, { historyId: history.id, projectId: row.project_id, warnLevel: row.warn_level, raisedAt: a.ts, now });
      const opened: OpenAlarm = {
        id, sampleValue: a.value, raisedAt: a.ts, conditionType: a.rule.conditionType, val1: a.rule.val1, val2: a.rule.val2,
        warnLevel: a.measure.warnLevel,
      };
      ctx.open.set(key, opened);
      out.warnings.push({ action: 'raise', alarm: snapshot(a, opened, content, null) });
      const message = await writeMessage(trx, a, content, recipients, now);
      if (message) out.messages.push(message);
    } else if (a.decision === 'update' && a.rule && open) {
      const content = contentOf(a, a.rule);
      await trx.updateTable('t_real_measure_warning').set({ sample_value: a.value, content }).where('id', '=', open.id).execute();
      await trx.updateTable('t_history_measure_warning').set({ sample_value: a.value, content })
        .where('device_id', '=', a.device.id).where('measure_id', '=', a.measure.id).where('cleared_at', 'is', null).execute();
      open.sampleValue = a.value;
      out.warnings.push({ action: 'update', alarm: snapshot(a, open, content, null) });
    } else if (a.decision === 'clear' && open) {
      const row = await trx.deleteFrom('t_real_measure_warning').where('id', '=', open.id).returning('content').executeTakeFirst();
      await trx.updateTable('t_history_measure_warning').set({ cleared_at: a.ts })
        .where('device_id', '=', a.device.id).where('measure_id', '=', a.measure.id).where('cleared_at', 'is', null).execute();
      ctx.open.delete(key);
      out.warnings.push({ action: 'clear', alarm: snapshot(a, open, row?.content ?? '', a.ts) });
    }
  }
  return out;
}

async function writeMessage(
  trx: Transaction<DB>, a: AlarmAction, content: string, recipients: AlarmRecipients, now: number,
): Promise<MessageEvent | null> {
  const userIds = await recipients.forProject(trx, a.device.projectId);
  if (!userIds.length) return null;
  const type = alarmMessageType(a.rule!.conditionType, a.measure.tagId);
  const data = JSON.stringify({
    projectName: a.device.projectName, deviceName: a.device.name, measureName: a.measure.name,
    deviceId: a.device.id, measureId: a.measure.id,
    ...(a.rule!.conditionType === ConditionType.Bitwise ? { deviceModelName: a.device.modelName, devices: { name: a.device.name } } : {}),
  });
  await trx.insertInto('t_history_message')
    .values(userIds.map((user_id) => ({ user_id, type, content, data, created_at: now })))
    .execute();
  return { userIds, message: { type, content, data, createdAt: now } };
}
