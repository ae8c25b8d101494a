import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RIGHTS, type RightCode } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { OPERATOR_LACKS } from '../../server/seed/rights-catalogue';
import { PLATFORM_ONLY } from '../../server/http/api-error';
import type { Tenancy } from '../../server/http/endpoint';
import { expectNoChange } from './db-snapshot';
import { tenancyByRoute } from './declared-tenancy';
import {
  ENDPOINTS, FRAMEWORK_ROUTES, registeredRoutes, sendCase, type Caller, type EndpointCase, type MatrixContext,
} from './endpoint-table';
import { ApiClient, loginAs, onPostgres, startTestServer, type ApiResponse, type TestServer } from './harness';
import { fileForm, makePng } from './png';

const isRight = (access: EndpointCase['access']): access is RightCode | readonly RightCode[] => access !== 'public' && access !== 'signed-in';
/** The codes of a right-guarded access: one, or each of an "any of" list. */
const codesOf = (access: RightCode | readonly RightCode[]): readonly RightCode[] => (typeof access === 'string' ? [access] : access);
/** The demo operator lacks every code that would open the endpoint. */
const operatorLacks = (access: EndpointCase['access']) => isRight(access) && codesOf(access).every((c) => OPERATOR_LACKS.includes(c));
const PROBE_PASSWORD = 'Probe@2026';

/** What "it worked" looks like: the envelope with success, or a 200 for raw routes. */
function expectSuccess(e: EndpointCase, r: ApiResponse, who: string) {
  if (e.raw) {
    expect({ who, status: r.status, type: r.headers.get('content-type') }).toEqual({ who, status: 200, type: e.rawType ?? 'image/png' });
    return;
  }
  expect({ who, status: r.status, success: r.body.success, error: r.body.error }).toEqual({ who, status: 200, success: true, error: undefined });
}

function expectRefused(r: ApiResponse, status: number, error: string | RegExp) {
  expect(r.status).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.error).toMatch(error);
  expect(r.body.data).toBeUndefined();
}

describe('rights matrix: every endpoint, every caller', () => {
  let server: TestServer;
  let base: Omit<MatrixContext, 'caller'>;
  let callers: Record<'anonymous' | 'admin' | 'operator' | 'probe', Caller>;
  let probeRole: number;
  let tenancy: Map<string, Tenancy | undefined>;

  const ctxOf = (who: keyof typeof callers): MatrixContext => ({ ...base, caller: callers[who] });
  async function call(e: EndpointCase, who: keyof typeof callers): Promise<ApiResponse> {
    const ctx = ctxOf(who);
    return sendCase(ctx, await e.call(ctx), e.method);
  }
  async function setProbeRights(rights: readonly string[]) {
    const db = server.database.db;
    await db.deleteFrom('t_role_right').where('role_id', '=', probeRole).execute();
    if (rights.length) await db.insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: probeRole, right_code }))).execute();
  }

  beforeAll(async () => {
    server = await startTestServer();
    tenancy = await tenancyByRoute(server.url);
    const admin = await loginAs(server, 'admin');
    const operator = await loginAs(server, 'operator');
    const adminId = (await admin.get('/api/user/info')).body.data.userId as number;
    const operatorId = (await operator.get('/api/user/info')).body.data.userId as number;
    const upload = await admin.post('/api/file?category=avatar', fileForm(makePng(), 'seed.png', 'image/png'));
    expect(upload.body.success).toBe(true);

    // The probe: an internal user who sees everything and whose rights each test sets.
    const db = server.database.db;
    const hq = await db.selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
    probeRole = (await db.insertInto('t_role').values({ org_id: hq.id, name: 'probe', data_scope: 'VAll', created_at: Date.now() })
      .returning('id').executeTakeFirstOrThrow()).id;
    const probeId = (await db.insertInto('t_user').values({
      username: 'probe', nick_name: 'probe', password_hash: await hashPassword(PROBE_PASSWORD), org_id: hq.id, created_at: Date.now(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_user_role').values({ user_id: probeId, role_id: probeRole }).execute();
    const probe = await new ApiClient(server.url).login('probe', PROBE_PASSWORD);

    base = { server, ids: { admin: adminId, operator: operatorId }, uploadedPath: upload.body.data.path };
    callers = {
      anonymous: { name: 'anonymous', api: new ApiClient(server.url), password: '', userId: 0 },
      admin: { name: 'admin', api: admin, password: 'Admin@2026', userId: adminId },
      operator: { name: 'operator', api: operator, password: 'Operator@2026', userId: operatorId },
      probe: { name: 'probe', api: probe, password: PROBE_PASSWORD, userId: probeId },
    };
  });
  afterAll(async () => { await server?.dispose(); });

  it('lists every route the server registers, and nothing it does not', () => {
    const registered = registeredRoutes(server.app);
    // The reader of the route tree must see the routes we know, or the comparison proves nothing.
    expect(registered).toContain('POST /api/user/login');
    expect(registered).toContain('GET /api/files/:category/:name');
    const listed = [...ENDPOINTS.map((e) => `${e.method} ${e.route}`), ...FRAMEWORK_ROUTES].sort();
    expect(new Set(listed).size).toBe(listed.length);
    const missing = registered.filter((r) => !listed.includes(r));
    const stale = listed.filter((r) => !registered.includes(r));
    expect({ missingFromTable: missing, notRegistered: stale }).toEqual({ missingFromTable: [], notRegistered: [] });
  });

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.route}`, e] as const))('%s: anonymous, operator and admin', async (_name, e) => {
    await e.prepare?.(ctxOf('admin'));
    // Without a token: only public endpoints answer, the rest is 401 and changes nothing.
    if (e.access === 'public') {
      expectSuccess(e, await call(e, 'anonymous'), 'anonymous');
    } else {
      const r = await expectNoChange(server, () => call(e, 'anonymous'));
      expectRefused(r, 401, '未登录或令牌无效');
    }

    // The operator: refused where the demo role lacks the right, and nothing changes.
    if (operatorLacks(e.access)) {
      const r = await expectNoChange(server, () => call(e, 'operator'));
      expectRefused(r, 403, `没有权限：${codesOf(e.access as RightCode).join(' / ')}`);
    } else if (tenancy.get(`${e.method} ${e.route}`) === 'platform') {
      // The platform's shared records: its rights never open them to a tenant (issue 32).
      expectRefused(await expectNoChange(server, () => call(e, 'operator')), 403, PLATFORM_ONLY);
    } else if (e.scopeRefused) {
      expectRefused(await expectNoChange(server, () => call(e, 'operator')), 403, e.scopeRefused);
    } else {
      expectSuccess(e, await call(e, 'operator'), 'operator');
      await e.undo?.(ctxOf('operator'));
    }

    // The admin holds every right.
    expectSuccess(e, await call(e, 'admin'), 'admin');
    await e.undo?.(ctxOf('admin'));
  });

  const guarded = ENDPOINTS.filter((e) => isRight(e.access));
  it('has endpoints guarded by rights the operator lacks', () => {
    expect(guarded.filter((e) => operatorLacks(e.access)).length).toBeGreaterThanOrEqual(4);
  });

  // An "any of" list: refused without all of its codes, let through with each one alone. On SQLite
  // only: which right opens what does not depend on the dialect, and on PostgreSQL the calls above
  // already ran every endpoint's SQL.
  it.skipIf(onPostgres).each(guarded.map((e) => [`${e.method} ${e.route}`, codesOf(e.access as RightCode).join(' / '), e] as const))('%s needs exactly %s', async (_name, access, e) => {
    const codes = codesOf(e.access as RightCode);
    await e.prepare?.(ctxOf('admin'));
    await setProbeRights(ALL_RIGHTS.filter((r) => !codes.includes(r)));
    const refused = await expectNoChange(server, () => call(e, 'probe'));
    expectRefused(refused, 403, `没有权限：${access}`);

    for (const code of codes) {
      await setProbeRights([code]);
      expectSuccess(e, await call(e, 'probe'), `probe with ${code}`);
      await e.undo?.(ctxOf('probe'));
    }
  });

  it('takes a right away at once: the next request is refused', async () => {
    const e = guarded[0];
    await setProbeRights(codesOf(e.access as RightCode));
    expectSuccess(e, await call(e, 'probe'), 'probe');
    await setProbeRights([]);
    expectRefused(await call(e, 'probe'), 403, '没有权限');
    // Rights are not needed to stay signed in.
    expect((await callers.probe.api.get('/api/user/ping')).body.data).toBe('pong');
  });
});
