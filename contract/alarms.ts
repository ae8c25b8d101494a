import { z } from 'zod';
import { PageQuery, paged } from './envelope';

/** GET /api/t_real_measure_warning: the real-time alarms the caller may see, newest first. */
export const RealAlarmQuery = PageQuery.extend({
  appId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  projectId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
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
