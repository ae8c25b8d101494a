import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isDisplayToken } from '../../contract/display-token';
import type { AuthUser } from '../auth/auth-user';
import type { DB } from '../db/schema';
import { authenticate, requestToken } from '../http/authenticate';

/**
 * The data-version cache of video walls (issue 23). The tiles of one wall read their REST sources
 * at the same server-clock boundary with `_v=<data version>` in the query; the first tile's answer
 * is kept per (wall, caller's rights and data scope, address with `_v`) and every other tile of
 * the wall gets the identical body, so a value never differs between two tiles of one widget. A
 * read arriving while the first is still being answered waits for it. Only display principals'
 * successful GET answers are kept; `_v` is taken out of the query before validation, so no
 * endpoint sees it. Bounded in time (ttlMs) and size (least recently used out first).
 */

/** The query parameter carrying the data version. */
export const DATA_VERSION_PARAM = '_v';

export interface DisplayCacheOptions {
  /** How long an answer is served at most (data versions change long before on any sane interval). */
  ttlMs: number;
  maxEntries: number;
}

export const DEFAULT_DISPLAY_CACHE: DisplayCacheOptions = { ttlMs: 120_000, maxEntries: 500 };

interface Answer { body: string; type: string }
interface Entry { at: number; answer: Answer | null; pending: Promise<Answer | null> | null }

/** The answers kept, by key, in least-recently-used order (a Map keeps insertion order). */
export class DisplayCache {
  private readonly entries = new Map<string, Entry>();
  constructor(readonly options: DisplayCacheOptions = DEFAULT_DISPLAY_CACHE) {}

  get size(): number { return this.entries.size; }

  /** A fresh entry (answered or on its way), marked as used; undefined when none. */
  lookup(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.at > this.options.ttlMs) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  /** Starts an entry whose answer is on its way; returns its settle function (null: nothing to keep). */
  begin(key: string, now = Date.now()): (answer: Answer | null) => void {
    let settle!: (answer: Answer | null) => void;
    const entry: Entry = { at: now, answer: null, pending: new Promise((resolve) => { settle = resolve; }) };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    let done = false;
    return (answer) => {
      if (done) return;
      done = true;
      entry.pending = null;
      if (answer) entry.answer = answer;
      else if (this.entries.get(key) === entry) this.entries.delete(key);
      settle(answer);
    };
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every answer kept for wall `wallId` (it was saved or deleted: its display read changed). */
  forgetWall(wallId: number): void {
    const prefix = `${wallId}|`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** The address without the token (a tile may pass it in the query): tiles of one wall share an answer. */
function addressOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.delete('token');
  params.delete('access_token');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** Callers with the same wall, rights and data scope get the same answers. */
function authorityOf(user: AuthUser): string {
  return `${user.display!.wallId}|${[...user.rights].sort().join(',')}|${JSON.stringify(user.scope)}`;
}

/** Installs the cache's hooks on the app (before the route families, so they cover them all). */
export function registerDisplayCache(app: FastifyInstance, db: Kysely<DB>, options: DisplayCacheOptions = DEFAULT_DISPLAY_CACHE): DisplayCache {
  const cache = new DisplayCache(options);
  const leading = new WeakMap<FastifyRequest, (answer: Answer | null) => void>();

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const query = req.query as Record<string, unknown> | undefined;
    if (!query || !(DATA_VERSION_PARAM in query)) return;
    delete query[DATA_VERSION_PARAM];
    if (!isDisplayToken(requestToken(req))) return;
    // The same sign-in the endpoint makes (once per request): a refused token is the endpoint's to answer.
    const user = await authenticate(db, req).catch(() => null);
    if (!user?.display) return;
    const key = `${authorityOf(user)}|${addressOf(req.url)}`;
    const entry = cache.lookup(key);
    const answer = entry ? entry.answer ?? await entry.pending : null;
    if (answer) {
      return reply.code(200).header('content-type', answer.type).header('x-wall-cache', 'hit').send(answer.body);
    }
    leading.set(req, cache.begin(key));
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const settle = leading.get(req);
    if (!settle) return payload;
    leading.delete(req);
    const ok = reply.statusCode === 200 && typeof payload === 'string' && payload.startsWith('{"success":true');
    settle(ok ? { body: payload, type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') } : null);
    return payload;
  });

  // An answer that never reached onSend (the client went away): the waiting tiles ask for themselves.
  const abandon = async (req: FastifyRequest) => {
    leading.get(req)?.(null);
    leading.delete(req);
  };
  app.addHook('onResponse', abandon);
  app.addHook('onRequestAbort', abandon);
  return cache;
}
