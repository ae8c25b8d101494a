import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Real receivers for the alarm notification tests: a webhook endpoint (node:http) that checks
 * signatures the way a receiver following server/notifications/README.md would, and an SMTP
 * server (smtp-server, from the nodemailer project) that takes mail after a login.
 */

export interface WebhookHit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Epoch ms when the request had arrived whole. */
  at: number;
  /** The HTTP status answered. */
  status: number;
  /** The signature checked with the secret of the path (see `secrets`), over `${timestamp}.${body}`. */
  signatureOk: boolean;
}

/** How the receiver answers a request to a path: a status, optionally after a delay. */
export type WebhookBehaviour = (hit: { path: string; deliveryId: string; seen: number }) => { status: number; delayMs?: number };

/** The receiver's own check of the documented scheme (no code shared with the server). */
export function verifySignature(secret: string, timestamp: string, body: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(secrets: Record<string, string>, behaviour: WebhookBehaviour = () => ({ status: 200 })) {
  const hits: WebhookHit[] = [];
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0];
      const deliveryId = String(req.headers['x-nv-delivery'] ?? '');
      const n = (seen.get(deliveryId) ?? 0) + 1;
      seen.set(deliveryId, n);
      const { status, delayMs = 0 } = behaviour({ path, deliveryId, seen: n });
      const secret = secrets[path] ?? '';
      const hit: WebhookHit = {
        path, headers: req.headers, body, at: Date.now(), status,
        signatureOk: verifySignature(secret, String(req.headers['x-nv-timestamp'] ?? ''), body, req.headers['x-nv-signature'] as string | undefined),
      };
      // Taken in once read whole (a receiver acts on it then), answered after the delay.
      hits.push(hit);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver says no');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hits,
    /** Requests taken in with a 2xx answer (sent or, the caller gone, due), by delivery id. */
    accepted(): Map<string, WebhookHit[]> {
      const out = new Map<string, WebhookHit[]>();
      for (const h of hits.filter((x) => x.status >= 200 && x.status < 300)) {
        const id = String(h.headers['x-nv-delivery']);
        out.set(id, [...(out.get(id) ?? []), h]);
      }
      return out;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string;
  raw: string;
  headers: Map<string, string>;
  subject: string;
  text: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`). */
function decodeWords(s: string): string {
  return s.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) => (
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : qp(data.replace(/_/g, ' '))));
}

function qp(s: string): string {
  const bytes: number[] = [];
  const clean = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < clean.length; i++) {
    if (clean[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(clean.slice(i + 1, i + 3))) {
      bytes.push(parseInt(clean.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(clean[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A single-part text mail as nodemailer writes it: headers (unfolded) and the decoded body. */
function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable' ? qp(body) : body;
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n') };
}

/** An SMTP server on 127.0.0.1 that takes mail from `user`/`pass` only (plain AUTH without TLS, as on a LAN relay). */
export async function startSmtpReceiver(user: string, pass: string) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: String(session.user ?? ''),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  // A server killed with -9 (the crash test) resets its connections: an SMTP server reports that as
  // an 'error' event, which without a listener is thrown in the test process. A real relay goes on.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls `probe` until it answers something truthy, or fails after `timeoutMs` with `what`. */
export async function waitFor<T>(what: string, probe: () => Promise<T> | T, timeoutMs = 15_000, everyMs = 25): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
