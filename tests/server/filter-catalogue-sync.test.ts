import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LccSyncDetail, UpstreamCatalogue } from '../../contract/filter-catalogue';
import { DEMO_FILTER_CATALOGUE } from '../../server/routes/filter-catalogue/demo-catalogue-routes';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

/** A real upstream on a local port, answering whatever the test sets. */
class Upstream {
  answer: { status: number; type: string; body: string } = { status: 200, type: 'application/json', body: '{}' };
  hits = 0;
  private readonly server = http.createServer((_req, res) => {
    this.hits++;
    res.writeHead(this.answer.status, { 'content-type': this.answer.type });
    res.end(this.answer.body);
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/catalogue.json?key=secret`;
  }
  serve(catalogue: unknown) {
    this.answer = { status: 200, type: 'application/json', body: JSON.stringify(catalogue) };
  }
  close() { return new Promise<void>((resolve) => this.server.close(() => resolve())); }
}

const clone = (): UpstreamCatalogue => structuredClone(DEMO_FILTER_CATALOGUE);

describe('filter catalogue sync', () => {
  const upstream = new Upstream();
  let server: TestServer;
  let admin: ApiClient;
  const db = () => server.database.db;
  const snapshot = async () => ({
    types: await db().selectFrom('t_filter_type').selectAll().orderBy('id').execute(),
    filters: await db().selectFrom('t_filter').selectAll().orderBy('id').execute(),
    runs: Number((await db().selectFrom('t_lcc_sync').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    items: Number((await db().selectFrom('t_lcc_sync_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  });
  const preview = async (kind: 'filter-type' | 'filter-model') => {
    const r = await admin.post(`/app-api/t_lcc_sync/${kind}`);
    expect(r.status, r.body.error).toBe(200);
    return r.body.data as LccSyncDetail;
  };
  const apply = (id: number) => admin.post('/app-api/t_lcc_sync/sync', { id });
  const byAction = (d: LccSyncDetail, action: string) => d.items.filter((i) => i.action === action).map((i) => i.code).sort();

  beforeAll(async () => {
    await upstream.start();
    server = await startTestServer({ filterCatalogueUrl: upstream.url });
    admin = await loginAs(server, 'admin');
  });
  afterAll(async () => {
    await server?.dispose();
    await upstream.close();
  });

  it('previews filter types: added and unchanged, recorded as a run with its items, nothing written', async () => {
    upstream.serve(clone());
    const before = await snapshot();
    const d = await preview('filter-type');
    expect(d).toMatchObject({ kind: 'filter-type', state: 'previewed', upstreamVersion: '2026.11', added: 1, changed: 0, removed: 0, kept: 0, unchanged: 3 });
    // The address is shown without its query (it may carry a key).
    expect(d.sourceUrl).toBe(upstream.url.split('?')[0]);
    expect(d.items).toEqual([expect.objectContaining({ code: 'C', name: '化学', action: 'added', before: null, after: expect.objectContaining({ name: '化学' }) })]);
    const after = await snapshot();
    expect({ types: after.types, filters: after.filters }).toEqual({ types: before.types, filters: before.filters });
    expect(after.runs).toBe(before.runs + 1);
    const items = await admin.get(`/app-api/t_lcc_sync_items?syncId=${d.id}&action=added`);
    expect(items.body.data).toHaveLength(1);
    expect((await admin.get('/app-api/t_lcc_sync_items?syncId=99999999')).status).toBe(404);
  });

  it('previews filter models: added, changed (only the differing fields) and, for the supplier\'s models gone upstream, removed or kept when in use', async () => {
    const c = clone();
    // The supplier no longer lists the F8 bag (held by demo devices) nor the H13 box (held by none).
    c.filterModels = c.filterModels.filter((m) => m.code !== 'LF-F8-592' && m.code !== 'LF-H13-610');
    upstream.serve(c);
    const d = await preview('filter-model');
    expect(byAction(d, 'added')).toEqual(['LF-C-592', 'LF-F7-592']);
    expect(byAction(d, 'changed')).toEqual(['LF-G4-592']);
    expect(byAction(d, 'removed')).toEqual(['LF-H13-610']);
    expect(byAction(d, 'kept')).toEqual(['LF-F8-592']);
    const g4 = d.items.find((i) => i.code === 'LF-G4-592')!;
    expect(g4.fields).toEqual(['unitPrice']);
    expect(g4.before).toMatchObject({ unitPrice: 45 });
    expect(g4.after).toMatchObject({ unitPrice: 48 });
    expect(d.items.find((i) => i.code === 'LF-F8-592')!.note).toMatch(/台设备使用/);
    expect(d).toMatchObject({ added: 2, changed: 1, removed: 1, kept: 1, unchanged: 0 });
  });

  it('refuses to apply models whose new type is not synced yet, and changes nothing', async () => {
    const latest = (await admin.get('/app-api/t_lcc_sync?kind=filter-model')).body.data.list[0] as { id: number };
    const before = await snapshot();
    const r = await apply(latest.id);
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('滤网类型“C”尚未同步');
    const after = await snapshot();
    expect({ types: after.types, filters: after.filters }).toEqual({ types: before.types, filters: before.filters });
    expect((await admin.get(`/app-api/t_lcc_sync/${latest.id}`)).body.data.state).toBe('previewed');
  });

  it('applies types, then the models as previewed: added, changed, removed, kept, logged once each', async () => {
    const types = (await admin.get('/app-api/t_lcc_sync?kind=filter-type')).body.data.list[0] as { id: number };
    const t = await apply(types.id);
    expect(t.status, t.body.error).toBe(200);
    expect(t.body.data).toMatchObject({ state: 'applied', appliedByName: '系统管理员' });
    expect(await db().selectFrom('t_filter_type').select('name').where('code', '=', 'C').executeTakeFirst()).toEqual({ name: '化学' });
    // Applied once.
    expect((await apply(types.id)).status).toBe(409);

    const models = (await admin.get('/app-api/t_lcc_sync?kind=filter-model')).body.data.list[0] as { id: number };
    const g4Before = await db().selectFrom('t_filter').selectAll().where('code', '=', 'LF-G4-592').executeTakeFirstOrThrow();
    const logs = Number((await db().selectFrom('t_history_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const m = await apply(models.id);
    expect(m.status, m.body.error).toBe(200);
    const filters = await db().selectFrom('t_filter').selectAll().execute();
    const code = (c: string) => filters.find((f) => f.code === c);
    expect(code('LF-F7-592')).toMatchObject({ name: '中效袋式过滤器 F7 592×592×534', initial_pa: 70, alg: 'auto', lead_days: 7 });
    expect(code('LF-C-592')?.dust_capacity_g).toBeNull();
    const g4 = code('LF-G4-592')!;
    expect(Number(g4.unit_price)).toBe(48);
    expect(g4.version).toBe(g4Before.version + 1);
    // Local life settings are the site's own: untouched.
    expect({ warn_days: g4.warn_days, alg: g4.alg, formula_id: g4.formula_id }).toEqual({ warn_days: g4Before.warn_days, alg: g4Before.alg, formula_id: g4Before.formula_id });
    expect(code('LF-H13-610')).toBeUndefined();
    expect(code('LF-F8-592')).toBeDefined();
    expect(Number((await db().selectFrom('t_history_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(logs + 1);

    // The same upstream again: nothing left to do.
    const again = await preview('filter-model');
    expect(again).toMatchObject({ added: 0, changed: 0, removed: 0, kept: 1 });
  });

  it('removes a type only if an earlier sync brought it, and keeps it while a model uses it', async () => {
    const c = clone();
    c.filterTypes = c.filterTypes.filter((t) => t.code !== 'C' && t.code !== 'H');
    c.filterModels = c.filterModels.filter((m) => m.typeCode !== 'C' && m.typeCode !== 'H');
    upstream.serve(c);
    const d = await preview('filter-type');
    // H came from the demo seed, not from a sync: never a removal candidate. C is used by LF-C-592.
    expect(d.items.map((i) => [i.code, i.action])).toEqual([['C', 'kept']]);
    expect(d.items[0].note).toMatch(/滤网型号使用/);
  });

  it('refuses a preview the local data has moved away from, and a superseded preview; nothing changes', async () => {
    const c = clone();
    c.filterModels = c.filterModels.map((m) => (m.code === 'LF-F7-592' ? { ...m, unitPrice: 199 } : m));
    upstream.serve(c);
    const first = await preview('filter-model');
    expect(byAction(first, 'changed')).toEqual(['LF-F7-592']);
    await db().updateTable('t_filter').set({ unit_price: 205 }).where('code', '=', 'LF-F7-592').execute();
    const before = await snapshot();
    const stale = await apply(first.id);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('本地数据在预览后已变化，请重新预览');
    expect((await snapshot()).filters).toEqual(before.filters);

    const second = await preview('filter-model');
    expect((await admin.get(`/app-api/t_lcc_sync/${first.id}`)).body.data.state).toBe('superseded');
    expect((await apply(first.id)).status).toBe(409);
    // Two applies of one preview at once: exactly one wins.
    const both = await Promise.all([apply(second.id), apply(second.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(Number((await db().selectFrom('t_filter').select('unit_price').where('code', '=', 'LF-F7-592').executeTakeFirstOrThrow()).unit_price)).toBe(199);
    expect((await apply(99999999)).status).toBe(404);
    expect((await admin.post('/app-api/t_lcc_sync/sync', { id: 'x' })).status).toBe(400);
  });

  it('shows upstream failures clearly (unreachable, HTTP error, not JSON, wrong shape) and records and changes nothing', async () => {
    const before = await snapshot();
    const cases: [() => void, RegExp][] = [
      [() => { upstream.answer = { status: 500, type: 'text/plain', body: 'boom' }; }, /返回 HTTP 500/],
      [() => { upstream.answer = { status: 200, type: 'text/html', body: '<html>maintenance</html>' }; }, /返回的不是 JSON/],
      [() => upstream.serve({ filterTypes: [] }), /格式错误：catalogue\.filterModels/],
      [() => { const c = clone(); delete (c.filterModels[0] as Partial<UpstreamCatalogue['filterModels'][0]>).initialPa; upstream.serve(c); }, /格式错误：catalogue\.filterModels\.0\.initialPa/],
      [() => { const c = clone(); c.filterModels.push({ ...c.filterModels[0] }); upstream.serve(c); }, /duplicate code LF-G4-592/],
      [() => { const c = clone(); c.filterModels[1] = { ...c.filterModels[1], typeCode: 'Z' }; upstream.serve(c); }, /unknown type Z/],
    ];
    for (const [set, message] of cases) {
      set();
      for (const kind of ['filter-type', 'filter-model']) {
        const r = await admin.post(`/app-api/t_lcc_sync/${kind}`);
        expect(r.status, String(message)).toBe(502);
        expect(r.body.success).toBe(false);
        expect(r.body.error).toMatch(message);
        expect(r.body.error).not.toContain('secret');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('says so when the upstream cannot be reached', async () => {
    const dead = http.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    server = await server.restart({ filterCatalogueUrl: `http://127.0.0.1:${port}/catalogue.json` });
    admin = await loginAs(server, 'admin');
    const before = await snapshot();
    const r = await admin.post('/app-api/t_lcc_sync/filter-type');
    expect(r.status).toBe(502);
    expect(r.body.error).toMatch(new RegExp(`^无法连接上游目录（http://127\\.0\\.0\\.1:${port}/catalogue\\.json）：`));
    expect(await snapshot()).toEqual(before);
  });

  it('reads the demo catalogue from this server by default', async () => {
    const demo = await fetch(`${server.url}/srv/demo/filter-catalogue`);
    expect(demo.headers.get('content-type')).toContain('application/json');
    expect(await demo.json()).toEqual(DEMO_FILTER_CATALOGUE);
    server = await server.restart({ filterCatalogueUrl: undefined });
    admin = await loginAs(server, 'admin');
    const d = await preview('filter-type');
    expect(d.sourceUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/srv\/demo\/filter-catalogue$/);
    const runs = (await admin.get('/app-api/t_lcc_sync?Page=1&Size=50')).body.data as { list: { id: number }[]; count: number };
    expect(runs.list[0].id).toBe(d.id);
    expect(runs.count).toBe(runs.list.length);
    expect((await new ApiClient(server.url).get('/app-api/t_lcc_sync')).status).toBe(401);
  });
});
