import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { addressRefusal, parseNetworks, type Network } from './address-policy';

/** A resolved address of a host name, as `dns.lookup(…, {all: true})` answers it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name; rejects with the resolver's error (its `code`, e.g. ENOTFOUND). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address in its order. */
export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The most of an answer read (and thrown away) before the connection is closed. */
const MAX_ANSWER_BYTES = 4096;

export interface GuardedPostOptions {
  headers: Record<string, string>;
  body: string;
  /** The whole call — resolving, connecting, sending and the answer — ends after this long. */
  timeoutMs: number;
  /** The operator's allow-list (CIDRs, e.g. `WEBHOOK_ALLOW_NETWORKS`): addresses there are called even if not public. */
  allow: readonly string[];
  /** Resolves host names (tests stub DNS here); default the system resolver. */
  lookup?: Resolver;
}

/** How a guarded call ended: `ok` on a 2xx answer; otherwise a short reason, safe to show tenants. */
export type GuardedResult = { ok: true; status: number } | { ok: false; error: string };

/** `localhost` and `*.localhost` name this machine (RFC 6761), resolvable or not. */
const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** An address refused and why (`loopback`, `private`, …). */
export interface Refusal {
  address: string;
  reason: string;
}

type Screened = { addresses: ResolvedAddress[] } | { refused: Refusal } | { dnsError: string };

/**
 * The addresses a host may be called at, or why not: an IP literal is judged as it is; a name is
 * resolved and refused if ANY of its addresses is refused (stricter and simpler than picking an
 * allowed one: a name that also points inside is not a public receiver). A localhost name that
 * does not resolve is refused as loopback all the same.
 */
async function screen(hostname: string, allow: readonly Network[], resolve: Resolver): Promise<Screened> {
  const host = bare(hostname);
  if (net.isIP(host)) {
    const why = addressRefusal(host, allow);
    return why ? { refused: { address: host, reason: why } } : { addresses: [{ address: host, family: net.isIP(host) }] };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch (err) {
    if (isLocalhostName(host)) return { refused: { address: host, reason: 'loopback' } };
    return { dnsError: (err as { code?: string }).code ?? 'error' };
  }
  if (!addresses.length) return isLocalhostName(host) ? { refused: { address: host, reason: 'loopback' } } : { dnsError: 'ENOTFOUND' };
  for (const { address } of addresses) {
    const why = addressRefusal(address, allow);
    if (why) return { refused: { address, reason: why } };
  }
  return { addresses };
}

/**
 * Why a tenant's address may not be saved (`{address: '10.0.0.5', reason: 'private'}`), or null:
 * an IP literal or localhost name outside the allow-list, or a name resolving (within `timeoutMs`,
 * default 2 s) to a refused address. A name that does not resolve now may be saved: each call is
 * guarded again.
 */
export async function destinationRefusal(
  url: string, o: { allow: readonly string[]; lookup?: Resolver; timeoutMs?: number },
): Promise<Refusal | null> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return null;
  }
  const allow = parseNetworks(o.allow);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Screened>((resolve) => { timer = setTimeout(() => resolve({ dnsError: 'timeout' }), o.timeoutMs ?? 2_000); });
  try {
    const s = await Promise.race([screen(hostname, allow, o.lookup ?? systemResolver), late]);
    return 'refused' in s ? s.refused : null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POSTs `body` to an address a tenant chose — the one guarded client for such calls
 * (server/outbound/README.md). The address connected to is the address checked: IP literals are
 * checked before connecting (Node skips `lookup` for them) and names inside the connection's own
 * `lookup`, so no second resolution can answer differently (DNS rebinding). Only http: and https:;
 * no redirect is followed (a 3xx is a failure); the whole call ends at `timeoutMs`; at most a few
 * KB of the answer are read and thrown away. Throws only on an invalid allow-list (config checks it
 * at start); a failure is `HTTP 503`, `timeout after N ms`, `address not allowed: 10.0.0.5
 * (private)`, `connection failed: ECONNREFUSED` or `DNS lookup failed: ENOTFOUND` — never the
 * answer's text.
 */
export function guardedPost(url: string, o: GuardedPostOptions): Promise<GuardedResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, error: 'invalid address' });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve({ ok: false, error: `scheme not allowed: ${target.protocol}` });
  }
  const allow = parseNetworks(o.allow);
  const resolve = o.lookup ?? systemResolver;
  const host = bare(target.hostname);
  if (net.isIP(host)) {
    const why = addressRefusal(host, allow);
    if (why) return Promise.resolve({ ok: false, error: `address not allowed: ${host} (${why})` });
  }

  return new Promise<GuardedResult>((done) => {
    let settled = false;
    let status: number | undefined;
    /** Set by the connection's lookup: the call must end with this reason, whatever the socket says. */
    let refusal: string | null = null;
    const finish = (r: GuardedResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      done(r);
    };
    const byStatus = (s: number): GuardedResult => (s >= 200 && s < 300 ? { ok: true, status: s } : { ok: false, error: `HTTP ${s}` });

    // Node's net asks with `all: true` when it may try several addresses (autoSelectFamily), else for one.
    const lookup = (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      screen(hostname, allow, resolve).then((s) => {
        if ('addresses' in s) {
          if (options.all) callback(null, s.addresses);
          else callback(null, s.addresses[0].address, s.addresses[0].family);
          return;
        }
        refusal = 'refused' in s ? `address not allowed: ${s.refused.address} (${s.refused.reason})` : `DNS lookup failed: ${s.dnsError}`;
        callback(Object.assign(new Error(refusal), { code: 'ENOTALLOWED' }));
      }, (err: unknown) => callback(err));
    };

    const request = target.protocol === 'https:' ? https.request : http.request;
    const req = request(target, {
      method: 'POST',
      headers: { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) },
      // A fresh connection every call: a pooled one would skip the lookup that guards it.
      agent: false,
      lookup: lookup as unknown as net.LookupFunction,
    }, (res) => {
      status = res.statusCode ?? 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_ANSWER_BYTES) finish(byStatus(status!));
      });
      res.on('end', () => finish(byStatus(status!)));
      res.on('close', () => finish(byStatus(status!)));
      res.on('error', () => finish(byStatus(status!)));
    });
    req.on('error', (err: NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] }) => {
      if (refusal) return finish({ ok: false, error: refusal });
      if (status !== undefined) return finish(byStatus(status));
      const code = err.code ?? err.errors?.find((e) => e.code)?.code ?? 'error';
      finish({ ok: false, error: `connection failed: ${code}` });
    });
    // Set before anything can settle: the lookup, the connection and the answer are all asynchronous.
    const timer = setTimeout(() => finish({ ok: false, error: `timeout after ${o.timeoutMs} ms` }), o.timeoutMs);
    req.end(o.body);
  });
}
