import { z } from 'zod';
import { ConditionType } from './conditions';
import { WarnLevel } from './enums';
import { Id, PageQuery, QueryId, paged } from './envelope';
import { LIVE_ALARM_ORDERS } from './live-alarms';

const QueryWarnLevel = z.coerce.number().int().min(WarnLevel.Hint).max(WarnLevel.Important);
const QueryConditionType = z.coerce.number().int().min(ConditionType.ChangeGte).max(ConditionType.Bitwise);

/**
 * GET /api/t_real_measure_warning: the real-time alarms the caller may see, in the order of
 * contract/live-alarms.ts (`time`, newest first, by default), filtered by project, device, warn
 * level (SPEC §3), condition type and acknowledgement.
 */
export const RealAlarmQuery = PageQuery.extend({
  appId: QueryId.optional(),
  projectId: QueryId.optional(),
  deviceId: QueryId.optional(),
  warnLevel: QueryWarnLevel.optional(),
  conditionType: QueryConditionType.optional(),
  /** `unacked`: not acknowledged yet; `acked`: acknowledged. */
  ack: z.enum(['unacked', 'acked']).optional(),
  order: z.enum(LIVE_ALARM_ORDERS).default('time'),
});
export type RealAlarmQuery = z.infer<typeof RealAlarmQuery>;
export const RealAlarmCountQuery = RealAlarmQuery.pick({ appId: true, projectId: true });

/** A real-time alarm as SPEC §3 lists it; `condition` is the condition type's name. */
export const RealAlarm = z.object({
  id: z.number().int(),
  projectId: z.number().int().nullable(),
  projectName: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  /** 1 normal, 2 alarm, otherwise offline (SPEC §3). */
  deviceState: z.number().int(),
  measureId: z.number().int(),
  measureName: z.string(),
  conditionType: z.number().int(),
  condition: z.string(),
  conditionVal1: z.number().nullable(),
  conditionVal2: z.number().nullable(),
  sampleValue: z.number().nullable(),
  printf: z.string(),
  alarmContent: z.string(),
  warnLevel: z.number().int(),
  /** Epoch milliseconds. */
  raisedAt: z.number().int(),
  /** When someone acknowledged it (epoch ms), null while nobody has; absent where a reader does not say. */
  ackedAt: z.number().int().nullable().optional(),
  /** Who acknowledged it (nick name, else user name). */
  ackedByName: z.string().nullable().optional(),
});
export type RealAlarm = z.infer<typeof RealAlarm>;
export const RealAlarmPage = paged(RealAlarm);

/**
 * POST /api/t_real_measure_warning/ack: acknowledges open alarms (ids of the real-time list); the
 * escalation to the next contact level stops. Needs alarm-deal; answers how many were acknowledged.
 */
export const AckAlarmBody = z.strictObject({
  ids: z.array(Id).min(1, 'ids is required').max(500),
});

/** GET /api/t_history_measure_warning: raised alarms, open and cleared, newest first. */
export const HistoryAlarmQuery = PageQuery.extend({
  projectId: QueryId.optional(),
  deviceId: QueryId.optional(),
  /** Raised at or after / before (epoch ms). */
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
  /** open: not cleared yet; cleared; undealed: not dealt with yet; dealed: dealt with. */
  state: z.enum(['open', 'cleared', 'undealed', 'dealed']).optional(),
  warnLevel: QueryWarnLevel.optional(),
  conditionType: QueryConditionType.optional(),
});
export type HistoryAlarmQuery = z.infer<typeof HistoryAlarmQuery>;

export const HistoryAlarm = RealAlarm.omit({ deviceState: true, ackedAt: true, ackedByName: true }).extend({
  clearedAt: z.number().int().nullable(),
  dealedAt: z.number().int().nullable(),
  dealedBy: z.number().int().nullable(),
  dealRemark: z.string(),
});
export type HistoryAlarm = z.infer<typeof HistoryAlarm>;

/** A row of 历史告警: the history alarm with who acknowledged and who dealt with it. */
export const HistoryAlarmRow = HistoryAlarm.extend({
  ackedAt: z.number().int().nullable(),
  ackedByName: z.string().nullable(),
  dealedByName: z.string().nullable(),
});
export type HistoryAlarmRow = z.infer<typeof HistoryAlarmRow>;
export const HistoryAlarmPage = paged(HistoryAlarmRow);

/** The longest deal remark. */
export const DEAL_REMARK_MAX = 200;

/**
 * POST /api/t_history_measure_warning/deal: marks alarms as dealt with, with a remark (required).
 * Needs alarm-deal and every alarm in the caller's scope (else 404); an alarm dealt with already
 * is refused with 409 and nothing is written. Audited. Answers how many were dealt with.
 */
export const DealAlarmBody = z.strictObject({
  ids: z.array(Id).min(1, 'ids is required').max(500),
  remark: z.string().trim().min(1, 'remark is required').max(DEAL_REMARK_MAX, `remark: at most ${DEAL_REMARK_MAX} characters`),
});
