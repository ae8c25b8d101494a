import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRoutePreloads, withInlineConfig } from '../../server/http/route-preloads';
import { startTestServer, type TestServer } from './harness';

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

describe('cold-start routes: module preloads and the embedded config in index.html', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(staticDir, 'config.json'), JSON.stringify(CONFIG));
    fs.writeFileSync(path.join(staticDir, 'route-preloads.json'), JSON.stringify({
      '/monitor': ['/assets/Console-1.js', '/assets/coreWidgets-2.js', 'https://evil.example/x.js', '/assets/../../etc/passwd'],
    }));
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
