import { describe, expect, it } from 'vitest';
import {
  allowedOrderActions, checkOrderTransition, isFinalOrderState, ORDER_ACTIONS, ORDER_STATES, orderSidesOf, type OrderSide,
} from './order-states';

const BUYER: OrderSide[] = ['buyer'];
const SUPPLIER: OrderSide[] = ['supplier'];

describe('order state machine', () => {
  it('moves created → confirmed by the supplier, confirmed → finished by the buyer', () => {
    expect(checkOrderTransition('created', 'confirm', SUPPLIER)).toEqual({ ok: true, to: 'confirmed' });
    expect(checkOrderTransition('confirmed', 'finish', BUYER)).toEqual({ ok: true, to: 'finished' });
  });

  it('lets either side cancel an open order, nobody a final one', () => {
    for (const sides of [BUYER, SUPPLIER]) {
      expect(checkOrderTransition('created', 'cancel', sides)).toEqual({ ok: true, to: 'cancelled' });
      expect(checkOrderTransition('confirmed', 'cancel', sides)).toEqual({ ok: true, to: 'cancelled' });
      expect(checkOrderTransition('finished', 'cancel', sides)).toEqual({ ok: false, status: 400, reason: 'state' });
      expect(checkOrderTransition('cancelled', 'cancel', sides)).toEqual({ ok: false, status: 400, reason: 'state' });
    }
  });

  it('refuses the wrong side (403) before the wrong state (400)', () => {
    for (const state of ORDER_STATES) {
      expect(checkOrderTransition(state, 'confirm', BUYER)).toEqual({ ok: false, status: 403, reason: 'side' });
      expect(checkOrderTransition(state, 'finish', SUPPLIER)).toEqual({ ok: false, status: 403, reason: 'side' });
      for (const action of ORDER_ACTIONS) expect(checkOrderTransition(state, action, [])).toMatchObject({ status: 403 });
    }
    expect(checkOrderTransition('confirmed', 'confirm', SUPPLIER)).toEqual({ ok: false, status: 400, reason: 'state' });
    expect(checkOrderTransition('created', 'finish', BUYER)).toEqual({ ok: false, status: 400, reason: 'state' });
  });

  it('lists what a side may do now; final states allow nothing', () => {
    expect(allowedOrderActions('created', SUPPLIER)).toEqual(['confirm', 'cancel']);
    expect(allowedOrderActions('created', BUYER)).toEqual(['cancel']);
    expect(allowedOrderActions('confirmed', BUYER)).toEqual(['finish', 'cancel']);
    expect(allowedOrderActions('created', ['buyer', 'supplier'])).toEqual(['confirm', 'cancel']);
    for (const s of ['finished', 'cancelled'] as const) {
      expect(isFinalOrderState(s)).toBe(true);
      expect(allowedOrderActions(s, ['buyer', 'supplier'])).toEqual([]);
    }
  });

  it('finds the sides of an organisation', () => {
    expect(orderSidesOf({ buyerOrgId: 1, supplierOrgId: 2 }, 1)).toEqual(['buyer']);
    expect(orderSidesOf({ buyerOrgId: 1, supplierOrgId: 2 }, 2)).toEqual(['supplier']);
    expect(orderSidesOf({ buyerOrgId: 1, supplierOrgId: 1 }, 1)).toEqual(['buyer', 'supplier']);
    expect(orderSidesOf({ buyerOrgId: 1, supplierOrgId: 2 }, 3)).toEqual([]);
  });
});
