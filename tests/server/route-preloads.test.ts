import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRoutePreloads, withInlineConfig } from '../../server/http/route-preloads';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const INDEX = `<!doctype html>
<html>
  <head>
    <link rel="preload" href="/config.json" as="fetch" crossorigin />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const CONFIG = { apiBaseUrl: '', appApiBaseUrl: '/app-api', appId: 1, note: '</script><script>alert(1)</script>' };

/** A built console's folder: INDEX, CONFIG and this preload list for /monitor. */
function staticDirWith(monitorPreloads: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-static-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(CONFIG));
  fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ '/monitor': monitorPreloads }));
  return dir;
}

describe('cold-start routes: module preloads and the embedded config in index.html', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = staticDirWith(['/assets/Console-1.js', '/assets/coreWidgets-2.js', 'https://evil.example/x.js', '/assets/../../etc/passwd']);
    server = await startTestServer({ staticDir });
  });
  afterAll(async () => {
    await server.dispose();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const page = async (pathname: string) => {
    const r = await fetch(`${server.url}${pathname}`, { headers: { Accept: 'text/html' } });
    return { status: r.status, type: r.headers.get('content-type'), html: await r.text() };
  };

  it('names the route\'s chunks as module preloads and embeds config.json, with or without a query or slash', async () => {
    for (const pathname of ['/monitor', '/monitor/', '/monitor?tpl=3']) {
      const { status, type, html } = await page(pathname);
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/html/);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Console-1.js">');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/coreWidgets-2.js">');
      // Only the build's own assets are ever named.
      expect(html).not.toContain('evil.example');
      expect(html).not.toContain('passwd');
      const block = /<script type="application\/json" id="nv-runtime-config">(.*?)<\/script>/.exec(html);
      expect(JSON.parse(block![1])).toEqual(CONFIG);
      // The preload of config.json is gone (the page has it) and no text of the file closes the block.
      expect(html).not.toContain('href="/config.json"');
      expect(html.match(/<\/script>/g)).toHaveLength(2);
    }
  });

  it('serves other routes the plain index.html, which fetches config.json itself', async () => {
    const { status, html } = await page('/nv_system/nv_users');
    expect(status).toBe(200);
    expect(html).toBe(INDEX);
  });

  it('reads an edited config.json on the next load, without a restart', async () => {
    fs.writeFileSync(path.join(staticDir, 'config.json'), JSON.stringify({ ...CONFIG, appId: 7 }));
    const { html } = await page('/monitor');
    const block = /<script type="application\/json" id="nv-runtime-config">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(block![1]).appId).toBe(7);
  });

  it('treats a missing or malformed list as no hints, and leaves a page without </head> alone', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-static-'));
    expect(readRoutePreloads(empty)).toEqual({});
    fs.writeFileSync(path.join(empty, 'route-preloads.json'), '{not json');
    expect(readRoutePreloads(empty)).toEqual({});
    fs.writeFileSync(path.join(empty, 'route-preloads.json'), '["/monitor"]');
    expect(readRoutePreloads(empty)).toEqual({});
    fs.rmSync(empty, { recursive: true, force: true });
    expect(withInlineConfig('<html></html>', '{}')).toBe('<html></html>');
  });
});

describe('a signed-in /monitor page carries its first template', () => {
  let server: TestServer;
  let staticDir: string;
  let admin: ApiClient;

  beforeAll(async () => {
    staticDir = staticDirWith(['/assets/Console-1.js']);
    server = await startTestServer({ staticDir });
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => {
    await server.dispose();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const page = async (pathname: string, cookie?: string) => {
    const r = await fetch(`${server.url}${pathname}`, { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) } });
    const html = await r.text();
    const block = /<script type="application\/json" id="nv-monitor-template">(.*?)<\/script>/.exec(html);
    return { status: r.status, html, cache: r.headers.get('cache-control'), vary: r.headers.get('vary'), embedded: block ? JSON.parse(block[1]) : null };
  };

  it('embeds what GET /api/t_screen_tpl/active answers the session of the cookie, kept from shared caches', async () => {
    const active = (await admin.get('/api/t_screen_tpl/active')).body.data;
    const r = await page('/monitor', `nv_page_src=0; nv_token=${admin.token}; nv_token_time=1`);
    expect(r.status).toBe(200);
    expect(r.embedded).toEqual({ tpl: null, record: active });
    expect(r.cache).toBe('private, no-store');
    expect(r.vary).toMatch(/Cookie/i);
    // The token itself never appears in the page.
    expect(r.html).not.toContain(admin.token!);
    // Config and preloads are still there.
    expect(r.html).toContain('id="nv-runtime-config"');
    expect(r.html).toContain('href="/assets/Console-1.js"');
  });

  it('embeds the template the address names, with its text unable to close the block', async () => {
    const made = (await admin.post('/api/t_screen_tpl/save', {
      name: '</script><script>alert(1)</script>',
      content: {
        version: 2,
        canvas: { width: 1920, height: 1080, background: '#000000', scaleMode: 'fit' },
        sources: [],
        widgets: [{ id: 'header', type: 'header', x: 0, y: 0, w: 1920, h: 96, title: '</script>' }],
      },
    })).body.data;
    const r = await page(`/monitor?tpl=${made.id}`, `nv_token=${admin.token}`);
    expect(r.embedded.tpl).toBe(made.id);
    expect(r.embedded.record.name).toBe('</script><script>alert(1)</script>');
    expect(r.html.match(/<\/script>/g)).toHaveLength(3);
    await admin.post(`/api/t_screen_tpl/del/${made.id}`);
  });

  it('embeds nothing without a valid session, for an address that brings its own token or names no valid id', async () => {
    for (const [pathname, cookie] of [
      ['/monitor', undefined],
      ['/monitor', 'nv_token=not-a-token'],
      ['/monitor', `nv_token=${'a'.repeat(32)}`],
      [`/monitor?token=${admin.token}`, `nv_token=${admin.token}`],
      ['/monitor?tpl=abc', `nv_token=${admin.token}`],
      ['/monitor?tpl=99999', `nv_token=${admin.token}`],
    ] as const) {
      const r = await page(pathname, cookie);
      expect(r.status, pathname).toBe(200);
      expect(r.embedded, `${pathname} ${cookie}`).toBeNull();
      expect(r.cache).toBe('no-cache');
    }
  });
});
