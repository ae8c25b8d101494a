import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { monitorTemplateBlock } from './monitor-start';
import { beforeHeadEnd, preloadRoute, readRoutePreloads, withInlineConfig, withPreloads } from './route-preloads';

/** Paths that belong to the server, never to the console's history fallback (they answer JSON). */
const SERVER_PREFIXES = ['/api/', '/app-api/', '/srv/', '/chatHub'];

/**
 * Serves the built console with a history fallback: any other GET or HEAD of a path without a file
 * extension gets index.html, whatever its Accept header (curl and load balancers accept anything), so
 * `/` and a deep link like /nv_system/nv_users load the app (a route of the build's preload list
 * gets its chunks named in it: route-preloads.ts). Unknown server paths get the envelope with 404.
 */
export async function registerConsole(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  const index = staticDir ? path.join(staticDir, 'index.html') : undefined;
  const hasConsole = !!index && fs.existsSync(index);
  // Read once: a deploy restarts the server (the static files are registered at start too).
  const preloads = hasConsole ? readRoutePreloads(staticDir!) : {};
  const indexHtml = Object.keys(preloads).length ? fs.readFileSync(index!, 'utf8') : '';
  const routeHtml = new Map(Object.entries(preloads).map(([route, files]) => [route, withPreloads(indexHtml, files)]));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: staticDir!,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (vite.config.ts): sent to browsers that take them.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fetched anew after a deploy.
      setHeaders: (reply, file) => {
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // config.json is read per request: operators edit it in place and expect the next load to see it.
  const coldRouteHtml = (route: string) => {
    const html = routeHtml.get(route)!;
    let configText: string;
    try {
      configText = fs.readFileSync(path.join(staticDir!, 'config.json'), 'utf8');
    } catch {
      return html;
    }
    return configText.length <= 64 * 1024 ? withInlineConfig(html, configText) : html;
  };
  // What a cold route's page asks first, answered in the page itself (monitor-start.ts).
  const firstAnswers: Record<string, (req: FastifyRequest) => Promise<string>> = {
    '/monitor': (req) => monitorTemplateBlock(app, req),
  };
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    const isServerPath = SERVER_PREFIXES.some((p) => url.startsWith(p));
    if (hasConsole && (req.method === 'GET' || req.method === 'HEAD') && !isServerPath && !path.extname(url)) {
      const route = preloadRoute(preloads, url);
      if (route) {
        const html = coldRouteHtml(route);
        const answer = firstAnswers[route];
        const page = answer ? beforeHeadEnd(html, await answer(req).catch(() => '')) : html;
        if (page === html) return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
        // The page now carries a user's answer: never kept by a shared cache or served to another session.
        return reply.header('Cache-Control', 'private, no-store').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(page);
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, error: '网络请求不存在' });
  });
}
