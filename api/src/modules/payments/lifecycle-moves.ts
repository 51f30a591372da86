import { classPackLifecycle, type ClassPackMove, type ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import { orderLifecycle, type OrderMove, type OrderStatus } from '@kalike/shared/domain/order-lifecycle';
import { paymentRequestLifecycle, type PaymentRequestMove, type PaymentRequestStatus } from '@kalike/shared/domain/payment-request-lifecycle';
import { DomainError } from '../../shared/domain-error';

/**
 * The API's side of the order and class-pack lifecycle tables: every stored status change of
 * an order or a pack asks here first, and a move the table does not allow is refused
 * (409 INVALID_TRANSITION) before anything is written.
 */
export function orderMove<M extends OrderMove>(move: M, from: OrderStatus): (typeof orderLifecycle.transitions)[M]['to'] {
  return orderLifecycle.move(move, from);
}

export function classPackMove<M extends ClassPackMove>(move: M, from: ClassPackStatus): (typeof classPackLifecycle.transitions)[M]['to'] {
  return classPackLifecycle.move(move, from);
}

/** A paid request cannot be withdrawn and a cancelled one cannot be paid: both are final. */
export function paymentRequestMove<M extends PaymentRequestMove>(move: M, from: PaymentRequestStatus): (typeof paymentRequestLifecycle.transitions)[M]['to'] {
  return paymentRequestLifecycle.move(
    move,
    from,
    () =>
      new DomainError(
        'PAYMENT_REQUEST_CLOSED',
        `This payment request is ${from === 'completed' ? 'already paid' : 'cancelled'}, so it cannot be ${move === 'cancel' ? 'cancelled' : 'paid'}`,
        409,
      ),
  );
}
