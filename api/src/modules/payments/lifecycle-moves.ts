import { classPackLifecycle, type ClassPackMove, type ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import { orderLifecycle, type OrderMove, type OrderStatus } from '@kalike/shared/domain/order-lifecycle';
import { paymentRequestLifecycle, type PaymentRequestMove, type PaymentRequestStatus } from '@kalike/shared/domain/payment-request-lifecycle';
import { refundLifecycle, type RefundMove, type RefundStatus } from '@kalike/shared/domain/refund-lifecycle';
import { DomainError } from '../../shared/domain-error';

/**
 * The API's side of the order, class-pack and payment-request lifecycle tables: every stored
 * status change of one of them asks here first, and a move the table does not allow is refused
 * (409) before anything is written.
 */

const invalidTransition = (subject: string, move: string, from: string) =>
  new DomainError('INVALID_TRANSITION', `${subject} that is ${from} cannot be moved by "${move}"`, 409);

export function orderMove<M extends OrderMove>(move: M, from: OrderStatus): (typeof orderLifecycle.transitions)[M]['to'] {
  const to = orderLifecycle.move(move, from);
  if (to === null) throw invalidTransition('An order', move, from);
  return to;
}

export function classPackMove<M extends ClassPackMove>(move: M, from: ClassPackStatus): (typeof classPackLifecycle.transitions)[M]['to'] {
  const to = classPackLifecycle.move(move, from);
  if (to === null) throw invalidTransition('A class pack', move, from);
  return to;
}

/** A paid request cannot be withdrawn and a cancelled one cannot be paid: both are final. */
export function paymentRequestMove<M extends PaymentRequestMove>(move: M, from: PaymentRequestStatus): (typeof paymentRequestLifecycle.transitions)[M]['to'] {
  const to = paymentRequestLifecycle.move(move, from);
  if (to === null) {
    throw new DomainError(
      'PAYMENT_REQUEST_CLOSED',
      `This payment request is ${from === 'completed' ? 'already paid' : 'cancelled'}, so it cannot be ${move === 'cancel' ? 'cancelled' : 'paid'}`,
      409,
    );
  }
  return to;
}

export function refundMove<M extends RefundMove>(move: M, from: RefundStatus | null): (typeof refundLifecycle.transitions)[M]['to'] {
  const to = refundLifecycle.move(move, from);
  if (to === null) throw invalidTransition('A refund', move, from ?? 'new');
  return to;
}
