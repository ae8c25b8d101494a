import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { Access, Tenancy } from '../http/endpoint';

/** What the API reference knows of one route: what `endpoint()` declared, or only its method and path. */
export interface CatalogueRoute {
  method: string;
  /** As registered, with its prefix: `/api/t_upgrade/:id`. */
  url: string;
  endpoint?: {
    access: Access;
    summary?: string;
    query?: ZodType;
    body?: ZodType;
    params?: ZodType;
    response?: ZodType;
    raw?: boolean;
    /** A video wall's display token may call it too (endpoint.ts `display`). */
    display?: true;
    /** Whose records it changes (endpoint.ts `Tenancy`). */
    tenancy?: Tenancy;
  };
}

/** The API's bases, and the operational probes beside them; the console's files are not the API. */
const API_PATH = /^\/(api|app-api|srv)(\/|$)|^\/(healthz|readyz|metrics)$/;

/** Transport routes of other protocols (the SignalR hub, CORS preflight) and the console's files. */
const NOT_API = (method: string, url: string, declared: boolean) =>
  method === 'HEAD' || method === 'OPTIONS' || url.includes('*') || url.startsWith('/chatHub') || (!declared && !API_PATH.test(url));

/**
 * Records every route registered on `app` from now on (Fastify's onRoute hook, inherited by the
 * /api and /app-api plugins registered after it), with the declaration `endpoint()` keeps in the
 * route's config. A family joins the API reference by being registered: there is no second list.
 */
export function collectRoutes(app: FastifyInstance): CatalogueRoute[] {
  const routes: CatalogueRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = (route.config as { endpoint?: CatalogueRoute['endpoint'] } | undefined)?.endpoint;
    for (const method of methods) {
      if (NOT_API(method, route.url, !!declared)) continue;
      routes.push({ method, url: route.url, endpoint: declared });
    }
  });
  return routes;
}
