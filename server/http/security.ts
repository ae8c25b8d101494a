import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { VideoOrigins } from './video-origins';
import type { ServerConfig } from '../config';

/** AMap 1.4.4 loads scripts, tiles and data from these hosts; allowed only when a key is configured. */
const AMAP_HOSTS = ['https://*.amap.com', 'https://*.autonavi.com', 'https://*.is.autonavi.com'];

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

/**
 * The content security policy: only what the console loads. Scripts, styles, data and the hub come
 * from the console's own origin (CSP 3's 'self' covers its ws: and wss:), AMap's hosts only with a
 * key, camera streams only from `videoSources` (read per response: see video-origins.ts).
 */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'amapKey'>, videoSources: () => string[] = () => []): Record<string, Source[]> {
  const amap = config.amapKey ? AMAP_HOSTS : [];
  // Camera channels: hls.js fetches playlists and segments, the player plays them (MSE: blob:).
  // One source expression per directive, written per response from the origins admitted now.
  const withVideo = (...fixed: string[]): Source[] => [() => [...fixed, ...videoSources()].join(' ')];
  return {
    'default-src': ["'self'"],
    // AMap's 1.4.4 loader evaluates the scripts it fetches.
    'script-src': ["'self'", ...(amap.length ? ["'unsafe-eval'", ...amap] : [])],
    // styled-components injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...amap],
    'img-src': ["'self'", 'data:', 'blob:', ...amap],
    'font-src': ["'self'", 'data:'],
    'connect-src': withVideo("'self'", ...amap),
    'media-src': withVideo("'self'", 'blob:'),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
}

export async function registerSecurity(app: FastifyInstance, config: ServerConfig, db: Kysely<DB>): Promise<void> {
  const videoOrigins = new VideoOrigins(db, config.videoOrigins);
  await videoOrigins.refresh();
  app.decorate('videoOrigins', videoOrigins);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, () => videoOrigins.sources()) },
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
