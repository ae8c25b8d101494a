import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '../../contract/alarm-notifications';
import { guardedPost } from '../outbound/guarded-request';

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
  /** Networks the operator admits although not public (`WEBHOOK_ALLOW_NETWORKS`, server/outbound/). */
  allowNetworks: readonly string[];
}

/**
 * POSTs a signed JSON body through the guarded outbound client (server/outbound/); answers null
 * when the receiver accepted it (HTTP 2xx), else why not in a few words safe for the delivery log:
 * `HTTP 503`, `timeout after N ms`, `address not allowed: 10.0.0.5 (private)`, … — never the
 * answer's text, the secret or the address's query. Redirects are not followed (a 3xx is a failure:
 * the signed body goes only where it was sent), and the whole call, answer included, ends at
 * `timeoutMs`.
 */
export async function postWebhook(call: WebhookCall): Promise<string | null> {
  const timestampS = Math.floor(call.now / 1000);
  const result = await guardedPost(call.url, {
    timeoutMs: call.timeoutMs,
    allow: call.allowNetworks,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'nv-console-alarm/1',
      [WEBHOOK_HEADERS.signature]: webhookSignature(call.secret, timestampS, call.body),
      [WEBHOOK_HEADERS.timestamp]: String(timestampS),
      [WEBHOOK_HEADERS.delivery]: call.deliveryId,
    },
    body: call.body,
  });
  return result.ok ? null : result.error;
}
