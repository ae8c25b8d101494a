import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/** Turns every failure into the envelope, with a status the caller can act on. */
export function registerEnvelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    if (error instanceof ApiError) {
      const body: Record<string, unknown> = { success: false, error: error.message };
      if (error.requireLogin) body.requireLogin = true;
      if (error.data !== undefined) body.data = error.data;
      return reply.status(error.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ success: false, error: error.message });
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit where it has one (the template import takes 20 MB), else the app's.
      const limit = req.routeOptions.bodyLimit;
      const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
      return reply.status(413).send({ success: false, error: `请求内容过大（上限 ${size}）` });
    }
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? `不支持的内容类型：${req.headers['content-type'] ?? ''}`
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
          ? 'body: 无效的 JSON'
          : error.message;
      return reply.status(status).send({ success: false, error: message });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, error: '服务器内部错误' });
  });
}
