import { z, type ZodType } from 'zod';
import type { CatalogueRoute } from './route-catalogue';

type Json = Record<string, unknown>;

export interface OpenApiDocument extends Json {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
}

/** `/api/t_upgrade/:id` → `/api/t_upgrade/{id}` (a route's regular expression dropped). */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
}

/** The base and family a route is listed under: `/api/t_upgrade/:id` → `t_upgrade`, `/app-api/energy/x` → `app-api/energy`. */
function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  if (parts[0] === 'api') return parts[1] ?? 'api';
  if (parts[0] === 'app-api') return parts[1] ? `app-api/${parts[1]}` : 'app-api';
  return parts[0] ?? 'root';
}

/** A summary from the path where the endpoint declares none: what the kit's route shapes mean. */
export function derivedSummary(method: string, url: string): string {
  const parts = url.split('/').filter(Boolean).filter((p) => p !== 'api' && p !== 'app-api');
  const last = parts.at(-1) ?? '';
  const noun = parts.filter((p) => !p.startsWith(':') && !['save', 'del', 'all', 'names'].includes(p)).join(' › ') || 'root';
  if (method === 'GET' && last.startsWith(':')) return `Read one ${noun}`;
  if (method === 'GET' && last === 'all') return `All ${noun} the caller sees (unpaged)`;
  if (method === 'GET' && last === 'names') return `Names of ${noun} for pickers`;
  if (method === 'POST' && last === 'save') return `Create (no id) or change (id and version) ${noun}`;
  if (method === 'POST' && parts.at(-2) === 'del') return `Delete ${noun}`;
  if (method === 'GET') return `Read ${noun}`;
  return `${method} ${noun}`;
}

function accessText(access: NonNullable<CatalogueRoute['endpoint']>['access']): string {
  if (access === 'public') return 'Public: no token.';
  if (access === 'signed-in') return 'Any signed-in user.';
  const codes = typeof access === 'string' ? [access] : [...access];
  return codes.length === 1 ? `Requires the right \`${codes[0]}\`.` : `Requires one of the rights ${codes.map((c) => `\`${c}\``).join(', ')}.`;
}

/**
 * Converts zod schemas to JSON Schema (2020-12, which OpenAPI 3.1 uses), moving recursive
 * definitions into components.schemas so every `$ref` resolves from the document's root.
 */
class SchemaWriter {
  readonly components: Record<string, Json> = {};
  private n = 0;
  readonly failures: string[] = [];

  convert(schema: ZodType, io: 'input' | 'output', where: string): Json {
    let out: Json;
    try {
      out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
    } catch (err) {
      this.failures.push(`${where}: ${(err as Error).message}`);
      return { description: 'See the contract (not representable in JSON Schema).' };
    }
    delete out.$schema;
    const defs = out.$defs as Record<string, Json> | undefined;
    if (!defs) return out;
    delete out.$defs;
    const names = new Map<string, string>();
    for (const key of Object.keys(defs)) names.set(key, `S${++this.n}`);
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) return [k, `#/components/schemas/${names.get(v.slice(8))}`];
        return [k, rewrite(v)];
      }));
    };
    for (const [key, def] of Object.entries(defs)) this.components[names.get(key)!] = rewrite(def) as Json;
    return rewrite(out) as Json;
  }
}

function parametersOf(writer: SchemaWriter, schema: ZodType | undefined, where: 'path' | 'query', label: string, pathNames: string[]): Json[] {
  const names = new Set(where === 'path' ? pathNames : []);
  const out: Json[] = [];
  if (schema) {
    const json = writer.convert(schema, 'input', label);
    const props = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(props)) {
      names.delete(name);
      const { description, ...rest } = prop;
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  // A path parameter the route names but no schema lists is still a parameter.
  for (const name of names) out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  return out;
}

/**
 * The OpenAPI 3.1 document of the routes registered (route-catalogue.ts): each operation with its
 * summary, the access it requires (text and `x-nv-access`; `x-display` where a video wall's display
 * token may call it too; `x-tenancy` whose records it changes, endpoint.ts `Tenancy`), its path and query parameters and JSON body from the endpoint's zod
 * schemas, and its response: the envelope `{success, data}` around the contract's `data` schema,
 * or a raw body (files, images, pages). `failures` names the schemas that could not be written (a
 * test keeps it empty).
 */
export function buildOpenApi(routes: readonly CatalogueRoute[], info: OpenApiInfo): { document: OpenApiDocument; failures: string[] } {
  const writer = new SchemaWriter();
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    const label = `${route.method} ${route.url}`;
    const e = route.endpoint;
    const tag = tagOf(route.url);
    tags.add(tag);
    const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const op: Json = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      tags: [tag],
      summary: e?.summary ?? derivedSummary(route.method, route.url),
    };
    if (e) {
      op.description = accessText(e.access);
      op['x-nv-access'] = e.access;
      if (e.display) {
        op.description += ' Answered for display tokens too (a video wall\'s own read-only credential, within its own wall).';
        op['x-display'] = true;
      }
      if (e.tenancy) {
        op['x-tenancy'] = e.tenancy;
        if (e.tenancy === 'platform') op.description += ' The platform\'s shared records: only a caller who sees all data.';
      }
      op.security = e.access === 'public' ? [] : [{ bearer: [] }, { tokenQuery: [] }];
    }
    const parameters = [
      ...parametersOf(writer, e?.params, 'path', `${label} params`, pathNames),
      ...parametersOf(writer, e?.query, 'query', `${label} query`, []),
    ];
    if (parameters.length) op.parameters = parameters;
    if (e?.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: writer.convert(e.body, 'input', `${label} body`) } } };
    }
    const ok = e?.raw || !e
      ? { description: 'The body itself (a file, an image, a page or a probe\'s JSON), not an envelope.' }
      : {
        description: 'Success: the envelope with `data`.',
        content: { 'application/json': { schema: {
          type: 'object', required: ['success'],
          properties: { success: { const: true }, data: e.response ? writer.convert(e.response, 'output', `${label} response`) : {} },
        } } },
      };
    op.responses = {
      200: ok,
      ...(e && !e.raw ? { default: { $ref: '#/components/responses/Refused' } } : {}),
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/user/login (or token/refresh).' },
        tokenQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'The same token as a query parameter (SPEC §7).' },
      },
      responses: {
        Refused: {
          description: 'Refused: 400 (the field named in `error`), 401 (no or bad token), 403 (a right missing), 404, 409 (stale version), 429; '
            + 'an expired session answers 200 with `requireLogin: true`. Nothing is changed by a refused call.',
          content: { 'application/json': { schema: {
            type: 'object', required: ['success', 'error'],
            properties: { success: { const: false }, error: { type: 'string' }, requireLogin: { type: 'boolean' }, data: {} },
          } } },
        },
      },
      schemas: writer.components,
    },
  };
  return { document, failures: writer.failures };
}
