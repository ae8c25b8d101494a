import { z } from 'zod';
import { AQI_STANDARDS, DEFAULT_AQI_STANDARD, type AqiStandardId } from './analysis/aqi-tables';

/**
 * The system settings (系统设置, /nv_system/nv_settings; `GET /api/sys_setting/get`, `POST
 * /api/sys_setting/save`): one typed schema with its defaults. The server keeps each field as one
 * `sys_setting` row (JSON text, key in {@link SETTING_KEYS}); a missing or unreadable row reads as its
 * default. Secrets kept in sys_setting (the hub's signing secret) are not settings: they are never
 * read by these calls.
 */

/** A whole number of days kept, from one day to thirty years. */
const Days = (fallback: number) => z.number().int().min(1).max(10_950).default(fallback);

const AQI_IDS = Object.keys(AQI_STANDARDS) as [AqiStandardId, ...AqiStandardId[]];

/**
 * SPEC §1's runtime switches: the warning dialog (a new real-time alarm pops up in the console's
 * corner) and the online dialog (a device going off- or back online pops up). The administrator
 * switches them here for every console; public/config.json's `showWarningDialog` /
 * `showOnlineDialog` stay a per-deployment veto (a wall's config sets false): a console shows a
 * dialog only when both allow it. Off until an administrator switches them on.
 */
export const DialogSettings = z.object({
  warning: z.boolean().default(false),
  online: z.boolean().default(false),
});

/**
 * How long history is kept, in days: raw samples, 1-minute and 1-hour rollups, users' messages
 * (t_history_message), the operation log (t_history_log) and cleared alarms of the alarm history
 * (t_history_measure_warning, with their delivery logs). An alarm still active is never removed.
 */
export const RetentionSettings = z.object({
  rawDays: Days(7),
  minuteDays: Days(90),
  hourDays: Days(1825),
  messageDays: Days(180),
  logDays: Days(365),
  alarmDays: Days(365),
});

/**
 * Alarm notifications (server/notifications/README.md): the channels queued for a new alarm and the
 * minutes an unacknowledged alarm waits before the next contact level (0: no escalation). Until an
 * administrator saves them, the server's environment (ALARM_ESCALATE_MINUTES) decides.
 */
export const NotificationSettings = z.object({
  webhook: z.boolean().default(true),
  email: z.boolean().default(true),
  escalateMinutes: z.number().int().min(0).max(1440).default(15),
});

export const SettingsSchema = z.object({
  dialogs: DialogSettings.prefault({}),
  /** Electricity price in yuan per kWh (energy analysis). */
  electricityPrice: z.number().min(0).max(100).default(0.8),
  /** The AQI standard the environment analysis indexes by. */
  aqiStandard: z.enum(AQI_IDS).default(DEFAULT_AQI_STANDARD),
  retention: RetentionSettings.prefault({}),
  notifications: NotificationSettings.prefault({}),
});
export type Settings = z.output<typeof SettingsSchema>;

/** Every default, as a fresh installation reads them. */
export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});

/**
 * `POST /api/sys_setting/save`: any part of the settings; what is left out keeps its stored value.
 * Unknown fields are refused (a misspelt key would otherwise be dropped silently).
 */
export const SettingsPatch = z.strictObject({
  dialogs: z.strictObject(partialShape(DialogSettings.shape)).optional(),
  electricityPrice: SettingsSchema.shape.electricityPrice.unwrap().optional(),
  aqiStandard: SettingsSchema.shape.aqiStandard.unwrap().optional(),
  retention: z.strictObject(partialShape(RetentionSettings.shape)).optional(),
  notifications: z.strictObject(partialShape(NotificationSettings.shape)).optional(),
});
export type SettingsPatch = z.output<typeof SettingsPatch>;

type Unwrapped<S> = { [K in keyof S]: S[K] extends z.ZodDefault<infer T> ? z.ZodOptional<T> : never };

/** The group's fields without their defaults, each optional (a patch never fills in a default). */
function partialShape<S extends Record<string, z.ZodDefault<z.ZodType>>>(shape: S): Unwrapped<S> {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.unwrap().optional()])) as unknown as Unwrapped<S>;
}

/** A leaf setting's path, e.g. `retention.rawDays` or `electricityPrice`. */
export type SettingPath =
  | 'electricityPrice' | 'aqiStandard'
  | `dialogs.${keyof Settings['dialogs']}`
  | `retention.${keyof Settings['retention']}`
  | `notifications.${keyof Settings['notifications']}`;

/**
 * The sys_setting key of each setting. The first three retention keys are migration 002's (kept, so
 * existing installations keep their values).
 */
export const SETTING_KEYS: Readonly<Record<SettingPath, string>> = {
  'dialogs.warning': 'dialog.warning',
  'dialogs.online': 'dialog.online',
  electricityPrice: 'energy.electricity_price',
  aqiStandard: 'environment.aqi_standard',
  'retention.rawDays': 'retention.raw.days',
  'retention.minuteDays': 'retention.1m.days',
  'retention.hourDays': 'retention.1h.days',
  'retention.messageDays': 'retention.message.days',
  'retention.logDays': 'retention.log.days',
  'retention.alarmDays': 'retention.alarm.days',
  'notifications.webhook': 'notify.webhook',
  'notifications.email': 'notify.email',
  'notifications.escalateMinutes': 'notify.escalate_minutes',
};

/** The leaf paths, in the order of the settings page. */
export const SETTING_PATHS = Object.keys(SETTING_KEYS) as SettingPath[];
