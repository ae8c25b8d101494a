import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>\n';

describe('the console whatever the Accept header, and the probes for load balancers', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nv-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    server = await startTestServer({ staticDir, readyMaxIngestLagS: 30 });
  });
  afterAll(async () => {
    await server.dispose();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves / and deep links the console as curl, a probe or a browser asks for them', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/html,application/xhtml+xml']) {
      for (const pathname of ['/', '/nv_system/nv_users', '/monitor?tpl=3']) {
        const r = await fetch(`${server.url}${pathname}`, { headers: accept ? { Accept: accept } : {} });
        expect(r.status, `${pathname} with Accept ${accept}`).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await r.text()).toBe(INDEX);
      }
    }
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('answers JSON 404 on the server\'s own prefixes, even to a browser', async () => {
    for (const pathname of ['/api/no-such-call', '/app-api/no-such-call', '/srv/no-such-call', '/chatHub/nope']) {
      const r = await fetch(`${server.url}${pathname}`, { headers: { Accept: 'text/html' } });
      expect(r.status, pathname).toBe(404);
      expect(await r.json()).toEqual({ success: false, error: '网络请求不存在' });
    }
    // A missing file is not the console either.
    expect((await fetch(`${server.url}/assets/missing-123.js`)).status).toBe(404);
  });

  it('GET /healthz says the process is up, without a session', async () => {
    const r = await fetch(`${server.url}/healthz`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const body = await r.json() as { status: string; uptimeS: number };
    expect(body.status).toBe('ok');
    expect(body.uptimeS).toBeGreaterThanOrEqual(0);
  });

  it('GET /readyz is ready with the database reachable, migrations applied and ingest keeping up', async () => {
    const r = await fetch(`${server.url}/readyz`);
    expect(r.status).toBe(200);
    const body = await r.json() as { status: string; checks: { database: { ok: boolean }; migrations: { pending: string[] }; ingest: { ok: boolean; maxLagMs: number } } };
    expect(body.status).toBe('ready');
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.migrations.pending).toEqual([]);
    expect(body.checks.ingest).toMatchObject({ ok: true, maxLagMs: 30_000 });
  });

  it('GET /readyz answers 503 naming a migration the database lacks', async () => {
    const last = server.migrations.at(-1) ?? (await sql<{ name: string }>`select name from nv_migration order by name desc`.execute(server.database.db)).rows[0].name;
    const row = (await sql<{ name: string; applied_at: number }>`select name, applied_at from nv_migration where name = ${last}`.execute(server.database.db)).rows[0];
    await sql`delete from nv_migration where name = ${last}`.execute(server.database.db);
    try {
      const r = await fetch(`${server.url}/readyz`);
      expect(r.status).toBe(503);
      const body = await r.json() as { status: string; checks: { migrations: { ok: boolean; pending: string[] } } };
      expect(body.status).toBe('not-ready');
      expect(body.checks.migrations).toEqual({ ok: false, pending: [last] });
    } finally {
      await sql`insert into nv_migration (name, applied_at) values (${row.name}, ${row.applied_at})`.execute(server.database.db);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('GET /readyz answers 503 while an ingest batch has waited longer than the bound', async () => {
    const strict = await server.restart({ readyMaxIngestLagS: 0 });
    server = strict;
    let release!: () => void;
    const held = strict.telemetry.ingest.exclusive(() => new Promise<void>((resolve) => { release = resolve; }));
    try {
      // Wait for a visible lag (the bound is 0 s: any wait at all is too long).
      while (strict.telemetry.ingest.lagMs() === 0) await new Promise((r) => setImmediate(r));
      const r = await fetch(`${strict.url}/readyz`);
      expect(r.status).toBe(503);
      const body = await r.json() as { checks: { ingest: { ok: boolean; lagMs: number } } };
      expect(body.checks.ingest.ok).toBe(false);
      expect(body.checks.ingest.lagMs).toBeGreaterThan(0);
    } finally {
      release();
      await held;
    }
    expect(strict.telemetry.ingest.lagMs()).toBe(0);
    expect((await fetch(`${strict.url}/readyz`)).status).toBe(200);
  });
});
