import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /([?&](?:token|access_token|password|id_token)=)[^&#]*/gi;

/** A URL safe to log: token and password query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's request serializer, without secrets: no headers, and the URL redacted. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
}
