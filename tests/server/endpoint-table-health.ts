import type { EndpointCase } from './endpoint-table';

/** The load balancers' probes (server/http/health.ts): public, plain JSON, outside the envelope. */
export const HEALTH_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/healthz', access: 'public', raw: true, rawType: 'application/json; charset=utf-8', call: () => ({ url: '/healthz' }) },
  { method: 'GET', route: '/readyz', access: 'public', raw: true, rawType: 'application/json; charset=utf-8', call: () => ({ url: '/readyz' }) },
];
