import { orderLifecycle, type OrderStatus } from '@kalike/shared/domain/order-lifecycle';
import { orderValidityMinutes } from '@kalike/shared/domain/payment-values';
import type { OrderRow } from './orders.repository';

/** A payment made at the last second of its order's window is still honoured for this long. */
export const ORDER_GRACE_MS = 5 * 60_000;
export const ORDER_VALIDITY_MS = orderValidityMinutes * 60_000;
/**
 * An order still `creating` after this was left by a process that stopped between recording it
 * and opening its gateway order; the sweep expires it. Well above the gateway's own time-out,
 * so a slow but successful call is never overtaken.
 */
export const CREATING_ORDER_STALE_MS = 2 * 60_000;
/** The stand-in gateway order id of an order whose gateway order is not opened yet. */
export const NOT_YET_OPENED = 'creating_';

/** The order's status at `at`: an unpaid one past its window reads expired before the sweep stores it. */
export function orderStatusAt(order: Pick<OrderRow, 'status' | 'expires_at'>, at: Date): OrderStatus {
  return orderLifecycle.statusAt({ status: order.status, expiresAt: order.expires_at }, at);
}

/**
 * Whether an unpaid order ended before its window did: it was stored as expired (a newer order for
 * the same thing replaced it when the family started again, or what it paid for closed) at a time
 * before its deadline. The lapse sweep stores an expiry only once the deadline has passed, so an
 * order that simply ran out of time never reads so, stored or not.
 */
export function expiredEarly(order: Pick<OrderRow, 'status' | 'updated_at' | 'expires_at'>): boolean {
  return order.status === 'expired' && new Date(order.updated_at).getTime() < new Date(order.expires_at).getTime();
}

/**
 * An unpaid order can be paid until its deadline, plus the grace for a payment in flight: it has
 * lapsed when it already read expired a grace period ago (a paid order never has, a stored
 * expired one always has).
 */
export function isLapsed(order: Pick<OrderRow, 'status' | 'expires_at'>, at: Date): boolean {
  return orderStatusAt(order, new Date(at.getTime() - ORDER_GRACE_MS)) === 'expired';
}
