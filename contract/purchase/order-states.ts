/**
 * The purchase order's life (issue 21), as a pure table the server enforces and the console reads:
 *
 *   created ──confirm (supplier)──▶ confirmed ──finish (buyer)──▶ finished
 *      └──────cancel (buyer or supplier)──┴──────────▶ cancelled
 *
 * The buyer side is the organisation that applied; the supplier side is the supplier or
 * distributor organisation the order is addressed to. `finished` (goods received) and `cancelled`
 * are final. Zod-free: the console's record page and the server's routes both import it.
 */

export const ORDER_STATES = ['created', 'confirmed', 'finished', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_ACTIONS = ['confirm', 'finish', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Which party of an order a user acts for. */
export type OrderSide = 'buyer' | 'supplier';

export interface OrderTransition {
  /** States the action may start from. */
  from: readonly OrderState[];
  to: OrderState;
  /** Sides that may take it. */
  by: readonly OrderSide[];
}

export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, OrderTransition>> = {
  confirm: { from: ['created'], to: 'confirmed', by: ['supplier'] },
  finish: { from: ['confirmed'], to: 'finished', by: ['buyer'] },
  cancel: { from: ['created', 'confirmed'], to: 'cancelled', by: ['buyer', 'supplier'] },
};

/** The sides an organisation takes in an order (both when it orders from itself). */
export function orderSidesOf(order: { buyerOrgId: number; supplierOrgId: number }, orgId: number): OrderSide[] {
  const sides: OrderSide[] = [];
  if (order.buyerOrgId === orgId) sides.push('buyer');
  if (order.supplierOrgId === orgId) sides.push('supplier');
  return sides;
}

/**
 * Whether `sides` may take `action` on an order in `state`. The side is checked first: a party
 * that may never take the action is refused as such (403) whatever the state; a party that may,
 * at the wrong moment, hears the state (400).
 */
export type TransitionCheck =
  | { ok: true; to: OrderState }
  | { ok: false; status: 403; reason: 'side' }
  | { ok: false; status: 400; reason: 'state' };

export function checkOrderTransition(state: OrderState, action: OrderAction, sides: readonly OrderSide[]): TransitionCheck {
  const t = ORDER_TRANSITIONS[action];
  if (!sides.some((s) => t.by.includes(s))) return { ok: false, status: 403, reason: 'side' };
  if (!t.from.includes(state)) return { ok: false, status: 400, reason: 'state' };
  return { ok: true, to: t.to };
}

/** The actions `sides` may take now, in ORDER_ACTIONS order. */
export function allowedOrderActions(state: OrderState, sides: readonly OrderSide[]): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => checkOrderTransition(state, a, sides).ok);
}

/** True for the states nothing leaves. */
export const isFinalOrderState = (state: OrderState): boolean => state === 'finished' || state === 'cancelled';

/** State names (zh as the console shows them, en). */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, { zh: string; en: string }>> = {
  created: { zh: '待确认', en: 'Awaiting confirmation' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
  finished: { zh: '已收货', en: 'Received' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};

/** What the server says when a transition is refused (zh, as every API error). */
export const ORDER_REFUSALS: Readonly<Record<OrderAction, { side: string; state: string }>> = {
  confirm: { side: '只有订单的供应商可以确认订单', state: '只有待确认的订单可以确认' },
  finish: { side: '只有采购方可以确认收货', state: '只有已确认的订单可以确认收货' },
  cancel: { side: '只有采购方或供应商可以取消订单', state: '已收货或已取消的订单不能取消' },
};
