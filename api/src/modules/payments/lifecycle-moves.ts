import { canMoveClassPack, classPackTransitions, type ClassPackMove, type ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import { canMoveOrder, orderTransitions, type OrderMove, type OrderStatus } from '@kalike/shared/domain/order-lifecycle';
import {
  canMovePaymentRequest,
  paymentRequestTransitions,
  type PaymentRequestMove,
  type PaymentRequestStatus,
} from '@kalike/shared/domain/payment-request-lifecycle';
import { DomainError } from '../../shared/domain-error';

/**
 * The API's side of the order and class-pack lifecycle tables: every stored status change of
 * an order or a pack asks here first, and a move the table does not allow is refused before
 * anything is written.
 */
export function orderMove<M extends OrderMove>(move: M, from: OrderStatus): (typeof orderTransitions)[M]['to'] {
  if (!canMoveOrder(move, from)) throw new DomainError('INVALID_TRANSITION', `An order that is ${from} cannot be moved by "${move}"`, 409);
  return orderTransitions[move].to;
}

export function classPackMove<M extends ClassPackMove>(move: M, from: ClassPackStatus): (typeof classPackTransitions)[M]['to'] {
  if (!canMoveClassPack(move, from)) throw new DomainError('INVALID_TRANSITION', `A class pack that is ${from} cannot be moved by "${move}"`, 409);
  return classPackTransitions[move].to;
}

/** A paid request cannot be withdrawn and a cancelled one cannot be paid: both are final. */
export function paymentRequestMove<M extends PaymentRequestMove>(move: M, from: PaymentRequestStatus): (typeof paymentRequestTransitions)[M]['to'] {
  if (!canMovePaymentRequest(move, from)) {
    throw new DomainError(
      'PAYMENT_REQUEST_CLOSED',
      `This payment request is ${from === 'completed' ? 'already paid' : 'cancelled'}, so it cannot be ${move === 'cancel' ? 'cancelled' : 'paid'}`,
      409,
    );
  }
  return paymentRequestTransitions[move].to;
}
