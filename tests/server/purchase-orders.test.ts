import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Right } from '../../contract/rights';
import type { OrderAction, OrderState } from '../../contract/purchase/order-states';
import { hashPassword } from '../../server/auth/passwords';
import { OrderRepository } from '../../server/routes/purchase/order-repository';
import { expectNoChange } from './db-snapshot';
import { ApiClient, loginAs, startTestServer, type ApiResponse, type TestServer } from './harness';

const DAY = 86_400_000;
const SUPPLIER = ['supplier', 'Supplier@2026'] as const;

/**
 * The purchase assistant (issue 21): proposals from the predicted life, applications, the order
 * state machine through the API (every allowed and refused transition, concurrent confirms), the
 * installation that resets a device's life, rights and data scope.
 */
describe('purchase orders', () => {
  let server: TestServer;
  let admin: ApiClient;
  let supplier: ApiClient;
  let operator: ApiClient;
  /** Sees everything and holds buy, but belongs to neither party of the orders. */
  let outsider: ApiClient;
  let applyOnly: ApiClient;
  let recordOnly: ApiClient;
  /** A buyer of the northern owner: sees only its own organisation. */
  let northBuyer: ApiClient;
  let filterId: number;
  let noSupplierFilterId: number;
  let sh: { id: number; name: string };
  let bj: { id: number; name: string };
  /** Devices of P-SH-01: due in 5, 6, 35 and 45 days, and one due in 80. */
  let devices: { id: number; code: string }[];
  let bjDevice: { id: number; code: string };
  const db = () => server.database.db;
  const now = Date.now();

  async function user(username: string, orgCode: string, scope: string, rights: string[]): Promise<ApiClient> {
    const org = await db().selectFrom('t_org').select('id').where('code', '=', orgCode).executeTakeFirstOrThrow();
    const role = (await db().insertInto('t_role').values({ org_id: org.id, name: `${username}-role`, data_scope: scope, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_role_right').values(rights.map((right_code) => ({ role_id: role, right_code }))).execute();
    const id = (await db().insertInto('t_user').values({
      username, nick_name: username, password_hash: await hashPassword('Probe@2026'), org_id: org.id, created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    await db().insertInto('t_user_role').values({ user_id: id, role_id: role }).execute();
    return new ApiClient(server.url).login(username, 'Probe@2026');
  }

  /** Gives `deviceId` the test filter model, installed `ageDays` ago, predicted due in `dueDays`. */
  async function holdFilter(deviceId: number, quantity: number, ageDays: number, dueDays: number, model = filterId) {
    await db().deleteFrom('t_device_filter').where('device_id', '=', deviceId).execute();
    await db().deleteFrom('t_device_life').where('device_id', '=', deviceId).execute();
    const installedAt = now - ageDays * DAY;
    await db().insertInto('t_device_filter').values({ device_id: deviceId, filter_id: model, quantity, installed_at: installedAt, installed_by: null }).execute();
    await db().insertInto('t_device_life').values({
      device_id: deviceId, filter_id: model, used_ratio: ageDays / (ageDays + dueDays), predicted_at: now + dueDays * DAY, interval_low: null,
      interval_high: null, reason: 'days', cycle_start: installedAt, computed_at: now, warned_at: null,
    }).execute();
  }

  const ok = <T = any>(r: ApiResponse<T>): T => {
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 200, error: undefined });
    return r.body.data as T;
  };
  const refused = (r: ApiResponse, status: number, error: string | RegExp) => {
    expect({ status: r.status, success: r.body.success }).toEqual({ status, success: false });
    expect(r.body.error).toMatch(error);
  };

  /** A new order of 3 test filters for P-SH-01 by the admin, moved on to `state`. */
  async function orderIn(state: OrderState): Promise<number> {
    const created = ok(await admin.post('/app-api/t_order/create', { lines: [{ projectId: sh.id, filterId, quantity: 3 }], remark: `to ${state}` }));
    const id = created.orders[0].id as number;
    if (state === 'confirmed' || state === 'finished') ok(await supplier.post('/app-api/t_order/confirm', { id }));
    if (state === 'finished') ok(await admin.post('/app-api/t_order/finish', { id }));
    if (state === 'cancelled') ok(await admin.post('/app-api/t_order/cancel', { id, reason: '计划变更' }));
    return id;
  }
  const act = (who: ApiClient, action: OrderAction, id: number) =>
    who.post(`/app-api/t_order/${action}`, action === 'cancel' ? { id, reason: '测试取消' } : { id });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loginAs(server, 'admin');
    operator = await loginAs(server, 'operator');
    supplier = await new ApiClient(server.url).login(...SUPPLIER);
    outsider = await user('buy.outsider', 'DIS-01', 'VAll', [Right.Buy]);
    applyOnly = await user('buy.apply', 'NV-HQ', 'VAll', [Right.BuyApply]);
    recordOnly = await user('buy.record', 'NV-HQ', 'VAll', [Right.BuyRecord]);
    northBuyer = await user('buy.north', 'OWN-NORTH', 'VDept', [Right.Buy]);

    const supplierOrg = await db().selectFrom('t_org').select('id').where('code', '=', 'SUP-01').executeTakeFirstOrThrow();
    const type = (await db().insertInto('t_filter_type').values({ code: 'PT-TYPE', name: '采购测试高效', created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    const model = (code: string, supplierOrgId: number | null) => db().insertInto('t_filter').values({
      code, name: `${code} 高效滤芯`, filter_type_id: type, supplier_org_id: supplierOrgId, lead_days: 10, unit_price: 120.5, initial_pa: 100,
      final_pa: 250, final_multiple: null, rated_air_m3h: 1000, dust_capacity_g: null, max_days: 180, warn_days: 15, alg: 'auto',
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    filterId = (await model('PT-F1', supplierOrg.id)).id;
    noSupplierFilterId = (await model('PT-F2', null)).id;

    const project = (code: string) => db().selectFrom('t_project').select(['id', 'name']).where('code', '=', code).executeTakeFirstOrThrow();
    sh = await project('P-SH-01');
    bj = await project('P-BJ-01');
    devices = await db().selectFrom('t_device').select(['id', 'code']).where('project_id', '=', sh.id).orderBy('id').limit(5).execute();
    bjDevice = await db().selectFrom('t_device').select(['id', 'code']).where('project_id', '=', bj.id).orderBy('id').executeTakeFirstOrThrow();
    // Nothing else of the demo is due in these projects for the test model.
    await holdFilter(devices[0].id, 2, 175, 5);
    await holdFilter(devices[1].id, 1, 174, 6);
    await holdFilter(devices[2].id, 2, 145, 35);
    await holdFilter(devices[3].id, 1, 135, 45);
    await holdFilter(devices[4].id, 4, 100, 80);
    await holdFilter(bjDevice.id, 3, 170, 10);
  });
  afterAll(async () => { await server?.dispose(); });

  const testLines = (list: { lines: any[] }, projectId = sh.id) => list.lines.filter((l) => l.filterId === filterId && l.projectId === projectId);

  describe('smart purchase', () => {
    it('proposes what must be ordered within the horizon, lead time counted, by project and model', async () => {
      const p = ok(await admin.get('/app-api/t_order/proposals?horizonDays=30'));
      const [line] = testLines(p);
      // Due in 5, 6 and 35 days (35 − 10 lead days = 25 ≤ 30); not 45 (35 > 30) nor 80.
      expect(line.devices.map((d: any) => d.deviceId)).toEqual([devices[0].id, devices[1].id, devices[2].id]);
      expect(line).toMatchObject({ projectName: sh.name, filterCode: 'PT-F1', supplierOrgName: '恒流滤材供应', leadDays: 10, unitPrice: 120.5, need: 5, ordered: 0, quantity: 5 });
      expect(line.dueAt).toBe(now + 5 * DAY);
      expect(line.orderBy).toBe(now - 5 * DAY);
      // Another project is its own line; the lines are sorted by the date to order by.
      expect(testLines(p, bj.id)[0]).toMatchObject({ need: 3, orderBy: now });
      const orderBys = p.lines.map((l: any) => l.orderBy);
      expect(orderBys).toEqual([...orderBys].sort((a, b) => a - b));

      const wider = ok(await admin.get('/app-api/t_order/proposals?horizonDays=90'));
      expect(testLines(wider)[0]).toMatchObject({ need: 10, quantity: 10 });
    });

    it('proposes only the projects the user sees', async () => {
      const north = ok(await northBuyer.get('/app-api/t_order/proposals?horizonDays=30'));
      expect(testLines(north)).toEqual([]);
      expect(testLines(north, bj.id)).toHaveLength(1);
    });

    it('refuses bad horizons and applications, naming the field, changing nothing', async () => {
      refused(await admin.get('/app-api/t_order/proposals?horizonDays=0'), 400, /query\.horizonDays/);
      refused(await admin.get('/app-api/t_order/proposals?horizonDays=366'), 400, /query\.horizonDays/);
      const bad: [unknown, number, RegExp][] = [
        [{ lines: [] }, 400, /body\.lines/],
        [{ lines: [{ projectId: sh.id, filterId, quantity: 0 }] }, 400, /body\.lines\.0\.quantity/],
        [{ lines: [{ projectId: sh.id, filterId, quantity: 1 }, { projectId: sh.id, filterId, quantity: 2 }] }, 400, /body\.lines\.1/],
        [{ lines: [{ projectId: sh.id, filterId: noSupplierFilterId, quantity: 1 }] }, 400, /body\.lines\.0\.filterId: .*未设置供应商/],
        [{ lines: [{ projectId: sh.id, filterId: 999_999, quantity: 1 }] }, 404, /滤芯型号不存在/],
        [{ lines: [{ projectId: 999_999, filterId, quantity: 1 }] }, 404, /项目不存在/],
      ];
      for (const [body, status, error] of bad) refused(await expectNoChange(server, () => admin.post('/app-api/t_order/create', body)), status, error);
      // A project outside the applicant's scope answers as one that does not exist.
      refused(await expectNoChange(server, () => northBuyer.post('/app-api/t_order/create', { lines: [{ projectId: sh.id, filterId, quantity: 1 }] })), 404, /项目不存在/);
    });

    it('applies: one order per supplier, a purchase request to its approvers, proposals less what is ordered', async () => {
      const before = ok(await supplier.get('/api/t_history_message/unread-count'));
      const r = ok(await admin.post('/app-api/t_order/create', {
        lines: [{ projectId: sh.id, filterId, quantity: 4, dueAt: now + 5 * DAY }], remark: '季度更换',
      }));
      expect(r.orders).toHaveLength(1);
      expect(r.orders[0]).toMatchObject({ supplierOrgName: '恒流滤材供应' });
      expect(r.orders[0].code).toMatch(/^PO\d{8}-\d{4,}$/);
      const order = ok(await admin.get(`/app-api/t_order/${r.orders[0].id}`));
      expect(order).toMatchObject({
        state: 'created', buyerOrgName: '诺维环境科技有限公司', supplierOrgName: '恒流滤材供应', remark: '季度更换', lineCount: 1, quantity: 4, amount: 482,
        operations: { sides: ['buyer'], actions: ['cancel'], install: false }, installId: null,
      });
      expect(order.lines[0]).toMatchObject({ projectName: sh.name, filterCode: 'PT-F1', quantity: 4, unitPrice: 120.5, dueAt: now + 5 * DAY, installed: 0 });
      expect(order.timeline).toEqual([expect.objectContaining({ state: 'created', by: '系统管理员', note: '季度更换' })]);

      expect(ok(await supplier.get('/api/t_history_message/unread-count'))).toBe(before + 1);
      const messages = ok(await supplier.get('/api/t_history_message?Page=1&Size=5&type=9'));
      expect(messages.list[0].content).toContain(r.orders[0].code);
      expect(JSON.parse(messages.list[0].data)).toMatchObject({ projectName: sh.name, orderId: r.orders[0].id, orderCode: r.orders[0].code });
      const log = await db().selectFrom('t_history_log').select(['action', 'username']).where('target', '=', `t_order#${r.orders[0].id}`).execute();
      expect(log).toEqual([{ action: 'add', username: 'admin' }]);

      // 5 needed, 4 on the way.
      expect(testLines(ok(await admin.get('/app-api/t_order/proposals?horizonDays=30')))[0]).toMatchObject({ need: 5, ordered: 4, quantity: 1 });
      ok(await admin.post('/app-api/t_order/cancel', { id: r.orders[0].id, reason: '重新申请' }));
      expect(testLines(ok(await admin.get('/app-api/t_order/proposals?horizonDays=30')))[0]).toMatchObject({ ordered: 0, quantity: 5 });
    });
  });

  describe('order state machine', () => {
    type Who = 'buyer' | 'supplier' | 'outsider';
    const clients = (): Record<Who, ApiClient> => ({ buyer: admin, supplier, outsider });
    /** What each party may do in each state: the allowed transitions; everything else is refused. */
    const ALLOWED: Record<OrderState, Partial<Record<OrderAction, Who[]>>> = {
      created: { confirm: ['supplier'], cancel: ['buyer', 'supplier'] },
      confirmed: { finish: ['buyer'], cancel: ['buyer', 'supplier'] },
      finished: {},
      cancelled: {},
    };
    const TO: Record<OrderAction, OrderState> = { confirm: 'confirmed', finish: 'finished', cancel: 'cancelled' };
    /** Refusals: a party that may never take the action hears 403, one that may at another moment 400. */
    const MAY_EVER: Record<OrderAction, Who[]> = { confirm: ['supplier'], finish: ['buyer'], cancel: ['buyer', 'supplier'] };

    for (const state of ['created', 'confirmed', 'finished', 'cancelled'] as const) {
      for (const action of ['confirm', 'finish', 'cancel'] as const) {
        for (const who of ['buyer', 'supplier', 'outsider'] as const) {
          const allowed = ALLOWED[state][action]?.includes(who) ?? false;
          const expected = allowed ? `moves it to ${TO[action]}` : MAY_EVER[action].includes(who) ? 'is refused with 400' : 'is refused with 403';
          it(`${state}: ${action} by the ${who} ${expected}`, async () => {
            const id = await orderIn(state);
            const caller = clients()[who];
            if (allowed) {
              const r = ok(await act(caller, action, id));
              expect(r.state).toBe(TO[action]);
              expect(r.timeline.map((s: any) => s.state)).toEqual([
                'created', ...(state === 'confirmed' ? ['confirmed'] : []), TO[action],
              ]);
              const log = await db().selectFrom('t_history_log').select('detail').where('target', '=', `t_order#${id}`).where('action', '=', 'edit').orderBy('id', 'desc').executeTakeFirstOrThrow();
              expect(JSON.parse(log.detail)).toMatchObject({ transition: action, from: state, to: TO[action] });
              if (action === 'finish') expect(r.installId).toEqual(expect.any(Number));
              if (action === 'cancel') expect(r).toMatchObject({ cancelReason: '测试取消', cancelledAt: expect.any(Number) });
            } else {
              const r = await expectNoChange(server, () => act(caller, action, id));
              refused(r, MAY_EVER[action].includes(who) ? 400 : 403, /./);
            }
          });
        }
      }
    }

    it('tells each party what it may do now (can-operate)', async () => {
      const created = await orderIn('created');
      expect(ok(await supplier.get(`/app-api/t_order/can-operate?id=${created}`))).toEqual({ sides: ['supplier'], actions: ['confirm', 'cancel'], install: false });
      expect(ok(await admin.get(`/app-api/t_order/can-operate?id=${created}`))).toEqual({ sides: ['buyer'], actions: ['cancel'], install: false });
      expect(ok(await outsider.get(`/app-api/t_order/can-operate?id=${created}`))).toEqual({ sides: [], actions: [], install: false });
      const finished = await orderIn('finished');
      expect(ok(await admin.get(`/app-api/t_order/can-operate?id=${finished}`))).toEqual({ sides: ['buyer'], actions: [], install: true });
      expect(ok(await supplier.get(`/app-api/t_order/can-operate?id=${finished}`))).toEqual({ sides: ['supplier'], actions: [], install: false });
    });

    it('lets only one of two concurrent confirms win', async () => {
      const id = await orderIn('created');
      const [a, b] = await Promise.all([act(supplier, 'confirm', id), act(supplier, 'confirm', id)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses[0]).toBe(200);
      // The loser either saw the order still created and lost the write (409), or already confirmed (400).
      expect([400, 409]).toContain(statuses[1]);
      const row = await db().selectFrom('t_order').select(['state', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'confirmed', version: 2 });
      const edits = await db().selectFrom('t_history_log').select('id').where('target', '=', `t_order#${id}`).where('action', '=', 'edit').execute();
      expect(edits).toHaveLength(1);
    });

    it('writes a transition only from the state it was checked in (a confirm and a cancel that both checked "created")', async () => {
      const id = await orderIn('created');
      const repo = new OrderRepository(db());
      const supplierUser = await db().selectFrom('t_user').select(['id', 'org_id']).where('username', '=', 'supplier').executeTakeFirstOrThrow();
      const who = { user: { id: supplierUser.id, orgId: supplierUser.org_id } as never, name: '恒流销售', side: 'supplier' as const };
      const audit = { userId: supplierUser.id, username: 'supplier' };
      const results = await Promise.all([
        repo.transition(id, 'confirm', 'created', 'confirmed', who, '', audit),
        repo.transition(id, 'cancel', 'created', 'cancelled', who, '竞争', audit),
      ]);
      expect(results.filter((r) => r !== false)).toHaveLength(1);
      const row = await db().selectFrom('t_order').select(['state', 'version', 'confirmed_at', 'cancelled_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.version).toBe(2);
      expect(row.confirmed_at === null).not.toBe(row.cancelled_at === null);
      // A transition from a state the order has left writes nothing.
      expect(await repo.transition(id, 'confirm', 'created', 'confirmed', who, '', audit)).toBe(false);
    });

    it('counts orders per state and lists them by state and keyword', async () => {
      const counts = ok(await admin.get('/app-api/t_order/state-cnt'));
      const states = ['created', 'confirmed', 'finished', 'cancelled'] as const;
      expect(counts.all).toBe(states.reduce((s, k) => s + counts[k], 0));
      for (const state of states) {
        const page = ok(await admin.get(`/app-api/t_order?Page=1&Size=50&state=${state}`));
        expect(page.count).toBe(counts[state]);
        expect(page.list.every((o: any) => o.state === state)).toBe(true);
      }
      const some = ok(await admin.get('/app-api/t_order?Page=1&Size=1'));
      const byCode = ok(await admin.get(`/app-api/t_order?Page=1&Size=5&keyword=${some.list[0].code}`));
      expect(byCode.list.map((o: any) => o.id)).toEqual([some.list[0].id]);
      expect(ok(await admin.get('/app-api/t_order?Page=1&Size=5&keyword=PT-F1')).count).toBe(counts.all);
      // The supplier sees the orders addressed to it: all of them here.
      expect(ok(await supplier.get('/app-api/t_order/state-cnt'))).toEqual(counts);
      refused(await admin.get('/app-api/t_order?state=done'), 400, /query\.state/);
    });
  });

  describe('installation', () => {
    it('records filters into devices by pasted codes, reports unknown codes, and restarts their life', async () => {
      const orderId = await orderIn('finished');
      const order = ok(await admin.get(`/app-api/t_order/${orderId}`));
      const installId = order.installId as number;
      const detailId = order.lines[0].id as number;
      expect(ok(await admin.get(`/app-api/t_device_install?Page=1&Size=5&orderId=${orderId}`)).list).toEqual([
        expect.objectContaining({ id: installId, orderCode: order.code, ordered: 3, installed: 0 }),
      ]);
      const at = now - 3_600_000;
      const body = (codes: string[], extra: object = {}) => ({ installId, orderDetailId: detailId, codes, installedAt: at, installer: '王师傅', ...extra });

      // A dry run reports and writes nothing: unknown codes, another project's device, a code twice.
      const dry = ok(await expectNoChange(server, () => admin.post('/app-api/t_device_install_details/batch',
        body([devices[0].code, 'NO-SUCH-1', bjDevice.code, devices[0].code, devices[1].code, 'NO-SUCH-2'], { dryRun: true }))));
      expect(dry).toEqual({
        matched: [
          { code: devices[0].code, deviceId: devices[0].id, deviceName: expect.any(String), quantity: 2 },
          { code: devices[1].code, deviceId: devices[1].id, deviceName: expect.any(String), quantity: 1 },
        ],
        unknown: ['NO-SUCH-1', 'NO-SUCH-2'],
        refused: [{ code: bjDevice.code, reason: `不属于项目“${sh.name}”` }, { code: devices[0].code, reason: '重复' }],
        remaining: 3,
        recorded: 0,
      });

      // More filters than the line has left, nothing that matches, bad input, the supplier: refused, nothing written.
      refused(await expectNoChange(server, () => admin.post('/app-api/t_device_install_details/batch', body([devices[0].code, devices[1].code, devices[2].code]))), 400, /超出/);
      const none = await expectNoChange(server, () => admin.post('/app-api/t_device_install_details/batch', body(['NO-SUCH-1'])));
      refused(none, 400, /body\.codes/);
      expect(none.body.data).toMatchObject({ unknown: ['NO-SUCH-1'], recorded: 0 });
      refused(await expectNoChange(server, () => admin.post('/app-api/t_device_install_details/batch', body([devices[0].code], { installedAt: now + DAY }))), 400, /body\.installedAt/);
      refused(await expectNoChange(server, () => admin.post('/app-api/t_device_install_details/batch', body([devices[0].code], { installer: ' ' }))), 400, /body\.installer/);
      refused(await expectNoChange(server, () => supplier.post('/app-api/t_device_install_details/batch', body([devices[0].code]))), 403, /采购方/);
      refused(await expectNoChange(server, () => admin.post('/app-api/t_device_install_details/batch', { ...body([devices[0].code]), orderDetailId: 999_999 })), 404, /订单明细/);

      const lifeBefore = await db().selectFrom('t_device_life').select(['predicted_at', 'cycle_start']).where('device_id', '=', devices[0].id).executeTakeFirstOrThrow();
      const r = ok(await admin.post('/app-api/t_device_install_details/batch', body([devices[0].code, 'NO-SUCH-3', devices[1].code])));
      expect(r).toMatchObject({ unknown: ['NO-SUCH-3'], recorded: 2, remaining: 3 });

      // A new life cycle from the installation: the model's 180 service days count from it.
      for (const d of [devices[0], devices[1]]) {
        const held = await db().selectFrom('t_device_filter').select(['filter_id', 'installed_at', 'installed_by']).where('device_id', '=', d.id).executeTakeFirstOrThrow();
        expect({ filterId: held.filter_id, installedAt: Number(held.installed_at) }).toEqual({ filterId, installedAt: at });
        const life = await db().selectFrom('t_device_life').select(['predicted_at', 'cycle_start', 'warned_at']).where('device_id', '=', d.id).executeTakeFirstOrThrow();
        expect(Number(life.predicted_at)).toBeGreaterThan(now + 150 * DAY);
        expect(Number(life.predicted_at)).toBeLessThanOrEqual(at + 180 * DAY);
        expect(life.warned_at).toBeNull();
      }
      expect(Number(lifeBefore.predicted_at)).toBe(now + 5 * DAY);
      // The devices are no longer proposed; the received order's remaining filter still counts as on the way.
      const line = testLines(ok(await admin.get('/app-api/t_order/proposals?horizonDays=30')))[0];
      expect(line.devices.map((d: any) => d.deviceId)).toEqual([devices[2].id]);

      const list = ok(await admin.get(`/app-api/t_device_install/${installId}`));
      expect(list).toMatchObject({ ordered: 3, installed: 3, lines: [expect.objectContaining({ id: detailId, installed: 3 })] });
      expect(list.entries.map((e: any) => [e.deviceId, e.quantity, e.installer, e.installedAt, e.recordedBy])).toEqual(expect.arrayContaining([
        [devices[0].id, 2, '王师傅', at, '系统管理员'], [devices[1].id, 1, '王师傅', at, '系统管理员'],
      ]));
      expect(ok(await admin.get(`/app-api/t_device_install_details?installId=${installId}`))).toHaveLength(2);
      expect(ok(await admin.get(`/app-api/t_order_details?orderId=${orderId}`))[0]).toMatchObject({ installed: 3 });
      const log = await db().selectFrom('t_history_log').select('detail').where('target', '=', `t_device_install#${installId}`).executeTakeFirstOrThrow();
      expect(JSON.parse(log.detail)).toMatchObject({ deviceIds: [devices[0].id, devices[1].id], installer: '王师傅' });
      // The line is complete: one more is too many.
      refused(await expectNoChange(server, () => admin.post('/app-api/t_device_install_details/batch', body([devices[2].code]))), 400, /超出/);
    });

    it('matches a device by its IoT id too', async () => {
      const orderId = await orderIn('finished');
      const order = ok(await admin.get(`/app-api/t_order/${orderId}`));
      await db().updateTable('t_device').set({ iot_id: 'IOT-PT-0001' }).where('id', '=', devices[3].id).execute();
      const r = ok(await admin.post('/app-api/t_device_install_details/batch', {
        installId: order.installId, orderDetailId: order.lines[0].id, codes: ['IOT-PT-0001'], installedAt: now, installer: '李工', dryRun: true,
      }));
      expect(r.matched).toEqual([expect.objectContaining({ code: 'IOT-PT-0001', deviceId: devices[3].id })]);
    });
  });

  describe('rights and scope', () => {
    it('needs buy or buy-apply to apply, buy or buy-record for records', async () => {
      const id = await orderIn('created');
      refused(await operator.get('/app-api/t_order/proposals'), 403, /没有权限：buy \/ buy-apply/);
      refused(await operator.get('/app-api/t_order?Page=1&Size=5'), 403, /没有权限：buy \/ buy-record/);
      ok(await applyOnly.get('/app-api/t_order/proposals'));
      refused(await applyOnly.get(`/app-api/t_order/${id}`), 403, /没有权限/);
      refused(await expectNoChange(server, () => recordOnly.post('/app-api/t_order/create', { lines: [{ projectId: sh.id, filterId, quantity: 1 }] })), 403, /没有权限/);
      ok(await recordOnly.get(`/app-api/t_order/${id}`));
    });

    it('shows an order only to the organisations of its parties (or who sees them)', async () => {
      const id = await orderIn('created');
      refused(await northBuyer.get(`/app-api/t_order/${id}`), 404, /采购订单不存在/);
      refused(await expectNoChange(server, () => northBuyer.post('/app-api/t_order/cancel', { id, reason: 'x' })), 404, /采购订单不存在/);
      expect(ok(await northBuyer.get('/app-api/t_order?Page=1&Size=50')).list.map((o: any) => o.id)).not.toContain(id);
      expect(ok(await northBuyer.get('/app-api/t_order/state-cnt')).all).toBe(0);

      // The northern buyer's own order: seen by it and the supplier, not by the operator's organisation.
      const own = ok(await northBuyer.post('/app-api/t_order/create', { lines: [{ projectId: bj.id, filterId, quantity: 3 }] })).orders[0].id;
      expect(ok(await northBuyer.get(`/app-api/t_order/${own}`))).toMatchObject({ buyerOrgName: '北方医药控股', operations: { sides: ['buyer'] } });
      ok(await supplier.get(`/app-api/t_order/${own}`));
      refused(await supplier.get('/app-api/t_order/999999'), 404, /采购订单不存在/);
      const list = ok(await northBuyer.get('/app-api/t_device_install?Page=1&Size=50'));
      expect(list.count).toBe(0);
    });
  });
});
