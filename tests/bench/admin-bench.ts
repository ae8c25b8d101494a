import fs from 'node:fs';
import { ADMIN, OPERATOR } from '../e2e/pages/accounts';
import { benchLogin } from './bench-api';
import { chunkGraph } from './manifest';
import { size } from './quick';
import { percentile, report } from './report';
import { benchServer } from './telemetry-bench';

const ROWS = size(100_000, 1_000);
/** Rounds over the calls, the first WARM_ROUNDS not counted. */
const ROUNDS = size(60, 3);
const WARM_ROUNDS = size(10, 1);

/**
 * The admin branch's lazy JS (gzip): the AdminPage chunk and what it imports that the console's
 * start does not already load (antd, react-query, the kit), loaded on the first admin page; and
 * the heaviest page a first admin page adds to that (each page beyond the generic list is a chunk
 * of its own). BENCH_DETAIL=1 lists every admin page's own part.
 */
export function benchAdminBundle(distDir: string): void {
  const { manifest, closure, gzipKb, start } = chunkGraph(distDir);
  const adminRoot = 'src/features/admin/AdminPage.tsx';
  const admin = new Set([...closure(adminRoot)].filter((key) => !start.has(key)));
  report('admin-chunk-js-gzip', gzipKb(admin), 'KB');
  // The pages AdminPage (and the access pages' table) load on demand, each with what it adds.
  const pageRoots = [...new Set([adminRoot, 'src/features/admin/access/accessPages.tsx']
    .flatMap((key) => manifest[key]?.dynamicImports ?? []))];
  const pages = pageRoots.map((root) => ({
    root, kb: gzipKb([...closure(root)].filter((key) => !start.has(key) && !admin.has(key))),
  })).sort((a, b) => b.kb - a.kb);
  if (pages.length) report('admin-largest-page-js-gzip', pages[0].kb, 'KB');
  if (process.env.BENCH_DETAIL) for (const p of pages) console.log(`  ${p.root}: ${p.kb.toFixed(1)} KB`);
}

/**
 * One kit resource (t_contacts, organisation-scoped) with 100,000 rows: the paged list as the
 * generic list page asks for it, server side (DESIGN budget ≤ 10 ms p95), for a user who sees
 * everything and for one whose data scope is an organisation; a keyword search is shown apart
 * (a substring search reads every row in scope).
 */
export async function benchAdminList(): Promise<void> {
  const { server, dataDir } = await benchServer();
  try {
    const db = server.database.db;
    const orgs = await db.selectFrom('t_org').select('id').orderBy('id').execute();
    for (let i = 0; i < ROWS; i += 2000) {
      await db.insertInto('t_contacts').values(Array.from({ length: Math.min(2000, ROWS - i) }, (_, k) => {
        const n = i + k;
        return { org_id: orgs[n % orgs.length].id, name: `值班人员-${String(n).padStart(6, '0')}`, phone: `138${String(n).padStart(8, '0')}`, email: '' };
      })).execute();
    }
    const admin = { authorization: `Bearer ${await benchLogin(server.url, ADMIN)}` };
    const operator = { authorization: `Bearer ${await benchLogin(server.url, OPERATOR)}` };
    const calls: [Record<string, string>, string][] = [
      [admin, '/api/t_contacts?Page=1&Size=20'],
      [admin, '/api/t_contacts?Page=2500&Size=20'],
      [admin, '/api/t_contacts?Page=1&Size=50&sort=-id'],
      [admin, '/api/t_contacts?Page=10&Size=20&sort=name'],
      [operator, '/api/t_contacts?Page=1&Size=20'],
      [operator, '/api/t_contacts?Page=5&Size=20&sort=-name'],
    ];
    const timed = async (headers: Record<string, string>, url: string) => {
      const t0 = performance.now();
      const body = await fetch(server.url + url, { headers }).then((r) => r.json()) as { success: boolean };
      if (!body.success) throw new Error(`${url}: ${JSON.stringify(body)}`);
      return performance.now() - t0;
    };
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [headers, url] of calls) {
        const ms = await timed(headers, url);
        if (round >= WARM_ROUNDS) samples.push(ms);
      }
    }
    report('admin-list-p95', percentile(samples, 95), 'ms', { max: 10 });
    if (process.env.BENCH_DETAIL) {
      for (const [headers, url] of calls) {
        const each: number[] = [];
        for (let i = 0; i < 20; i++) each.push(await timed(headers, url));
        console.log(`  ${url} ${headers === admin ? 'admin' : 'operator'}: p50 ${percentile(each, 50).toFixed(2)} ms`);
      }
    }
    const keyword: number[] = [];
    for (let i = 0; i < size(30, 3); i++) keyword.push(await timed(admin, `/api/t_contacts?Page=1&Size=20&keyword=${encodeURIComponent('0999')}`));
    report('admin-list-keyword-p95', percentile(keyword, 95), 'ms');
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
