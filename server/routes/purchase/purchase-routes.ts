import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../../contract/envelope';
import {
  checkOrderTransition, allowedOrderActions, ORDER_REFUSALS, orderSidesOf, type OrderAction, type OrderSide,
} from '../../../contract/purchase/order-states';
import {
  CancelOrderBody, CreateOrderBody, CreateOrderResult, InstallBatchBody, InstallBatchResult, InstallDetail, InstallEntry, InstallEntryQuery,
  InstallPage, InstallQuery, OrderActionBody, OrderDetail, OrderDetailList, OrderDetailQuery, OrderOperations, OrderPage, OrderQuery,
  OrderStateCounts, ProposalList, ProposalQuery, PURCHASE_APPLY_RIGHTS, PURCHASE_RECORD_RIGHTS, type OrderRecord,
} from '../../../contract/purchase/orders';
import type { AuthUser } from '../../auth/auth-user';
import type { AppDeps } from '../../deps';
import { pushMessagesTo } from '../../gateway/upgrade-items';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/api-error';
import { endpoint } from '../../http/endpoint';
import { InstallRepository, type BatchDevice } from './install-repository';
import { OrderRepository, type NewOrder } from './order-repository';
import { proposeOrders } from './proposal-repository';
import { z } from 'zod';

const ORDER = '采购订单';
/** A few minutes of clock skew between the recording device and the server. */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * The purchase assistant on `/app-api` (issue 21; README.md beside): proposals from the predicted
 * filter life and applications (buy or buy-apply); orders, their transitions and installation
 * lists (buy or buy-record). Transitions are the pure table of contract/purchase/order-states.ts,
 * checked here against the caller's organisation (403) and the order's state (400), and written
 * only from the state they were checked in (409 when another got there first).
 */
export function registerPurchaseRoutes(app: FastifyInstance, { db, hub }: AppDeps): void {
  const orders = new OrderRepository(db);
  const installs = new InstallRepository(db);
  const push = pushMessagesTo(hub);
  const audit = (user: AuthUser, ip: string) => ({ userId: user.id, username: user.username, ip });
  const findOrder = async (user: AuthUser, id: number): Promise<OrderRecord> => {
    const found = await orders.find(user, id);
    if (!found) throw notFound(ORDER);
    return found;
  };
  const sidesOf = (user: AuthUser, o: { buyerOrgId: number; supplierOrgId: number }): OrderSide[] => orderSidesOf(o, user.orgId);
  const operations = (user: AuthUser, o: OrderRecord) => {
    const sides = sidesOf(user, o);
    return { sides, actions: allowedOrderActions(o.state, sides), install: o.state === 'finished' && sides.includes('buyer') };
  };
  const detail = async (user: AuthUser, id: number) => {
    const o = await findOrder(user, id);
    return {
      ...o, lines: await orders.lines(id), timeline: await orders.timeline(id), operations: operations(user, o),
      installId: await orders.installIdOf(id),
    };
  };

  // ---- smart purchase ----------------------------------------------------------------------------

  endpoint(app, db, {
    method: 'GET', url: '/t_order/proposals', access: PURCHASE_APPLY_RIGHTS, query: ProposalQuery, response: ProposalList,
    handler: ({ user, query }) => proposeOrders(db, orders, user, query.horizonDays),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_order/create', access: PURCHASE_APPLY_RIGHTS, tenancy: 'subtree', body: CreateOrderBody, response: CreateOrderResult,
    async handler({ user, body, req }) {
      const seen = new Set<string>();
      body.lines.forEach((l, n) => {
        const key = `${l.projectId}:${l.filterId}`;
        if (seen.has(key)) throw badRequest(`body.lines.${n}: 同一项目的同一滤芯型号只能申请一行`);
        seen.add(key);
      });
      const projects = await orders.visibleProjects(user, body.lines.map((l) => l.projectId));
      const filters = await orders.filters(body.lines.map((l) => l.filterId));
      const bySupplier = new Map<number, NewOrder>();
      body.lines.forEach((l, n) => {
        const projectName = projects.get(l.projectId);
        // A project the applicant does not see answers as one that does not exist.
        if (projectName === undefined) throw notFound('项目');
        const f = filters.get(l.filterId);
        if (!f) throw notFound('滤芯型号');
        if (f.supplierOrgId === null) throw badRequest(`body.lines.${n}.filterId: 滤芯型号“${f.name}”未设置供应商，无法下单`);
        let o = bySupplier.get(f.supplierOrgId);
        if (!o) bySupplier.set(f.supplierOrgId, (o = { supplierOrgId: f.supplierOrgId, supplierOrgName: f.supplierOrgName ?? '', lines: [] }));
        o.lines.push({ ...l, projectName, filterCode: f.code, filterName: f.name, unitPrice: f.unitPrice });
      });
      const actor = await orders.actor(user);
      const { created, messages } = await orders.create([...bySupplier.values()], body.remark, { user, ...actor }, audit(user, req.ip));
      messages.forEach(push);
      return { orders: created };
    },
  });

  // ---- orders ------------------------------------------------------------------------------------

  endpoint(app, db, {
    method: 'GET', url: '/t_order', access: PURCHASE_RECORD_RIGHTS, query: OrderQuery, response: OrderPage,
    handler: ({ user, query }) => orders.list(user, query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_order/state-cnt', access: PURCHASE_RECORD_RIGHTS, response: OrderStateCounts,
    handler: ({ user }) => orders.stateCounts(user),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_order/can-operate', access: PURCHASE_RECORD_RIGHTS, query: IdParam, response: OrderOperations,
    handler: async ({ user, query }) => operations(user, await findOrder(user, query.id)),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_order/:id', access: PURCHASE_RECORD_RIGHTS, params: IdParam, response: OrderDetail,
    handler: ({ user, params }) => detail(user, params.id),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_order_details', access: PURCHASE_RECORD_RIGHTS, query: OrderDetailQuery, response: OrderDetailList,
    async handler({ user, query }) {
      await findOrder(user, query.orderId);
      return orders.lines(query.orderId);
    },
  });

  /** One transition: checked against the caller's side and the order's state, written only from that state. */
  const move = async (user: AuthUser, id: number, action: OrderAction, reason: string, ip: string) => {
    const o = await findOrder(user, id);
    const sides = sidesOf(user, o);
    const check = checkOrderTransition(o.state, action, sides);
    if (!check.ok) throw check.reason === 'side' ? forbidden(ORDER_REFUSALS[action].side) : badRequest(ORDER_REFUSALS[action].state);
    const actor = await orders.actor(user);
    // Acting for the supplier when the order allows that side (an organisation ordering from itself acts for both).
    const side: OrderSide = sides.includes('supplier') && (action === 'confirm' || !sides.includes('buyer')) ? 'supplier' : 'buyer';
    const messages = await orders.transition(id, action, o.state, check.to, { user, name: actor.name, side }, reason, audit(user, ip));
    if (!messages) throw conflict('订单状态已被他人更改，请刷新后重试');
    messages.forEach(push);
    return detail(user, id);
  };

  endpoint(app, db, {
    method: 'POST', url: '/t_order/confirm', access: PURCHASE_RECORD_RIGHTS, tenancy: 'subtree', body: OrderActionBody, response: OrderDetail,
    handler: ({ user, body, req }) => move(user, body.id, 'confirm', '', req.ip),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_order/finish', access: PURCHASE_RECORD_RIGHTS, tenancy: 'subtree', body: OrderActionBody, response: OrderDetail,
    handler: ({ user, body, req }) => move(user, body.id, 'finish', '', req.ip),
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_order/cancel', access: PURCHASE_RECORD_RIGHTS, tenancy: 'subtree', body: CancelOrderBody, response: OrderDetail,
    handler: ({ user, body, req }) => move(user, body.id, 'cancel', body.reason, req.ip),
  });

  // ---- installation --------------------------------------------------------------------------------

  const findInstall = async (user: AuthUser, id: number) => {
    const found = await installs.find(user, id);
    if (!found) throw notFound('安装清单');
    return found;
  };

  endpoint(app, db, {
    method: 'GET', url: '/t_device_install', access: PURCHASE_RECORD_RIGHTS, query: InstallQuery, response: InstallPage,
    handler: ({ user, query }) => installs.list(user, query),
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device_install/:id', access: PURCHASE_RECORD_RIGHTS, params: IdParam, response: InstallDetail,
    async handler({ user, params }) {
      const l = await findInstall(user, params.id);
      return {
        id: l.id, orderId: l.orderId, orderCode: l.orderCode, supplierOrgName: l.supplierOrgName, createdAt: l.createdAt, ordered: l.ordered,
        installed: l.installed, lines: await orders.lines(l.orderId), entries: await installs.entries(l.id),
      };
    },
  });

  endpoint(app, db, {
    method: 'GET', url: '/t_device_install_details', access: PURCHASE_RECORD_RIGHTS, query: InstallEntryQuery, response: z.array(InstallEntry),
    async handler({ user, query }) {
      await findInstall(user, query.installId);
      return installs.entries(query.installId);
    },
  });

  endpoint(app, db, {
    method: 'POST', url: '/t_device_install_details/batch', access: PURCHASE_RECORD_RIGHTS, tenancy: 'subtree', body: InstallBatchBody, response: InstallBatchResult,
    async handler({ user, body, req }) {
      const list = await findInstall(user, body.installId);
      if (!sidesOf(user, list).includes('buyer')) throw forbidden('只有采购方可以登记安装');
      const line = await installs.line(list.orderId, body.orderDetailId);
      if (!line) throw notFound('订单明细');
      const now = Date.now();
      if (body.installedAt > now + FUTURE_SLACK_MS) throw badRequest('body.installedAt: 安装时间不能晚于现在');

      const found = new Map((await installs.devicesByCode(user, [...new Set(body.codes)])).map((d) => [d.code, d]));
      const matched: BatchDevice[] = [];
      const unknown: string[] = [];
      const refused: { code: string; reason: string }[] = [];
      const listed = new Set<string>();
      const devicesTaken = new Set<number>();
      for (const code of body.codes) {
        if (listed.has(code)) { refused.push({ code, reason: '重复' }); continue; }
        listed.add(code);
        const d = found.get(code);
        if (!d) { unknown.push(code); continue; }
        if (d.projectId !== line.projectId) { refused.push({ code, reason: `不属于项目“${line.projectName}”` }); continue; }
        // The same device by its code and by its IoT id.
        if (devicesTaken.has(d.deviceId)) { refused.push({ code, reason: '重复' }); continue; }
        devicesTaken.add(d.deviceId);
        matched.push(d);
      }
      const remaining = Math.max(0, line.quantity - line.installed);
      const report = (recorded: number) => InstallRepository.report(matched, unknown, refused, remaining, recorded);
      if (body.dryRun) return report(0);
      if (!matched.length) throw new ApiError(400, 'body.codes: 没有可登记的设备', false, report(0));
      const quantity = matched.reduce((s, d) => s + d.quantity, 0);
      if (quantity > remaining) {
        throw new ApiError(400, `body.codes: 登记数量 ${quantity} 超出该订单行剩余未安装数量 ${remaining}`, false, report(0));
      }
      const actor = await orders.actor(user);
      const messages = await installs.record(
        list.id, { id: line.id, filterId: line.filterId, filterName: line.filterName },
        matched.map((d) => ({ deviceId: d.deviceId, deviceCode: d.deviceCode, deviceName: d.deviceName, projectName: d.projectName, quantity: d.quantity })),
        body.installedAt, body.installer, { user, name: actor.name }, audit(user, req.ip),
      );
      messages.forEach(push);
      return report(matched.length);
    },
  });
}
