import { PURCHASE_APPLY_RIGHTS, PURCHASE_RECORD_RIGHTS } from '../../contract/purchase/orders';
import type { OrderState } from '../../contract/purchase/order-states';
import type { RightCode } from '../../contract/rights';
import type { EndpointCase, MatrixContext } from './endpoint-table';

const APPLY = PURCHASE_APPLY_RIGHTS as readonly RightCode[];
const RECORD = PURCHASE_RECORD_RIGHTS as readonly RightCode[];
const db = (ctx: MatrixContext) => ctx.server.database.db;

/** The matrix's filter model (supplier 恒流滤材供应), made when missing. */
async function matrixFilter(ctx: MatrixContext): Promise<number> {
  const found = await db(ctx).selectFrom('t_filter').select('id').where('code', '=', 'MX-PURCHASE').executeTakeFirst();
  if (found) return found.id;
  const now = Date.now();
  const supplier = await db(ctx).selectFrom('t_org').select('id').where('code', '=', 'SUP-01').executeTakeFirstOrThrow();
  const type = await db(ctx).selectFrom('t_filter_type').select('id').where('code', '=', 'MX-PURCHASE').executeTakeFirst()
    ?? await db(ctx).insertInto('t_filter_type').values({ code: 'MX-PURCHASE', name: '矩阵滤芯', created_at: now }).returning('id').executeTakeFirstOrThrow();
  return (await db(ctx).insertInto('t_filter').values({
    code: 'MX-PURCHASE', name: '矩阵滤芯', filter_type_id: type.id, supplier_org_id: supplier.id, lead_days: 7, unit_price: 10, initial_pa: 100,
    final_pa: 300, rated_air_m3h: 1000, max_days: 365, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The operator's project P-SH-01 and its first device. */
async function matrixProject(ctx: MatrixContext): Promise<{ projectId: number; projectName: string; deviceCode: string }> {
  const p = await db(ctx).selectFrom('t_project as p').innerJoin('t_device as d', 'd.project_id', 'p.id')
    .select(['p.id', 'p.name', 'd.code']).where('p.code', '=', 'P-SH-01').orderBy('d.id').executeTakeFirstOrThrow();
  return { projectId: p.id, projectName: p.name, deviceCode: p.code };
}

/**
 * An order of the internal organisation to itself (so the admin and the probe act for both
 * sides) in `state`, with one line of 100,000 matrix filters: the first such named `remark`, or a
 * new one (a received one with its installation list).
 */
async function matrixOrder(ctx: MatrixContext, state: OrderState, remark: string): Promise<{ id: number; detailId: number; installId: number | null }> {
  const found = await db(ctx).selectFrom('t_order as o').innerJoin('t_order_details as d', 'd.order_id', 'o.id')
    .leftJoin('t_device_install as i', 'i.order_id', 'o.id')
    .select(['o.id', 'd.id as detail_id', 'i.id as install_id']).where('o.remark', '=', remark).where('o.state', '=', state).orderBy('o.id').executeTakeFirst();
  if (found) return { id: found.id, detailId: found.detail_id, installId: found.install_id };
  const hq = await db(ctx).selectFrom('t_org').select(['id', 'name']).where('code', '=', 'NV-HQ').executeTakeFirstOrThrow();
  const filterId = await matrixFilter(ctx);
  const { projectId, projectName } = await matrixProject(ctx);
  const now = Date.now();
  const { id } = await db(ctx).insertInto('t_order').values({
    code: `MX-${now}-${Math.random().toString(36).slice(2, 8)}`, state, buyer_org_id: hq.id, buyer_org_name: hq.name, created_by: ctx.ids.admin,
    supplier_org_id: hq.id, supplier_org_name: hq.name, remark, created_at: now, updated_at: now,
    ...(state === 'confirmed' || state === 'finished' ? { confirmed_at: now } : {}), ...(state === 'finished' ? { finished_at: now } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  const detail = await db(ctx).insertInto('t_order_details').values({
    order_id: id, project_id: projectId, project_name: projectName, filter_id: filterId, filter_code: 'MX-PURCHASE', filter_name: '矩阵滤芯',
    quantity: 100_000, unit_price: 10,
  }).returning('id').executeTakeFirstOrThrow();
  const install = state === 'finished'
    ? (await db(ctx).insertInto('t_device_install').values({ order_id: id, created_at: now }).returning('id').executeTakeFirstOrThrow()).id
    : null;
  return { id, detailId: detail.id, installId: install };
}

const transition = (action: 'confirm' | 'finish' | 'cancel', from: OrderState): EndpointCase => ({
  method: 'POST', route: `/app-api/t_order/${action}`, access: RECORD,
  async prepare(ctx) { await matrixOrder(ctx, from, `矩阵-${action}`); },
  call: async (ctx) => ({
    url: `/app-api/t_order/${action}`,
    body: { id: (await matrixOrder(ctx, from, `矩阵-${action}`)).id, ...(action === 'cancel' ? { reason: '权限矩阵' } : {}) },
  }),
  async undo(ctx) { await matrixOrder(ctx, from, `矩阵-${action}`); },
});

/** The purchase assistant (issue 21) for the rights matrix of endpoint-table.ts. */
export const PURCHASE_ENDPOINTS: EndpointCase[] = [
  { method: 'GET', route: '/app-api/t_order/proposals', access: APPLY, call: () => ({ url: '/app-api/t_order/proposals?horizonDays=30' }) },
  { method: 'POST', route: '/app-api/t_order/create', access: APPLY,
    async prepare(ctx) { await matrixFilter(ctx); },
    call: async (ctx) => ({
      url: '/app-api/t_order/create',
      body: { lines: [{ projectId: (await matrixProject(ctx)).projectId, filterId: await matrixFilter(ctx), quantity: 1 }], remark: '权限矩阵' },
    }) },
  { method: 'GET', route: '/app-api/t_order', access: RECORD, call: () => ({ url: '/app-api/t_order?Page=1&Size=5&state=created' }) },
  { method: 'GET', route: '/app-api/t_order/state-cnt', access: RECORD, call: () => ({ url: '/app-api/t_order/state-cnt' }) },
  { method: 'GET', route: '/app-api/t_order/can-operate', access: RECORD,
    async prepare(ctx) { await matrixOrder(ctx, 'created', '矩阵查看'); },
    call: async (ctx) => ({ url: `/app-api/t_order/can-operate?id=${(await matrixOrder(ctx, 'created', '矩阵查看')).id}` }) },
  { method: 'GET', route: '/app-api/t_order/:id', access: RECORD,
    async prepare(ctx) { await matrixOrder(ctx, 'created', '矩阵查看'); },
    call: async (ctx) => ({ url: `/app-api/t_order/${(await matrixOrder(ctx, 'created', '矩阵查看')).id}` }) },
  { method: 'GET', route: '/app-api/t_order_details', access: RECORD,
    async prepare(ctx) { await matrixOrder(ctx, 'created', '矩阵查看'); },
    call: async (ctx) => ({ url: `/app-api/t_order_details?orderId=${(await matrixOrder(ctx, 'created', '矩阵查看')).id}` }) },
  transition('confirm', 'created'),
  transition('finish', 'confirmed'),
  transition('cancel', 'created'),
  { method: 'GET', route: '/app-api/t_device_install', access: RECORD, call: () => ({ url: '/app-api/t_device_install?Page=1&Size=5' }) },
  { method: 'GET', route: '/app-api/t_device_install/:id', access: RECORD,
    async prepare(ctx) { await matrixOrder(ctx, 'finished', '矩阵安装'); },
    call: async (ctx) => ({ url: `/app-api/t_device_install/${(await matrixOrder(ctx, 'finished', '矩阵安装')).installId}` }) },
  { method: 'GET', route: '/app-api/t_device_install_details', access: RECORD,
    async prepare(ctx) { await matrixOrder(ctx, 'finished', '矩阵安装'); },
    call: async (ctx) => ({ url: `/app-api/t_device_install_details?installId=${(await matrixOrder(ctx, 'finished', '矩阵安装')).installId}` }) },
  // Records the matrix filter into the operator project's first device (a new life cycle each time).
  { method: 'POST', route: '/app-api/t_device_install_details/batch', access: RECORD,
    async prepare(ctx) { await matrixOrder(ctx, 'finished', '矩阵安装'); },
    call: async (ctx) => {
      const o = await matrixOrder(ctx, 'finished', '矩阵安装');
      return {
        url: '/app-api/t_device_install_details/batch',
        body: { installId: o.installId, orderDetailId: o.detailId, codes: [(await matrixProject(ctx)).deviceCode], installedAt: Date.now() - 60_000, installer: '矩阵' },
      };
    } },
];
