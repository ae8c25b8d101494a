import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../server/api-docs/openapi';
import { ENDPOINTS } from './endpoint-table';
import { ApiClient, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>;

/** The API reference (issue 22, server/api-docs/): OpenAPI 3.1 from the routes and their zod schemas, and its page. */
describe('API reference', () => {
  let server: TestServer;
  let doc: Json;
  const anonymous = () => new ApiClient(server.url);

  beforeAll(async () => {
    server = await startTestServer();
    const r = await fetch(`${server.url}/api/docs/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    doc = await r.json();
  });
  afterAll(async () => { await server?.dispose(); });

  it('is an OpenAPI 3.1 document whose every schema could be written', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'nv-console API', version: '1.5.0' });
    expect(doc['x-nv-schema-failures']).toBeUndefined();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearer', 'tokenQuery']);
    // Structure: operations answer something, ids are unique, path parameters are declared, refs resolve.
    const ids = new Set<string>();
    const refs: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref' && typeof x === 'string') refs.push(x);
          else walk(x);
        }
      }
    };
    walk(doc);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'post', 'put', 'delete']).toContain(method);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, `${method} ${path}`).toMatch(/\S/);
        expect(op.responses['200']).toBeDefined();
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
          expect(op.parameters?.find((p: Json) => p.in === 'path' && p.name === name), `${method} ${path} {${name}}`).toMatchObject({ required: true });
        }
      }
    }
    for (const ref of refs) {
      const target = ref.replace(/^#\//, '').split('/').reduce<any>((node, key) => node?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('lists every route of the endpoint tables with its access', () => {
    for (const e of ENDPOINTS) {
      const op = doc.paths[openApiPath(e.route)]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.route}`).toBeDefined();
      expect(op.summary, `${e.method} ${e.route}`).toMatch(/\S/);
      // A route registered without endpoint() (probes, files) has no declaration to show: only public ones may be.
      if (op['x-nv-access'] === undefined) expect(e.access, `${e.method} ${e.route}`).toBe('public');
      else expect(op['x-nv-access'], `${e.method} ${e.route}`).toEqual(e.access);
    }
    expect(doc.paths['/healthz'].get).toBeDefined();
  });

  it('carries the contract\'s request and response schemas', () => {
    const login = doc.paths['/api/user/login'].post;
    expect(login.security).toEqual([]);
    const body = login.requestBody.content['application/json'].schema;
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['user', 'password']));

    const importOp = doc.paths['/api/licence/import'].post;
    expect(importOp).toMatchObject({ 'x-nv-access': 'licence-edit', security: [{ bearer: [] }, { tokenQuery: [] }], tags: ['licence'] });
    expect(importOp.description).toBe('Requires the right `licence-edit`. The platform\'s shared records: only a caller who sees all data.');
    expect(importOp['x-tenancy']).toBe('platform');
    const data = importOp.responses['200'].content['application/json'].schema.properties.data;
    expect(data.properties.state.enum).toEqual(['valid', 'expired', 'invalid', 'none']);

    // Query parameters from the zod query schema; path parameters from the route.
    const list = doc.paths['/api/t_upgrade'].get;
    expect(list.parameters.map((p: Json) => [p.name, p.in])).toEqual(expect.arrayContaining([['Page', 'query'], ['Size', 'query']]));
    const one = doc.paths['/api/t_upgrade/{id}'].get;
    expect(one.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(one.summary).toBe('Read one t_upgrade');
  });

  it('answers the page as HTML, with Swagger UI served from this origin', async () => {
    const r = await fetch(`${server.url}/api/docs`, { headers: { Accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await r.text();
    expect(html).toContain('<div id="swagger-ui">');
    // No other host: the page works offline and within the content security policy.
    expect(html).not.toMatch(/https?:\/\//);
    expect(r.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])) {
      const asset = await fetch(new URL(src, `${server.url}/api/docs`), { headers: { 'Accept-Encoding': 'gzip' } });
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
    }
    const init = await (await fetch(`${server.url}/api/docs/assets/init.js`)).text();
    expect(init).toContain("url: 'docs/openapi.json'");
    expect(init).toContain('validatorUrl: null');
    const missing = await anonymous().get('/api/docs/assets/index.html');
    expect(missing.status).toBe(404);
  });
});
