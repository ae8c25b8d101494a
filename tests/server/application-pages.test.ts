import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginStat } from '../../contract/resources/application-stats';
import { Right } from '../../contract/rights';
import { hashPassword } from '../../server/auth/passwords';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The statistics page (nv_application_static): sign-ins per application and day. */
describe('application statistics: sign-ins per application and day', () => {
  let server: TestServer;
  let admin: ApiClient;
  let appId: number;
  const stats = async (query = '') => {
    const r = await admin.get(`/api/t_application/login-stats${query}`);
    expect(r.body.error).toBeUndefined();
    return r.body.data as LoginStat[];
  };
  const countOf = (list: LoginStat[], app: number | null, on: string) => list.find((s) => s.appId === app && s.day === on)?.count ?? 0;
  const operatorLogin = (app?: number, password = 'Operator@2026') => new ApiClient(server.url)
    .post(`/api/user/login${app ? `?appId=${app}` : ''}`, { user: 'operator', password, orgBZ: '', tokenExpired: 30 });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    appId = (await admin.post('/api/t_application/save', { name: '统计App', code: 'stats-app' })).body.data.id;
  });
  afterAll(async () => { await server?.dispose(); });

  it('counts today\'s sign-ins per application, those that named none apart, and no failed attempt', async () => {
    const today = day(Date.now());
    const before = await stats();
    expect((await operatorLogin(appId)).body.success).toBe(true);
    expect((await operatorLogin(appId)).body.success).toBe(true);
    expect((await operatorLogin()).body.success).toBe(true);
    expect((await operatorLogin(appId, 'wrong')).body.success).toBe(false);
    const after = await stats();
    expect(countOf(after, appId, today) - countOf(before, appId, today)).toBe(2);
    expect(countOf(after, null, today) - countOf(before, null, today)).toBe(1);
    // The sign-in line names the application it was made into.
    const lines = await server.database.db.selectFrom('t_history_log').select(['target', 'detail'])
      .where('action', '=', 'login').where('username', '=', 'operator').orderBy('id', 'desc').limit(4).execute();
    expect(lines.map((l) => [l.target, l.detail])).toEqual([['', 'failed'], ['', 'ok'], [`t_application#${appId}`, 'ok'], [`t_application#${appId}`, 'ok']]);
  });

  it('covers the last `days` days, today included, in the caller\'s time zone', async () => {
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    const at = (ms: number) => ({ user_id: null, username: 'operator', action: 'login', target: `t_application#${appId}`, detail: 'ok', ip: '', created_at: ms });
    await server.database.db.insertInto('t_history_log').values([
      at(today - 3 * DAY + 1000), at(today - 3 * DAY + 2000), at(today - 40 * DAY),
      // 23:30 UTC, three days ago: already the next day in UTC+8.
      at(today - 3 * DAY + 23.5 * 3_600_000),
    ]).execute();
    const month = await stats('?days=30');
    expect(countOf(month, appId, day(today - 3 * DAY))).toBe(3);
    expect(month.some((s) => s.day === day(today - 40 * DAY))).toBe(false);
    expect(month.every((s) => s.day >= day(today - 29 * DAY))).toBe(true);
    expect((await stats('?days=2')).some((s) => s.day === day(today - 3 * DAY))).toBe(false);
    expect(countOf(await stats('?days=60'), appId, day(today - 40 * DAY))).toBe(1);

    const east8 = await stats('?days=30&tzOffset=-480');
    expect(countOf(east8, appId, day(today - 3 * DAY))).toBe(2);
    expect(countOf(east8, appId, day(today - 2 * DAY))).toBe(1);
    // In order of day, then application.
    const keys = month.map((s) => `${s.day}|${String(s.appId ?? 0).padStart(10, '0')}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('refuses bad queries naming the field, and callers without application-preview', async () => {
    for (const [query, field] of [['days=0', 'days'], ['days=91', 'days'], ['days=x', 'days'], ['tzOffset=900', 'tzOffset'], ['tzOffset=1.5', 'tzOffset']]) {
      const r = await admin.get(`/api/t_application/login-stats?${query}`);
      expect([r.status, r.body.error], query).toEqual([400, expect.stringMatching(new RegExp(`^query\\.${field}: `))]);
    }
    const db = server.database.db;
    const org = (await db.selectFrom('t_org').select('id').where('code', '=', 'NV-HQ').executeTakeFirstOrThrow()).id;
    await db.insertInto('t_user').values({ username: 'no-rights', password_hash: await hashPassword('NoRights@2026'), org_id: org, created_at: Date.now() }).execute();
    const bare = await new ApiClient(server.url).login('no-rights', 'NoRights@2026');
    const r = await bare.get('/api/t_application/login-stats');
    expect([r.status, r.body.error]).toEqual([403, `没有权限：${Right.ApplicationPreview}`]);
  });
});
