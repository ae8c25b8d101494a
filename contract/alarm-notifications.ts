import { z } from 'zod';
import { QueryId } from './envelope';

/**
 * Alarm notifications (issue 19): the webhook and e-mail channels, their delivery log, and the
 * project-contact settings that decide who is told. The server's side: server/notifications/README.md.
 */

export const NOTIFICATION_CHANNELS = ['webhook', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * queued: waiting for its first try; sending: being tried (its lease ends at nextAttemptAt);
 * sent: accepted by the receiver (HTTP 2xx, or the SMTP server took the mail); failed: the last
 * try failed and another is due at nextAttemptAt; dead: given up (tries exhausted, or nothing left
 * to send to).
 */
export const NOTIFICATION_STATES = ['queued', 'sending', 'sent', 'failed', 'dead'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** Warn levels of SPEC §3 (0 hint, 1 minor, 2 important). */
export const WARN_LEVELS = [0, 1, 2] as const;
export const WARN_LEVEL_NAMES: Record<number, { zh: string; en: string }> = {
  0: { zh: '提示', en: 'Hint' },
  1: { zh: '次要', en: 'Minor' },
  2: { zh: '重要', en: 'Important' },
};
/** Escalation levels a project contact may have: 0 (first line) to this. */
export const MAX_ESCALATION_LEVEL = 5;

/** The warn levels as the bit mask stored in t_project_contacts.warn_mask (1 << level). */
export function warnLevelsToMask(levels: readonly number[]): number {
  return levels.reduce((mask, level) => mask | (1 << level), 0);
}

/** The warn levels of a stored mask, ascending. */
export function maskToWarnLevels(mask: number): number[] {
  return WARN_LEVELS.filter((level) => (mask >> level) & 1);
}

/** Headers of a webhook call. Node lower-cases header names; receivers should compare case-insensitively. */
export const WEBHOOK_HEADERS = {
  /** `sha256=<hex HMAC-SHA256 with the contact's secret over "<timestamp>.<body>">`. */
  signature: 'X-NV-Signature',
  /** Unix time in seconds when this try was signed. */
  timestamp: 'X-NV-Timestamp',
  /** The delivery id, the same on every retry of one notification (dedupe on it). */
  delivery: 'X-NV-Delivery',
} as const;

/** Receivers should refuse a timestamp further than this from their clock (replay guard). */
export const WEBHOOK_TOLERANCE_S = 300;

/** A webhook URL: http or https, at most 512 characters, no user name or password in it. */
export const WebhookUrl = z.union([
  z.literal(''),
  z.string().trim().max(512, 'webhookUrl must be at most 512 characters').refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !!u.hostname;
    } catch {
      return false;
    }
  }, 'webhookUrl must be an http:// or https:// address without a user name or password'),
]).default('');

/** A webhook secret as a save body gives it: '' or absent (read as absent) keeps the stored one. */
export const WebhookSecret = z.union([
  z.literal(''),
  z.string().min(16, 'webhookSecret must be 16 to 256 characters').max(256, 'webhookSecret must be 16 to 256 characters')
    .regex(/^[\x21-\x7e]+$/, 'webhookSecret may hold printable ASCII characters without spaces'),
]).optional().transform((s) => (s === '' ? undefined : s));

/** The body a webhook receives (JSON, UTF-8). */
export const WebhookPayload = z.object({
  /** Same on every retry of this notification: dedupe on it. */
  deliveryId: z.string(),
  event: z.literal('alarm.raised'),
  /** 0 when told at the raise; 1, 2, … when the alarm stayed unacknowledged that long. */
  escalationLevel: z.number().int(),
  /** 1 on the first try. */
  attempt: z.number().int(),
  alarm: z.object({
    /** The alarm's id in the alarm history (t_history_measure_warning). */
    id: z.number().int(),
    projectId: z.number().int().nullable(),
    projectName: z.string(),
    deviceId: z.number().int(),
    deviceName: z.string(),
    deviceCode: z.string(),
    measureId: z.number().int(),
    measureName: z.string(),
    unit: z.string(),
    conditionType: z.number().int(),
    condition: z.string(),
    conditionVal1: z.number().nullable(),
    conditionVal2: z.number().nullable(),
    sampleValue: z.number().nullable(),
    warnLevel: z.number().int(),
    warnLevelName: z.string(),
    /** The alarm text of SPEC §5. */
    content: z.string(),
    /** Epoch milliseconds, and the same as ISO 8601. */
    raisedAt: z.number().int(),
    raisedAtIso: z.string(),
  }),
  contact: z.object({ id: z.number().int(), name: z.string() }),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** GET /api/t_alarm_notification: the delivery log of one alarm, by its history id or its real-time id. */
export const AlarmNotificationQuery = z.object({
  alarmId: QueryId.optional(),
  realAlarmId: QueryId.optional(),
}).refine((q) => (q.alarmId === undefined) !== (q.realAlarmId === undefined), {
  message: 'alarmId or realAlarmId is required (one of them)', path: ['alarmId'],
});

export const NotificationAttempt = z.object({
  attempt: z.number().int(),
  startedAt: z.number().int(),
  /** Null: the try was cut off (the server stopped while sending). */
  finishedAt: z.number().int().nullable(),
  ok: z.boolean().nullable(),
  error: z.string(),
});

export const AlarmNotification = z.object({
  id: z.number().int(),
  alarmId: z.number().int(),
  deliveryId: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  escalationLevel: z.number().int(),
  contactId: z.number().int(),
  contactName: z.string(),
  /** Where the last try went: the e-mail address, or the webhook's address without its query. */
  target: z.string(),
  state: z.enum(NOTIFICATION_STATES),
  attempts: z.number().int(),
  /** When the next try is due (failed, queued), or the lease of a try in progress ends (sending); null once final. */
  nextAttemptAt: z.number().int().nullable(),
  lastError: z.string(),
  sentAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  tries: z.array(NotificationAttempt),
});
export type AlarmNotification = z.infer<typeof AlarmNotification>;
export const AlarmNotificationLog = z.object({
  alarmId: z.number().int(),
  /** The escalation level told last, and when the next is due (null: none will be). */
  escalation: z.object({ level: z.number().int(), nextAt: z.number().int().nullable(), finished: z.string() }).nullable(),
  list: z.array(AlarmNotification),
});
export type AlarmNotificationLog = z.infer<typeof AlarmNotificationLog>;
