import { z } from 'zod';

/**
 * GET /api/t_application/login-stats: sign-ins per application and day over the last `days` days
 * (today included), days counted in the caller's time zone (`tzOffset`: minutes, as the browser's
 * Date#getTimezoneOffset says, e.g. -480 for UTC+8).
 */
export const LoginStatsQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});
export type LoginStatsQuery = z.infer<typeof LoginStatsQuery>;

/** One application's sign-ins on one day; `appId` null: sign-ins that named no application (the console itself). */
export const LoginStat = z.object({
  appId: z.number().int().nullable(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  count: z.number().int().min(0),
});
export const LoginStatList = z.array(LoginStat);
export type LoginStat = z.infer<typeof LoginStat>;
