import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { SecretBox } from '../secrets/secret-box';
import type { AlarmRaiseListener, RaisedAlarm } from '../telemetry/alarm-store';
import { alarmMail, webhookPayload } from './alarm-message';
import { EmailChannel, type SmtpSettings } from './email-channel';
import { loadSettingsWithSource } from '../settings/settings-repository';
import { notificationRepository, type ChannelsOn, type Claimed, type SendJob, type TryOutcome } from './notification-repository';
import { postWebhook, webhookTarget } from './webhook-channel';

/** How notifications are sent (server/config.ts `notify`). */
export interface NotifySettings {
  /** Every outbound call (a webhook POST, each SMTP stage) ends after this long. */
  timeoutMs: number;
  /** The waits after the 1st, 2nd, … failed try; after one more failure than listed, a notification is dead. */
  backoffMs: readonly number[];
  /** An alarm not acknowledged this long after a level was told goes to the next level; 0: never. */
  escalateAfterMs: number;
  /** How often the worker looks for due work (besides being woken by a raise). */
  pollMs: number;
  /** SMTP server; absent: no e-mail is queued. */
  smtp?: SmtpSettings;
  /**
   * Networks (CIDRs) a webhook may reach although they are not public — loopback, private, …
   * (`WEBHOOK_ALLOW_NETWORKS`, server/outbound/README.md); empty: public addresses only.
   */
  webhookAllowNetworks: readonly string[];
}

export const DEFAULT_NOTIFY_SETTINGS: NotifySettings = {
  timeoutMs: 10_000,
  backoffMs: [10_000, 30_000, 120_000, 600_000, 1_800_000],
  escalateAfterMs: 15 * 60_000,
  pollMs: 1_000,
  webhookAllowNetworks: [],
};

/** Tries sent at once by one process. */
const CONCURRENCY = 8;
const ESCALATIONS_PER_ROUND = 100;

export interface AlarmNotifierOptions {
  db: Kysely<DB>;
  settings: NotifySettings;
  /** Opens the contacts' sealed webhook secrets, only for signing a call. */
  secrets: SecretBox;
  now?: () => number;
  onError?: (err: unknown) => void;
}

/**
 * The alarm notification worker (server/notifications/README.md). `onRaise` queues an alarm's
 * first-line notifications and starts its escalation clock inside the raise's own transaction
 * (the ingest batch), so an alarm committed is an alarm queued. `start` runs the loop in this
 * process: due escalations, then due notifications, each try under a lease, with back-off
 * retries; a try cut off by a crash is tried again once its lease is over (at-least-once, the
 * delivery id unchanged).
 */
export class AlarmNotifier implements AlarmRaiseListener {
  private readonly repo;
  private readonly email: EmailChannel | null;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The saved notification settings, as last read (escalateAfterMs null: none saved). */
  private live: { webhook: boolean; email: boolean; escalateAfterMs: number | null } = { webhook: true, email: true, escalateAfterMs: null };

  constructor(private readonly o: AlarmNotifierOptions) {
    this.repo = notificationRepository(o.db);
    this.email = o.settings.smtp ? new EmailChannel(o.settings.smtp, o.settings.timeoutMs) : null;
    this.now = o.now ?? Date.now;
  }

  /** A try's lease: the call's own timeout and a margin, after which a try with no result counts as cut off. */
  get leaseMs(): number {
    return this.o.settings.timeoutMs * 2 + 5_000;
  }

  /** The channels on now: the saved switches, e-mail only with an SMTP server. */
  private get channels(): ChannelsOn {
    return { webhook: this.live.webhook, email: this.live.email && this.email !== null };
  }

  /** The escalation period now: the saved setting, else the server's (ALARM_ESCALATE_MINUTES). */
  get escalateAfterMs(): number {
    return this.live.escalateAfterMs ?? this.o.settings.escalateAfterMs;
  }

  /**
   * Reads the notification settings of 系统设置 (contract/settings.ts) at the start of each round,
   * so a raise (inside the ingest transaction, which must not wait on another query) uses the
   * values known at most one poll ago. An unreadable settings table keeps the last values.
   */
  async refreshSettings(): Promise<void> {
    const { settings, stored } = await loadSettingsWithSource(this.o.db);
    const n = settings.notifications;
    this.live = {
      webhook: n.webhook, email: n.email,
      escalateAfterMs: stored.has('notifications.escalateMinutes') ? n.escalateMinutes * 60_000 : null,
    };
  }

  async onRaise(trx: Transaction<DB>, alarm: RaisedAlarm): Promise<void> {
    const target = { alarmId: alarm.historyId, projectId: alarm.projectId, warnLevel: alarm.warnLevel };
    await this.repo.queue(trx, target, 0, this.channels, alarm.now);
    const after = this.escalateAfterMs;
    if (after > 0 && alarm.projectId !== null) {
      await this.repo.startEscalation(trx, target, alarm.now + after, alarm.now);
    }
  }

  /** Starts the loop; timers do not keep the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.o.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Runs a round now (after a raise has committed), or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = this.runOnce().catch((err) => this.o.onError?.(err)).finally(() => {
      this.round = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Ends the loop and waits for the round in progress (its tries end within their timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
    this.email?.close();
  }

  /** One round: due escalations, then due notifications until none is left. */
  async runOnce(): Promise<void> {
    await this.refreshSettings().catch((err) => this.o.onError?.(err));
    const now = this.now();
    const after = this.escalateAfterMs;
    if (after > 0) {
      for (const esc of await this.repo.dueEscalations(now, ESCALATIONS_PER_ROUND)) {
        await this.repo.escalate(esc, this.channels, now, now + after);
      }
    }
    while (!this.stopped) {
      const claimed = await this.repo.claim(this.now(), CONCURRENCY, this.leaseMs);
      if (!claimed.length) return;
      await Promise.all(claimed.map((c) => this.attempt(c).catch((err) => this.o.onError?.(err))));
    }
  }

  private async attempt(claimed: Claimed): Promise<void> {
    const job = await this.repo.job(claimed.id);
    if (!job) return;
    const outcome = await this.send(job, claimed.attempt);
    await this.repo.finish(claimed, outcome, this.now());
  }

  /** The plaintext of a stored webhook secret, or the reason it cannot be opened (never the value). */
  private openSecret(stored: string): { value: string; error: null } | { value: null; error: string } {
    try {
      return { value: this.o.secrets.open(stored), error: null };
    } catch (err) {
      return { value: null, error: (err as Error).message };
    }
  }

  private async send(job: SendJob, attempt: number): Promise<TryOutcome> {
    const dead = (error: string, target = ''): TryOutcome => ({ state: 'dead', error, target, nextAttemptAt: null });
    const c = job.contact;
    if (!c) return dead('contact deleted');
    let target: string;
    let error: string | null;
    if (job.channel === 'webhook') {
      if (!c.webhookUrl || !c.webhookSecret) return dead('contact has no webhook address or secret any more');
      target = webhookTarget(c.webhookUrl);
      const secret = this.openSecret(c.webhookSecret);
      if (secret.error !== null) {
        // Another key sealed it (a restore from another server, processes with different keys): a
        // failed try with its retries, so the right key in place before the last one still delivers.
        error = secret.error;
      } else {
        const body = JSON.stringify(webhookPayload(job, attempt));
        error = await postWebhook({
          url: c.webhookUrl, secret: secret.value, deliveryId: job.deliveryId, body, now: this.now(), timeoutMs: this.o.settings.timeoutMs,
          allowNetworks: this.o.settings.webhookAllowNetworks,
        });
      }
    } else {
      if (!c.email) return dead('contact has no e-mail address any more');
      if (!this.email) return dead('SMTP is not configured (SMTP_HOST)', c.email);
      target = c.email;
      error = await this.email.send({ to: c.email, deliveryId: job.deliveryId, ...alarmMail(job) });
    }
    if (error === null) return { state: 'sent', error: '', target, nextAttemptAt: null };
    const waits = this.o.settings.backoffMs;
    if (attempt > waits.length) return dead(error, target);
    return { state: 'failed', error, target, nextAttemptAt: this.now() + waits[attempt - 1] };
  }
}
