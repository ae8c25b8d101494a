import fs from 'node:fs';
import { Right } from '../../contract/rights';
import { SHIPPED_LICENCE_FILE } from '../../server/licence/shipped-licence';
import type { EndpointCase } from './endpoint-table';

/** 关于 (issue 22): version, licence and the API reference, for the rights matrix of endpoint-table.ts. */
export const ABOUT_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/api/about/version', access: 'signed-in', call: () => ({ url: '/api/about/version' }) },
  { method: 'GET', route: '/api/licence', access: 'signed-in', call: () => ({ url: '/api/licence' }) },
  // The shipped demo licence imports again (the harness trusts the shipped key): in force as before.
  { method: 'POST', route: '/api/licence/import', access: Right.LicenceEdit,
    call: () => ({ url: '/api/licence/import', body: { content: fs.readFileSync(SHIPPED_LICENCE_FILE, 'utf8') } }) },
  { method: 'GET', route: '/api/docs', access: 'public', raw: true, rawType: 'text/html; charset=utf-8', call: () => ({ url: '/api/docs' }) },
  { method: 'GET', route: '/api/docs/openapi.json', access: 'public', raw: true, rawType: 'application/json; charset=utf-8',
    call: () => ({ url: '/api/docs/openapi.json' }) },
  { method: 'GET', route: '/api/docs/assets/:file', access: 'public', raw: true, rawType: 'text/css; charset=utf-8',
    call: () => ({ url: '/api/docs/assets/swagger-ui.css' }) },
];
