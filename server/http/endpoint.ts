import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z, type ZodType } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import type { DB } from '../db/schema';
import { ApiError, DISPLAY_REFUSED, forbidden, GUEST_READ_ONLY, PLATFORM_ONLY } from './api-error';
import { authenticate } from './authenticate';

/**
 * Who may call an endpoint: `'public'` (no token), `'signed-in'` (any valid token), a right
 * code the user must hold, or a list of codes of which the user must hold one (SPEC §6's "any of
 * several": the purchase assistant's `buy` opens what `buy-apply` or `buy-record` open). Every
 * endpoint declares one; there is no default.
 */
export type Access = 'public' | 'signed-in' | (string & {}) | readonly string[];

/**
 * Whose records an endpoint changes (DESIGN "Tenancy", server/auth/README.md). Every write
 * (POST, PUT, DELETE) declares one; `endpoint()` refuses to register a write without it.
 * - `platform`: the platform's shared records and switches (catalogue, firmware, dictionaries,
 *   organisation types, guest mode, settings, licence, backups): only a caller who sees all data
 *   passes; `endpoint()` answers anyone else 403 before reading the body. Reads may declare it too
 *   (a backup holds every organisation's data).
 * - `subtree`: an organisation subtree's records; the handler keeps to the caller's data scope,
 *   and a write that can change someone's scope runs under server/auth/data-scope.ts.
 * - `self`: the caller's own session, account, settings or messages, or nothing stored at all.
 * - `gateway`: a gateway's own calls, authenticated by its key, within its project.
 */
export type Tenancy = 'platform' | 'subtree' | 'self' | 'gateway';

/** True when `user` holds what a right-guarded `access` asks for. */
export function holdsAccess(user: AuthUser, access: string | readonly string[]): boolean {
  return typeof access === 'string' ? user.rights.has(access) : access.some((code) => user.rights.has(code));
}

type Out<S> = S extends ZodType ? z.output<S> : undefined;
type In<S> = S extends ZodType ? z.input<S> : unknown;

export interface EndpointContext<Q, B, P, U> {
  query: Q;
  body: B;
  params: P;
  user: U;
  db: Kysely<DB>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointSpec<A extends Access, QS, BS, PS, RS> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: A;
  /** Whose records it changes: required for every write (see {@link Tenancy}). */
  tenancy?: Tenancy;
  /** One line for the API reference (/api/docs); without it the reference derives one from the path. */
  summary?: string;
  query?: QS;
  body?: BS;
  params?: PS;
  /**
   * The `data` schema from contract/. The handler's result is parsed with it before sending, so
   * the response matches the contract and carries no field the contract does not list.
   */
  response?: RS;
  /** Per-route rate limit (requests per minute per client address). */
  rateLimit?: number;
  /** A POST the shared guest account may make too (logging out ends only the caller's own session). */
  guestMayPost?: boolean;
  /**
   * A video wall's display principal (a display token, issue 23) may call it too: what a wall tile
   * reads (and the tile reports it makes). Every other endpoint refuses one with 403.
   */
  display?: true;
  /** Largest request body in bytes, where the app's default (BODY_LIMIT) is too small. */
  bodyLimit?: number;
  /**
   * The handler sends the reply itself (an image, a download) instead of returning `data` for the
   * envelope; errors it throws still answer the envelope.
   */
  raw?: boolean;
  handler(
    ctx: EndpointContext<Out<QS>, Out<BS>, Out<PS>, A extends 'public' ? null : AuthUser>,
  ): Promise<In<RS>> | In<RS>;
}

/** "body.user: user is required" — the first issue, naming the field. */
export function describeZodError(where: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const field = [where, ...issue.path.map(String)].join('.');
  return `${field}: ${issue.message}`;
}

/** How deep a request's JSON may nest: far beyond any document of ours, far below the stack's limit. */
export const MAX_JSON_DEPTH = 100;

/**
 * Why a request value is refused before validation, or null: the path of the first string (or
 * key) holding U+0000 — PostgreSQL text cannot store it (SQLite can), and no field needs it, so it
 * is refused up front and both databases answer alike — or of the first value nested deeper than
 * MAX_JSON_DEPTH (a 200,000-level body is well under the body limit; walking it, here or in zod,
 * would overflow the stack).
 */
function findRefusal(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? `${path}: must not contain NUL characters` : null;
  if (!value || typeof value !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return `${path}: nested more than ${MAX_JSON_DEPTH} levels deep`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findRefusal(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
  } else {
    for (const [key, v] of Object.entries(value)) {
      const found = key.includes('\u0000')
        ? `${path}.${JSON.stringify(key)}: must not contain NUL characters`
        : findRefusal(v, `${path}.${key}`, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

function parse<S>(schema: S | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  // A JSON `null` (or a bare number, string or boolean) is not a body: only an object or a list is.
  if (where === 'body' && value !== undefined && (value === null || typeof value !== 'object')) {
    throw new ApiError(400, 'body: 请求体必须是 JSON 对象');
  }
  const refusal = findRefusal(value, where);
  if (refusal) throw new ApiError(400, refusal);
  const result = (schema as unknown as ZodType).safeParse(where === 'body' ? value : value ?? {});
  if (!result.success) throw new ApiError(400, describeZodError(where, result.error));
  return result.data;
}

/**
 * Declares one endpoint: access check, then zod validation of params, query and body, then the
 * handler; its result is sent as `{success: true, data}`. Errors become envelopes in the app's
 * error handler. This is the only way routes are added, so no endpoint forgets its right, and a
 * guest (游客访问) is refused every signed-in call but GET: a POST that only reads is refused too.
 */
export function endpoint<
  A extends Access,
  QS extends ZodType | undefined = undefined,
  BS extends ZodType | undefined = undefined,
  PS extends ZodType | undefined = undefined,
  RS extends ZodType | undefined = undefined,
>(app: FastifyInstance, db: Kysely<DB>, spec: EndpointSpec<A, QS, BS, PS, RS>): void {
  if (spec.method !== 'GET' && !spec.tenancy) throw new Error(`${spec.method} ${spec.url}: a write endpoint declares its tenancy (endpoint.ts Tenancy)`);
  // The caller is known before the body is read (onRequest): a large body from nobody is never parsed.
  const callers = new WeakMap<FastifyRequest, AuthUser>();
  app.route({
    method: spec.method,
    url: spec.url,
    // `endpoint` is what the API reference (server/api-docs/) reads of every route.
    config: { ...(spec.rateLimit ? { rateLimit: { max: spec.rateLimit, timeWindow: '1 minute' } } : {}), endpoint: spec },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    onRequest: async (req) => {
      if (spec.access !== 'public') callers.set(req, await admit(db, req, spec));
    },
    handler: async (req, reply) => {
      const user = spec.access === 'public' ? null : callers.get(req) ?? await admit(db, req, spec);
      const params = parse(spec.params, req.params, 'params');
      const query = parse(spec.query, req.query, 'query');
      const body = parse(spec.body, req.body, 'body');
      const data = await spec.handler({ query, body, params, user, db, req, reply } as never);
      if (spec.raw) return reply;
      const out = spec.response ? (spec.response as unknown as ZodType).parse(data) : data;
      return { success: true, data: out ?? null };
    },
  });
}

/**
 * Who calls, and whether they may: the token, the right, the display principal's and the guest's
 * limits, and the platform's records only for a caller who sees all data.
 */
async function admit(db: Kysely<DB>, req: FastifyRequest, spec: EndpointSpec<Access, unknown, unknown, unknown, unknown>): Promise<AuthUser> {
  const user = await authenticate(db, req);
  if (user.display && !spec.display) throw forbidden(DISPLAY_REFUSED);
  if (spec.access !== 'signed-in' && !holdsAccess(user, spec.access)) {
    throw forbidden(`没有权限：${typeof spec.access === 'string' ? spec.access : spec.access.join(' / ')}`);
  }
  // The guest account is shared by everyone who clicks 游客访问: only reads are let through.
  // (A display principal reaches this line only on an endpoint made for walls, its tile reports included.)
  if (user.isGuest && spec.method !== 'GET' && !spec.guestMayPost && !user.display) throw forbidden(GUEST_READ_ONLY);
  if (spec.tenancy === 'platform' && (!user.scope.all || user.isGuest || user.display)) throw forbidden(PLATFORM_ONLY);
  return user;
}
