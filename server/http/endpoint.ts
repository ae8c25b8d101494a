import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z, type ZodType } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import type { DB } from '../db/schema';
import { ApiError, DISPLAY_REFUSED, forbidden, GUEST_READ_ONLY } from './api-error';
import { authenticate } from './authenticate';

/**
 * Who may call an endpoint: `'public'` (no token), `'signed-in'` (any valid token), a right
 * code the user must hold, or a list of codes of which the user must hold one (SPEC §6's "any of
 * several": the purchase assistant's `buy` opens what `buy-apply` or `buy-record` open). Every
 * endpoint declares one; there is no default.
 */
export type Access = 'public' | 'signed-in' | (string & {}) | readonly string[];

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
  const refusal = findRefusal(value, where);
  if (refusal) throw new ApiError(400, refusal);
  const result = (schema as unknown as ZodType).safeParse(value ?? (where === 'body' ? undefined : {}));
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
  app.route({
    method: spec.method,
    url: spec.url,
    // `endpoint` is what the API reference (server/api-docs/) reads of every route.
    config: { ...(spec.rateLimit ? { rateLimit: { max: spec.rateLimit, timeWindow: '1 minute' } } : {}), endpoint: spec },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (req, reply) => {
      let user: AuthUser | null = null;
      if (spec.access !== 'public') {
        user = await authenticate(db, req);
        if (user.display && !spec.display) throw forbidden(DISPLAY_REFUSED);
        if (spec.access !== 'signed-in' && !holdsAccess(user, spec.access)) {
          throw forbidden(`没有权限：${typeof spec.access === 'string' ? spec.access : spec.access.join(' / ')}`);
        }
        // The guest account is shared by everyone who clicks 游客访问: only reads are let through.
        // (A display principal reaches this line only on an endpoint made for walls, its tile reports included.)
        if (user.isGuest && spec.method !== 'GET' && !spec.guestMayPost && !user.display) throw forbidden(GUEST_READ_ONLY);
      }
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
