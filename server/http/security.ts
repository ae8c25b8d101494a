import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** AMap 1.4.4 loads scripts, tiles and data from these hosts; allowed only when a key is configured. */
const AMAP_HOSTS = ['https://*.amap.com', 'https://*.autonavi.com', 'https://*.is.autonavi.com'];

/** The content security policy: only what the console loads. */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'amapKey' | 'videoOrigins'>): Record<string, string[]> {
  const amap = config.amapKey ? AMAP_HOSTS : [];
  // Camera channels: hls.js fetches playlists and segments, the player plays them (MSE: blob:).
  const video = config.videoOrigins === 'any' ? ['http:', 'https:'] : config.videoOrigins;
  return {
    'default-src': ["'self'"],
    // AMap's 1.4.4 loader evaluates the scripts it fetches.
    'script-src': ["'self'", ...(amap.length ? ["'unsafe-eval'", ...amap] : [])],
    // styled-components injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...amap],
    'img-src': ["'self'", 'data:', 'blob:', ...amap],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'ws:', 'wss:', ...amap, ...video],
    'media-src': ["'self'", 'blob:', ...video],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
}

export async function registerSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The console is served over plain HTTP on control-room networks; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
  });
  await app.register(rateLimit, {
    global: false,
    // The plugin throws what this returns; an Error with a status lets the envelope handler
    // answer 429 with this text as `error`.
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(`请求过于频繁，请${Math.ceil(ctx.ttl / 1000)}秒后再试`), { statusCode: 429 }),
  });
}
