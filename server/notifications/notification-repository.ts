import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { WARN_LEVELS, type NotificationChannel, type NotificationState } from '../../contract/alarm-notifications';
import type { DB } from '../db/schema';

/** The stored warn masks (bits 1 << level over the levels of SPEC §3) that hold `level`. */
function masksWith(level: number): number[] {
  const all = (1 << WARN_LEVELS.length) - 1;
  return Array.from({ length: all + 1 }, (_, mask) => mask).filter((mask) => (mask >> level) & 1);
}

/** What queueing needs to know of an alarm. */
export interface QueueTarget {
  /** The alarm history row's id. */
  alarmId: number;
  projectId: number | null;
  warnLevel: number;
}

/** A notification taken for a try. */
export interface Claimed {
  id: number;
  attempt: number;
}

/** Everything one try sends: the notification, its contact as stored now, and the alarm. */
export interface SendJob {
  id: number;
  deliveryId: string;
  channel: NotificationChannel;
  escalationLevel: number;
  /** `webhookSecret` as stored: sealed (server/secrets/), opened only to sign the call. */
  contact: { id: number; name: string; email: string; webhookUrl: string; webhookSecret: string } | null;
  alarm: {
    id: number; projectId: number | null; projectName: string; deviceId: number; deviceName: string; deviceCode: string;
    measureId: number; measureName: string; unit: string; conditionType: number; conditionVal1: number | null;
    conditionVal2: number | null; sampleValue: number | null; warnLevel: number; content: string; raisedAt: number;
  };
}

/** How a try ended. */
export interface TryOutcome {
  state: Extract<NotificationState, 'sent' | 'failed' | 'dead'>;
  error: string;
  target: string;
  /** When the next try is due (failed). */
  nextAttemptAt: number | null;
}

export const INTERRUPTED = 'interrupted: no result was recorded (the server stopped while sending)';

/**
 * The SQL of the alarm notification queue (`t_alarm_notification`, its tries, `t_alarm_escalation`).
 * Every step is one transaction with conditional updates, so several server processes can share
 * the queue and a crash leaves each row as last committed (server/notifications/README.md).
 */
/** The channels queued: a switch off (系统设置, or e-mail without SMTP) queues nothing on it. */
export interface ChannelsOn {
  webhook: boolean;
  email: boolean;
}

export function notificationRepository(db: Kysely<DB>) {
  return {
    /**
     * Queues the alarm for the project's contacts at escalation `level` whose warn levels hold the
     * alarm's: a webhook for each with an address, an e-mail for each with an address, each when
     * its channel is on. A notification already queued is left alone. Returns how many were queued.
     */
    async queue(trx: Kysely<DB>, target: QueueTarget, level: number, on: ChannelsOn, now: number): Promise<number> {
      if (target.projectId === null) return 0;
      const contacts = await trx.selectFrom('t_project_contacts as pc').innerJoin('t_contacts as c', 'c.id', 'pc.contact_id')
        .select(['c.id', 'c.name', 'c.email', 'c.webhook_url'])
        .where('pc.project_id', '=', target.projectId).where('pc.escalation_level', '=', level)
        .where('pc.warn_mask', 'in', masksWith(target.warnLevel)).orderBy('c.id').execute();
      const rows = contacts.flatMap((c) => {
        const channels: NotificationChannel[] = [];
        if (on.webhook && c.webhook_url !== '') channels.push('webhook');
        if (on.email && c.email !== '') channels.push('email');
        return channels.map((channel) => ({
          alarm_id: target.alarmId, contact_id: c.id, contact_name: c.name, channel, escalation_level: level,
          delivery_id: randomUUID(), state: 'queued', next_attempt_at: now, created_at: now,
        }));
      });
      if (!rows.length) return 0;
      const r = await trx.insertInto('t_alarm_notification').values(rows)
        .onConflict((oc) => oc.columns(['alarm_id', 'contact_id', 'channel', 'escalation_level']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0);
    },

    /** Starts the alarm's escalation clock: level 0 told now, the next level due at `nextAt`. */
    async startEscalation(trx: Kysely<DB>, target: QueueTarget, nextAt: number, now: number): Promise<void> {
      await trx.insertInto('t_alarm_escalation').values({
        alarm_id: target.alarmId, project_id: target.projectId, warn_level: target.warnLevel, level: 0, next_at: nextAt, updated_at: now,
      }).onConflict((oc) => oc.column('alarm_id').doNothing()).execute();
    },

    /** Alarms whose next escalation is due. */
    async dueEscalations(now: number, limit: number) {
      return db.selectFrom('t_alarm_escalation').select(['alarm_id', 'project_id', 'warn_level', 'level', 'next_at'])
        .where('next_at', '<=', now).orderBy('next_at').orderBy('alarm_id').limit(limit).execute();
    },

    /**
     * One due escalation, in one transaction: an alarm acknowledged (dealt with) or cleared stops;
     * otherwise the next escalation level that has contacts for the alarm's warn level is queued
     * and the next step is due at `nextAt`; with no level left it stops. A step another process
     * took first changes nothing. Returns the level queued, or null.
     */
    async escalate(
      esc: { alarm_id: number; project_id: number | null; warn_level: number; level: number; next_at: number | null },
      on: ChannelsOn, now: number, nextAt: number,
    ): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const stop = async (finished: string) => {
          await trx.updateTable('t_alarm_escalation').set({ next_at: null, finished, updated_at: now })
            .where('alarm_id', '=', esc.alarm_id).where('level', '=', esc.level).where('next_at', '=', esc.next_at).execute();
          return null;
        };
        const alarm = await trx.selectFrom('t_history_measure_warning').select(['dealed_at', 'acked_at', 'cleared_at'])
          .where('id', '=', esc.alarm_id).executeTakeFirst();
        if (!alarm) return null;
        if (alarm.dealed_at !== null || alarm.acked_at !== null) return stop('acknowledged');
        if (alarm.cleared_at !== null) return stop('cleared');
        const next = esc.project_id === null ? undefined : await trx.selectFrom('t_project_contacts')
          .select((eb) => eb.fn.min('escalation_level').as('level'))
          .where('project_id', '=', esc.project_id).where('escalation_level', '>', esc.level)
          .where('warn_mask', 'in', masksWith(esc.warn_level)).executeTakeFirst();
        const level = next?.level ?? null;
        if (level === null) return stop('exhausted');
        const moved = await trx.updateTable('t_alarm_escalation').set({ level, next_at: nextAt, updated_at: now })
          .where('alarm_id', '=', esc.alarm_id).where('level', '=', esc.level).where('next_at', '=', esc.next_at).executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return null;
        await this.queue(trx, { alarmId: esc.alarm_id, projectId: esc.project_id, warnLevel: esc.warn_level }, level, on, now);
        return level;
      });
    },

    /**
     * Takes up to `limit` notifications that are due (queued, failed with the retry due, or
     * sending with the lease over: a try cut off by a crash) for a try under a lease of `leaseMs`,
     * and records the try's start. Conditional updates: a row goes to one taker only.
     */
    async claim(now: number, limit: number, leaseMs: number): Promise<Claimed[]> {
      return db.transaction().execute(async (trx) => {
        const due = await trx.selectFrom('t_alarm_notification').select(['id', 'state', 'attempts'])
          .where('state', 'in', ['queued', 'failed', 'sending']).where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at').orderBy('id').limit(limit).execute();
        const claimed: Claimed[] = [];
        for (const row of due) {
          const attempt = row.attempts + 1;
          const r = await trx.updateTable('t_alarm_notification')
            .set({ state: 'sending', attempts: attempt, next_attempt_at: now + leaseMs, last_attempt_at: now })
            .where('id', '=', row.id).where('state', '=', row.state).where('attempts', '=', row.attempts).executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) continue;
          if (row.state === 'sending') {
            await trx.updateTable('t_alarm_notification_attempt').set({ error: INTERRUPTED })
              .where('notification_id', '=', row.id).where('finished_at', 'is', null).execute();
          }
          await trx.insertInto('t_alarm_notification_attempt').values({ notification_id: row.id, attempt, started_at: now }).execute();
          claimed.push({ id: row.id, attempt });
        }
        return claimed;
      });
    },

    /** The notification, its contact as stored now (null when deleted) and its alarm. */
    async job(id: number): Promise<SendJob | undefined> {
      const row = await db.selectFrom('t_alarm_notification as n')
        .innerJoin('t_history_measure_warning as w', 'w.id', 'n.alarm_id')
        .innerJoin('t_device as d', 'd.id', 'w.device_id')
        .innerJoin('t_measure as m', 'm.id', 'w.measure_id')
        .leftJoin('t_project as p', 'p.id', 'w.project_id')
        .leftJoin('t_contacts as c', 'c.id', 'n.contact_id')
        .select([
          'n.id', 'n.delivery_id', 'n.channel', 'n.escalation_level', 'n.contact_id', 'n.contact_name',
          'c.id as c_id', 'c.name as c_name', 'c.email as c_email', 'c.webhook_url as c_webhook_url', 'c.webhook_secret as c_webhook_secret',
          'w.id as alarm_id', 'w.project_id', 'p.name as project_name', 'w.device_id', 'd.name as device_name', 'd.code as device_code',
          'w.measure_id', 'm.name as measure_name', 'm.unit', 'w.condition_type', 'w.condition_val1', 'w.condition_val2',
          'w.sample_value', 'w.warn_level', 'w.content', 'w.raised_at',
        ])
        .where('n.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id, deliveryId: row.delivery_id, channel: row.channel as NotificationChannel, escalationLevel: row.escalation_level,
        contact: row.c_id === null ? null : {
          id: row.c_id, name: row.c_name ?? row.contact_name, email: row.c_email ?? '', webhookUrl: row.c_webhook_url ?? '',
          webhookSecret: row.c_webhook_secret ?? '',
        },
        alarm: {
          id: row.alarm_id, projectId: row.project_id, projectName: row.project_name ?? '', deviceId: row.device_id,
          deviceName: row.device_name, deviceCode: row.device_code, measureId: row.measure_id, measureName: row.measure_name,
          unit: row.unit, conditionType: row.condition_type, conditionVal1: row.condition_val1, conditionVal2: row.condition_val2,
          sampleValue: row.sample_value, warnLevel: row.warn_level, content: row.content, raisedAt: Number(row.raised_at),
        },
      };
    },

    /**
     * Records how try `attempt` ended, if the notification is still that try's (a try whose lease
     * ran out and was taken again is not: only its own try row is closed). Returns whether the
     * notification took the outcome.
     */
    async finish(claimed: Claimed, outcome: TryOutcome, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('t_alarm_notification_attempt')
          .set({ finished_at: now, ok: outcome.state === 'sent' ? 1 : 0, error: outcome.error })
          .where('notification_id', '=', claimed.id).where('attempt', '=', claimed.attempt).execute();
        const r = await trx.updateTable('t_alarm_notification').set({
          state: outcome.state, last_error: outcome.error, target: outcome.target,
          sent_at: outcome.state === 'sent' ? now : null,
          ...(outcome.nextAttemptAt !== null ? { next_attempt_at: outcome.nextAttemptAt } : {}),
        }).where('id', '=', claimed.id).where('state', '=', 'sending').where('attempts', '=', claimed.attempt).executeTakeFirst();
        return Number(r.numUpdatedRows) === 1;
      });
    },

    /** Counts by state (diagnostics and tests). */
    async counts(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('t_alarm_notification').select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('state').execute();
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },
  };
}

export type NotificationRepository = ReturnType<typeof notificationRepository>;
