import fs from 'node:fs';
import path from 'node:path';
import { INLINE_CONFIG_ID } from '../../contract/constants';

/**
 * The build's route preload list (dist/route-preloads.json, written by vite.config.ts): for a
 * console route that a wall opens cold, the chunks it will import after the entry has run. The
 * server names them in that route's index.html as `<link rel="modulepreload">`, so the browser
 * fetches them while it is still running the entry instead of one after another afterwards, and
 * embeds config.json (as inert JSON) so the start-up reads need not wait for its fetch.
 */
export type RoutePreloads = Record<string, string[]>;

const SAFE_ASSET = /^\/assets\/[\w.-]+\.js$/;

/** Reads the list; a missing or malformed file (a build without it) means no hints, never an error. */
export function readRoutePreloads(staticDir: string): RoutePreloads {
  try {
    const raw: unknown = JSON.parse(fs.readFileSync(path.join(staticDir, 'route-preloads.json'), 'utf8'));
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const out: RoutePreloads = {};
    for (const [route, files] of Object.entries(raw as Record<string, unknown>)) {
      if (!route.startsWith('/') || !Array.isArray(files)) continue;
      out[route] = files.filter((f): f is string => typeof f === 'string' && SAFE_ASSET.test(f));
    }
    return out;
  } catch {
    return {};
  }
}

/** `html` with `lines` added just before `</head>`; unchanged when there are none or it has no `</head>`. */
export function beforeHeadEnd(html: string, lines: string): string {
  return lines && html.includes('</head>') ? html.replace('</head>', `${lines}  </head>`) : html;
}

/**
 * A non-executed JSON block (CSP-safe) the console reads by its id. `<` is escaped, so no text of
 * the JSON can close the block.
 */
export function inertJsonBlock(id: string, json: string): string {
  return `    <script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>\n`;
}

/** index.html with the route's chunks named as module preloads just before `</head>`. */
export function withPreloads(indexHtml: string, files: readonly string[]): string {
  return beforeHeadEnd(indexHtml, files.map((f) => `    <link rel="modulepreload" crossorigin href="${f}">\n`).join(''));
}

/** The route a request path belongs to in the list (`/monitor` and `/monitor/`), or null. */
export function preloadRoute(preloads: RoutePreloads, urlPath: string): string | null {
  const route = urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath;
  return Object.prototype.hasOwnProperty.call(preloads, route) ? route : null;
}

/** index.html with config.json's text embedded as an inert JSON block, in place of the preload of config.json. */
export function withInlineConfig(indexHtml: string, configText: string): string {
  if (!indexHtml.includes('</head>')) return indexHtml;
  const withoutPreload = indexHtml.replace(/\s*<link rel="preload" href="\/config\.json"[^>]*>/, '');
  return beforeHeadEnd(withoutPreload, inertJsonBlock(INLINE_CONFIG_ID, configText));
}
