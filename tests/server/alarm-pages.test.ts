import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryAlarmPage, RealAlarmPage, type RealAlarm } from '../../contract/alarms';
import { matchesLiveAlarmFilter, sortLiveAlarms, type LiveAlarmFilter } from '../../contract/live-alarms';
import { Right } from '../../contract/rights';
import type { MeasureWarningEvent } from '../../server/telemetry/telemetry-events';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type TestServer } from './harness';

/** Alarm pages (issue 19): the one order and filters of live alarms, acknowledging, dealing with alarms and its rules. */
describe('intelligent alarm pages', () => {
  let server: TestServer;
  let admin: ApiClient;
  let operator: ApiClient;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
  });
  afterAll(async () => { await server.dispose(); });

  const realList = async (api: ApiClient, query = '') =>
    RealAlarmPage.parse((await api.get(`/api/t_real_measure_warning?Page=1&Size=500${query}`)).body.data);

  /** Opens a real alarm (and its history row, as the engine writes them) on a free point; returns both ids. */
  async function openAlarm(over: { warnLevel?: number; raisedAt?: number; conditionType?: number; projectCode?: string } = {}) {
    const project = await db().selectFrom('t_project').select('id').where('code', '=', over.projectCode ?? 'P-SH-01').executeTakeFirstOrThrow();
    const point = await db().selectFrom('t_device as d').innerJoin('t_measure as m', 'm.device_model_id', 'd.device_model_id')
      .leftJoin('t_real_measure_warning as w', (j) => j.onRef('w.device_id', '=', 'd.id').onRef('w.measure_id', '=', 'm.id'))
      .select(['d.id as deviceId', 'm.id as measureId']).where('d.project_id', '=', project.id).where('w.id', 'is', null)
      .orderBy('d.id').orderBy('m.id').executeTakeFirstOrThrow();
    const row = {
      device_id: point.deviceId, measure_id: point.measureId, project_id: project.id, warn_level: over.warnLevel ?? 1,
      condition_type: over.conditionType ?? 4, condition_val1: 450, condition_val2: null, sample_value: 460,
      content: '阻力当前值460Pa，大于设定值450Pa', raised_at: over.raisedAt ?? Date.now(),
    };
    const realId = (await db().insertInto('t_real_measure_warning').values(row).returning('id').executeTakeFirstOrThrow()).id;
    const historyId = (await db().insertInto('t_history_measure_warning').values(row).returning('id').executeTakeFirstOrThrow()).id;
    return { realId, historyId, ...point, projectId: project.id };
  }

  describe('one order for every view of live alarms', () => {
    it('answers in the order of contract/live-alarms.ts, ties of one instant broken by id, by time or by level', async () => {
      const at = Date.now() + 1_000;
      const tied = [await openAlarm({ raisedAt: at, warnLevel: 0 }), await openAlarm({ raisedAt: at, warnLevel: 2 }), await openAlarm({ raisedAt: at })];
      const byTime = await realList(admin);
      expect(byTime.list.map((a) => a.id)).toEqual(sortLiveAlarms(byTime.list, 'time').map((a) => a.id));
      expect(byTime.list.slice(0, 3).map((a) => a.id)).toEqual(tied.map((t) => t.realId).reverse());
      const byLevel = await realList(admin, '&order=level');
      expect(byLevel.list.map((a) => a.id)).toEqual(sortLiveAlarms(byTime.list, 'level').map((a) => a.id));
      expect(byLevel.list[0].warnLevel).toBe(2);
      // Paging cuts the same order: page 2 of 3 starts where page 1 ended.
      const page2 = RealAlarmPage.parse((await admin.get('/api/t_real_measure_warning?Page=2&Size=3')).body.data);
      expect(page2.list.map((a) => a.id)).toEqual(byTime.list.slice(3, 6).map((a) => a.id));
      // The bell's five are the list's first five.
      const bell = RealAlarmPage.parse((await admin.get('/api/t_real_measure_warning?Page=1&Size=5')).body.data);
      expect(bell.list.map((a) => a.id)).toEqual(byTime.list.slice(0, 5).map((a) => a.id));
    });

    it('filters by project, device, warn level, condition type and acknowledgement as matchesLiveAlarmFilter does', async () => {
      const all = (await realList(admin)).list;
      const sample = all[0];
      const filters: [string, LiveAlarmFilter][] = [
        [`&projectId=${sample.projectId}`, { projectId: sample.projectId! }],
        [`&deviceId=${sample.deviceId}`, { deviceId: sample.deviceId }],
        ['&warnLevel=2', { warnLevel: 2 }],
        [`&conditionType=${sample.conditionType}`, { conditionType: sample.conditionType }],
        ['&ack=unacked', { unacked: true }],
        [`&projectId=${sample.projectId}&warnLevel=1&order=level`, { projectId: sample.projectId!, warnLevel: 1 }],
      ];
      for (const [query, filter] of filters) {
        const page = await realList(admin, query);
        const expected = all.filter((a) => matchesLiveAlarmFilter(a, filter));
        expect({ query, ids: page.list.map((a) => a.id).sort(), count: page.count })
          .toEqual({ query, ids: expected.map((a) => a.id).sort(), count: expected.length });
      }
    });

    it('refuses a bad filter with 400 naming it', async () => {
      for (const [query, field] of [['warnLevel=3', 'query.warnLevel'], ['conditionType=16', 'query.conditionType'], ['order=name', 'query.order'], ['ack=maybe', 'query.ack']]) {
        const r = await admin.get(`/api/t_real_measure_warning?${query}`);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
      }
    });
  });

  describe('acknowledging', () => {
    it('marks the open alarm acknowledged, audits it, pushes an update the views fold, and refuses a second time with 409', async () => {
      const a = await openAlarm({ warnLevel: 2 });
      await db().insertInto('t_alarm_escalation').values({
        alarm_id: a.historyId, project_id: a.projectId, warn_level: 2, level: 0, next_at: Date.now() + 600_000, updated_at: Date.now(),
      }).execute();
      const pushes: MeasureWarningEvent[] = [];
      const off = server.telemetry.events.on('measureWarning', (e) => { pushes.push(e); });
      const r = await admin.post('/api/t_real_measure_warning/ack', { ids: [a.realId, a.realId] });
      off();
      expect(r.body).toMatchObject({ success: true, data: 1 });
      const listed = (await realList(admin, '&ack=acked')).list.find((x) => x.id === a.realId) as RealAlarm;
      expect(listed.ackedAt).toBeGreaterThan(0);
      expect(listed.ackedByName).toBe('系统管理员');
      // The next contact level will not be told.
      expect(await db().selectFrom('t_alarm_escalation').select(['next_at', 'finished']).where('alarm_id', '=', a.historyId).executeTakeFirst())
        .toEqual({ next_at: null, finished: 'acknowledged' });
      expect(pushes).toHaveLength(1);
      expect(pushes[0]).toMatchObject({ action: 'update', alarm: { id: a.realId, ackedAt: listed.ackedAt, clearedAt: null } });
      const log = await db().selectFrom('t_history_log').select(['action', 'target', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(log).toMatchObject({ action: 'edit', target: `t_history_measure_warning#${a.historyId}` });
      await expectNoChange(server, async () => {
        const again = await admin.post('/api/t_real_measure_warning/ack', { ids: [a.realId] });
        expect(again.status).toBe(409);
      });
    });

    it('answers 404 for an alarm unknown or out of scope, writing nothing', async () => {
      const a = await openAlarm();
      const elsewhere = await openAlarm({ projectCode: 'P-BJ-01' });
      await expectNoChange(server, async () => {
        expect((await admin.post('/api/t_real_measure_warning/ack', { ids: [a.realId, 99_999_999] })).status).toBe(404);
        expect((await operator.post('/api/t_real_measure_warning/ack', { ids: [elsewhere.realId] })).status).toBe(404);
      });
    });
  });

  describe('dealing with alarms', () => {
    it('needs a remark of at most 200 characters', async () => {
      const a = await openAlarm();
      await expectNoChange(server, async () => {
        for (const [body, field] of [
          [{ ids: [a.historyId] }, 'body.remark'], [{ ids: [a.historyId], remark: '   ' }, 'body.remark'],
          [{ ids: [a.historyId], remark: 'x'.repeat(201) }, 'body.remark'], [{ ids: [], remark: 'ok' }, 'body.ids'],
        ] as const) {
          const r = await admin.post('/api/t_history_measure_warning/deal', body);
          expect(r.status).toBe(400);
          expect(r.body.error).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
        }
      });
    });

    it('deals once: records who, when and the remark, acknowledges an open alarm, audits; a second deal is 409 and writes nothing', async () => {
      const a = await openAlarm();
      const b = await openAlarm();
      const r = await admin.post('/api/t_history_measure_warning/deal', { ids: [a.historyId], remark: '  已更换滤网  ' });
      expect(r.body).toMatchObject({ success: true, data: 1 });
      const rows = HistoryAlarmPage.parse((await admin.get(`/api/t_history_measure_warning?Page=1&Size=500&state=dealed&deviceId=${a.deviceId}`)).body.data).list;
      const dealt = rows.find((x) => x.id === a.historyId)!;
      expect(dealt).toMatchObject({ dealRemark: '已更换滤网', dealedByName: '系统管理员', ackedByName: '系统管理员' });
      expect(dealt.dealedAt).toBeGreaterThan(0);
      const log = await db().selectFrom('t_history_log').select(['action', 'target', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(log.target).toBe(`t_history_measure_warning#${a.historyId}`);
      expect(JSON.parse(log.detail)).toEqual({ deal: [a.historyId], remark: '已更换滤网' });
      // One of two already dealt: refused whole, the other stays undealt.
      await expectNoChange(server, async () => {
        const again = await operator.post('/api/t_history_measure_warning/deal', { ids: [b.historyId, a.historyId], remark: '再次处理' });
        expect(again.status).toBe(409);
        expect(again.body.error).toBe('告警已处理，不能重复处理');
      });
    });

    it('is for holders of alarm-deal within their scope: 403 without the right, 404 outside the scope', async () => {
      const a = await openAlarm();
      const other = await openAlarm({ projectCode: 'P-BJ-01' });
      const roleIds = (await db().selectFrom('t_user_role as ur').innerJoin('t_user as u', 'u.id', 'ur.user_id')
        .select('ur.role_id').where('u.username', '=', 'operator').execute()).map((r) => r.role_id);
      await db().deleteFrom('t_role_right').where('role_id', 'in', roleIds).where('right_code', '=', Right.AlarmDeal).execute();
      const limited = await loginAs(server, 'operator');
      await expectNoChange(server, async () => {
        expect((await limited.post('/api/t_history_measure_warning/deal', { ids: [a.historyId], remark: '试图处理' })).status).toBe(403);
        expect((await limited.post('/api/t_real_measure_warning/ack', { ids: [a.realId] })).status).toBe(403);
      });
      await db().insertInto('t_role_right').values(roleIds.map((role_id) => ({ role_id, right_code: Right.AlarmDeal }))).execute();
      await expectNoChange(server, async () => {
        expect((await operator.post('/api/t_history_measure_warning/deal', { ids: [other.historyId], remark: '不在范围' })).status).toBe(404);
      });
      expect((await operator.post('/api/t_history_measure_warning/deal', { ids: [a.historyId], remark: '现场已处理' })).body.success).toBe(true);
    });
  });

  describe('history', () => {
    it('filters by time range, warn level, condition type and state', async () => {
      const t0 = Date.now() - 3_600_000;
      const a = await openAlarm({ raisedAt: t0, warnLevel: 0, conditionType: 2 });
      const page = async (q: string) => HistoryAlarmPage.parse((await admin.get(`/api/t_history_measure_warning?Page=1&Size=500${q}`)).body.data);
      const inRange = await page(`&from=${t0}&to=${t0 + 1}`);
      expect(inRange.list.map((x) => x.id)).toContain(a.historyId);
      for (const x of inRange.list) expect(x.raisedAt).toBe(t0);
      expect((await page(`&from=${t0 + 1}&to=${t0 + 2}`)).list.map((x) => x.id)).not.toContain(a.historyId);
      for (const x of (await page('&warnLevel=0&conditionType=2')).list) expect([x.warnLevel, x.conditionType]).toEqual([0, 2]);
      for (const x of (await page('&state=undealed')).list) expect(x.dealedAt).toBeNull();
      const times = (await page('')).list.map((x) => x.raisedAt);
      expect([...times].sort((p, q) => q - p)).toEqual(times);
      const r = await admin.get('/api/t_history_measure_warning?state=whatever');
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^query\.state/);
    });
  });
});
