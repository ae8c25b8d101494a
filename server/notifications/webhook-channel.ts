import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '../../contract/alarm-notifications';

/**
 * The signature of a webhook call: `sha256=` and the hex HMAC-SHA256, keyed with the contact's
 * secret, of `<timestamp>.<body>` — the X-NV-Timestamp header's value (Unix seconds), a dot and
 * the exact bytes of the body. Signing the timestamp with the body lets a receiver refuse an old
 * call replayed (server/notifications/README.md).
 */
export function webhookSignature(secret: string, timestampS: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampS}.${body}`, 'utf8').digest('hex')}`;
}

/** Where a webhook call went, for the delivery log: the address without its query or fragment (they may carry tokens). */
export function webhookTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '';
  }
}

export interface WebhookCall {
  url: string;
  secret: string;
  deliveryId: string;
  body: string;
  /** Epoch ms of the try (the timestamp signed). */
  now: number;
  timeoutMs: number;
}

/** Why a call failed, in a few words (never the secret, the body or the address's query). */
function failure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timeout after ${timeoutMs} ms`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  return (cause ? `${e?.message ?? 'error'}: ${cause}` : e?.message ?? String(err)).slice(0, 300);
}

/**
 * POSTs a signed JSON body; answers null when the receiver accepted it (HTTP 2xx), else why not.
 * Redirects are not followed (a 3xx is a failure: the signed body goes only where it was sent),
 * and the whole call, answer included, ends at `timeoutMs`.
 */
export async function postWebhook(call: WebhookCall): Promise<string | null> {
  const timestampS = Math.floor(call.now / 1000);
  try {
    const res = await fetch(call.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'nv-console-alarm/1',
        [WEBHOOK_HEADERS.signature]: webhookSignature(call.secret, timestampS, call.body),
        [WEBHOOK_HEADERS.timestamp]: String(timestampS),
        [WEBHOOK_HEADERS.delivery]: call.deliveryId,
      },
      body: call.body,
    });
    // The answer's body is not needed; reading a little of it frees the connection.
    const text = (await res.text()).slice(0, 200);
    if (res.status >= 200 && res.status < 300) return null;
    return `HTTP ${res.status}${text ? `: ${text.replace(/\s+/g, ' ').trim()}` : ''}`.slice(0, 300);
  } catch (err) {
    return failure(err, call.timeoutMs);
  }
}
