import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PRODUCT_VERSION } from '../../contract/constants';
import type { AppDeps } from '../deps';
import { notFound } from '../http/api-error';
import { endpoint } from '../http/endpoint';
import { buildOpenApi, type OpenApiDocument } from './openapi';
import { collectRoutes } from './route-catalogue';

const DESCRIPTION = [
  'The HTTP API of nv-console: `/api` (console and administration) and `/app-api` (analysis and purchasing).',
  'Every call answers the envelope `{success, data?, error?, requireLogin?}` unless marked otherwise; a token from',
  '`POST /api/user/login` goes in `Authorization: Bearer …`. Each operation says the right it requires; data are',
  'further limited to the caller\'s data scope. Paged lists take `Page` (1-based) and `Size` and answer `{list, count}`.',
].join(' ');

/** The page: Swagger UI from node_modules/swagger-ui-dist, everything served from this origin (no CDN). */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>nv-console API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/assets/init.js"></script>
</body>
</html>
`;

// No validator badge (it would call an outside host) and no remote configuration.
const INIT = `window.ui = SwaggerUIBundle({
  url: 'docs/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'none',
  filter: true,
  tryItOutEnabled: false,
});
`;

const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'favicon-32x32.png': { type: 'image/png', file: 'favicon-32x32.png' },
  'init.js': { type: 'text/javascript; charset=utf-8', text: INIT },
};

const swaggerDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const loaded = new Map<string, { body: Buffer; gzip: Buffer | null }>();

function asset(name: string): { body: Buffer; gzip: Buffer | null } {
  let found = loaded.get(name);
  if (!found) {
    const a = ASSETS[name];
    const body = a.text !== undefined ? Buffer.from(a.text) : fs.readFileSync(path.join(swaggerDir(), a.file!));
    found = { body, gzip: a.type.startsWith('text/') && body.length > 1024 ? zlib.gzipSync(body) : null };
    loaded.set(name, found);
  }
  return found;
}

function send(req: FastifyRequest, reply: FastifyReply, type: string, body: Buffer, gzip: Buffer | null, cache: string) {
  reply.header('Cache-Control', cache).header('Vary', 'Accept-Encoding').type(type);
  if (gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) reply.header('Content-Encoding', 'gzip').send(gzip);
  else reply.send(body);
}

/**
 * The API reference (issue 22): `GET /api/docs` (the page), `GET /api/docs/openapi.json` (OpenAPI
 * 3.1, written from every route `endpoint()` declared, with the contract's zod schemas) and the
 * page's assets. Public: it lists the contract, which the console's bundle carries anyway, and no
 * data. Call before the route families are registered: it collects them as they are.
 */
export function registerApiDocs(app: FastifyInstance, { db }: Pick<AppDeps, 'db'>): void {
  const routes = collectRoutes(app);
  let built: { json: Buffer; gzip: Buffer } | undefined;
  const document = (): { json: Buffer; gzip: Buffer } => {
    if (!built) {
      const { document: doc, failures } = buildOpenApi(routes, { title: 'nv-console API', version: PRODUCT_VERSION.replace(/^v/, ''), description: DESCRIPTION });
      // A schema zod cannot write as JSON Schema is named in the document (tests keep this absent).
      const out: OpenApiDocument = failures.length ? { ...doc, 'x-nv-schema-failures': failures } : doc;
      const json = Buffer.from(JSON.stringify(out));
      built = { json, gzip: zlib.gzipSync(json) };
    }
    return built;
  };

  endpoint(app, db, {
    method: 'GET', url: '/api/docs', access: 'public', raw: true, summary: 'The API reference page (this document, rendered)',
    handler({ req, reply }) {
      send(req, reply, 'text/html; charset=utf-8', Buffer.from(PAGE), null, 'no-cache');
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/api/docs/openapi.json', access: 'public', raw: true, summary: 'This OpenAPI 3.1 document',
    handler({ req, reply }) {
      const { json, gzip } = document();
      send(req, reply, 'application/json; charset=utf-8', json, gzip, 'no-cache');
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/api/docs/assets/:file', access: 'public', raw: true, params: z.object({ file: z.string().max(64) }),
    summary: 'A file of the reference page (Swagger UI)',
    handler({ params, req, reply }) {
      if (!Object.hasOwn(ASSETS, params.file)) throw notFound('文件');
      const { body, gzip } = asset(params.file);
      send(req, reply, ASSETS[params.file].type, body, gzip, 'public, max-age=86400');
    },
  });
}
