import type { Tenancy } from '../../server/http/endpoint';

/** One operation of the server's OpenAPI document, as the tenant suite and the rights matrix read it. */
export interface DeclaredOperation {
  method: string;
  /** The route as registered: `/api/t_device/del/:id`. */
  route: string;
  access: unknown;
  tenancy?: Tenancy;
}

/**
 * Every operation the running server declares, read from its own OpenAPI document (`x-nv-access`,
 * `x-tenancy`): the declarations `endpoint()` keeps, so a route added later is here by itself.
 */
export async function declaredOperations(url: string): Promise<DeclaredOperation[]> {
  const res = await fetch(`${url}/api/docs/openapi.json`);
  const doc = (await res.json()) as { paths: Record<string, Record<string, { 'x-nv-access'?: unknown; 'x-tenancy'?: Tenancy }>> };
  const out: DeclaredOperation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      out.push({ method: method.toUpperCase(), route: path.replace(/\{(\w+)\}/g, ':$1'), access: op['x-nv-access'], tenancy: op['x-tenancy'] });
    }
  }
  return out;
}

/** `METHOD /route` → its declared tenancy. */
export async function tenancyByRoute(url: string): Promise<Map<string, Tenancy | undefined>> {
  return new Map((await declaredOperations(url)).map((o) => [`${o.method} ${o.route}`, o.tenancy]));
}

