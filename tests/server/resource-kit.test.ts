import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../contract/resources/kit';
import { RESOURCES } from '../../contract/resources/registry';
import { hashPassword } from '../../server/auth/passwords';
import { STALE_VERSION } from '../../server/resources/resource-routes';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';
import { RESOURCE_SAMPLES } from './resource-samples';

const PROBE_PASSWORD = 'Probe@2026';

/**
 * The admin resource kit, once per definition (DESIGN "Admin resource kit"): list, paging, filter
 * and sort; save, read and the version check; bad bodies, unique fields and references; every
 * right; the data scope; the audit row. `npm run test:pg` runs it again on PostgreSQL.
 * A `fixed` definition (a seeded set, changed but never created or deleted) gets its "new" rows
 * by saving the sample's values over its seeded rows in turn, and is checked to refuse both.
 */
describe.each(RESOURCES.map((def) => [def.name, def] as const))('resource kit: %s', (name, def: ResourceDefinition) => {
  const sample = RESOURCE_SAMPLES[name];
  const base = `/api/${name}`;
  let server: TestServer;
  let admin: ApiClient;
  let probe: ApiClient;
  let probeRole: number;
  let adminOrg: number;
  let probeOrg: number;
  let tags = 0;
  let fixedTurn = 0;
  const tag = () => `K${name}${++tags}x${Date.now() % 100_000}`;
  /** What `/names` answers as a row's id (its `nameKey`, where others refer to it by another key). */
  const nameKeyOf = (row: Record<string, unknown>) => row[def.nameKey ?? 'id'];
  const changeValue = () => (typeof sample.change.value === 'function' ? sample.change.value(tag()) : sample.change.value);

  async function setProbeRights(rights: readonly string[]) {
    const db = server.database.db;
    await db.deleteFrom('t_role_right').where('role_id', '=', probeRole).execute();
    const codes = [...new Set(rights)];
    if (codes.length) await db.insertInto('t_role_right').values(codes.map((right_code) => ({ role_id: probeRole, right_code }))).execute();
  }
  /** A row holding the sample's values for `t`, saved by `client`: a new one, or for a fixed set the next seeded one. */
  async function create(t = tag(), client = admin, orgId = adminOrg) {
    let body = sample.valid(t, orgId);
    if (def.fixed) {
      const seeded = await (server.database.db as unknown as Kysely<any>).selectFrom(def.table).select(['id', 'version']).orderBy('id').execute();
      const { id, version } = seeded[fixedTurn++ % seeded.length];
      body = { ...body, id, version };
    }
    const r = await client.post(`${base}/save`, body);
    expect(r.body.error).toBeUndefined();
    return r.body.data as Record<string, unknown> & { id: number; version: number };
  }
  /** The row's editable fields as a save body, as the form drawer sends them back. */
  const bodyOf = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(def.save.shape).map((k) => [k, row[k]]));
  const logRows = (id: number) => server.database.db.selectFrom('t_history_log').selectAll()
    .where('target', 'like', `${name}#${id}%`).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    // The probe: staff of the operator's organisation (VOrg: it and below) whose rights each test sets.
    const db = server.database.db;
    const org = await db.selectFrom('t_user').select('org_id').where('username', '=', 'operator').executeTakeFirstOrThrow();
    probeOrg = org.org_id;
    adminOrg = (await db.selectFrom('t_user').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id;
    probeRole = (await db.insertInto('t_role').values({ org_id: org.org_id, name: 'kit-probe', data_scope: 'VOrg', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    const probeId = (await db.insertInto('t_user').values({
      username: 'kit-probe', nick_name: 'kit-probe', password_hash: await hashPassword(PROBE_PASSWORD), org_id: org.org_id, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_user_role').values({ user_id: probeId, role_id: probeRole }).execute();
    probe = await new ApiClient(server.url).login('kit-probe', PROBE_PASSWORD);
  });
  afterAll(async () => { await server?.dispose(); });

  it('inserts and reads back, lists with paging, keyword filter and every sort', async () => {
    const t = tag();
    const rows = [await create(`${t}a`), await create(`${t}b`), await create(`${t}c`)];
    if (!def.fixed) expect(rows.every((r) => r.version === 1)).toBe(true);
    expect((await admin.get(`${base}/${rows[0].id}`)).body.data).toEqual(rows[0]);
    expect((await admin.get(`${base}/all`)).body.data).toEqual(expect.arrayContaining(rows));
    expect((await admin.get(`${base}/names`)).body.data).toContainEqual({ id: nameKeyOf(rows[1]), name: rows[1][def.label] });

    const page1 = (await admin.get(`${base}?Page=1&Size=2&keyword=${encodeURIComponent(t.toLowerCase())}`)).body.data;
    expect(page1.count).toBe(3);
    expect(page1.list).toHaveLength(2);
    const page2 = (await admin.get(`${base}?Page=2&Size=2&keyword=${encodeURIComponent(t)}`)).body.data;
    expect([...page1.list, ...page2.list].map((r: { id: number }) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    // Wildcards in a keyword are literal: none of the rows holds a '%'.
    expect((await admin.get(`${base}?keyword=${encodeURIComponent(`${t}%`)}`)).body.data.count).toBe(0);

    for (const column of def.columns.filter((c) => c.sortable)) {
      const asc = (await admin.get(`${base}?Size=50&keyword=${t}&sort=${column.name}`)).body.data.list.map((r: { id: number }) => r.id);
      const desc = (await admin.get(`${base}?Size=50&keyword=${t}&sort=-${column.name}`)).body.data.list.map((r: { id: number }) => r.id);
      expect(asc, column.name).toHaveLength(3);
      expect(desc, column.name).toEqual([...asc].reverse());
    }
    const badSort = await admin.get(`${base}?sort=nope`);
    expect([badSort.status, badSort.body.error]).toEqual([400, expect.stringMatching(/^query\.sort: /)]);
    expect((await admin.get(`${base}?Size=201`)).body.error).toMatch(/^query\.Size: /);
    const missing = await admin.get(`${base}/2147483647`);
    expect([missing.status, missing.body.success]).toEqual([404, false]);
  });

  it('updates with the version read; a stale or missing version changes nothing', async () => {
    const row = await create();
    const body = bodyOf(row);
    const value = changeValue();
    const saved = await admin.post(`${base}/save`, { ...body, [sample.change.field]: value, id: row.id, version: row.version });
    expect(saved.body.data).toMatchObject({ id: row.id, version: row.version + 1, [sample.change.field]: value });

    const stale = await expectNoChange(server, () => admin.post(`${base}/save`, { ...body, id: row.id, version: row.version }));
    expect([stale.status, stale.body.error]).toEqual([409, STALE_VERSION]);
    const noVersion = await expectNoChange(server, () => admin.post(`${base}/save`, { ...body, id: row.id }));
    expect([noVersion.status, noVersion.body.error]).toEqual([400, 'body.version: version is required to change a record']);
    const unknown = await expectNoChange(server, () => admin.post(`${base}/save`, { ...body, id: 2_147_483_647, version: 1 }));
    expect(unknown.status).toBe(404);
  });

  it('answers a bad body with 400 naming the field and writes nothing', async () => {
    const r = await expectNoChange(server, () => admin.post(`${base}/save`, sample.invalid.body));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(new RegExp(`^body\\.${sample.invalid.field}: `));
  });

  it.skipIf(!def.unique?.length)('refuses a duplicate of a unique field, naming it (skipped: no unique field)', async () => {
    const first = await create();
    const second = await create();
    for (const unique of def.unique ?? []) {
      const group = typeof unique === 'string' ? [unique] : unique;
      const field = group[group.length - 1];
      const same = Object.fromEntries(group.map((f) => [f, first[f]]));
      const named = `body.${field}: “${group.map((f) => String(first[f])).join(' / ')}” 已存在`;
      if (!def.fixed) {
        const dup = await expectNoChange(server, () => admin.post(`${base}/save`, { ...sample.valid(tag(), adminOrg), ...same }));
        expect([dup.status, dup.body.error]).toEqual([400, named]);
      }
      const onEdit = await expectNoChange(server, () => admin.post(`${base}/save`, {
        ...sample.valid(tag(), adminOrg), ...same, id: second.id, version: second.version,
      }));
      expect([onEdit.status, onEdit.body.error]).toEqual([400, named]);
    }
  });

  it.skipIf(!def.parent)('never puts a record under itself or below it, nor under one that does not exist (skipped: not a tree)', async () => {
    const field = def.parent!;
    const top = await create();
    const child = (await admin.post(`${base}/save`, { ...sample.valid(tag(), adminOrg), [field]: top.id })).body.data;
    expect(child[field]).toBe(top.id);
    for (const under of [top.id, child.id]) {
      const r = await expectNoChange(server, () => admin.post(`${base}/save`, { ...bodyOf(top), [field]: under, id: top.id, version: top.version }));
      expect([r.status, r.body.error]).toEqual([400, `body.${field}: 不能是自身或其下级`]);
    }
    const missing = await expectNoChange(server, () => admin.post(`${base}/save`, { ...sample.valid(tag(), adminOrg), [field]: 2_147_483_647 }));
    expect([missing.status, missing.body.error]).toEqual([400, `body.${field}: 上级${def.noun.zh}不存在`]);
  });

  it.runIf(def.fixed)('never creates or deletes a row of a fixed set (runs only for fixed sets)', async () => {
    const insert = await expectNoChange(server, () => admin.post(`${base}/save`, sample.valid(tag(), adminOrg)));
    expect([insert.status, insert.body.error]).toEqual([400, `body.id: ${def.noun.zh}不能新增，只能修改`]);
    const row = await create();
    const del = await expectNoChange(server, () => admin.post(`${base}/del/${row.id}`));
    expect([del.status, del.body.success]).toEqual([404, false]);
    expect((await admin.get(`${base}/${row.id}`)).body.data).toEqual(row);
  });

  it.skipIf(def.fixed)('deletes a row nothing refers to, and refuses one that is referred to, naming what and how many (skipped: a fixed set)', async () => {
    const free = await create();
    expect((await admin.post(`${base}/del/${free.id}`)).body).toEqual({ success: true, data: true });
    expect((await admin.get(`${base}/${free.id}`)).status).toBe(404);
    if (!def.references?.length) return;
    const used = await create();
    await sample.refer!(server.database.db, used.id);
    await sample.refer!(server.database.db, used.id);
    const refused = await expectNoChange(server, () => admin.post(`${base}/del/${used.id}`));
    expect(refused.status).toBe(400);
    const named = def.references.map((r) => `仍有 2 个${r.what.zh}引用它`);
    expect(named.some((text) => refused.body.error!.includes(text)), refused.body.error).toBe(true);
  });

  it('checks each right: preview to read, edit to save, the delete right to delete', async () => {
    const row = await create();
    await setProbeRights([]);
    for (const url of [base, `${base}/all`, `${base}/${row.id}`]) {
      expect((await expectNoChange(server, () => probe.get(url))).status, url).toBe(403);
    }
    await setProbeRights([def.rights.preview]);
    expect((await probe.get(base)).status).toBe(200);
    const save = await expectNoChange(server, () => probe.post(`${base}/save`, sample.valid(tag(), probeOrg)));
    expect([save.status, save.body.error]).toEqual([403, `没有权限：${def.rights.edit}`]);
    const del = await expectNoChange(server, () => probe.post(`${base}/del/${row.id}`));
    // A fixed set has no delete route at all.
    expect([del.status, del.body.error]).toEqual(def.fixed ? [404, expect.any(String)] : [403, `没有权限：${def.rights.delete ?? def.rights.edit}`]);
    await setProbeRights([def.rights.preview, def.rights.edit]);
    if (def.scope.kind === 'global') {
      // The platform's records: a right never opens them to a caller who does not see all data (issue 32).
      expect((await expectNoChange(server, () => probe.post(`${base}/save`, sample.valid(tag(), probeOrg)))).status).toBe(403);
      return;
    }
    expect((await create(tag(), probe, probeOrg)).id).toBeGreaterThan(0);
  });

  it(`keeps to the caller's data scope (${def.scope.kind})`, async () => {
    const adminsRow = await create();
    await setProbeRights([def.rights.preview, def.rights.edit, def.rights.delete ?? def.rights.edit]);
    if (def.scope.kind === 'global') {
      // Every organisation reads the platform's records; only the platform changes them.
      const listed = (await probe.get(`${base}?Size=200`)).body.data.list.map((r: { id: number }) => r.id);
      expect(listed).toContain(adminsRow.id);
      expect((await probe.get(`${base}/names`)).body.data.map((r: { id: number }) => r.id)).toContain(nameKeyOf(adminsRow));
      const body = { ...sample.valid(tag(), probeOrg), id: adminsRow.id, version: adminsRow.version };
      expect((await expectNoChange(server, () => probe.post(`${base}/save`, body))).status).toBe(403);
      if (!def.fixed) expect((await expectNoChange(server, () => probe.post(`${base}/del/${adminsRow.id}`))).status).toBe(403);
      return;
    }
    const own = await create(tag(), probe, probeOrg);
    const listed = (await probe.get(`${base}?Size=200`)).body.data.list.map((r: { id: number }) => r.id);
    const names = (await probe.get(`${base}/names`)).body.data.map((r: { id: number }) => r.id);
    expect(listed).toContain(own.id);
    // The admin's row belongs to the internal organisation, outside the probe's (VDept).
    expect(listed).not.toContain(adminsRow.id);
    expect(names).not.toContain(nameKeyOf(adminsRow));
    expect((await probe.get(`${base}/${adminsRow.id}`)).status).toBe(404);
    const body = { ...sample.valid(tag(), probeOrg), id: adminsRow.id, version: adminsRow.version };
    expect((await expectNoChange(server, () => probe.post(`${base}/save`, body))).status).toBe(404);
    expect((await expectNoChange(server, () => probe.post(`${base}/del/${adminsRow.id}`))).status).toBe(404);
  });

  it('writes one audit row per change, in the same transaction: who, what, before and after, from where', async () => {
    const row = await create();
    const earlier = (await logRows(row.id)).length;
    const value = changeValue();
    const body = { ...bodyOf(row), [sample.change.field]: value, id: row.id, version: row.version };
    await admin.post(`${base}/save`, body);
    if (def.fixed) {
      // The row's "creation" was an edit of a seeded row: the log's last two lines are both edits.
      const log = (await logRows(row.id)).slice(earlier - 1);
      expect(log.map((l) => l.action)).toEqual(['edit', 'edit']);
      expect(log.every((l) => l.username === 'admin' && l.ip !== '')).toBe(true);
      const [renamed, edited] = log.map((l) => JSON.parse(l.detail));
      expect(renamed.after[def.label]).toBe(row[def.label]);
      expect(edited).toEqual({ before: { [sample.change.field]: row[sample.change.field] }, after: { [sample.change.field]: value } });
      return;
    }
    await admin.post(`${base}/del/${row.id}`);
    const log = await logRows(row.id);
    expect(log.map((l) => l.action)).toEqual(['add', 'edit', 'delete']);
    expect(log.every((l) => l.username === 'admin' && l.ip !== '')).toBe(true);
    const [added, edited, deleted] = log.map((l) => JSON.parse(l.detail));
    expect(added.before).toBeNull();
    expect(added.after[def.label]).toBe(row[def.label]);
    expect(edited).toEqual({ before: { [sample.change.field]: row[sample.change.field] }, after: { [sample.change.field]: value } });
    expect(deleted.after).toBeNull();
    expect(deleted.before[def.label]).toBe(sample.change.field === def.label ? value : row[def.label]);
    // A refused change leaves no audit row either (expectNoChange covers t_history_log).
  });
});
