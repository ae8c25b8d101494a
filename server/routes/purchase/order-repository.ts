import { sql, type Kysely } from 'kysely';
import { SITE_UTC_OFFSET_MINUTES } from '../../../contract/constants';
import type { Paged } from '../../../contract/envelope';
import { MessageType } from '../../../contract/enums';
import { ORDER_STATE_LABELS, type OrderAction, type OrderState } from '../../../contract/purchase/order-states';
import type {
  CreateOrderLine, OrderDetailLine, OrderQuery, OrderRecord, OrderStateCounts, OrderStep,
} from '../../../contract/purchase/orders';
import { PURCHASE_RECORD_RIGHTS } from '../../../contract/purchase/orders';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { sendMessages } from '../../gateway/upgrade-items';
import { auditLog, type AuditEntry } from '../../logs/audit-log';
import type { MessageEvent } from '../../telemetry/telemetry-events';
import { visibleOrgFilter, visibleProjectFilter } from '../../auth/scope-filters';

/** Order codes carry the site's date (contract/constants.ts). */
const SITE_OFFSET_MS = SITE_UTC_OFFSET_MINUTES * 60_000;

type Audit = Omit<AuditEntry, 'action'>;
type OrderRow = {
  id: number; version: number; code: string; state: string; buyer_org_id: number; buyer_org_name: string; created_by_name: string;
  supplier_org_id: number; supplier_org_name: string; remark: string; created_at: number | string; confirmed_at: number | string | null;
  finished_at: number | string | null; cancelled_at: number | string | null; cancel_reason: string;
};

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** `PO20260115-0007`: the site's date and the order id. */
export function orderCode(id: number, now: number): string {
  const day = new Date(now + SITE_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `PO${day}-${String(id).padStart(4, '0')}`;
}

/** What an order's creation writes: its lines grouped for one supplier. */
export interface NewOrder {
  supplierOrgId: number;
  supplierOrgName: string;
  lines: (CreateOrderLine & { projectName: string; filterCode: string; filterName: string; unitPrice: number })[];
}

/** The filter model of an order line as the application finds it. */
export interface LineFilter { id: number; code: string; name: string; unitPrice: number; supplierOrgId: number | null; supplierOrgName: string | null }

/**
 * The SQL of purchase orders (`t_order`, `t_order_details`, and the installation list a received
 * order opens). A user sees an order of a buyer or a supplier organisation within their data
 * scope. Transitions update `where state = <expected>`: of two concurrent ones only one writes.
 */
export class OrderRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's organisation and display name. */
  async actor(user: AuthUser): Promise<{ name: string; orgName: string }> {
    const u = await this.db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
      .select(['u.nick_name', 'u.username', 'o.name as org_name']).where('u.id', '=', user.id).executeTakeFirst();
    return { name: u?.nick_name || u?.username || user.username, orgName: u?.org_name ?? '' };
  }

  /** Of `ids`, the projects the user sees, with their names. */
  async visibleProjects(user: AuthUser, ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('t_project as p').select(['p.id', 'p.name']).where('p.id', 'in', [...new Set(ids)])
      .where(visibleProjectFilter(user, 'p.id', 'p.org_id')).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Every project id the user sees, or 'all'. */
  async visibleProjectIds(user: AuthUser): Promise<number[] | 'all'> {
    if (user.scope.all) return 'all';
    return (await this.db.selectFrom('t_project as p').select('p.id').where(visibleProjectFilter(user, 'p.id', 'p.org_id')).execute()).map((r) => r.id);
  }

  /** Filter models by id, with their supplier organisation (an organisation that is gone or disabled counts as none). */
  async filters(ids: readonly number[]): Promise<Map<number, LineFilter>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('t_filter as f').leftJoin('t_org as o', (j) => j.onRef('o.id', '=', 'f.supplier_org_id').on('o.disabled', '=', 0))
      .select(['f.id', 'f.code', 'f.name', 'f.unit_price', 'o.id as org_id', 'o.name as org_name'])
      .where('f.id', 'in', [...new Set(ids)]).execute();
    return new Map(rows.map((r) => [r.id, {
      id: r.id, code: r.code, name: r.name, unitPrice: Number(r.unit_price), supplierOrgId: r.org_id ?? null, supplierOrgName: r.org_name ?? null,
    }]));
  }

  /**
   * Users who answer a purchase request addressed to `orgId`: its staff holding buy or buy-record
   * (by their roles, capped by the organisation type's rights). Guests, disabled and deleted users
   * are never told. Inside a transaction, pass it (SQLite has one connection).
   */
  async approversOf(orgId: number, db: Kysely<DB> = this.db): Promise<number[]> {
    const rows = await db.selectFrom('t_user as u').innerJoin('t_org as o', 'o.id', 'u.org_id')
      .select('u.id').distinct()
      .where('u.org_id', '=', orgId).where('u.is_guest', '=', 0).where('u.disabled', '=', 0).where('u.deleted_at', 'is', null)
      .where((eb) => eb.exists(eb.selectFrom('t_user_role as ur').innerJoin('t_role_right as rr', 'rr.role_id', 'ur.role_id')
        .innerJoin('t_org_type_right as otr', (j) => j.onRef('otr.right_code', '=', 'rr.right_code'))
        .select('ur.user_id').whereRef('ur.user_id', '=', 'u.id').whereRef('otr.org_type', '=', 'o.org_type')
        .where('rr.right_code', 'in', [...PURCHASE_RECORD_RIGHTS])))
      .orderBy('u.id').execute();
    return rows.map((r) => r.id);
  }

  /**
   * Writes one order per supplier, each with its lines, its audit line and a purchase-request
   * message (type 9) to the supplier's approvers, in one transaction. Answers the orders and the
   * messages to push after commit.
   */
  async create(orders: readonly NewOrder[], remark: string, buyer: { user: AuthUser; name: string; orgName: string }, audit: Audit):
    Promise<{ created: { id: number; code: string; supplierOrgId: number; supplierOrgName: string }[]; messages: MessageEvent[] }> {
    const approvers = new Map<number, number[]>();
    for (const o of orders) approvers.set(o.supplierOrgId, await this.approversOf(o.supplierOrgId));
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const created: { id: number; code: string; supplierOrgId: number; supplierOrgName: string }[] = [];
      const messages: MessageEvent[] = [];
      for (const o of orders) {
        const placeholder = `new-${now}-${Math.random().toString(36).slice(2)}`;
        const { id } = await trx.insertInto('t_order').values({
          code: placeholder, state: 'created', buyer_org_id: buyer.user.orgId, buyer_org_name: buyer.orgName, created_by: buyer.user.id,
          created_by_name: buyer.name, supplier_org_id: o.supplierOrgId, supplier_org_name: o.supplierOrgName, remark, created_at: now, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        const code = orderCode(id, now);
        await trx.updateTable('t_order').set({ code }).where('id', '=', id).execute();
        await trx.insertInto('t_order_details').values(o.lines.map((l, i) => ({
          order_id: id, project_id: l.projectId, project_name: l.projectName, filter_id: l.filterId, filter_code: l.filterCode,
          filter_name: l.filterName, quantity: l.quantity, unit_price: l.unitPrice, due_at: l.dueAt ?? null, sort_order: i,
        }))).execute();
        const quantity = o.lines.reduce((s, l) => s + l.quantity, 0);
        await auditLog(trx, { ...audit, action: 'add', target: `t_order#${id}`, detail: JSON.stringify({ code, supplierOrgId: o.supplierOrgId, lines: o.lines.length, quantity }) });
        const first = o.lines[0];
        const more = o.lines.length > 1 ? ` 等 ${o.lines.length} 项` : '';
        const projects = [...new Set(o.lines.map((l) => l.projectName))];
        const m = await sendMessages(trx, approvers.get(o.supplierOrgId) ?? [], {
          type: MessageType.PurchaseRequest,
          content: `采购申请待确认：${buyer.orgName} ${code}，${first.filterName} × ${first.quantity}${more}，共 ${quantity} 件`,
          data: JSON.stringify({
            projectName: projects.length > 1 ? `${projects[0]} 等 ${projects.length} 个项目` : projects[0],
            deviceModelName: first.filterName, orderId: id, orderCode: code,
          }),
        }, now);
        if (m) messages.push(m);
        created.push({ id, code, supplierOrgId: o.supplierOrgId, supplierOrgName: o.supplierOrgName });
      }
      return { created, messages };
    });
  }

  private visible(user: AuthUser) {
    return this.db.selectFrom('t_order as o').where((eb) => eb.or([
      visibleOrgFilter(user, 'o.buyer_org_id')(eb),
      visibleOrgFilter(user, 'o.supplier_org_id')(eb),
    ]));
  }

  private record(r: OrderRow, totals: { lineCount: number; quantity: number; amount: number } | undefined): OrderRecord {
    return {
      id: r.id, code: r.code, state: r.state as OrderState, buyerOrgId: r.buyer_org_id, buyerOrgName: r.buyer_org_name,
      buyerUserName: r.created_by_name, supplierOrgId: r.supplier_org_id, supplierOrgName: r.supplier_org_name, remark: r.remark,
      lineCount: totals?.lineCount ?? 0, quantity: totals?.quantity ?? 0, amount: Math.round((totals?.amount ?? 0) * 100) / 100,
      createdAt: Number(r.created_at), confirmedAt: num(r.confirmed_at), finishedAt: num(r.finished_at), cancelledAt: num(r.cancelled_at),
      cancelReason: r.cancel_reason, version: r.version,
    };
  }

  private async totals(ids: readonly number[]): Promise<Map<number, { lineCount: number; quantity: number; amount: number }>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('t_order_details').select((eb) => [
      'order_id', eb.fn.countAll<number>().as('lines'), eb.fn.sum<number>('quantity').as('quantity'),
      eb.fn.sum<number>(sql`quantity * unit_price`).as('amount'),
    ]).where('order_id', 'in', [...ids]).groupBy('order_id').execute();
    return new Map(rows.map((r) => [r.order_id, { lineCount: Number(r.lines), quantity: Number(r.quantity), amount: Number(r.amount) }]));
  }

  private readonly columns = [
    'o.id', 'o.version', 'o.code', 'o.state', 'o.buyer_org_id', 'o.buyer_org_name', 'o.created_by_name', 'o.supplier_org_id',
    'o.supplier_org_name', 'o.remark', 'o.created_at', 'o.confirmed_at', 'o.finished_at', 'o.cancelled_at', 'o.cancel_reason',
  ] as const;

  /** Orders the user sees, newest first. */
  async list(user: AuthUser, q: OrderQuery): Promise<Paged<OrderRecord>> {
    let base = this.visible(user);
    if (q.state) base = base.where('o.state', '=', q.state);
    if (q.keyword) {
      const like = `%${q.keyword.toLowerCase()}%`;
      base = base.where((eb) => eb.or([
        eb(eb.fn('lower', ['o.code']), 'like', like), eb(eb.fn('lower', ['o.supplier_org_name']), 'like', like),
        eb(eb.fn('lower', ['o.buyer_org_name']), 'like', like),
        eb.exists(eb.selectFrom('t_order_details as d').select('d.id').whereRef('d.order_id', '=', 'o.id').where((e) => e.or([
          e(e.fn('lower', ['d.filter_name']), 'like', like), e(e.fn('lower', ['d.project_name']), 'like', like),
          e(e.fn('lower', ['d.filter_code']), 'like', like),
        ]))),
      ]));
    }
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await base.select([...this.columns]).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc')
      .limit(q.Size).offset((q.Page - 1) * q.Size).execute();
    const totals = await this.totals(rows.map((r) => r.id));
    return { count: Number(count), list: rows.map((r) => this.record(r, totals.get(r.id))) };
  }

  /** One order the user sees, or undefined. */
  async find(user: AuthUser, id: number): Promise<OrderRecord | undefined> {
    const row = await this.visible(user).select([...this.columns]).where('o.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return this.record(row, (await this.totals([id])).get(id));
  }

  /** Counts of the orders the user sees, per state. */
  async stateCounts(user: AuthUser): Promise<OrderStateCounts> {
    const rows = await this.visible(user).select((eb) => ['o.state', eb.fn.countAll<number>().as('n')]).groupBy('o.state').execute();
    const out: OrderStateCounts = { all: 0, created: 0, confirmed: 0, finished: 0, cancelled: 0 };
    for (const r of rows) {
      if (r.state in out) out[r.state as OrderState] = Number(r.n);
      out.all += Number(r.n);
    }
    return out;
  }

  /** An order's lines with what has been recorded as installed of each. */
  async lines(orderId: number): Promise<OrderDetailLine[]> {
    const rows = await this.db.selectFrom('t_order_details as d')
      .select((eb) => [
        'd.id', 'd.order_id', 'd.project_id', 'd.project_name', 'd.filter_id', 'd.filter_code', 'd.filter_name', 'd.quantity', 'd.unit_price',
        'd.due_at',
        eb.selectFrom('t_device_install_details as i').select((e) => e.fn.coalesce(e.fn.sum<number>('i.quantity'), sql<number>`0`).as('n'))
          .whereRef('i.order_detail_id', '=', 'd.id').as('installed'),
      ])
      .where('d.order_id', '=', orderId).orderBy('d.sort_order').orderBy('d.id').execute();
    return rows.map((r) => ({
      id: r.id, orderId: r.order_id, projectId: r.project_id, projectName: r.project_name, filterId: r.filter_id, filterCode: r.filter_code,
      filterName: r.filter_name, quantity: r.quantity, unitPrice: Number(r.unit_price), dueAt: num(r.due_at), installed: Number(r.installed ?? 0),
    }));
  }

  /** The states an order went through, in order, with who moved it and the cancellation's reason. */
  async timeline(orderId: number): Promise<OrderStep[]> {
    const o = await this.db.selectFrom('t_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const steps: OrderStep[] = [{ state: 'created', at: Number(o.created_at), by: o.created_by_name, note: o.remark }];
    if (o.confirmed_at !== null) steps.push({ state: 'confirmed', at: Number(o.confirmed_at), by: o.confirmed_by_name, note: '' });
    if (o.finished_at !== null) steps.push({ state: 'finished', at: Number(o.finished_at), by: o.finished_by_name, note: '' });
    if (o.cancelled_at !== null) steps.push({ state: 'cancelled', at: Number(o.cancelled_at), by: o.cancelled_by_name, note: o.cancel_reason });
    return steps;
  }

  /** The installation list of an order (opened when it was received), or null. */
  async installIdOf(orderId: number): Promise<number | null> {
    return (await this.db.selectFrom('t_device_install').select('id').where('order_id', '=', orderId).executeTakeFirst())?.id ?? null;
  }

  /**
   * Moves an order from `expected` to `to` by `action`, stamping who and when: only while it is
   * still in `expected` (false when another transition got there first, and nothing is written).
   * Receiving opens its installation list. Logged, and the other party is told.
   */
  async transition(
    id: number, action: OrderAction, expected: OrderState, to: OrderState,
    by: { user: AuthUser; name: string; side: 'buyer' | 'supplier' }, reason: string, audit: Audit,
  ): Promise<MessageEvent[] | false> {
    return this.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const stamp = action === 'confirm'
        ? { confirmed_at: now, confirmed_by: by.user.id, confirmed_by_name: by.name }
        : action === 'finish'
          ? { finished_at: now, finished_by: by.user.id, finished_by_name: by.name }
          : { cancelled_at: now, cancelled_by: by.user.id, cancelled_by_name: by.name, cancel_reason: reason };
      const won = await trx.updateTable('t_order')
        .set((eb) => ({ ...stamp, state: to, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id).where('state', '=', expected).executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) return false;
      if (action === 'finish') await trx.insertInto('t_device_install').values({ order_id: id, created_at: now }).execute();
      await auditLog(trx, {
        ...audit, action: 'edit', target: `t_order#${id}`,
        detail: JSON.stringify({ transition: action, from: expected, to, ...(reason ? { reason } : {}) }),
      });
      const o = await trx.selectFrom('t_order').select(['code', 'created_by', 'supplier_org_id', 'supplier_org_name']).where('id', '=', id).executeTakeFirstOrThrow();
      const messages: MessageEvent[] = [];
      // The other party hears of a confirmation or a cancellation; receiving is the buyer's own act.
      let to_: number[] = [];
      if (action === 'confirm' && o.created_by !== null) to_ = [o.created_by];
      if (action === 'cancel') to_ = by.side === 'supplier' ? (o.created_by !== null ? [o.created_by] : []) : await this.approversOf(o.supplier_org_id, trx);
      to_ = to_.filter((u) => u !== by.user.id);
      const label = ORDER_STATE_LABELS[to].zh;
      const m = await sendMessages(trx, to_, {
        type: MessageType.PurchaseRequest,
        content: action === 'cancel' ? `采购订单 ${o.code} 已由 ${by.name} 取消：${reason}` : `采购订单 ${o.code} ${label}（${o.supplier_org_name}，${by.name}）`,
        data: JSON.stringify({ projectName: '', deviceModelName: '', orderId: id, orderCode: o.code, state: to }),
      }, now);
      if (m) messages.push(m);
      return messages;
    });
  }

  /**
   * Filters already on their way for a project and model: open orders' quantities, plus what a
   * received order brought that is not yet recorded as installed. Keyed `projectId:filterId`.
   */
  async onTheWay(projectIds: readonly number[]): Promise<Map<string, number>> {
    if (!projectIds.length) return new Map();
    const rows = await this.db.selectFrom('t_order_details as d').innerJoin('t_order as o', 'o.id', 'd.order_id')
      .select((eb) => [
        'd.project_id', 'd.filter_id', 'd.quantity', 'o.state',
        eb.selectFrom('t_device_install_details as i').select((e) => e.fn.coalesce(e.fn.sum<number>('i.quantity'), sql<number>`0`).as('n'))
          .whereRef('i.order_detail_id', '=', 'd.id').as('installed'),
      ])
      .where('d.project_id', 'in', [...new Set(projectIds)]).where('o.state', 'in', ['created', 'confirmed', 'finished']).execute();
    const out = new Map<string, number>();
    for (const r of rows) {
      const n = r.state === 'finished' ? Math.max(0, r.quantity - Number(r.installed ?? 0)) : r.quantity;
      const key = `${r.project_id}:${r.filter_id}`;
      out.set(key, (out.get(key) ?? 0) + n);
    }
    return out;
  }
}
