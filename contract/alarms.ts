import { z } from 'zod';
import { Id, PageQuery, QueryId, paged } from './envelope';

/** GET /api/t_real_measure_warning: the real-time alarms the caller may see, newest first. */
export const RealAlarmQuery = PageQuery.extend({
  appId: QueryId.optional(),
  projectId: QueryId.optional(),
});
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
});
export type RealAlarm = z.infer<typeof RealAlarm>;
export const RealAlarmPage = paged(RealAlarm);

/** GET /api/t_history_measure_warning: raised alarms, open and cleared, newest first. */
export const HistoryAlarmQuery = PageQuery.extend({
  projectId: QueryId.optional(),
  deviceId: QueryId.optional(),
  /** Raised at or after / before (epoch ms). */
  from: z.coerce.number().int().min(0).max(8.64e15).optional(),
  to: z.coerce.number().int().min(0).max(8.64e15).optional(),
  /** open: not cleared yet; cleared; undealed: not dealt with yet. */
  state: z.enum(['open', 'cleared', 'undealed']).optional(),
});

export const HistoryAlarm = RealAlarm.omit({ deviceState: true }).extend({
  clearedAt: z.number().int().nullable(),
  dealedAt: z.number().int().nullable(),
  dealedBy: z.number().int().nullable(),
  dealRemark: z.string(),
});
export type HistoryAlarm = z.infer<typeof HistoryAlarm>;
export const HistoryAlarmPage = paged(HistoryAlarm);

/** POST /api/t_history_measure_warning/deal: marks alarms as dealt with, with a remark. */
export const DealAlarmBody = z.object({
  ids: z.array(Id).min(1, 'ids is required').max(500),
  remark: z.string().trim().max(500).default(''),
});
