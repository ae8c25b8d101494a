import nodemailer, { type Transporter } from 'nodemailer';

/** SMTP settings (SMTP_* environment variables, server/config.ts). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  deliveryId: string;
}

/**
 * Sends alarm e-mail through one SMTP server with nodemailer. Every stage (connect, greeting,
 * each socket read) times out at `timeoutMs`; the password is only handed to nodemailer, never
 * logged or put in an error.
 */
export class EmailChannel {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings, timeoutMs: number) {
    this.transport = nodemailer.createTransport({
      host: settings.host, port: settings.port, secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
      connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs,
      disableFileAccess: true, disableUrlAccess: true,
    });
  }

  /**
   * Sends one mail; null when the SMTP server took it, else why not. The Message-ID is made of the
   * delivery id, so a retry after a crash reads as the same message to mail systems that dedupe.
   */
  async send(mail: Mail): Promise<string | null> {
    try {
      await this.transport.sendMail({
        from: this.settings.from, to: mail.to, subject: mail.subject, text: mail.text,
        messageId: `<${mail.deliveryId}@nv-console.alarm>`, headers: { 'X-NV-Delivery': mail.deliveryId },
      });
      return null;
    } catch (err) {
      const e = err as { code?: string; responseCode?: number; message?: string };
      const what = [e.code, e.responseCode].filter(Boolean).join(' ');
      return `${what ? `${what}: ` : ''}${e.message ?? String(err)}`.replace(/\s+/g, ' ').slice(0, 300);
    }
  }

  close(): void {
    this.transport.close();
  }
}
